#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""How fast a Python loop plays: decisions per second of the per-move loop

    moves = game.legal_moves()
    game.apply(moves[pick(len(moves))])

with a uniformly random pick from Python's ``random.Random``.  Not a
test: run it by hand (a built library on CARCASSONNE_LIBRARY or in
``build*/`` next to the source tree)::

    python3 bindings/python/bench.py [--games N] [--repeat R] [--rules all]

It prints the best of R runs (each plays N games from seeds 1..N) as
decisions/s and games/s, and the total number of decisions, which is the
same for every version of the binding that plays the same games.
For counts that do not depend on the machine's load, run it under
``valgrind --tool=callgrind`` and divide the instructions by the
decisions.
"""

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import carcassonne as carc  # noqa: E402


def play(rules: carc.Rules, games: int) -> int:
    """Play ``games`` random games; return the number of decisions."""
    decisions = 0
    for seed in range(1, games + 1):
        rng = random.Random(seed)
        game = carc.Game(rules, players=2, seed=seed)
        pick = rng.randrange
        while not game.is_over():
            moves = game.legal_moves()
            game.apply(moves[pick(len(moves))])
            decisions += 1
    return decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--games', type=int, default=100)
    ap.add_argument('--repeat', type=int, default=3)
    ap.add_argument('--rules', choices=['base', 'all'], default='base',
                    help='base game, or all three expansions')
    args = ap.parse_args()
    if args.rules == 'all':
        rules = carc.Rules(phantom=True, crop_circles_i=True,
                           crop_circles_ii=True, little_buildings=True)
    else:
        rules = carc.Rules()
    best = float('inf')
    decisions = 0
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        decisions = play(rules, args.games)
        best = min(best, time.perf_counter() - t0)
    print(f'python per-move loop ({args.rules}): {decisions} decisions in '
          f'{args.games} games, best of {args.repeat}: '
          f'{decisions / best:,.0f} decisions/s, '
          f'{args.games / best:,.1f} games/s')


if __name__ == '__main__':
    main()
