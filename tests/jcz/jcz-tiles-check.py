#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compare our tiles with JCloisterZone's tile definitions, in every rotation.

usage: jcz-tiles-check.py --dump PROGRAM --top SOURCE-DIR

PROGRAM is tests/jcz-tile-dump (built by meson): every tile type with a
JCZ id, as JSON.  JCZ's definitions are the client's XML files in
../shared/jcz/expansions beside SOURCE-DIR (basic, corn_circles, river,
inns_and_cathedrals, traders_and_builders).  For every tile of the sets
the library plays (basic:1, corn-circles/1, corn-circles/2, river/1:1,
inns-and-cathedrals:1, traders-and-builders:1):

- the JCZ id maps to one of our tiles, and each of our ids is such a tile;
- in each of the four rotations (JCZ's rotation is ours), the features
  are the same: cities by the sides they reach, their pennants, cathedral
  and goods; roads by their sides and inn; fields by their half edges
  ("I", inside, is none) and the cities they border; the monastery; and
  the sides the river reaches are our river sides;
- the set's count is our stack's count with every expansion on (the two
  start tiles, BA/RCr and the spring RI/s, less one).

Exit status 0, 1 on a difference, 77 (skip) without ../shared/jcz -- a
failure instead when CI=true.
"""
import argparse
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

SKIP = 77
FILES = ["basic.xml", "corn_circles.xml", "river.xml",
         "inns_and_cathedrals.xml", "traders_and_builders.xml"]
SETS = ["basic:1", "corn-circles/1", "corn-circles/2", "river/1:1",
        "inns-and-cathedrals:1", "traders-and-builders:1"]
START = {"BA/RCr", "RI/s"}
SIDES = ["N", "E", "S", "W"]
HALVES = ["NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR"]
CITY, ROAD, FIELD, MONASTERY = 1, 2, 3, 4
EDGE_RIVER = 4
GOODS = {None: 0, "wine": 1, "grain": 2, "cloth": 3}


def side_mask(text):
    return sum(1 << SIDES.index(w) for w in text.split())


def half_mask(text):
    return sum(1 << HALVES.index(w) for w in text.split() if w != "I")


def rot_sides(m, r):
    return ((m << r) | (m >> (4 - r))) & 15


def rot_halves(m, r):
    return ((m << 2 * r) | (m >> (8 - 2 * r))) & 255


def jcz_tile(elem):
    """JCZ's features of one <tile>, in rotation 0."""
    cities = [(side_mask(c.text), c) for c in elem.findall("city")]
    feats, river = [], 0
    for c in elem:
        if c.tag == "city":
            feats.append((CITY, side_mask(c.text),
                          int(c.get("pennants", "0")),
                          2 if c.get("cathedral") == "true" else 0,
                          GOODS[c.get("resource")], ()))
        elif c.tag == "road":
            feats.append((ROAD, side_mask(c.text), 0,
                          1 if c.get("inn") == "true" else 0, 0, ()))
        elif c.tag == "field":
            border = []
            for s in (c.get("city") or "").split():
                border += [m for m, _ in cities if m & side_mask(s)]
            feats.append((FIELD, half_mask(c.text), 0, 0, 0,
                          tuple(sorted(set(border)))))
        elif c.tag == "monastery":
            feats.append((MONASTERY, 0, 0, 0, 0, ()))
        elif c.tag == "river":
            river = side_mask(c.text)
    return feats, river


def rotate(feats, river, r):
    out = []
    for kind, m, pen, flags, goods, border in feats:
        m = rot_halves(m, r) if kind == FIELD else rot_sides(m, r)
        out.append((kind, m, pen, flags, goods,
                    tuple(sorted(rot_sides(b, r) for b in border))))
    return sorted(out), rot_sides(river, r)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dump", required=True)
    ap.add_argument("--top", required=True)
    args = ap.parse_args()
    xml_dir = os.path.join(os.path.dirname(os.path.abspath(args.top)),
                           "shared", "jcz", "expansions")
    if not all(os.path.exists(os.path.join(xml_dir, f)) for f in FILES):
        msg = "no JCZ tile definitions in %s" % xml_dir
        if os.environ.get("CI") == "true":
            print("jcz-tiles: FAIL (CI=true): " + msg)
            return 1
        print("jcz-tiles: SKIP: " + msg)
        return SKIP

    defs, counts = {}, {}
    for f in FILES:
        root = ET.parse(os.path.join(xml_dir, f)).getroot()
        for t in root.iter("tile"):
            defs[t.get("id")] = t
        for s in root.iter("tile-set"):
            if s.get("id") in SETS:
                for ref in s.iter("ref"):
                    counts[ref.get("tile")] = int(ref.get("count"))

    ours = json.loads(subprocess.run([args.dump], stdout=subprocess.PIPE,
                                     check=True,
                                     universal_newlines=True).stdout)
    failures = []
    by_id = {t["id"]: t for t in ours}
    for jid in sorted(counts):
        if jid not in by_id:
            failures.append("%s: JCZ's tile has no tile of ours" % jid)
    for t in ours:
        jid = t["id"]
        if jid not in counts:
            failures.append("%s (%s): in none of the sets %s"
                            % (jid, t["tile"], ", ".join(SETS)))
            continue
        want = counts[jid] - (1 if jid in START else 0)
        if t["count"] != want:
            failures.append("%s (%s): count %d, JCZ's set %d"
                            % (jid, t["tile"], t["count"], want))
        feats, river = jcz_tile(defs[jid])
        for r in range(4):
            theirs, river_r = rotate(feats, river, r)
            rot = t["rotations"][r]
            mine = sorted((f[0], f[1], f[2], f[3], f[4], tuple(sorted(f[5])))
                          for f in rot["features"])
            if mine != theirs:
                failures.append("%s (%s) rotation %d: features %s, JCZ's %s"
                                % (jid, t["tile"], r, mine, theirs))
            rivers = sum(1 << s for s in range(4)
                         if rot["edges"][s] == EDGE_RIVER)
            if rivers != river_r:
                failures.append("%s (%s) rotation %d: river sides %d, "
                                "JCZ's %d" % (jid, t["tile"], r, rivers,
                                              river_r))
    for f in failures[:40]:
        print("jcz-tiles: FAIL: " + f)
    if failures:
        return 1
    print("jcz-tiles: %d tiles (%d with their sets' counts) match JCZ's "
          "definitions in all four rotations" % (len(ours), len(counts)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
