# SPDX-License-Identifier: CC0-1.0
"""Train a small numpy policy for Carcassonne by self-play, then measure it
against the random player.

    /usr/bin/python3 examples/python/selfplay_train.py [--seconds 120]
        [--num-envs 64] [--eval-games 1000] [--seed 1]

(with the package importable: installed, or
PYTHONPATH=bindings/python:build/bindings/python and
CARCASSONNE_LIBRARY=build/libcarcassonne.so from a build tree).

The policy is a softmax over the legal actions of the base game (the
action mask of carcassonne.env) with a linear score per action:

* a placement scores a few features of its cell read from the observation
  planes: tiles around it, the mover's and the others' followers and
  majorities next to it (block 0 of the planes is always the mover);
* a follower on feature slot k of the tile just placed scores a learned
  value per (tile type, slot), adjusted by the followers left and the
  tiles left;
* passing scores a bias adjusted the same way.

Training is REINFORCE over whole games: every seat of every game is played
by the current policy (self-play), and the log-probability gradients of a
seat's decisions are weighted by its final score margin over the mean of
the others'.  The vector environment steps all games with one C call per
step; the gradient sums are kept per game and seat, so no trajectory is
stored.  At the end the trained policy plays the random player (uniform
over the legal actions) with seats alternated, and the script prints the
win rate.
"""
from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Dict, List, Tuple

import numpy as np
import numpy.typing as npt

from carcassonne import _learn as L
from carcassonne.env import CarcassonneVectorEnv

F32 = npt.NDArray[np.float32]
N_PLACE_FEATURES = 10


def shift_sum(a: F32, offsets: List[Tuple[int, int]]) -> F32:
    """Sum of ``a`` (N, W, W) moved by each (drow, dcol): entry (r, c) of
    the result adds a[r + dr, c + dc] over the offsets (0 off the edge)."""
    out = np.zeros_like(a)
    W = a.shape[-1]
    for dr, dc in offsets:
        rs = slice(max(0, -dr), W - max(0, dr))
        rd = slice(max(0, dr), W - max(0, -dr))
        cs = slice(max(0, -dc), W - max(0, dc))
        cd = slice(max(0, dc), W - max(0, -dc))
        out[:, rs, cs] += a[:, rd, cd]
    return out


ORTHO = [(-1, 0), (1, 0), (0, -1), (0, 1)]
DIAG = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
AROUND = ORTHO + DIAG


