# SPDX-License-Identifier: MIT
"""Tests of the ctypes binding (suite 'ffi', pytest): the binding plays
what C plays, and the basics of games, rules, names and records.

Run by meson with CARCASSONNE_LIBRARY (the built library),
CARCASSONNE_SEEDED_GAME (the C helper seeded-game) and RECORD_EXAMPLES
(tests/record/examples) set; by hand:

    CARCASSONNE_LIBRARY=build/libcarcassonne.so \\
    CARCASSONNE_SEEDED_GAME=build/bindings/python/seeded-game \\
    python3 -m pytest -q test_carcassonne.py
"""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import carcassonne as carc

# expansions: seeded-game.c's bit set (1 The Phantom, 2 Crop Circles I,
# 4 Crop Circles II, 8 Little Buildings, 16 The River, 32 Inns &
# Cathedrals, 64 Traders & Builders)
SEEDED = [(1, 2, 0), (2, 3, 1), (3, 4, 15), (4, 2, 6), (5, 5, 8),
          (6, 6, 15), (7, 2, 16), (8, 3, 32), (9, 4, 64), (1, 2, 112),
          (10, 6, 127)]


def fixed_rule_rules(expansions):
    return carc.Rules(phantom=bool(expansions & 1),
                      crop_circles_i=bool(expansions & 2),
                      crop_circles_ii=bool(expansions & 4),
                      little_buildings=bool(expansions & 8),
                      river=bool(expansions & 16),
                      inns_cathedrals=bool(expansions & 32),
                      traders_builders=bool(expansions & 64))


def play_fixed_rule(seed, players, expansions):
    """The rule of seeded-game.c: move number hash mod count."""
    game = carc.Game(fixed_rule_rules(expansions), players=players,
                     seed=seed)
    while not game.is_over():
        moves = game.legal_moves()
        game.apply(moves[game.hash() % len(moves)])
    return game


def c_result(seed, players, expansions):
    helper = os.environ.get('CARCASSONNE_SEEDED_GAME')
    if not helper:
        pytest.skip('CARCASSONNE_SEEDED_GAME is not set')
    return subprocess.run([helper, str(seed), str(players),
                           str(expansions)], check=True,
                          capture_output=True, text=True).stdout.strip()


def result(game):
    return 'hash %016x scores %s' % (game.hash(),
                                     ' '.join(map(str, game.scores())))


@pytest.mark.parametrize('seed,players,expansions', SEEDED)
def test_same_game_as_c(seed, players, expansions):
    assert result(play_fixed_rule(seed, players, expansions)) == \
        c_result(seed, players, expansions)


@pytest.mark.parametrize('seed,players,expansions', SEEDED[:3])
def test_same_game_as_c_through_the_views(seed, players, expansions):
    # the same game with the python-chess style calls: iterate the view,
    # push Move objects parsed back from their words
    game = carc.Game(fixed_rule_rules(expansions), players, seed)
    while not game.is_over():
        moves = list(game.legal_moves)
        game.push(carc.Move(str(moves[game.hash() % len(moves)])))
    assert result(game) == c_result(seed, players, expansions)
    assert [str(m) for m in game.history] == \
        [str(m) for m in play_fixed_rule(seed, players,
                                         expansions).history()]


def test_clone_is_independent():
    game = carc.Game(carc.Rules(), players=2, seed=9)
    copy = game.clone()
    assert copy.hash() == game.hash()
    copy.apply(copy.legal_moves()[0])
    assert copy.hash() != game.hash()
    assert len(game.history()) == 0
    assert len(copy.history()) == 1


