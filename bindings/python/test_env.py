# SPDX-License-Identifier: MIT
"""Tests of carcassonne.env and carcassonne._learn (suite 'python-env',
pytest, needs numpy).

* every legal move of 10,000 random positions (every expansion, 2 to 6
  players) round-trips through its action index, and the masks equal
  the legal-move lists;
* observations equal those of a slow reference encoder written in this
  file from doc/api/observation.md, with the plain Game queries only;
* the AEC environment keeps PettingZoo's contract over whole games;
* the vector environment plays what independent AEC environments play
  on the same seeds, auto-resets included;
* bad input raises a clear exception and changes nothing.

By hand (from bindings/python, with a built library):

    CARCASSONNE_LIBRARY=build/libcarcassonne.so \\
    python3 -m pytest -q test_env.py
"""
from __future__ import annotations

import os
import random
import re
import subprocess
import sys

import numpy as np
import pytest

import carcassonne as carc
from carcassonne import _learn
from carcassonne.env import (CarcassonneEnv, CarcassonneVectorEnv,
                             IllegalActionError, Learn)

HERE = os.path.dirname(os.path.abspath(__file__))
LEARN_HEADER = os.environ.get('CARCASSONNE_LEARN_HEADER') or os.path.join(
    HERE, '..', '..', 'include', 'carcassonne', 'learn.h')
CarcError = carc.CarcError
E_NOT_FOUND = -15

# Rule sets and player counts the tests go through.
ALL = dict(phantom=True, crop_circles_i=True, crop_circles_ii=True,
           little_buildings=True)
# The expansions of 0.5 (observation layout 2), alone and all six
ALL6 = dict(ALL, river=True, inns_cathedrals=True, traders_builders=True)
CONFIGS = [
    ({}, 2), (ALL, 2), (ALL, 3), ({}, 4), (ALL, 5), (ALL, 6),
    (dict(phantom=True), 3), (dict(crop_circles_i=True), 2),
    (dict(crop_circles_ii=True, phantom=True), 4),
    (dict(little_buildings=True), 2),
    (dict(river=True), 2), (dict(inns_cathedrals=True), 3),
    (dict(traders_builders=True), 2),
    (dict(traders_builders=True, builder_turn='mandatory',
          phantom=True), 3),
    (dict(inns_cathedrals=True, crop_circles_i=True), 2),
    (ALL6, 2), (ALL6, 4), (ALL6, 6),
]



def tile_features(tile):
    return [int(f) for f in carc.tile_features(tile)]


FIG_FOLLOWER, FIG_PHANTOM, FIG_TOWER, FIG_HOUSE, FIG_SHED = 1, 2, 3, 4, 5
FIG_LARGE, FIG_BUILDER, FIG_PIG = 6, 7, 8
PH_PLACE, PH_DEPLOY, PH_PHANTOM, PH_CHOICE, PH_RESPONSE, PH_OVER = range(
    1, 7)
PH_SECOND_TILE = 7
OPT_RIVER, OPT_INNS, OPT_TRADERS = 17, 20, 21
ATTR_ID = 2
KIND_CITY, KIND_ROAD, KIND_FIELD, KIND_MONASTERY = 1, 2, 3, 4


def random_positions(rules, players, seed, count):
    """Yield ``count`` games at successive decision points of random
    games (the same object, moved on after each yield)."""
    rng = random.Random(seed)
    game = carc.Game(rules, players, seed)
    n = 0
    while n < count:
        if game.is_over():
            game = carc.Game(rules, players, rng.getrandbits(63))
        yield game
        n += 1
        moves = game.legal_moves()
        game.apply(moves[rng.randrange(len(moves))])


# ---------------------------------------------------------------------
# The constants equal learn.h
# ---------------------------------------------------------------------


def test_constants_match_learn_header():
    from test_constants import parse_enums
    with open(LEARN_HEADER) as f:
        text = f.read()
    enums = parse_enums(text)
    seen = 0
    for enum, prefix in [('carc_learn_plane', 'CARC_LEARN_PLANE_'),
                         ('carc_learn_player_plane', 'CARC_LEARN_'),
                         ('carc_learn_ext_plane', 'CARC_LEARN_'),
                         ('carc_learn_ext_player_plane', 'CARC_LEARN_'),
                         ('carc_learn_vec', 'CARC_LEARN_'),
                         ('carc_learn_batch_flag', 'CARC_LEARN_')]:
        for member, value in enums[enum].items():
            name = member[len(prefix):]
            if enum == 'carc_learn_plane':
                name = 'PLANE_' + name
            assert getattr(_learn, name) == value, member
            seen += 1
    for name, value in enums['carc_learn_dtype'].items():
        assert getattr(_learn, 'DTYPE_' + name[len('CARC_LEARN_'):]) == \
            value
    for name in ('WINDOW_DEFAULT', 'WINDOW_MIN', 'WINDOW_MAX'):
        m = re.search(r'#define CARC_LEARN_%s (\d+)' % name, text)
        assert m and int(m.group(1)) == getattr(_learn, name)
    m = re.search(r'#define CARC_LEARN_TO_MOVE (0x[0-9a-f]+)u', text)
    assert m and int(m.group(1), 16) == _learn.TO_MOVE
    m = re.search(r'#define CARC_LEARN_LAYOUT_VERSION (\d+)', text)
    assert m and int(m.group(1)) == _learn.LAYOUT_VERSION == 2
    assert seen == 70


