#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write the seed corpus of the API fuzz harness to tests/fuzz/corpus/api.

The files are committed; rerun this only when the input layout of
fuzz-api.c changes.  Layout (see make_rules(), make_alt_rules() and
start_game() in fuzz-api.c): stack byte, 25 option bytes (< 0xe0: a
value in range, 0xe0-0xef: the default, >= 0xf0: out of range), an
unknown-option byte, [custom stack: count byte, (tile, count) pairs],
alt-rules byte, player byte (bit 7: try an invalid count first), 8 seed
bytes, a reference byte, then operations: a byte below 0xc0 applies the
legal move of that index (modulo the count); 0xc0 | n is operation n of
the switch in LLVMFuzzerTestOneInput(), followed by its argument bytes.

Usage: tests/fuzz/make-corpus.py [OUTPUT-DIRECTORY]
"""
import os
import random
import struct
import sys

# option order: FARM_SCORING FARMERS SMALL_CITY FOLLOWERS PHANTOM CCI CCII
# LB LB_SCORING LB_DIST LB_ZERO_FIELD LB_PER_CITY_FIELDS CROP_DEPLOY_ANY
# CROP_DEPLOY_MANDATORY CROP_PHANTOM CROP_AFTER_PHANTOM RIVER
# RIVER_START_TILE RIVER_U_TURN INNS_CATHEDRALS TRADERS_BUILDERS
# BUILDER_TURN PHANTOM_WITH_FIGURE BUILDER_ON_COMPLETED RIVER_LAKE_TURN
DEFAULT = [0xe0] * 25
# tile numbers of the custom stacks (enum carc_tile)
TILE_RI_2, TILE_RI_3, TILE_IC_1, TILE_TB_1 = 37, 38, 46, 63
OP_ODD, OP_NEXT, OP_ORDER, OP_SHUFFLE = 0xc0, 0xc6, 0xc8, 0xc9
OP_CLONE, OP_COPY, OP_QUERY, OP_STATIC, OP_MOVE, OP_SHORT = \
    0xca, 0xcc, 0xce, 0xd2, 0xd4, 0xd6
OP_UNDO, OP_RUN, OP_SAVE, OP_HISTORY, OP_FEATURE = \
    0xd7, 0xdb, 0xdf, 0xe0, 0xe2


def header(options, players, seed, stack=None, alt=0, bad_players=False):
    assert len(options) == len(DEFAULT), len(options)
    out = bytearray()
    if stack is None:
        out.append(0)
    else:
        clear, pairs = stack
        out.append(1 | (2 if clear else 0))
    out += bytes(options)
    out.append(3)                       # unknown option 26 + 3
    if stack is not None:
        out.append(len(pairs))
        for tile, count in pairs:
            out += bytes([tile, count])
    out.append(alt)
    out.append((players - 2) | (0x80 if bad_players else 0))
    out += struct.pack(">Q", seed)
    out.append(1)
    return out


def play(rng, n, mix=False):
    out = bytearray()
    for _ in range(n):
        if mix and rng.random() < 0.3:
            op = rng.choice([OP_ODD, OP_NEXT, OP_ORDER, OP_SHUFFLE, OP_CLONE,
                             OP_COPY, OP_QUERY, OP_STATIC, OP_MOVE,
                             OP_SHORT, OP_UNDO, OP_RUN, OP_SAVE, OP_HISTORY,
                             OP_FEATURE])
            out.append(op)
            out += bytes(rng.randrange(256) for _ in range(12))
        else:
            out.append(rng.randrange(0xc0))
    return out


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "corpus", "api")
    os.makedirs(outdir, exist_ok=True)
    rng = random.Random(20240611)
    every = [0, 1, 0, 6, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1,
             1, 1, 0, 1, 1, 0, 1, 1, 0]
    seeds = {
        # the start of a base game, two players (an input stops after
        # MOVES_MAX = 96 moves)
        "base-2p": header(DEFAULT, 2, 7) + play(rng, 100),
        # every expansion, four players, the full stack
        "expansions-4p": header(every, 4, 11) + play(rng, 100),
        # a stack of four tiles with every expansion, played to the end
        "tiny-stack-2p": header(every, 2, 21, stack=(True, [
            (3, 1), (4, 1), (24, 1), (30, 1)])) + play(rng, 40, mix=True),
        # every expansion and the other doc/users/rules.md#ambiguities choices,
        # a small stack
        "expansions-small-6p": header(
            [1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0,
             0, 0, 0, 1, 1, 1, 0, 0, 1], 6, 3,
            stack=(True, [(3, 3), (4, 2), (24, 1), (25, 1), (26, 1),
                          (30, 1), (32, 1), (1, 2), (10, 2)]), alt=5) +
        play(rng, 60, mix=True),
        # per-city farms, 3/2/1 buildings, JCZ tokens, three players
        "farms-lb-3p": header([1, 1, 0, 7, 0, 0, 0, 1, 1, 1, 1, 1,
                               0xe0, 0xe0, 0xe0, 0xe0] + [0xe0] * 9, 3,
                              99) +
        play(rng, 60, mix=True),
        # farmers off, the small-city rule, one follower, crop circles
        "nofarmers-1f-5p": header([2, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0,
                                   1, 0, 1, 0] + [0xe0] * 9, 5, 12345,
                                  alt=3) +
        play(rng, 60, mix=True),
        # out-of-range options, invalid player count, mixed operations
        "bad-values": header([0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6,
                              0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd,
                              0xfe, 0xff, 0xf0, 0xf1, 0xf2, 0xf3, 0xf4,
                              0xf5, 0xf6, 0xf7, 0xf8], 2, 0,
                             bad_players=True,
                             stack=(False, [(40, 1), (0, 5)])) +
        play(rng, 40, mix=True),
        # an empty stack: the game is over at once
        # (no river: its start tile after the lake would be a tile)
        "empty-stack": header(every[:16] + [0, 0, 0, 1, 1, 0, 1, 1, 0], 3, 5,
                              stack=(True, [])) +
        play(rng, 20, mix=True),
        # The River: the start tile in the river stack, JCZ's U-turn rule
        "river-3p": header([0xe0] * 16 + [1, 2, 3, 0xe0, 0xe0, 0xe0, 0xe0,
                                          0xe0, 0xe0],
                           3, 17) + play(rng, 100),
        # a river of three tiles and the start tile after the lake, a few
        # land tiles, the lake laid by the engine: the river ends early
        # in the game
        "river-short-2p": header([0xe0] * 16 + [1, 1, 1, 0, 0, 0, 0, 1, 1],
                                 2, 4,
                                 stack=(True, [(TILE_RI_2, 1),
                                               (TILE_RI_3, 2), (3, 2),
                                               (4, 1), (21, 1)])) +
        play(rng, 40, mix=True),
        # Inns & Cathedrals and Traders & Builders on the full stack, the
        # second tile optional, the phantom with the builder or pig
        "inns-traders-4p": header([0xe0] * 4 + [1] + [0xe0] * 11 +
                                  [0, 0, 0, 1, 1, 0, 1, 1, 0], 4, 23) +
        play(rng, 100, mix=True),
        # a small stack of cathedrals and Traders & Builders tiles, played
        # to the end: goods scored, large follower, builder and pig
        "traders-small-2p": header([0xe0] * 16 + [0, 0, 0, 1, 1, 0, 0, 0, 0],
                                   2,
                                   31, stack=(True, [
                                       (TILE_IC_1, 1), (TILE_TB_1, 2),
                                       (TILE_TB_1 + 5, 2),
                                       (TILE_TB_1 + 8, 2), (3, 3),
                                       (21, 2), (10, 2)])) +
        play(rng, 60, mix=True),
    }
    for name, data in sorted(seeds.items()):
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