def test_queries():
    game = carc.Game(carc.Rules(), players=3, seed=4)
    assert game.players() == 3
    assert game.phase() == carc.PHASE_PLACE_TILE
    assert game.current_player() == 0
    assert game.tiles() == [(0, 0, 'D', 0)]
    assert game.remaining() == 70
    assert game.scores() == [0, 0, 0]
    assert game.supply(0) == 7
    game.set_next_tile('E')
    assert game.current_tile() == 'E'
    game.apply(carc.move_place(0, -1, 2))
    game.apply(carc.move_deploy(carc.FIGURE_FOLLOWER, 0, -1, 'c1'))
    assert game.scores() == [4, 0, 0]
    assert game.events()[0]['points'] == [4, 0, 0]
    assert carc.describe(game.history()[0]) == 'place 0,-1 r2'


def test_errors_carry_strerror():
    game = carc.Game(carc.Rules(), players=2, seed=4)
    with pytest.raises(carc.CarcError) as e:
        game.apply(carc.move_pass())
    assert e.value.code == carc.E_WRONG_PHASE
    assert carc.strerror(carc.E_WRONG_PHASE) in str(e.value)
    with pytest.raises(carc.CarcError) as e:
        carc.Rules(no_such_option=1)
    assert e.value.code == carc.E_UNKNOWN_OPTION
    with pytest.raises(carc.CarcError):
        carc.Rules(followers=99)
    with pytest.raises(carc.CarcError):
        carc.Game(carc.Rules(), players=9)
    assert carc.strerror(carc.E_PARSE) == 'malformed record'


def test_rules():
    rules = carc.Rules(farm_scoring='per-city', phantom=True,
                       tiles={'*': 0, 'E': 2})
    assert rules.get('farm-scoring') == 1
    assert rules.get('phantom') == 1
    assert rules.tile_count('E') == 2
    assert rules.tile_count('U') == 0
    game = carc.Game(rules, players=2)
    del rules       # the game keeps its own reference
    assert game.remaining() == 1


def test_rules_default_tile_count():
    rules = carc.Rules(crop_circles_i=True, tiles={'E': 2, 'CCI-1': 3})
    assert rules.default_tile_count('E') == 5
    assert rules.default_tile_count(carc.tile_from_name('D')) == 3
    assert rules.default_tile_count('CCI-1') == 1
    assert rules.default_tile_count('CCII-1') == 0
    assert rules.tile_count('CCI-1') == 3
    # repr lists only the counts that differ from these defaults
    assert repr(rules) == ("Rules(crop_circles_i=True, "
                           "tiles={'E': 2, 'CCI-1': 3})")
    assert repr(carc.Rules(crop_circles_ii=True)) == \
        'Rules(crop_circles_ii=True)'
    with pytest.raises(carc.CarcError) as e:
        rules.default_tile_count(carc.TILE_TYPES)
    assert e.value.code == carc.E_UNKNOWN_TILE


def test_render_default_colour():
    want = [('#d55e00', 'vermillion'), ('#0072b2', 'blue'),
            ('#f0e442', 'yellow'), ('#000000', 'black'),
            ('#56b4e9', 'sky blue'), ('#999999', 'grey')]
    assert [carc.render_default_colour(s) for s in range(6)] == want
    # the picture draws them: the six score chips of a 6-player game
    svg = carc.Game(players=6, seed=1).svg()
    chips = [u.get('fill') for u in ET.fromstring(svg.encode()).iter(
        '{http://www.w3.org/2000/svg}use') if u.get('class') == 'fig key']
    assert chips[:6] == [rgb for rgb, _ in want]
    with pytest.raises(carc.InvalidArgumentError):
        carc.render_default_colour(6)
    with pytest.raises(OverflowError):
        carc.render_default_colour(-1)
    with pytest.raises(TypeError):
        carc.render_default_colour('1')


def test_repr_svg():
    game = carc.Game(players=3, seed=4)
    for _ in range(30):
        game.apply(game.legal_moves()[0])
    svg = game._repr_svg_()
    root = ET.fromstring(svg.encode())
    assert root.tag == '{http://www.w3.org/2000/svg}svg'
    tiles = [g for g in root.iter('{http://www.w3.org/2000/svg}g')
             if g.get('id', '').startswith('tile-')]
    assert len(tiles) == len(game.tiles())
    assert svg == game.clone()._repr_svg_()
    game.close()
    with pytest.raises(ValueError):
        game._repr_svg_()


