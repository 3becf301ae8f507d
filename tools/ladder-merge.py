#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Count the pieces of one long two-bot match together.

usage: tools/ladder-merge.py DIR... [DIR/NAME.json...]

Each DIR holds the records of `carcassonne match --records DIR` (as
tools/ladder.sh keeps them): pieces of one match played with other
--seed values, e.g. --games 20 with --seed 1, 11, 21, ...  The rounds
are read back from the records' comments (doc/users/record-format.md:
the seed, the seating, who sat where, the result), the rounds that have
both games are counted, and the report's figures are made with the
referee's formulas (cli/match-stats.c): the first bot's wins, draws and
losses, its score with Wilson's 95 % interval for as many results as the
rounds' variance is worth, and the Elo of both.  The reports of the
pieces (NAME.json, given after the directories or among them) add their
CPU time per move.  A seed played in two pieces
is an error: its rounds would count twice.
"""
import argparse
import glob
import json
import math
import os
import re
import sys

Z95 = 1.959963984540054
HEAD = re.compile(r'^# carcassonne match: game \d+, round \d+, '
                  r'seating (\d+), seed (\d+)$', re.M)
SEAT = re.compile(r'^# seat P(\d): .*\((.*)\)$', re.M)
RESULT = re.compile(r'^# result:((?: P\d -?\d+(?: \(forfeit\))?)+)$', re.M)


def elo(s):
    return -400 * math.log10(1 / s - 1)


def score_interval(rounds, per_round):
    """stats_elo_ci() of cli/match-stats.c."""
    n = len(rounds)
    big_n = n * per_round
    p = min(max(sum(rounds) / n, 0.0), 1.0)
    sd = (math.sqrt(sum((x - p) ** 2 for x in rounds) / (n - 1))
          if n > 1 else 0.0)
    ne = big_n
    if n > 1 and sd > 0 and 0 < p < 1:
        ne = min(p * (1 - p) * n / (sd * sd), big_n)
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * ne)) / (1 + z2 / ne)
    half = Z95 / (1 + z2 / ne) * math.sqrt(p * (1 - p) / ne
                                            + z2 / (4 * ne * ne))
    lo = 0.0 if p <= 0 else max(centre - half, 0.0)
    hi = 1.0 if p >= 1 else min(centre + half, 1.0)
    eps = 0.5 / big_n

    def kept(x):
        return min(max(x, eps), 1 - eps)
    return p, lo, hi, elo(kept(p)), elo(kept(lo)), elo(kept(hi))


def read_games(dirs):
    """{(seed, seating): (specs by seat, scores by seat, forfeit seat)}"""
    games, where = {}, {}
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, 'game-*.rec'))):
            with open(path, encoding='utf-8') as f:
                text = f.read()
            head, result = HEAD.search(text), RESULT.search(text)
            if not head or not result:
                sys.exit(f'{path}: not a record of carcassonne match')
            key = (int(head.group(2)), int(head.group(1)))
            if key in games:
                sys.exit(f'{path}: seed {key[0]} seating {key[1]} is also '
                         f'in {where[key]}')
            words = result.group(1).split()
            scores, forfeit = [], -1
            for w in words:
                if w == '(forfeit)':
                    forfeit = len(scores) - 1
                elif not w.startswith('P'):
                    scores.append(int(w))
            specs = [s for _, s in sorted(SEAT.findall(text))]
            games[key], where[key] = (specs, scores, forfeit), path
    return games


def pair(scores, forfeit, a, b):
    """stats_pair_result(): 1, 1/2 or 0 for seat a against seat b."""
    if forfeit == a:
        return 0.0
    if forfeit == b:
        return 1.0
    return 1.0 if scores[a] > scores[b] else (
        0.5 if scores[a] == scores[b] else 0.0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('paths', nargs='+', metavar='DIR|NAME.json',
                    help='record directories, and the reports of the '
                         'pieces (for the CPU time per move)')
    a = ap.parse_args()
    reports = [p for p in a.paths if p.endswith('.json')]
    games = read_games([p for p in a.paths if not p.endswith('.json')])
    if not games:
        sys.exit('ladder-merge.py: no records')
    first = games[min(games)][0]
    if len(first) != 2:
        sys.exit('ladder-merge.py: two-player matches only')
    bot_a, bot_b = first          # seating 1 of a round: in the given order
    rounds, results = [], []
    for seed in sorted({s for s, _ in games}):
        if (seed, 1) not in games or (seed, 2) not in games:
            continue              # an unfinished round, as the referee does
        got = []
        for seating in (1, 2):
            specs, scores, forfeit = games[(seed, seating)]
            if sorted(specs) != sorted(first):
                sys.exit(f'seed {seed}: other bots ({specs})')
            sa = specs.index(bot_a)
            got.append(pair(scores, forfeit, sa, 1 - sa))
        rounds.append(sum(got) / 2)
        results += got
    if not rounds:
        sys.exit('ladder-merge.py: no whole round')
    p, lo, hi, e, e_lo, e_hi = score_interval(rounds, 2)
    cpu = [[0, 0], [0, 0]]
    for path in reports:
        with open(path, encoding='utf-8') as f:
            report = json.load(f)
        for k, bot in enumerate(report['bots'][:2]):
            if bot['cpu_ms'] is not None:
                cpu[k][0] += bot['cpu_ms']
                cpu[k][1] += bot['decisions']
    print(f'{bot_a} vs {bot_b}: {results.count(1.0)}-{results.count(0.5)}-'
          f'{results.count(0.0)} in {len(results)} games ({len(rounds)} '
          f'rounds), score {100 * p:.1f} % ({100 * lo:.1f} to '
          f'{100 * hi:.1f}), Elo {e:+.0f} ({e_lo:+.0f} to {e_hi:+.0f})'
          + (f'; CPU ms per move {cpu[0][0] / cpu[0][1]:.1f} / '
             f'{cpu[1][0] / cpu[1][1]:.1f}' if cpu[0][1] and cpu[1][1]
             else ''))
    return 0


if __name__ == '__main__':
    sys.exit(main())