def test_shape_examples_of_the_document():
    # doc/api/observation.md#actions gives these two layouts
    s = Learn(carc.Rules(), 2).shape
    assert (s.n_actions, s.place_first, s.place_count, s.follower_first,
            s.pass_first, s.fallback_first) == (2510, 0, 2500, 2500, 2508,
                                                2509)
    assert s.planes_shape == (45, 25, 25) and s.vector_length == 160
    s = Learn(carc.Rules(**ALL), 2).shape
    assert (s.phantom_first, s.build_first, s.pass_first,
            s.crop_choice_first, s.crop_response_first,
            s.crop_response_count, s.fallback_first, s.n_actions) == (
        2508, 2516, 2519, 2520, 2522, 10000, 12522, 12523)
    assert Learn(carc.Rules(), 6, window=5).shape.planes_shape == (69, 5, 5)
    # layout 2: the sections of 0.5 before the fallback, the expansion
    # planes after the per-player blocks, the longer vector (with the
    # window of layout 1; the default of all six is 31)
    assert Learn(carc.Rules(**ALL6), 3).shape.window == 31
    assert Learn(carc.Rules(river=True), 3).shape.window == 27
    s = Learn(carc.Rules(**ALL6), 3, 25).shape
    assert (s.layout_version, s.crop_response_first, s.crop_response_count,
            s.large_follower_first, s.builder_first, s.pig_first,
            s.second_tile_first, s.fallback_first, s.n_actions) == (
        2, 2522, 15000, 17522, 17530, 17538, 17546, 17547, 17548)
    assert (s.ext_plane_first, s.ext_plane_count, s.n_planes,
            s.vector_length) == (51, 18, 69, 318)
    s = Learn(carc.Rules(), 2).shape
    assert (s.layout_version, s.ext_plane_count, s.large_follower_count,
            s.second_tile_count, s.second_tile_first) == (1, 0, 0, 0, 2509)


# ---------------------------------------------------------------------
# Action index <-> move, masks = legal moves: 10,000 positions
# ---------------------------------------------------------------------


def check_position(learn, game, shape):
    """Every legal move round-trips; the mask is exactly the indexed
    legal moves (or the fallback alone).  Returns the moves outside."""
    legal = game.legal_moves()
    mask = learn.mask(game)
    assert mask.dtype == np.uint8 and mask.shape == (shape.n_actions,)
    indexed, outside = set(), 0
    for m in legal:
        try:
            a = learn.move_to_action(game, m)
        except CarcError as e:
            assert e.code == E_NOT_FOUND
            outside += 1
            continue
        assert mask[a] == 1, carc.describe(m)
        assert learn.action_to_move(game, a) == m
        assert a not in indexed
        indexed.add(a)
    on = set(np.flatnonzero(mask).tolist())
    if indexed:
        assert on == indexed
    else:
        assert on == {shape.fallback_action}
        assert learn.action_to_move(game, shape.fallback_action) == legal[0]
    return outside


def test_round_trip_10000_positions():
    total, outside, outside2, moves2 = 0, 0, 0, 0
    per = 10000 // len(CONFIGS)
    for i, (opts, players) in enumerate(CONFIGS):
        rules = carc.Rules(**opts)
        learn = Learn(rules, players)
        for game in random_positions(rules, players, 100 + i, per):
            n = check_position(learn, game, learn.shape)
            if learn.shape.layout_version == 2:
                outside2 += n
                moves2 += len(game.legal_moves())
            else:
                outside += n
            total += 1
    assert total == 10000 // len(CONFIGS) * len(CONFIGS)
    # the default window holds nearly every placement
    # (doc/api/observation.md#window); the larger boards of The River,
    # Inns & Cathedrals and Traders & Builders leave it more often
    assert outside <= 5
    assert outside2 * 200 < moves2


def test_small_window_uses_fallback():
    # with a 3 x 3 window most placements are outside: the fallback is
    # offered alone exactly when no legal move has an index
    rules = carc.Rules()
    learn = Learn(rules, 2, window=3)
    fallbacks = 0
    for game in random_positions(rules, 2, 7, 400):
        check_position(learn, game, learn.shape)
        mask = learn.mask(game)
        fallbacks += int(mask[learn.shape.fallback_action])
    assert fallbacks > 0


# ---------------------------------------------------------------------
# The reference encoder, from doc/api/observation.md and Game queries only
# ---------------------------------------------------------------------


def floor_mid(a, b):
    return (a + b) // 2         # Python's // rounds down, as the doc says


