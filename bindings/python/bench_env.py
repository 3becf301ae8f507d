# SPDX-License-Identifier: MIT
"""Speed of the learning environments (a benchmark, not a test).

    CARCASSONNE_LIBRARY=build/libcarcassonne.so \\
    nice -n 19 /usr/bin/python3 bindings/python/bench_env.py [--seconds S]
        [--num-envs N] [--expansions]

Prints steps per second of:

* the AEC environment, the PettingZoo loop with the action mask from
  ``infos`` (``last(observe=False)``), choosing uniformly among the legal
  actions (floor 20,000/s), and the same loop with full observations
  (``last()``);
* the vector environment with masks only (floor 200,000/s) and with full
  observations (floor 20,000/s), counted as games x steps, both for the
  time inside ``step()`` and for the whole loop including a random
  legal action choice by ``carcassonne.env.sample_actions`` (the
  documented way), and that choice alone, which must run at least half
  as fast as ``step()`` with masks only and copy=False;
* the documented AEC loop as doc/bindings/python-env.md writes it (``last()``,
  ``action_space(agent).sample(mask)``: Gymnasium's Discrete when it is
  importable, else the built-in one);

and exits 1 when a floor is missed (a floor is about this machine's
speed and the default build, -O2).  Times are the process's CPU time
(time.process_time), so that other jobs on a busy machine distort the
figures less.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from typing import Any, Callable, Dict, Tuple

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402

from carcassonne.env import (CarcassonneEnv, CarcassonneVectorEnv,  # noqa
                             sample_actions)

ALL: Dict[str, Any] = dict(phantom=True, crop_circles_i=True,
                          crop_circles_ii=True, little_buildings=True)


def timed(seconds: float, run: Callable[[], Tuple[int, float]]
          ) -> Tuple[float, float]:
    """Call run() (which returns steps and seconds inside the measured
    part) until ``seconds`` have passed; (steps/s of the measured part,
    steps/s of the whole)."""
    steps, inside = 0, 0.0
    start = time.process_time()
    while True:
        n, t = run()
        steps += n
        inside += t
        total = time.process_time() - start
        if total >= seconds:
            return steps / inside, steps / total


def bench_aec_documented(seconds: float, opts: Dict[str, Any]) -> float:
    env = CarcassonneEnv(players=2, **opts)
    seed = [0]

    def one_game() -> Tuple[int, float]:
        seed[0] += 1
        t0 = time.process_time()
        env.reset(seed=seed[0])
        steps = 0
        for agent in env.agent_iter():
            obs, _r, term, trunc, _info = env.last()
            if term or trunc:
                action = None
            else:
                action = env.action_space(agent).sample(obs["action_mask"])
                steps += 1
            env.step(action)
        return steps, time.process_time() - t0

    return timed(seconds, one_game)[1]


def bench_aec(seconds: float, observe: bool, opts: Dict[str, Any]
              ) -> float:
    env = CarcassonneEnv(players=2, **opts)
    rng = random.Random(1)
    seed = [0]

    def one_game() -> Tuple[int, float]:
        seed[0] += 1
        t0 = time.process_time()
        env.reset(seed=seed[0])
        steps = 0
        for agent in env.agent_iter():
            obs, _r, term, trunc, info = env.last(observe)
            if term or trunc:
                env.step(None)
                continue
            legal = info["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(legal.size)]))
            steps += 1
        return steps, time.process_time() - t0

    return timed(seconds, one_game)[1]


def bench_vector(seconds: float, n: int, observations: bool, copy: bool,
                 opts: Dict[str, Any]) -> Tuple[float, float, float]:
    """(steps/s inside step(), of the whole loop, of sample_actions
    alone)."""
    venv = CarcassonneVectorEnv(n, players=2, observations=observations,
                                copy=copy, **opts)
    obs, _ = venv.reset(seed=1)
    rng = np.random.default_rng(1)
    drawn = [0, 0.0]                    # actions drawn, seconds

    def some_steps() -> Tuple[int, float]:
        nonlocal obs
        inside = 0.0
        for _ in range(20):
            t0 = time.process_time()
            actions = sample_actions(obs['action_mask'], rng)
            t1 = time.process_time()
            obs, _r, _t, _tr, _i = venv.step(actions)
            inside += time.process_time() - t1
            drawn[0] += n
            drawn[1] += t1 - t0
        return 20 * n, inside

    inside, whole = timed(seconds, some_steps)
    return inside, whole, drawn[0] / drawn[1]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seconds', type=float, default=3.0,
                    help='seconds per measurement (default 3)')
    ap.add_argument('--num-envs', type=int, default=256,
                    help='games of the vector environment (default 256)')
    ap.add_argument('--expansions', action='store_true',
                    help='every expansion instead of the base game')
    args = ap.parse_args()
    opts = ALL if args.expansions else {}
    s, n = args.seconds, args.num_envs
    rules = 'every expansion' if args.expansions else 'base game'
    print(f'{rules}, 2 players, window 25; {s:g} s per figure')
    failed = False

    def report(what: str, value: float, floor: float = 0) -> None:
        nonlocal failed
        mark = ''
        if floor:
            ok = value >= floor
            failed |= not ok
            mark = f'  (floor {floor:,.0f}: {"ok" if ok else "MISSED"})'
        print(f'{what:58s} {value:12,.0f} steps/s{mark}')

    report('AEC env, masks (last(observe=False), infos mask)',
           bench_aec(s, False, opts), 20000)
    report('AEC env, full observations (last())', bench_aec(s, True, opts))
    report('AEC env, documented loop (last(), action_space.sample)',
           bench_aec_documented(s, opts))
    for obs, floor in ((False, 200000), (True, 20000)):
        for copy in (False, True):
            inside, whole, draws = bench_vector(s, n, obs, copy, opts)
            what = (f'vector env x{n}, {"full observations" if obs else "masks"}'
                    f', copy={copy}')
            report(what + ': step()', inside, floor if not copy else 0)
            report(what + ': loop', whole)
            if not obs and not copy:
                # the documented random choice keeps up with step()
                report(what + ': sample_actions', draws, inside / 2)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