# Option and move words come from the library (carc_option_name,
# carc_option_value_from_name, carc_move_parse).

def test_options_from_the_library():
    assert carc.OPTIONS['farm-scoring'] == 1
    assert carc.OPTIONS['crop-after-phantom'] == 16
    assert sorted(carc.OPTIONS.values()) == \
        list(range(1, len(carc.OPTIONS) + 1))
    for name, number in carc.OPTIONS.items():
        assert carc.option_name(number) == name
    assert carc.OPTION_VALUES == {
        'farm-scoring': {'per-field': 0, 'per-city': 1,
                         'per-field-once': 2},
        'lb-scoring': {'standard': 0, '3-2-1': 1},
        'lb-distribution': {'rules': 0, 'jcz': 1},
        'river-start-tile': {'removed': 0, 'after-river': 1,
                             'in-river-stack': 2},
        'river-u-turn': {'adjacent': 0, 'successive': 1, 'allowed': 2,
                         'jcz': 3},
        'builder-turn': {'optional': 0, 'mandatory': 1},
        'river-lake-turn': {'turn': 0, 'automatic': 1}}
    with pytest.raises(carc.CarcError) as e:
        carc.option_name(len(carc.OPTIONS) + 1)
    assert e.value.code == carc.E_UNKNOWN_OPTION


def test_rules_take_record_words():
    r = carc.Rules({'lb-scoring': '321', 'farm_scoring': 'per-city',
                    'crop-phantom': 'on', 'farmers': 'off',
                    'followers': '+5'})
    assert [r.get(o) for o in ('lb_scoring', 'farm-scoring',
                               'crop-phantom', 'farmers', 'followers')] == \
        [1, 1, 1, 0, 5]
    with pytest.raises(carc.CarcError) as e:
        carc.Rules(farm_scoring='per-town')
    assert e.value.code == carc.E_INVALID
    with pytest.raises(carc.CarcError) as e:
        carc.Rules({'Farm-Scoring': 1})
    assert e.value.code == carc.E_UNKNOWN_OPTION


def test_parse_move_inverts_describe():
    game = carc.Game(carc.Rules(phantom=True, little_buildings=True,
                                crop_circles_i=True), 3, 5)
    seen = 0
    while not game.is_over():
        moves = game.legal_moves()
        for m in moves:
            assert carc.parse_move(carc.describe(m)) == m
        seen += len(moves)
        game.apply(moves[game.hash() % len(moves)])
    assert seen > 1000
    assert carc.parse_move('place 0,-1 r2') == carc.move_place(0, -1, 2)
    assert carc.parse_move('deploy phantom f2 at 3,-4') == \
        carc.move_deploy(carc.FIGURE_PHANTOM, 3, -4, 'f2')
    assert carc.parse_move('pass') == carc.move_pass()
    for text in ('Pass', ' pass', 'place 0,-1 r4', 'place +1,0 r0',
                 'deploy follower c1 at 0,-1 ', ''):
        with pytest.raises(carc.CarcError) as e:
            carc.parse_move(text)
        assert e.value.code == carc.E_INVALID
    with pytest.raises(ValueError):
        carc.parse_move('pass\0junk')
    with pytest.raises(TypeError):
        carc.parse_move(b'pass')