def reference(game, W, observer=None):
    """(planes, vector, expected mask or None) of ``game`` as
    doc/api/observation.md describes them, computed slowly."""
    P = game.players()
    over = game.is_over()
    phase = game.phase()
    # after the end, the player who would have moved next
    # (carc_game_current_player())
    to_move = game.current_player()
    me = to_move if observer is None else observer
    tiles = [(x, y, carc.tile_from_name(name), r)
             for x, y, name, r in game.tiles()]
    xs = [t[0] for t in tiles]
    ys = [t[1] for t in tiles]
    cx, cy = floor_mid(min(xs), max(xs)), floor_mid(min(ys), max(ys))
    x0, y0 = cx - W // 2, cy - W // 2
    at = {(x, y): (t, r) for x, y, t, r in tiles}
    last = tiles[-1]

    def rel(p):
        return (p - me) % P

    options = game.rules().options()
    # layout 2 with The River, Inns & Cathedrals or Traders & Builders
    ext = any(options.get(o) for o in (OPT_RIVER, OPT_INNS, OPT_TRADERS))
    xp = 33 + 6 * P             # the first expansion plane
    n_planes = xp + (9 + 3 * P if ext else 0)
    planes = np.zeros((n_planes, W, W), np.int64)
    figures = game.figures()
    # each player's strength on each board-level feature: a large
    # follower counts two, the builder and the pig nothing
    strength = {}
    for p, fig, x, y, feat in figures:
        weight = {FIG_FOLLOWER: 1, FIG_PHANTOM: 1, FIG_LARGE: 2}.get(
            int(fig), 0)
        if weight:
            fid = game.feature_get(x, y, feat, ATTR_ID)
            strength.setdefault(fid, [0] * P)[p] += weight
    buildings = {(x, y): f for x, y, f in game.buildings()}
    legal = [] if over else game.legal_moves()
    for row in range(W):
        for col in range(W):
            x, y = x0 + col, y0 + row
            if (x, y) not in at:
                if any(n in at for n in ((x, y - 1), (x + 1, y), (x, y + 1),
                                         (x - 1, y))):
                    planes[23, row, col] = 1
                continue
            t, r = at[(x, y)]
            planes[0, row, col] = 1
            planes[1, row, col] = (x, y) == (last[0], last[1])
            planes[2, row, col] = (x, y) == (0, 0)
            for side in range(4):
                e = int(carc.tile_edge(t, r, side))
                assert e in (1, 2, 3, 4)
                if e == 4:      # a river side: the field of its banks
                    assert ext
                    planes[xp + 5 + side, row, col] = 1
                    e = 3
                planes[3 + 3 * side + e - 1, row, col] = 1
            feats = tile_features(t)
            planes[15, row, col] = 0x41 in feats
            planes[16, row, col] = sum(
                carc.tile_feature_pennants(t, f) for f in feats
                if f >> 4 == KIND_CITY)
            sym = int(carc.tile_symbol(t))
            if sym:
                planes[17 + sym - 1, row, col] = 1
            for f in feats:
                kind = f >> 4
                done = game.feature_is_complete(x, y, f)
                if done and kind in (KIND_CITY, KIND_ROAD, KIND_MONASTERY):
                    planes[20 + kind - 1 if kind != KIND_MONASTERY else 22,
                           row, col] = 1
                counts = strength.get(game.feature_get(x, y, f, ATTR_ID),
                                      [0] * P)
                best = max(counts)
                for p in range(P):
                    if best > 0 and counts[p] == best:
                        planes[33 + 6 * rel(p) + 2 + kind - 1, row, col] = 1
            if (x, y) in buildings:
                planes[28 + buildings[(x, y)] - FIG_TOWER, row, col] = 1
            planes[31, row, col] = t + 1
            planes[32, row, col] = r + 1
            if ext:
                for f in feats:
                    flags = int(carc.tile_feature_flags(t, f))
                    if flags & 1:
                        planes[xp + 0, row, col] = 1      # an inn
                    if flags & 2:
                        planes[xp + 1, row, col] = 1      # a cathedral
                    goods = int(carc.tile_feature_goods(t, f))
                    if goods:
                        planes[xp + 2 + goods - 1, row, col] += 1
    for p, fig, x, y, _feat in figures:
        col, row = x - x0, y - y0
        if 0 <= col < W and 0 <= row < W:
            if fig == FIG_FOLLOWER:
                planes[33 + 6 * rel(p), row, col] += 1
            elif fig == FIG_PHANTOM:
                planes[33 + 6 * rel(p) + 1, row, col] = 1
            else:
                assert ext
                planes[xp + 9 + 3 * rel(p) + int(fig) - FIG_LARGE,
                       row, col] = 1
    if phase == PH_PLACE:
        for m in legal:
            if carc.move_kind(m) == 1:
                col = carc.move_x(m) - x0
                row = carc.move_y(m) - y0
                if 0 <= col < W and 0 <= row < W:
                    planes[24 + carc.move_rotation(m), row, col] = 1

    v = np.zeros(318 if ext else 160, np.int64)
    for p in range(P):
        s = rel(p)
        if ext:
            v[160 + s] = game.supply(p, FIG_LARGE)
            v[166 + s] = game.supply(p, FIG_BUILDER)
            v[172 + s] = game.supply(p, FIG_PIG)
            for k in range(3):
                v[178 + 6 * k + s] = game.goods(p, k + 1)
        v[0 + s] = game.score(p)
        v[6 + s] = game.supply(p, FIG_FOLLOWER)
        v[12 + s] = game.supply(p, FIG_PHANTOM)
        v[18 + s] = game.supply(p, FIG_TOWER)
        v[24 + s] = game.supply(p, FIG_HOUSE)
        v[30 + s] = game.supply(p, FIG_SHED)
        v[36 + s] = 1
    v[42 + rel(to_move)] = 1
    if phase == PH_SECOND_TILE:
        v[196] = 1
    else:
        v[48 + phase - 1] = 1
    if ext and not over:
        # the builder's double turn: a second tile earned, or taken
        part = game.turn_part()
        if part is carc.TurnPart.FIRST_BUILDER:
            v[316] = 1
        elif part is carc.TurnPart.SECOND:
            v[317] = 1
    if not over:
        # the tile in hand, or the tile just placed (the same as the
        # last tile on the board after placing)
        t = carc.tile_from_name(game.current_tile()) \
            if phase == PH_PLACE else last[2]
        if t < 36:
            v[54 + t] = 1
        else:
            v[198 + t - 36] = 1
        if phase != PH_PLACE:
            v[90 + last[3]] = 1
    for t in range(36):
        v[94 + t] = game.remaining(t)
    if ext:
        for t in range(36, 87):
            v[249 + t - 36] = game.remaining(t)
        for o in range(17, 33):
            v[300 + o - 17] = options.get(o, 0)
    v[130] = game.remaining()
    if phase == PH_RESPONSE:
        crop = int(game.crop_action())
        assert crop in (1, 2)
        v[131 + crop - 1] = 1
    if phase in (PH_CHOICE, PH_RESPONSE):
        sym = int(carc.tile_symbol(last[2]))
        assert sym in (1, 2, 3)
        v[133 + sym - 1] = 1
    v[136] = len(tiles)
    v[137] = len(game.discards())
    v[138], v[139] = x0, y0
    v[140] = max(xs) - min(xs) + 1
    v[141] = max(ys) - min(ys) + 1
    lc, lr = last[0] - x0, last[1] - y0
    v[142], v[143] = (lc, lr) if 0 <= lc < W and 0 <= lr < W else (-1, -1)
    for o in range(1, 17):
        v[144 + o - 1] = options[o]
    return planes, v


