#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check libcarcassonne's .jcz files against JCloisterZone's own engine.

usage: jcz-engine-check.py --games PROGRAM --top SOURCE-DIR
                           [--count N] [--keep DIR] [--plant]

PROGRAM is tests/jcz-engine-games (built by meson).  JCloisterZone's
engine and its runner are ../shared/jcz/jcz-score beside SOURCE-DIR
(../shared/jcz/README.md).  In one JVM call it:

1. replays N (default 500) random games exported by carc_jcz_export()
   over every configuration export accepts: each must replay to its end
   (--require-end), with JCZ's final points equal to ours for every
   player and no "client:" note (a file the client would open as a setup
   only, or refuse);
2. replays planted copies of some of them -- one follower moved to
   another feature (a legal game with other points), one message dropped
   -- which must each be caught, so the check is shown to fail when the
   export is wrong.  --plant counts the planted copies as ordinary games
   and the test then fails: a demonstration of the same.

Every fifth exported game is also imported again the way JCZ's client
saves a game played live (no forced draw order, GAME_OVER at the end):
the import must find the tiles from the replay alone and give our points.

And without Java it imports every saved game of JCZ's released engine
tests (../shared/jcz/engine-tests) whose setup uses only what the library
plays: each must import and its "NAME has N points" assertions hold; the
others must be refused.

Exit status 0, 1 on a failure, 77 (skip) when Java or ../shared is missing
-- a failure instead when CI=true.
"""
import argparse
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SKIP = 77

# What the library plays (doc/users/jcz.md): JCZ 5 tile sets and elements.
OUR_SETS = {"basic:1", "corn-circles/1", "corn-circles/2", "river/1:1",
            "inns-and-cathedrals:1", "traders-and-builders:1"}
OUR_ELEMENTS = {"small-follower", "farmers", "phantom", "corn-circle",
                "little-buildings", "river", "big-follower", "inn",
                "cathedral", "builder", "pig", "traders", "pig-herd"}
# Words every configuration list must contain (tests/jcz-engine-games.c).
CONFIG_WORDS = ["base", "phantom", "crop1", "crop2", "crop12", "lb", "lb321",
                "all", "all321", "river", "river-after", "inns", "traders", "new3",
                "every", "full-stack", "farmers-off", "farmers-on", "small-city-on",
                "small-city-off", "custom-stack"]


def missing(message):
    """Skip, or fail under CI=true."""
    if os.environ.get("CI") == "true":
        print("jcz-engine: FAIL (CI=true): " + message)
        return 1
    print("jcz-engine: SKIP: " + message)
    return SKIP


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, **kw)


def plays_setup(doc):
    """Whether a JCZ 5 saved game uses only what the library plays."""
    setup = doc.get("setup", {})
    sets = set(setup.get("sets", {}))
    elements = {k for k, v in setup.get("elements", {}).items()
                if v not in (False, 0, None)}
    figures = setup.get("elements", {})
    return (sets <= OUR_SETS and elements <= OUR_ELEMENTS
            and all(figures.get(k, 0) in (0, 1)
                    for k in ("big-follower", "builder", "pig"))
            and not setup.get("addons")
            and 2 <= len(doc.get("players", [])) <= 6)


def check_engine_tests(games, shared):
    """Import JCZ's released engine tests; returns the failures."""
    files = sorted(glob.glob(os.path.join(shared, "engine-tests", "*",
                                          "*.jcz")))
    if not files:
        return ["no engine tests in " + shared]
    out = run([games, "import"] + files)
    got = {}
    for line in out.stdout.splitlines():
        name, _, rest = line.partition(": ")
        got[name] = rest
    failures, played = [], 0
    for f in files:
        with open(f, encoding="utf-8") as fh:
            doc = json.load(fh)
        result = got.get(f, "error: no result")
        if not plays_setup(doc):
            if not result.startswith("error: "):
                failures.append("%s: imported, but its setup has parts the "
                                "library does not play" % f)
            continue
        played += 1
        if not result.startswith("points "):
            failures.append("%s: %s" % (f, result))
            continue
        points = [int(p) for p in result.split()[1:]]
        names = [p.get("name") for p in doc["players"]]
        asserts = doc.get("test", {}).get("assertions", [])
        held = 0
        for a in asserts:
            m = re.fullmatch(r"(.+) has (\d+) points?", a)
            if not m:
                continue  # "scored city for N points": events, not kept
            who = names.index(m.group(1))
            if points[who] != int(m.group(2)):
                failures.append("%s: '%s', but the import gives %d"
                                % (f, a, points[who]))
            else:
                held += 1
        if held == 0:
            failures.append("%s: no point assertion checked" % f)
    print("jcz-engine: JCZ's engine tests: %d of %d files use only what "
          "the library plays; imported, their point assertions hold"
          % (played, len(files)) if not failures else
          "jcz-engine: JCZ's engine tests: %d failure(s)" % len(failures))
    if played < 13:
        failures.append("only %d engine tests the library plays (want the "
                        "3 of basic/, 3 of little-bulldings/, 3 of "
                        "inns-and-cathedrals/ and 4 of traders-and-builders/)"
                        % played)
    return failures