def test_sanitizer_builds_need_their_runtime():
    # dlopen() of an ASan build without the ASan runtime ends the
    # process, so the build tree's library is left out unless this
    # process has the runtime its b_sanitize needs
    maps = b'7f00-7f01 r-xp /usr/lib/x86_64-linux-gnu/libasan.so.8.0.0\n'
    assert carc._loadable('none', b'')
    assert carc._loadable('undefined', b'')
    assert not carc._loadable('address', b'')
    assert not carc._loadable('address,undefined', b'')
    assert carc._loadable('address', maps)
    assert carc._loadable('address,undefined', maps)
    assert not carc._loadable('thread', maps)
    assert carc._loadable('thread', b'.. libclang_rt.tsan-x86_64.so ..')


def test_installed_package_looks_only_where_installed():
    # without a bundled copy, CARCASSONNE_LIBRARY or a build tree's
    # _buildtree module: only the dynamic linker's search
    code = """if True:
        import ctypes.util, os, sys
        sys.modules['carcassonne._buildtree'] = None   # an installed package
        os.environ.pop('CARCASSONNE_LIBRARY', None)
        ctypes.util.find_library = lambda name: None
        import carcassonne
        print(list(carcassonne._candidates()))
    """
    env = dict(os.environ, LD_LIBRARY_PATH=os.path.dirname(
        os.path.abspath(carc.library_path)))
    r = subprocess.run([sys.executable, '-c', code], env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == \
        "['libcarcassonne.so.0', 'libcarcassonne.dylib']"


def test_record_round_trip():
    game = carc.Game(carc.Rules(phantom=True, little_buildings=True,
                                crop_circles_i=True), players=3, seed=8)
    n = 0
    while not game.is_over():
        moves = game.legal_moves()
        game.apply(moves[(n * 7) % len(moves)])
        n += 1
        if n % 25 == 0:
            assert carc.Game.load(game.save()).hash() == game.hash()
    again = carc.Game.load(game.save())
    assert again.hash() == game.hash()
    assert again.scores() == game.scores()
    assert again.save() == game.save()


def test_bad_record():
    text = ('carcassonne-record 1\nplayers 2\n'
            'P0 place E 0,-1 r0\nend\n')
    with pytest.raises(carc.RecordError) as e:
        carc.Game.load(text)
    assert (e.value.line, e.value.column) == (3, 4)
    assert e.value.code == carc.E_EDGE_MISMATCH
    assert 'tile side does not match' in str(e.value)


def test_jcz_round_trip():
    game = carc.Game(carc.Rules(small_city=True, followers=5), players=4,
                     seed=3)
    n = 0
    while not game.is_over():
        moves = game.legal_moves()
        game.apply(moves[(n * 5) % len(moves)])
        n += 1
    text = game.to_jcz()
    assert text.startswith('{\n  "appVersion": "5.7.0",')
    assert '"tiny-city-scoring": "2"' in text
    assert '"small-follower": 5' in text
    again = carc.Game.from_jcz(text)
    assert again.hash() == game.hash()
    assert again.scores() == game.scores()
    assert again.save() == game.save()
    assert carc.Game.from_jcz(text.encode()).to_jcz() == text
    with pytest.raises(TypeError):
        carc.Game.from_jcz(42)


def test_jcz_expansions():
    rules = carc.Rules(phantom=True, crop_circles_i=True,
                       crop_circles_ii=True, little_buildings=True,
                       lb_distribution='jcz')
    game = carc.Game(rules, players=3, seed=8)
    n = 0
    while not game.is_over():
        moves = game.legal_moves()
        game.apply(moves[(n * 7) % len(moves)])
        n += 1
    text = game.to_jcz()
    for part in ('"phantom": 1', '"corn-circles/1": 1', '"corn-circles/2": 1',
                 '"little-buildings": 1', '"PLACE_TOKEN"',
                 '"CIRCLE_REMOVE_OR_DEPLOY"', '.phantom.1"'):
        assert part in text
    again = carc.Game.from_jcz(text)
    assert again.hash() == game.hash()
    assert again.scores() == game.scores()
    assert again.save() == game.save()
    # interchangeable building tokens are not JCZ's
    with pytest.raises(carc.CarcassonneError) as e:
        carc.Game(carc.Rules(little_buildings=True), players=2).to_jcz()
    assert e.value.code == carc.E_NOT_ALLOWED


def test_jcz_errors():
    text = ('{"setup": {"expansions": ["BASIC"]}, "slots": [{}, {}],\n'
            '"replay": [\n{"type": "PLACE_TILE", "payload": {"tileId": '
            '"BA.C", "rotation": "R0", "position": [0, -1]}}]}')
    with pytest.raises(carc.JczError) as e:
        carc.Game.from_jcz(text)
    assert isinstance(e.value, carc.RecordError)
    assert (e.value.line, e.value.column) == (3, 0)
    assert e.value.code == carc.E_EDGE_MISMATCH
    assert e.value.reason.startswith(
        'replay[0] PLACE_TILE: BA.C cannot go at 0,-1 with rotation R0')
    with pytest.raises(carc.JczError) as e:
        carc.Game.from_jcz('{\n  "setup": ]')
    assert e.value.code == carc.E_PARSE
    assert e.value.line == 2 and e.value.column > 0
    assert e.value.reason.startswith('JSON: ')
    game = carc.Game(carc.Rules(farm_scoring='per-city'), players=2)
    with pytest.raises(carc.CarcassonneError) as e:
        game.to_jcz()
    assert e.value.code == carc.E_NOT_ALLOWED


def test_worked_example():
    d = os.environ.get('RECORD_EXAMPLES')
    if not d:
        pytest.skip('RECORD_EXAMPLES is not set')
    with open(os.path.join(d, 'e10-jcz-lb-3-2-1.rec')) as f:
        game = carc.Game.load(f.read())
    assert game.scores() == [0, 20]
    assert game.is_over()


# -- The River, Inns & Cathedrals, Traders & Builders --

TILE_NAMES = [carc.tile_name(t) for t in range(carc.TILE_TYPES)]


def play_until(game, stop):
    """seeded-game's rule until stop(game) or the end."""
    while not game.is_over() and not stop(game):
        moves = game.legal_moves()
        game.apply(moves[game.hash() % len(moves)])
    return game


def three_expansions():
    return carc.Game(fixed_rule_rules(16 | 32 | 64), players=2, seed=1)


def test_tile_feature_flags():
    found = ['%s %s %d' % (t, carc.feature_name(f),
                           carc.tile_feature_flags(t, f))
             for t in TILE_NAMES for f in carc.tile_features(t)
             if carc.tile_feature_flags(t, f)]
    assert found == ['IC-1 c1 2', 'IC-11 r1 1', 'IC-12 r1 1',
                     'IC-13 r1 1', 'IC-14 r1 1', 'IC-15 r1 1', 'IC-16 r1 1']
    assert carc.tile_feature_flags('IC-1', 'c1') == \
        carc.FeatureFlag.CATHEDRAL
    assert carc.tile_feature_flags('IC-15', 0x21) == carc.FeatureFlag.INN
    assert carc.tile_feature_flags('D', 'r1') == 0
    with pytest.raises(carc.InvalidArgumentError) as e:
        carc.tile_feature_flags('IC-1', 'r4')
    assert e.value.code == carc.E_NO_FEATURE
    with pytest.raises(carc.InvalidArgumentError) as e:
        carc.tile_feature_flags(87, 'c1')
    assert e.value.code == carc.E_UNKNOWN_TILE


def test_tile_feature_goods():
    by_kind = {carc.Goods.WINE: [], carc.Goods.GRAIN: [],
               carc.Goods.CLOTH: []}
    for t in TILE_NAMES:
        for f in carc.tile_features(t):
            g = carc.tile_feature_goods(t, f)
            if g != carc.Goods.NONE:
                by_kind[g].append(t)
    assert by_kind[carc.Goods.WINE] == ['TB-2', 'TB-4', 'TB-8', 'TB-12',
                                        'TB-13', 'TB-14', 'TB-15',
                                        'TB-18', 'TB-19']
    assert by_kind[carc.Goods.GRAIN] == ['TB-1', 'TB-5', 'TB-10', 'TB-17',
                                         'TB-21', 'TB-22']
    assert by_kind[carc.Goods.CLOTH] == ['TB-3', 'TB-6', 'TB-7', 'TB-9',
                                         'TB-11']
    assert carc.tile_feature_goods('TB-16', 'c1') is carc.Goods.NONE
    assert carc.tile_feature_goods('TB-1', 'f1') is carc.Goods.NONE
    with pytest.raises(carc.InvalidArgumentError) as e:
        carc.tile_feature_goods('TB-1', 'c3')
    assert e.value.code == carc.E_NO_FEATURE
    with pytest.raises(carc.InvalidArgumentError) as e:
        carc.tile_feature_goods('TB-25', 'c1')
    assert e.value.code == carc.E_UNKNOWN_TILE


def test_goods_and_the_end_goods_event():
    game = play_until(three_expansions(), lambda g: False)
    assert game.scores() == [22, 22]
    assert game.hash() == 0x86edae048be7dd89
    assert [[game.goods(p, k) for k in (carc.Goods.WINE, carc.Goods.GRAIN,
                                        carc.Goods.CLOTH)]
            for p in range(2)] == [[0, 1, 0], [0, 0, 0]]
    goods = [e for e in game.events() if e['type'] == carc.EventType.GOODS]
    assert goods == [{
        'type': carc.EventType.GOODS, 'feature_kind': None, 'x': 0,
        'y': 0, 'feature': None, 'tiles': 0, 'pennants': 0, 'cities': 0,
        'scorers': 1, 'points': [10, 0], 'figures': [0, 0],
        'building_points': [0, 0], 'phantom': [0, 0], 'wine': 0,
        'grain': 0, 'cloth': 0, 'goods_kind': carc.Goods.GRAIN,
        'tokens': [1, 0]}]
    h = game.hash()
    for player, kind in ((0, 0), (0, 4), (2, 1)):
        with pytest.raises(carc.InvalidArgumentError):
            game.goods(player, kind)
    assert game.goods(0, 'grain') == 1
    assert game.goods(1, 'wine') == 0
    with pytest.raises(carc.InvalidArgumentError) as e:
        game.goods(0, 'silk')
    assert 'wine, grain or cloth' in str(e.value)
    with pytest.raises(carc.InvalidArgumentError):
        game.goods(0, 'none')
    with pytest.raises(OverflowError):
        game.goods(-1, 1)
    assert game.hash() == h
    base = carc.Game(carc.Rules(), players=3, seed=2)
    assert [base.goods(p, k) for p in range(3) for k in (1, 2, 3)] == \
        [0] * 9


def test_builder_second_tile():
    assert int(carc.move_second_tile()) == 6
    assert str(carc.move_second_tile()) == 'second-tile'
    game = play_until(three_expansions(),
                      lambda g: g.phase() == carc.Phase.SECOND_TILE)
    assert len(game.history()) == 102
    assert game.current_player() == 0
    assert [str(m) for m in game.legal_moves()] == ['second-tile', 'pass']
    assert game.turn_part() is carc.TurnPart.FIRST_BUILDER
    declined = game.clone()
    h = game.hash()
    with pytest.raises(carc.IllegalMoveError):
        game.apply(carc.parse_move('place 5,5 r0'))
    assert game.hash() == h
    game.apply(carc.move_second_tile())
    assert (game.phase(), game.current_player(), game.current_tile()) == \
        (carc.Phase.PLACE_TILE, 0, 'P')
    assert game.turn_part() is carc.TurnPart.SECOND
    declined.apply(carc.move_pass())
    assert declined.turn_part() is carc.TurnPart.FIRST
    assert (declined.phase(), declined.current_player(),
            declined.current_tile()) == (carc.Phase.PLACE_TILE, 1, 'P')
    loaded = carc.Game.load(game.save())
    assert loaded.hash() == game.hash()


def test_turn_part():
    assert [int(p) for p in carc.TurnPart] == [0, 1, 2]
    game = carc.Game(carc.Rules(), players=2, seed=3)
    assert game.turn_part() is carc.TurnPart.FIRST
    while not game.is_over():
        game.apply(game.legal_moves()[0])
        assert game.turn_part() in (carc.TurnPart.FIRST, None)
    assert game.turn_part() is None
    # the second part's tile extends the road again: no third tile
    game = play_until(three_expansions(),
                      lambda g: g.phase() == carc.Phase.SECOND_TILE)
    game.apply(carc.move_second_tile())
    parts = []
    while game.current_player() == 0:
        parts.append(game.turn_part())
        game.apply(game.legal_moves()[0])
    assert set(parts) == {carc.TurnPart.SECOND}
    assert game.turn_part() is carc.TurnPart.FIRST


def test_large_follower_builder_pig_on_the_board():
    game = three_expansions()
    assert [game.supply(0, f) for f in (carc.Figure.LARGE_FOLLOWER,
                                        carc.Figure.BUILDER,
                                        carc.Figure.PIG)] == [1, 1, 1]
    play_until(game, lambda g: g.phase() == carc.Phase.SECOND_TILE)
    special = [(f.player, f.figure, f.x, f.y, f.feature)
               for f in game.figures() if f.figure != carc.Figure.FOLLOWER]
    assert special == [
        (0, carc.Figure.LARGE_FOLLOWER, 1, -2, 'f3'),
        (0, carc.Figure.BUILDER, 0, -6, 'r1'),
        (0, carc.Figure.PIG, -1, -4, 'f1'),
        (1, carc.Figure.LARGE_FOLLOWER, -1, -5, 'f2'),
        (1, carc.Figure.PIG, 0, -5, 'f2')]
    road = game.feature(0, -6, 'r1')
    assert (road.builders, road.pigs) == ([1, 0], [0, 0])
    assert game.feature(1, -2, 'f3').large_followers == [1, 0]
    # each pig in its field, with its player's large follower
    for x, y, f, p in ((-1, -4, 'f1', [1, 0]), (0, -5, 'f2', [0, 1])):
        field = game.feature(x, y, f)
        assert (field.pigs, field.large_followers, field.builders) == \
            (p, p, [0, 0])
    # the road's inn (IC-15 at -1,-6); a city with the cathedral of IC-1
    # (2,0) and the grain of TB-10 (1,1), named by either piece; a city
    # of two cloths (TB-7, TB-11); a completed city still counting the
    # grain its completion gave player 0
    for x, y, f, want in (
            (0, -6, 'r1', (carc.FeatureFlag.INN, 0, 0, 0, 5, False)),
            (2, 0, 'c1', (carc.FeatureFlag.CATHEDRAL, 0, 1, 0, 4, False)),
            (1, 1, 'c1', (carc.FeatureFlag.CATHEDRAL, 0, 1, 0, 4, False)),
            (2, 3, 'c1', (0, 0, 0, 2, 2, False)),
            (3, -2, 'c1', (0, 0, 1, 0, 4, True))):
        i = game.feature(x, y, f)
        assert (i.flags, i.wine, i.grain, i.cloth, i.tiles,
                i.complete) == want, (x, y, f)
    assert [game.goods(p, k) for p in range(2)
            for k in ('wine', 'grain', 'cloth')] == [0, 1, 0, 0, 0, 0]
    assert [[game.supply(p, f) for f in (carc.Figure.LARGE_FOLLOWER,
                                         carc.Figure.BUILDER,
                                         carc.Figure.PIG)]
            for p in range(2)] == [[0, 0, 0], [0, 1, 0]]