def reference_action(game, move, W, K, F, shape):
    """The action index of a legal move by the formulas of
    doc/api/observation.md#actions (None outside the window)."""
    tiles = game.tiles()
    xs = [t[0] for t in tiles]
    ys = [t[1] for t in tiles]
    x0 = floor_mid(min(xs), max(xs)) - W // 2
    y0 = floor_mid(min(ys), max(ys)) - W // 2
    kind = carc.move_kind(move)
    last = tiles[-1]
    if kind == 1:
        col, row = carc.move_x(move) - x0, carc.move_y(move) - y0
        if not (0 <= col < W and 0 <= row < W):
            return None
        return shape.place_first + (row * W + col) * 4 + \
            carc.move_rotation(move)
    if kind == 3:
        return shape.pass_first
    if kind == 4:
        return shape.crop_choice_first + carc.move_figure(move) - 1
    if kind == 6:
        return shape.second_tile_first
    fig = carc.move_figure(move)
    if kind == 2 and fig in (FIG_TOWER, FIG_HOUSE, FIG_SHED):
        return shape.build_first + fig - FIG_TOWER
    x, y = carc.move_x(move), carc.move_y(move)
    t = carc.tile_from_name(next(n for tx, ty, n, _r in tiles
                                 if (tx, ty) == (x, y)))
    slot = tile_features(t).index(carc.move_feature(move))
    if game.phase() == PH_RESPONSE:
        col, row = x - x0, y - y0
        if not (0 <= col < W and 0 <= row < W):
            return None
        # the figures of a response: follower, then the phantom and the
        # large follower when the rules have them
        return shape.crop_response_first + \
            ((row * W + col) * K + slot) * len(F) + F.index(fig)
    assert (x, y) == (last[0], last[1])
    first = {FIG_FOLLOWER: shape.follower_first,
             FIG_PHANTOM: shape.phantom_first,
             FIG_LARGE: shape.large_follower_first,
             FIG_BUILDER: shape.builder_first,
             FIG_PIG: shape.pig_first}[fig]
    return first + slot


@pytest.mark.parametrize('opts,players', CONFIGS)
def test_observations_match_reference_encoder(opts, players):
    rules = carc.Rules(**opts)
    window = 25 if players != 4 else 11     # a window smaller than boards
    learn = Learn(rules, players, window=window)
    shape = learn.shape
    W, K = shape.window, shape.features_per_tile
    F = [FIG_FOLLOWER] + ([FIG_PHANTOM] if opts.get('phantom') else []) + \
        ([FIG_LARGE] if opts.get('inns_cathedrals') else [])
    phases = set()
    for i, game in enumerate(random_positions(rules, players, 500 + players,
                                              160)):
        if i % 3 and game.phase() not in (PH_CHOICE, PH_RESPONSE,
                                          PH_PHANTOM, PH_SECOND_TILE):
            continue
        phases.add(game.phase())
        observers = [None] + ([i % players] if i % 3 == 0 else [])
        for observer in observers:
            planes, vector = learn.observe(game, observer)
            ref_planes, ref_vector = reference(game, W, observer)
            assert planes.shape == ref_planes.shape
            bad = np.argwhere(planes != ref_planes)
            assert bad.size == 0, (
                f'position {i} observer {observer}: planes differ at '
                f'(plane, row, col) {bad[:5].tolist()}')
            bad = np.flatnonzero(vector != ref_vector)
            assert bad.size == 0, (
                f'position {i}: vector entries {bad.tolist()} are '
                f'{vector[bad].tolist()}, expected '
                f'{ref_vector[bad].tolist()}')
        # the action index formulas of the document
        mask = learn.mask(game)
        expect = set()
        for m in game.legal_moves():
            a = reference_action(game, m, W, K, F, shape)
            if a is not None:
                expect.add(a)
        if not expect:
            expect = {shape.fallback_action}
        assert set(np.flatnonzero(mask).tolist()) == expect
    assert {PH_PLACE, PH_DEPLOY} <= phases
    if opts.get('phantom'):
        assert PH_PHANTOM in phases
    if opts.get('crop_circles_i') or opts.get('crop_circles_ii'):
        assert {PH_CHOICE, PH_RESPONSE} <= phases


@pytest.mark.parametrize('opts,players', [
    (dict(traders_builders=True), 2), (ALL6, 3)])
