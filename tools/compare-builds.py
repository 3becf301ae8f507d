#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check that several builds of the library play exactly the same games.

Usage: tools/compare-builds.py [--seeds N] BASE-BUILD OTHER-BUILD...

Each argument is a meson build directory with the examples and the Python
binding's helper built.  For seeds 1..N (default 20) every build runs

- examples/random-game under 12 rule sets that together switch on every
  expansion and every option value random-game offers, with 2 to 6
  players: its output, every move and every score, must be byte for byte
  the reference build's;
- bindings/python/seeded-game under all 16 combinations of the four
  expansions: its final hash and scores must be the reference's.

The 'portable' stage of tools/setup-and-test.sh runs it on the default
build against the builds with the fallbacks of lib/compat.h (gcc and clang
with -Dportable=true, and the tcc build).  Exit status 1 names the first
runs that differ.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys

RULE_SETS = [
    [],
    ["--phantom"],
    ["--crop-circles-1"],
    ["--crop-circles-2"],
    ["--buildings"],
    ["--all"],
    ["--all", "--farm", "per-city"],
    ["--all", "--farm", "per-field-once", "--small-city"],
    ["--all", "--lb-321", "--crop-any"],
    ["--all", "--lb-jcz", "--crop-mandatory", "--crop-no-phantom"],
    ["--phantom", "--crop-circles-1", "--no-farmers", "--followers", "3",
     "--crop-no-after-phantom"],
    ["--buildings", "--lb-no-zero-field", "--lb-no-per-city-fields"],
]


def runs(seeds):
    """(name, argv relative to a build directory) of every run."""
    for seed in range(1, seeds + 1):
        players = 2 + seed % 5
        for i, rules in enumerate(RULE_SETS):
            yield ("random-game rules %d seed %d" % (i, seed),
                   ["examples/random-game", "--seed", str(seed),
                    "--players", str(players)] + rules)
        for exp in range(16):
            yield ("seeded-game %d %d %d" % (seed, players, exp),
                   ["bindings/python/seeded-game", str(seed), str(players),
                    str(exp)])


def output(build, argv):
    r = subprocess.run([os.path.join(build, argv[0])] + argv[1:],
                       capture_output=True)
    return r.returncode, r.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("reference")
    ap.add_argument("others", nargs="+")
    args = ap.parse_args()

    builds = [args.reference] + args.others
    for b in builds:
        for prog in ("examples/random-game", "bindings/python/seeded-game"):
            if not os.access(os.path.join(b, prog), os.X_OK):
                sys.exit("compare-builds: %s has no %s" % (b, prog))
    todo = list(runs(args.seeds))
    differ = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for name, argv in todo:
            outs = list(pool.map(lambda b: output(b, argv), builds))
            ref = outs[0]
            if ref[0] != 0 or not ref[1]:
                differ.append("%s: the reference build failed (status %d)"
                              % (name, ref[0]))
                continue
            for b, o in zip(builds[1:], outs[1:]):
                if o != ref:
                    differ.append("%s: %s differs from %s"
                                  % (name, b, args.reference))
    if differ:
        print("\n".join(differ[:20]), file=sys.stderr)
        sys.exit("compare-builds: %d of %d runs differ"
                 % (len(differ), len(todo)))
    print("compare-builds: %d runs (%d seeds, %d rule sets and 16 expansion "
          "sets), identical in %d builds"
          % (len(todo), args.seeds, len(RULE_SETS), len(builds)))


if __name__ == "__main__":
    main()