def drop_message(src, dst, index):
    """A copy of src with one replay message left out."""
    with open(src, encoding="utf-8") as fh:
        doc = json.load(fh)
    kinds = ["COMMIT", "DEPLOY_MEEPLE", "PLACE_TILE"]
    want = kinds[index % len(kinds)]
    positions = [i for i, e in enumerate(doc["replay"]) if e["type"] == want]
    if not positions:
        return False
    del doc["replay"][positions[len(positions) // 2]]
    with open(dst, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, indent=2)
    return True


def check_live_copies(games, tmp, expected, clean):
    """Every fifth exported game as JCZ's client saves a game played live:
    no forced draw order, GAME_OVER at the end.  The import must find the
    tiles from the replay alone (the river first) and give our points."""
    live = []
    for f in clean[::5]:
        with open(os.path.join(tmp, f), encoding="utf-8") as fh:
            doc = json.load(fh)
        doc.pop("gameAnnotations", None)
        doc["replay"].append({"type": "GAME_OVER", "payload": {}})
        path = os.path.join(tmp, f.replace(".jcz", "-live.json"))
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(doc, fh)
        live.append((f, path))
    out = run([games, "import"] + [p for _, p in live])
    got = dict(line.split(": ", 1) for line in out.stdout.splitlines())
    failures = []
    for f, path in live:
        want = "points " + " ".join(str(p) for p in expected[f][2])
        if got.get(path) != want:
            failures.append("%s without its draw order: %s, want %s"
                            % (f, got.get(path), want))
    print("jcz-engine: %d exported games imported again as JCZ saves a "
          "live game (no draw order, GAME_OVER): %d with our points"
          % (len(live), len(live) - len(failures)))
    return failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", required=True)
    ap.add_argument("--top", required=True)
    ap.add_argument("--count", type=int, default=500)
    ap.add_argument("--keep")
    ap.add_argument("--plant", action="store_true")
    args = ap.parse_args()

    shared = os.path.join(os.path.dirname(os.path.abspath(args.top)),
                          "shared", "jcz")
    score = os.path.join(shared, "jcz-score")
    if not os.access(score, os.X_OK):
        return missing("no %s (JCloisterZone's engine beside the source "
                       "tree, ../shared/jcz)" % score)

    failures = check_engine_tests(args.games, shared)

    java = os.environ.get("JAVA") or shutil.which("java")
    if not java:
        for f in failures:
            print("jcz-engine: " + f)
        rc = missing("no java (Debian: apt-get install default-jre-headless "
                     "libvavr0-java libgoogle-gson-java libslf4j-java)")
        return 1 if failures else rc

    tmp = args.keep or tempfile.mkdtemp(prefix="jcz-engine-")
    os.makedirs(tmp, exist_ok=True)
    t0 = time.monotonic()
    out = run([args.games, "export", tmp, str(args.count)])
    if out.returncode != 0:
        print(out.stderr, end="")
        print("jcz-engine: FAIL: %s export failed" % args.games)
        return 1
    expected = {}
    with open(os.path.join(tmp, "expected.txt"), encoding="utf-8") as fh:
        for line in fh:
            f, kind, config, *pts = line.split()
            expected[f] = (kind, config, [int(p) for p in pts])
    clean = [f for f, e in expected.items() if e[0] == "clean"]
    for i, f in enumerate(clean):
        if i % 50 == 23:
            d = f.replace(".jcz", "-dropped.jcz")
            if drop_message(os.path.join(tmp, f), os.path.join(tmp, d), i):
                expected[d] = ("dropped",) + expected[f][1:]
    failures += check_live_copies(args.games, tmp, expected, clean)
    t1 = time.monotonic()

    files = sorted(expected)
    # C1 only and the serial collector: a fifth less CPU for these short
    # games (the JVM's settings, not the engine's)
    env = dict(os.environ)
    env.setdefault("JAVA_TOOL_OPTIONS",
                   "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC")
    out = run([score, "--json", "--require-end", "--timeout", "60"]
              + [os.path.join(tmp, f) for f in files], env=env)
    t2 = time.monotonic()
    if out.returncode == 2 or not out.stdout.strip():
        print(out.stderr, end="")
        return missing("jcz-score cannot run (see its message above)")
    results = {os.path.basename(r["file"]): r for r in json.loads(out.stdout)}

    words = set()
    planted = caught = clean_ok = 0
    for f in files:
        kind, config, ours = expected[f]
        r = results.get(f)
        if r is None:
            failures.append("%s: no result from jcz-score" % f)
            continue
        problems = []
        if r.get("error"):
            problems.append("error: %s" % r["error"]["message"])
        if r.get("client"):
            problems.append("client: %s" % "; ".join(r["client"]))
        if not r.get("over"):
            problems.append("JCZ's game is not over")
        if r.get("points") != ours:
            problems.append("JCZ's points %s, ours %s" % (r.get("points"),
                                                          ours))
        if kind == "clean" or args.plant:
            words.update(config.split(","))
            if problems:
                failures.append("%s (%s): %s" % (f, config,
                                                 "; ".join(problems)))
            else:
                clean_ok += 1
        else:
            planted += 1
            if problems:
                caught += 1
            else:
                failures.append("%s: a planted defect (%s) was not caught"
                                % (f, kind))
    for w in CONFIG_WORDS + ["followers-%d" % n for n in range(1, 16)]:
        if w not in words and args.count >= 500:
            failures.append("no game with configuration '%s'" % w)
    players = {len(expected[f][2]) for f in clean}
    if args.count >= 500 and players != {2, 3, 4, 5, 6}:
        failures.append("player counts %s, not 2 to 6" % sorted(players))
    if not args.plant and planted < 10:
        failures.append("only %d planted defects (want 10 or more)" % planted)

    print("jcz-engine: %d exported games replayed by JCZ's engine to the end "
          "with our points; %d of %d planted defects caught; export %.1f s, "
          "JCZ %.1f s" % (clean_ok, caught, planted, t1 - t0, t2 - t1))
    for f in failures[:30]:
        print("jcz-engine: FAIL: " + f)
    if len(failures) > 30:
        print("jcz-engine: ... %d more" % (len(failures) - 30))
    if not args.keep:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