def test_second_tile_decision_point(opts, players):
    # the builder's second tile (Traders & Builders): its observation is
    # the reference encoder's, its two moves (take it, pass) have the
    # second-tile and pass actions, and each plays its move
    rules = carc.Rules(**opts)
    learn = Learn(rules, players)
    shape = learn.shape
    K = shape.features_per_tile
    F = [FIG_FOLLOWER] + ([FIG_PHANTOM] if opts.get('phantom') else []) + \
        ([FIG_LARGE] if opts.get('inns_cathedrals') else [])
    seen = 0
    for game in random_positions(rules, players, 11, 30000):
        if game.phase() != PH_SECOND_TILE:
            continue
        seen += 1
        planes, vector = learn.observe(game)
        ref_planes, ref_vector = reference(game, shape.window)
        assert (planes == ref_planes).all()
        assert vector.tolist() == ref_vector.tolist()
        assert vector[_learn.VEC_PHASE_EXT] == 1
        legal = game.legal_moves()
        assert sorted(carc.move_kind(m) for m in legal) == [3, 6]
        mask = learn.mask(game)
        assert set(np.flatnonzero(mask).tolist()) == {
            shape.pass_first, shape.second_tile_first}
        for m in legal:
            a = reference_action(game, m, shape.window, K, F, shape)
            assert learn.move_to_action(game, m) == a
            assert learn.action_to_move(game, a) == m
        if seen >= 5:
            break
    assert seen >= 5


def test_observation_after_the_end_and_off_board_cells():
    rules = carc.Rules()
    learn = Learn(rules, 2)
    game = carc.Game(rules, 2, 5)
    while not game.is_over():
        game.apply(game.legal_moves()[0])
    for observer in (0, 1):
        planes, vector = learn.observe(game, observer)
        ref_planes, ref_vector = reference(game, 25, observer)
        assert (planes == ref_planes).all()
        assert vector.tolist() == ref_vector.tolist()
    assert learn.mask(game).sum() == 0


# ---------------------------------------------------------------------
# The AEC environment
# ---------------------------------------------------------------------


def play_aec(env, seed, rng):
    """A whole game through PettingZoo's loop; returns (reward sums,
    final scores, steps, actions)."""
    env.reset(seed=seed)
    sums = {a: 0 for a in env.possible_agents}
    steps, actions, finals = 0, [], None
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        assert agent == env.agent_selection
        assert trunc is False
        sums[agent] += reward
        space = env.observation_space(agent)
        assert space.contains(obs)
        if term:
            assert obs['action_mask'].sum() == 0
            finals = info['final_scores']
            env.step(None)
            continue
        mask = obs['action_mask']
        assert (info['action_mask'] == mask).all()
        legal = np.flatnonzero(mask)
        assert legal.size >= 1
        # masks are all 0 for the others
        for other in env.agents:
            if other != agent:
                assert env.observe(other)['action_mask'].sum() == 0
        a = int(legal[rng.randrange(legal.size)])
        actions.append(a)
        env.step(a)
        steps += 1
    return sums, finals, steps, actions


@pytest.mark.parametrize('opts,players', [({}, 2), (ALL, 3), (ALL, 5)])
def test_aec_contract(opts, players):
    env = CarcassonneEnv(players=players, **opts)
    assert env.possible_agents == [f'player_{p}' for p in range(players)]
    rng = random.Random(1)
    sums, finals, steps, actions = play_aec(env, 42, rng)
    game = env.game
    assert game.is_over()
    scores = game.scores()
    assert finals == scores
    assert [sums[a] for a in env.possible_agents] == scores
    assert env.agents == [] and env.terminations == {}
    assert steps == len(game.history())
    # the same seed and actions: the same game (hash), reset reuses it
    env.reset(seed=42)
    for a in actions:
        env.step(a)
    assert env.game.hash() == game.hash()
    # and the same game as a plain Game played with those moves
    plain = carc.Game(carc.Rules(**opts), players, 42)
    for m in game.history():
        plain.apply(m)
    assert plain.hash() == game.hash()
    env.close()


def test_aec_rewards_are_score_changes_of_every_agent():
    env = CarcassonneEnv(players=2)
    env.reset(seed=3)
    rng = random.Random(3)
    before = env.game.scores()
    seen_other = False
    while not env.terminations[env.agent_selection]:
        mover = env.agent_selection
        legal = np.flatnonzero(env.observe(mover)['action_mask'])
        env.step(int(legal[rng.randrange(legal.size)]))
        after = env.game.scores()
        for p, a in enumerate(env.possible_agents):
            assert env.rewards[a] == after[p] - before[p]
            if a != mover and env.rewards[a]:
                seen_other = True
        before = after
    assert seen_other        # someone scored on another's move


def test_aec_observations_are_not_changed_later():
    env = CarcassonneEnv(players=3)
    env.reset(seed=8)
    obs, *_ = env.last()
    kept = {k: v.copy() for k, v in obs.items()}
    for _ in range(6):
        legal = np.flatnonzero(env.observe(env.agent_selection)
                               ['action_mask'])
        env.step(int(legal[0]))
    for k in kept:
        assert (obs[k] == kept[k]).all()
    assert not (env.observe(env.agent_selection)['observation'] ==
                kept['observation']).all()


def test_aec_reset_seeds_and_render():
    env = CarcassonneEnv(render_mode='ansi')
    env.reset(seed=9)
    first = env.game.hash()
    assert env.game.hash() == carc.Game(carc.Rules(), 2, 9).hash()
    env.reset()
    second = env.game.hash()
    env.reset(seed=9)
    assert env.game.hash() == first
    env.reset()
    assert env.game.hash() == second      # the seeded generator
    text = env.render()
    assert 'player_0: 0 points' in text and 'tile ' in text
    svg = CarcassonneEnv(render_mode='svg')
    svg.reset(seed=1)
    assert svg.render().startswith('<svg') or '<svg' in svg.render()
    assert CarcassonneEnv().render() is None
    assert str(env) == 'carcassonne_v0'