class Policy:
    """The linear softmax policy and its REINFORCE gradient."""

    def __init__(self, shape: L.Shape, players: int) -> None:
        self.shape = shape
        self.players = players
        self.W = shape.window
        self.K = shape.features_per_tile
        self.theta_place = np.zeros(N_PLACE_FEATURES, np.float32)
        self.theta_slot = np.zeros((36, self.K), np.float32)
        self.theta_slot_ctx = np.zeros((self.K, 2), np.float32)
        self.theta_pass = np.zeros(3, np.float32)

    def params(self) -> List[F32]:
        """The parameter arrays, in a fixed order."""
        return [self.theta_place, self.theta_slot, self.theta_slot_ctx,
                self.theta_pass]

    # -- features --

    def place_features(self, planes: npt.NDArray[Any]) -> F32:
        """(N, W*W, N_PLACE_FEATURES) features of each cell."""
        P = self.players
        f = planes.astype(np.float32)
        tile = f[:, L.PLANE_TILE]
        pp = L.PLANE_PLAYERS
        blocks = [pp + b * L.PLANES_PER_PLAYER for b in range(P)]

        def mine(o: int) -> F32:
            return f[:, blocks[0] + o]

        def theirs(o: int) -> F32:
            out = np.zeros_like(tile)
            for b in blocks[1:]:
                out += f[:, b + o]
            return out

        open_mon = f[:, L.PLANE_MONASTERY] * (1 - f[:, L.PLANE_MONASTERY_DONE])
        city_open = tile * (1 - f[:, L.PLANE_CITY_DONE])
        road_open = tile * (1 - f[:, L.PLANE_ROAD_DONE])
        feats = [
            shift_sum(tile, ORTHO) / 4,
            shift_sum(tile, DIAG) / 4,
            shift_sum(np.minimum(mine(L.PP_FOLLOWERS), 1), ORTHO),
            shift_sum(np.minimum(theirs(L.PP_FOLLOWERS), 1), ORTHO),
            shift_sum(open_mon * mine(L.PP_MONASTERY), AROUND),
            shift_sum(open_mon * np.minimum(theirs(L.PP_MONASTERY), 1),
                      AROUND),
            shift_sum(city_open * mine(L.PP_CITY), ORTHO),
            shift_sum(city_open * np.minimum(theirs(L.PP_CITY), 1), ORTHO),
            shift_sum(road_open * mine(L.PP_ROAD), ORTHO),
            shift_sum(road_open * np.minimum(theirs(L.PP_ROAD), 1), ORTHO),
        ]
        n = planes.shape[0]
        out: F32 = np.stack(feats, axis=-1).reshape(n, self.W * self.W, -1)
        return out

    def context(self, vectors: npt.NDArray[np.int32]
                ) -> Tuple[npt.NDArray[np.int64], F32]:
        """(tile type in hand or just placed, [followers left / 7, tiles
        left / 71]) of each game, for the mover."""
        tile = np.argmax(vectors[:, L.VEC_TILE:L.VEC_TILE + 36], axis=1)
        ctx = np.stack([vectors[:, L.VEC_FOLLOWERS] / 7.0,
                        vectors[:, L.VEC_REMAINING_TOTAL] / 71.0],
                       axis=1).astype(np.float32)
        return tile, ctx

    # -- acting --

    def logits(self, obs: Dict[str, npt.NDArray[np.generic]]
               ) -> Tuple[F32, F32, npt.NDArray[np.int64], F32]:
        """Masked logits (N, n_actions) and the features they came
        from."""
        s = self.shape
        planes = obs['observation']
        vectors = obs['vector'].astype(np.int32)
        n = planes.shape[0]
        pf = self.place_features(planes)              # (N, WW, D)
        tile, ctx = self.context(vectors)
        out = np.zeros((n, s.n_actions), np.float32)
        cell = pf @ self.theta_place                  # (N, WW)
        out[:, s.place_first:s.place_first + s.place_count] = \
            np.repeat(cell, 4, axis=1)
        slots = self.theta_slot[tile] + ctx @ self.theta_slot_ctx.T
        out[:, s.follower_first:s.follower_first + self.K] = slots
        out[:, s.pass_first] = self.theta_pass[0] + ctx @ self.theta_pass[1:]
        out[obs['action_mask'] == 0] = -np.inf
        return out, pf, tile, ctx

    @staticmethod
    def sample(logits: F32, rng: np.random.Generator
               ) -> Tuple[npt.NDArray[np.int64], F32]:
        """An action per row drawn from the softmax, and the
        probabilities."""
        z = logits - logits.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        u = rng.random((logits.shape[0], 1))
        a = (np.cumsum(p, axis=1) < u).sum(axis=1)
        a = np.minimum(a, logits.shape[1] - 1)
        # guard against rounding picking a masked index
        bad = ~np.isfinite(logits[np.arange(len(a)), a])
        if bad.any():
            a[bad] = np.argmax(logits[bad], axis=1)
        return a, p.astype(np.float32)

    def grad_logp(self, actions: npt.NDArray[np.int64], p: F32, pf: F32,
                  tile: npt.NDArray[np.int64], ctx: F32) -> List[F32]:
        """Per-row gradients of log pi(action) for each parameter array
        (leading axis N)."""
        s, K, n = self.shape, self.K, len(actions)
        rows = np.arange(n)
        onehot = np.zeros_like(p)
        onehot[rows, actions] = 1.0
        d = onehot - p                                # d logit
        place = d[:, s.place_first:s.place_first + s.place_count]
        dcell = place.reshape(n, -1, 4).sum(axis=2)   # (N, WW)
        g_place = np.einsum('nc,ncd->nd', dcell, pf)
        dslot = d[:, s.follower_first:s.follower_first + K]   # (N, K)
        g_slot = np.zeros((n, 36, K), np.float32)
        g_slot[rows, tile] = dslot
        g_ctx = dslot[:, :, None] * ctx[:, None, :]
        dpass = d[:, s.pass_first]
        g_pass = np.concatenate([dpass[:, None], dpass[:, None] * ctx],
                                axis=1)
        return [g_place, g_slot, g_ctx, g_pass]