def test_aec_bad_input_changes_nothing():
    env = CarcassonneEnv(players=2)
    with pytest.raises(RuntimeError):
        env.step(0)
    env.reset(seed=4)
    n = env.action_space('player_0').n
    mask = env.observe(env.agent_selection)['action_mask']
    masked = int(np.flatnonzero(mask == 0)[0])
    h = env.game.hash()
    cases = [('1', TypeError), (1.0, TypeError), (True, TypeError),
             (None, TypeError), ([0], TypeError), (-1, ValueError),
             (n, ValueError), (2 ** 64, ValueError),
             (np.int64(masked), IllegalActionError),
             (masked, IllegalActionError)]
    for bad, exc in cases:
        with pytest.raises(exc):
            env.step(bad)
        assert env.game.hash() == h
        assert env.agent_selection == 'player_0'
        assert env.rewards == {'player_0': 0, 'player_1': 0}
    assert issubclass(IllegalActionError, ValueError)
    with pytest.raises(KeyError):
        env.observe('player_2')
    with pytest.raises(TypeError):
        env.observe(0)
    with pytest.raises(KeyError):
        env.action_space('nobody')
    # the standard's options dict is taken and read for nothing
    # (PettingZoo's api_test passes options={'options': 1}); the
    # same seed gives the same game with or without it
    other = CarcassonneEnv(players=2)
    other.reset(seed=5)
    h5 = other.game.hash()
    other.reset(seed=5, options={'x': 1})
    assert other.game.hash() == h5
    with pytest.raises(TypeError):
        env.reset(options=['x'])
    with pytest.raises(TypeError):
        env.reset(seed='1')
    with pytest.raises(ValueError):
        env.reset(seed=-1)
    assert env.game.hash() == h
    # a legal action still works, as a numpy integer too
    env.step(np.int32(np.flatnonzero(mask)[0]))
    assert env.game.hash() != h
    # the dead steps: a terminated agent steps None only
    rng = random.Random(0)
    while not env.terminations[env.agent_selection]:
        legal = np.flatnonzero(env.observe(env.agent_selection)
                               ['action_mask'])
        env.step(int(legal[rng.randrange(legal.size)]))
    h = env.game.hash()
    with pytest.raises(ValueError):
        env.step(0)
    env.step(None)
    env.step(None)
    with pytest.raises(RuntimeError):
        env.step(None)
    assert env.game.hash() == h
    # a game closed behind the environment's back: no crash, a clear
    # error, and reset() starts afresh
    env.reset(seed=4)
    env.game.close()
    with pytest.raises(RuntimeError):
        env.step(int(np.flatnonzero(mask)[0]))
    with pytest.raises(RuntimeError):
        env.observe('player_0')
    env.reset(seed=4)
    assert env.observe('player_0')['action_mask'].tolist() == mask.tolist()
    with pytest.raises(TypeError):
        CarcassonneEnv(players='2')
    with pytest.raises(ValueError):
        CarcassonneEnv(players=7)
    with pytest.raises(TypeError):
        CarcassonneEnv(rules=carc.Rules(), phantom=True)
    with pytest.raises(ValueError):
        CarcassonneEnv(window=4)
    with pytest.raises(ValueError):
        CarcassonneEnv(render_mode='rgb_array')


def test_learn_bad_input_changes_nothing():
    rules = carc.Rules()
    learn = Learn(rules, 2)
    game = carc.Game(rules, 2, 1)
    h = game.hash()
    other = carc.Game(carc.Rules(phantom=True), 2, 1)
    with pytest.raises(CarcError):
        learn.mask(other)               # other rules
    with pytest.raises(CarcError):
        learn.mask(carc.Game(rules, 3, 1))
    with pytest.raises(TypeError):
        learn.mask(game, out=np.zeros(learn.shape.n_actions, np.int32))
    with pytest.raises(ValueError):
        learn.mask(game, out=np.zeros(10, np.uint8))
    with pytest.raises(ValueError):
        learn.observe(game, planes=np.zeros((45, 25, 50), np.uint8)[:, :, ::2])
    with pytest.raises(ValueError):
        learn.observe(game, player=2)
    with pytest.raises(TypeError):
        learn.observe(game, player='0')
    with pytest.raises(ValueError):
        learn.action_to_move(game, learn.shape.n_actions)
    with pytest.raises(CarcError):
        learn.action_to_move(game, learn.shape.pass_first)  # wrong phase
    with pytest.raises(OverflowError):
        learn.move_to_action(game, 2 ** 64)
    with pytest.raises(TypeError):
        learn.mask('game')
    assert game.hash() == h
    with pytest.raises(ValueError):
        Learn(rules, 2, window=2)
    with pytest.raises(ValueError):
        Learn(rules, 1)
    learn.close()
    with pytest.raises(ValueError):
        learn.mask(game)


# ---------------------------------------------------------------------
# The vector environment
# ---------------------------------------------------------------------


@pytest.mark.parametrize('opts,players,copy', [({}, 2, True),
                                               (ALL, 3, False)])
def test_vector_env_equals_independent_aec_envs(opts, players, copy):
    N = 4
    seeds = [11, 12, 13, 14]
    venv = CarcassonneVectorEnv(N, players=players, copy=copy, **opts)
    obs, infos = venv.reset(seed=seeds)
    envs = [CarcassonneEnv(players=players, **opts) for _ in range(N)]
    for e, s in zip(envs, seeds):
        e.reset(seed=s)
    rng = np.random.default_rng(5)
    games_done = 0
    returns = np.zeros((N, players), np.int64)
    steps = 0
    while games_done < N + 2:
        for i, e in enumerate(envs):
            o = e.observe(e.agent_selection)
            assert (o['action_mask'] == obs['action_mask'][i]).all()
            assert (o['observation'] == obs['observation'][i]).all()
            assert (o['vector'] == obs['vector'][i]).all()
            assert infos['to_move'][i] == int(e.agent_selection[7:])
        actions = venv.action_space.sample(obs['action_mask'])
        assert rng is not None
        obs, rewards, term, trunc, infos = venv.step(actions)
        assert rewards.shape == (N, players) and not trunc.any()
        steps += 1
        for i, e in enumerate(envs):
            e.step(int(actions[i]))
            assert [e.rewards[a] for a in e.possible_agents] == \
                rewards[i].tolist()
            returns[i] += rewards[i]
            assert bool(term[i]) == e.terminations[e.agent_selection]
            if term[i]:
                final = infos['final_scores'][i].tolist()
                assert final == e.game.scores() == returns[i].tolist()
                returns[i] = 0
                games_done += 1
                # the slot goes on with a new game of the seed it names
                e.reset(seed=int(infos['seeds'][i]))
                assert venv.game(i).hash() == e.game.hash()
    assert steps > 100


def test_vector_env_int_seed_reproducible_and_no_observations():
    a = CarcassonneVectorEnv(3)
    b = CarcassonneVectorEnv(3, observations=False)
    oa, ia = a.reset(seed=7)
    ob, ib = b.reset(seed=7)
    assert set(ob) == {'action_mask'}
    assert (ia['seeds'] == ib['seeds']).all()
    for _ in range(300):
        acts = np.argmax(oa['action_mask'], axis=1)
        oa, ra, ta, _, _ = a.step(acts)
        ob, rb, tb, _, _ = b.step(acts)
        assert (ra == rb).all() and (ta == tb).all()
        assert (oa['action_mask'] == ob['action_mask']).all()
    assert a.game(0).hash() == b.game(0).hash()


def test_vector_env_copy_false_reuses_arrays():
    v = CarcassonneVectorEnv(2, copy=False)
    obs, _ = v.reset(seed=1)
    obs2, r, t, tr, i = v.step(np.argmax(obs['action_mask'], axis=1))
    assert obs2['action_mask'] is obs['action_mask']
    w = CarcassonneVectorEnv(2, copy=True)
    obs, _ = w.reset(seed=1)
    keep = obs['action_mask'].copy()
    obs2, r, t, tr, i = w.step(np.argmax(obs['action_mask'], axis=1))
    assert obs2['action_mask'] is not obs['action_mask']
    assert (obs['action_mask'] == keep).all()


def test_vector_env_bad_input_plays_nothing():
    v = CarcassonneVectorEnv(3)
    with pytest.raises(RuntimeError):
        v.step([0, 0, 0])
    obs, _ = v.reset(seed=2)
    hashes = [v.game(i).hash() for i in range(3)]
    good = np.argmax(obs['action_mask'], axis=1)
    masked = good.copy()
    masked[1] = int(np.flatnonzero(obs['action_mask'][1] == 0)[0])
    for bad, exc in [([0, 0], ValueError), (np.zeros((3, 1), int), ValueError),
                     (good.astype(float), TypeError),
                     (np.array(['a', 'b', 'c']), TypeError),
                     (good - 10 ** 6, ValueError),
                     (good + 10 ** 6, ValueError),
                     (masked, IllegalActionError), ('abc', ValueError)]:
        with pytest.raises(exc):
            v.step(bad)
        assert [v.game(i).hash() for i in range(3)] == hashes
    # the user scribbling on the returned mask cannot make C play it
    obs['action_mask'][1][masked[1]] = 1
    with pytest.raises(IllegalActionError):
        v.step(masked)
    assert [v.game(i).hash() for i in range(3)] == hashes
    obs, *_ = v.step(good)
    assert [v.game(i).hash() for i in range(3)] != hashes
    for bad, exc in [('x', TypeError), ([1, 2], ValueError),
                     ([1, 2, -1], ValueError), (True, TypeError)]:
        with pytest.raises(exc):
            v.reset(seed=bad)
    with pytest.raises(TypeError):
        CarcassonneVectorEnv(2.5)
    with pytest.raises(ValueError):
        CarcassonneVectorEnv(0)
    with pytest.raises(IndexError):
        v.game(3)


# ---------------------------------------------------------------------
# Spaces, optional packages
# ---------------------------------------------------------------------


def test_builtin_spaces():
    from carcassonne.env import Box, Discrete, MultiDiscrete
    d = Discrete(5, seed=1)
    assert d.n == 5 and d.contains(4) and not d.contains(5)
    assert not d.contains(True) and d.contains(np.int64(2))
    mask = np.array([0, 0, 1, 0, 1], np.uint8)
    assert {d.sample(mask) for _ in range(50)} == {2, 4}
    with pytest.raises(ValueError):
        d.sample(np.zeros(5, np.uint8))
    b = Box(0, 3, (2, 2), np.uint8, seed=1)
    assert b.contains(b.sample()) and b.shape == (2, 2)
    assert not b.contains(np.full((2, 2), 4, np.uint8))
    assert not b.contains(np.zeros((2, 2), np.int32))
    md = MultiDiscrete([3, 3])
    assert md.contains(np.array([2, 0])) and not md.contains(np.array([3, 0]))
    m = md.sample(np.array([[0, 1, 0], [0, 0, 1]]))
    assert m.tolist() == [1, 2]


def run_python(code, **env):
    e = dict(os.environ)
    e.update(env)
    e['PYTHONPATH'] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(os.path.abspath(carc.__file__)))] +
        [p for p in [os.environ.get('PYTHONPATH')] if p])
    e.setdefault('CARCASSONNE_LIBRARY', carc.library._name)
    return subprocess.run([sys.executable, '-c', code], env=e,
                          capture_output=True, text=True, timeout=120)