def train(policy: Policy, venv: CarcassonneVectorEnv, seconds: float,
          max_games: int, lr: float, rng: np.random.Generator
          ) -> Tuple[int, int, float, float]:
    """REINFORCE by self-play for ``seconds`` (or ``max_games``); returns
    (games, steps, seconds taken, CPU seconds taken)."""
    N, P = venv.num_envs, venv.players
    acc = [np.zeros((N, P) + q.shape, np.float32) for q in policy.params()]
    update = [np.zeros_like(q) for q in policy.params()]
    games = steps = pending = 0
    obs, infos = venv.reset(seed=int(rng.integers(1 << 62)))
    start = time.perf_counter()
    cpu = time.process_time()
    while time.perf_counter() - start < seconds and games < max_games:
        logits, pf, tile, ctx = policy.logits(obs)
        actions, p = policy.sample(logits, rng)
        grads = policy.grad_logp(actions, p, pf, tile, ctx)
        mover = infos['to_move'].astype(np.int64)
        for a, g in zip(acc, grads):
            a[np.arange(N), mover] += g
        obs, rewards, term, _trunc, infos = venv.step(actions)
        steps += N
        for i in np.flatnonzero(term):
            final = infos['final_scores'][i].astype(np.float32)
            margin = final - (final.sum() - final) / (P - 1)
            adv = np.clip(margin / 20.0, -3, 3)
            for u, a in zip(update, acc):
                u += np.tensordot(adv, a[i], axes=1)
                a[i] = 0
            games += 1
            pending += 1
        if pending >= N:
            for q, u in zip(policy.params(), update):
                q += lr * u / pending
                u[:] = 0
            pending = 0
    return games, steps, time.perf_counter() - start, \
        time.process_time() - cpu


def evaluate(policy: Policy, venv: CarcassonneVectorEnv, n_games: int,
             greedy: bool, rng: np.random.Generator
             ) -> Tuple[float, float, int]:
    """Games of the policy (its most likely action, or one sampled)
    against the uniform random player, the policy's seat alternating;
    (win rate with ties as half, mean score margin over the best other,
    games)."""
    N = venv.num_envs
    seat = np.arange(N) % venv.players
    obs, infos = venv.reset(seed=int(rng.integers(1 << 62)))
    wins = 0.0
    margins: List[float] = []
    games = 0
    while games < n_games:
        logits, _pf, _t, _c = policy.logits(obs)
        if greedy:
            chosen = np.argmax(logits, axis=1)
        else:
            chosen, _p = policy.sample(logits, rng)
        noise = rng.random(obs['action_mask'].shape) * obs['action_mask']
        random_actions = np.argmax(noise, axis=1)
        ours = infos['to_move'] == seat
        actions = np.where(ours, chosen, random_actions)
        obs, _r, term, _tr, infos = venv.step(actions)
        for i in np.flatnonzero(term):
            if games >= n_games:
                break
            final = infos['final_scores'][i]
            me = final[seat[i]]
            best_other = np.max(np.delete(final, seat[i]))
            wins += 1.0 if me > best_other else 0.5 if me == best_other \
                else 0.0
            margins.append(float(me - best_other))
            games += 1
            # the next game in this slot: the other seat
            seat[i] = (seat[i] + 1) % venv.players
    return wins / games, float(np.mean(margins)), games


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seconds', type=float, default=120,
                    help='training time budget (default 120)')
    ap.add_argument('--max-games', type=int, default=10 ** 9,
                    help='stop training after this many games')
    ap.add_argument('--num-envs', type=int, default=64,
                    help='games played at once (default 64)')
    ap.add_argument('--eval-games', type=int, default=1000,
                    help='games against the random player (default 1000)')
    ap.add_argument('--lr', type=float, default=0.5,
                    help='learning rate (default 0.5)')
    ap.add_argument('--seed', type=int, default=1)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    venv = CarcassonneVectorEnv(args.num_envs, players=2)
    policy = Policy(venv.shape, 2)

    # untrained, the softmax is uniform: the random player itself
    before, margin0, n0 = evaluate(policy, venv, min(args.eval_games, 200),
                                   False, rng)
    print(f'untrained policy (uniform) against random: win rate '
          f'{before:.3f} (mean margin {margin0:+.1f}) over {n0} games')
    games, steps, took, cpu = train(policy, venv, args.seconds,
                                    args.max_games, args.lr, rng)
    print(f'trained {games} self-play games ({steps} steps) in '
          f'{took:.1f} s ({cpu:.1f} s of CPU)')
    for greedy in (False, True):
        t0 = time.perf_counter()
        rate, margin, n = evaluate(policy, venv, args.eval_games, greedy,
                                   rng)
        how = 'greedy' if greedy else 'sampled'
        print(f'trained policy ({how}) against random: win rate '
              f'{rate:.3f} (mean margin {margin:+.1f}) over {n} games '
              f'({time.perf_counter() - t0:.1f} s)')
    np.set_printoptions(precision=2, suppress=True)
    print('placement weights:', policy.theta_place)
    print('pass weights:', policy.theta_pass)
    venv.close()
    return 0


if __name__ == '__main__':
    sys.exit(main())