def test_import_without_numpy():
    # carcassonne itself works without numpy; carcassonne.env says why
    # it cannot
    r = run_python(
        'import sys\n'
        'class Block:\n'
        '    def find_spec(self, name, path=None, target=None):\n'
        '        if name == "numpy" or name.startswith("numpy."):\n'
        '            raise ImportError("no numpy here")\n'
        'sys.meta_path.insert(0, Block())\n'
        'import carcassonne\n'
        'g = carcassonne.Game(seed=1)\n'
        'g.apply(g.legal_moves()[0])\n'
        'try:\n'
        '    import carcassonne.env\n'
        'except ImportError as e:\n'
        '    print("ImportError:", e)\n')
    assert r.returncode == 0, r.stderr
    assert 'ImportError:' in r.stdout and 'python3-numpy' in r.stdout


def test_pettingzoo_and_gymnasium_recognised_when_installed(tmp_path):
    # stand-ins for the two packages: the environment subclasses
    # pettingzoo.AECEnv and builds gymnasium spaces when they import
    (tmp_path / 'pettingzoo').mkdir()
    (tmp_path / 'pettingzoo' / '__init__.py').write_text(
        'class AECEnv:\n    pass\n')
    (tmp_path / 'gymnasium').mkdir()
    (tmp_path / 'gymnasium' / '__init__.py').write_text('')
    (tmp_path / 'gymnasium' / 'spaces.py').write_text(
        'class _S:\n'
        '    def __init__(self, *a, **k):\n'
        '        self.args = a\n'
        'class Box(_S): pass\n'
        'class Discrete(_S):\n'
        '    def __init__(self, n):\n'
        '        self.n = n\n'
        'class MultiDiscrete(_S): pass\n'
        'class Dict(_S):\n'
        '    def __init__(self, d):\n'
        '        self.spaces = d\n')
    r = run_python(
        'import sys; sys.path.insert(0, %r)\n'
        'import pettingzoo, gymnasium.spaces as gs\n'
        'from carcassonne.env import CarcassonneEnv\n'
        'e = CarcassonneEnv()\n'
        'print(isinstance(e, pettingzoo.AECEnv),\n'
        '      type(e.action_space("player_0")) is gs.Discrete,\n'
        '      type(e.observation_space("player_0")) is gs.Dict,\n'
        '      e.action_space("player_0").n)\n' % str(tmp_path))
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ['True', 'True', 'True', '2510']


def test_selfplay_example_runs():
    # the example trains for a moment and measures its policy against
    # the random player (a smoke test: that it runs, not that it wins)
    example = os.path.join(os.environ.get('CARCASSONNE_EXAMPLES') or
                           os.path.join(HERE, '..', '..', 'examples',
                                        'python'), 'selfplay_train.py')
    r = subprocess.run(
        [sys.executable, example, '--seconds', '2', '--num-envs', '4',
         '--eval-games', '6'],
        env=dict(os.environ, PYTHONPATH=os.pathsep.join(
            os.path.dirname(os.path.abspath(p)) for p in carc.__path__),
            CARCASSONNE_LIBRARY=carc.library._name),
        capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert any(re.match(r'trained \d+ self-play games', x) for x in lines)
    for how in ('sampled', 'greedy'):
        assert any(re.match(r'trained policy \(%s\) against random: win '
                            r'rate [01]\.\d{3} .* over 6 games' % how, x)
                   for x in lines), r.stdout


def test_aec_env_copies_and_pickles_through_the_record():
    # copy.copy, copy.deepcopy and pickle give an environment
    # that continues exactly as the original, independent of it
    import copy
    import pickle
    from carcassonne.env import sample_actions
    for players, opts in [(2, {}), (3, {'phantom': True,
                                         'crop_circles_i': True,
                                         'little_buildings': True})]:
        env = CarcassonneEnv(players=players, **opts)
        fresh = copy.deepcopy(env)          # before reset: settings only
        with pytest.raises(RuntimeError):
            fresh.last()
        env.reset(seed=11)
        rng = np.random.default_rng(3)
        for _ in range(41):
            obs, *_ = env.last()
            env.step(sample_actions(obs['action_mask'], rng))
        copies = [copy.copy(env), copy.deepcopy(env),
                  pickle.loads(pickle.dumps(env))]
        for c in copies:
            assert c is not env and c.game is not env.game
            assert c.game.hash() == env.game.hash()
        # the original and every copy play the same actions to the end
        # (dead steps included) and see the same things
        seeds = np.random.default_rng(5)
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            action = None if term or trunc else \
                sample_actions(obs['action_mask'], seeds)
            for c in copies:
                assert c.agent_selection == agent
                cobs, creward, cterm, ctrunc, cinfo = c.last()
                assert creward == reward and cterm == term
                assert np.array_equal(cobs['action_mask'],
                                      obs['action_mask'])
                assert np.array_equal(cobs['observation'],
                                      obs['observation'])
                assert cinfo.keys() == info.keys()
            env.step(action)
            for c in copies:
                c.step(action)
                assert c.rewards == env.rewards
        for c in copies:
            assert c.agents == [] and c.game.scores() == env.game.scores()
        # the seed generator was copied too: the next unseeded resets
        # agree
        env.reset()
        copies[1].reset()
        assert copies[1].seed_used == env.seed_used


def test_vector_env_refuses_copies_clearly():
    import copy
    import pickle
    venv = CarcassonneVectorEnv(2)
    venv.reset(seed=1)
    for call in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match='cannot be copied or pickled'):
            call(venv)
