# SPDX-License-Identifier: MIT
"""The Pythonic surface of the package (suite 'ffi', pytest): Move, the
enums and their library names, the legal-move and history views,
push/pop, the exception tree, bad input that must leave a game unchanged,
every function of the public header reachable from Python, and the
queries checked against independent facts (doc/users/rules.md's tile table, the
scores the games end with).  By hand:

    CARCASSONNE_LIBRARY=build/libcarcassonne.so \\
    python3 -m pytest -q test_api.py
"""
import copy
import os
import pickle
import random
import re
import subprocess
import sys

import pytest

import carcassonne as carc

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.normpath(os.path.join(HERE, '..', '..'))
HEADER_DIR = os.path.dirname(os.environ.get('CARCASSONNE_HEADER') or
                             os.path.join(SOURCE, 'include', 'carcassonne',
                                          'carcassonne.h'))
ALL = dict(phantom=True, crop_circles_i=True, crop_circles_ii=True,
           little_buildings=True)


def random_game(seed, rules=None, players=2, moves=None):
    """A game played with random moves from ``seed``: to the end, or
    ``moves`` moves."""
    rng = random.Random(seed)
    game = carc.Game(rules or carc.Rules(), players, seed)
    n = 0
    while not game.is_over() and (moves is None or n < moves):
        legal = game.legal_moves()
        game.push(legal[rng.randrange(len(legal))])
        n += 1
    return game


# ---------------------------------------------------------------------
# Move
# ---------------------------------------------------------------------

def test_move_is_the_library_value():
    m = carc.Move.place(1, -2, 3)
    assert isinstance(m, int) and type(m) is carc.Move
    assert m == 0xfffe000100030001          # doc/api/moves.md's example
    assert int(m) == carc.move_place(1, -2, 3)
    assert repr(m) == "Move('place 1,-2 r3')"
    assert str(m) == f'{m}' == 'place 1,-2 r3'
    assert f'{m:#x}' == '0xfffe000100030001' and f'{m:d}' == str(int(m))
    assert f'[{m:>15}]' == '[  place 1,-2 r3]' and f'{m:.5}' == 'place'
    assert carc.Move('place 1,-2 r3') == m == carc.Move(0xfffe000100030001)
    assert carc.Move.parse('deploy follower c1 at 1,-2') == \
        0xfffe000111000102
    assert carc.Move.PASS == 3 and str(carc.Move.PASS) == 'pass'
    assert carc.Move.crop(carc.CropChoice.REMOVE) == 0x204
    assert carc.Move.build('tower', 1, -2) == 0xfffe000100000302
    assert carc.Move.remove(carc.Figure.FOLLOWER, 1, -2, 'f1') == \
        0xfffe000131000105
    assert {m: 1}[0xfffe000100030001] == 1 and hash(m) == hash(int(m))
    assert sorted([carc.Move.PASS, m, carc.Move.crop(1)]) == \
        [3, 0x104, 0xfffe000100030001]
    assert copy.copy(m) is m and copy.deepcopy(m) is m
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        again = pickle.loads(pickle.dumps(m, protocol))
        assert type(again) is carc.Move and again == m


def test_move_properties():
    d = carc.Move.deploy('phantom', -3, 7, 'f2')
    assert (d.kind, d.x, d.y, d.rotation, d.figure, d.feature, d.choice) == \
        (carc.MoveKind.DEPLOY, -3, 7, 0, carc.Figure.PHANTOM,
         carc.Feature.F2, None)
    b = carc.Move.build('shed', 32767, -32768)
    assert (b.kind, b.x, b.y, b.figure, b.feature) == \
        (carc.MoveKind.DEPLOY, 32767, -32768, carc.Figure.SHED, None)
    c = carc.Move.crop(carc.CropChoice.DEPLOY)
    assert (c.kind, c.choice, c.figure, c.feature, c.x, c.y) == \
        (carc.MoveKind.CROP_CHOICE, carc.CropChoice.DEPLOY, None, None, 0, 0)
    p = carc.Move.PASS
    assert (p.kind, p.figure, p.feature, p.choice) == \
        (carc.MoveKind.PASS, None, None, None)


def test_move_properties_agree_with_the_library_on_every_legal_move():
    seen = set()
    for seed in range(12):
        if seen == set(carc.MoveKind):
            break
        game = carc.Game(carc.Rules(traders_builders=True, **ALL), 3, seed)
        rng = random.Random(seed)
        while not game.is_over():
            moves = game.legal_moves()
            for m in moves:
                assert type(m) is carc.Move
                assert carc.Move(str(m)) == m
                assert repr(m) == f'Move({carc.describe(m)!r})'
                assert m.kind == carc.move_kind(m)
                assert (m.x, m.y, m.rotation) == (
                    carc.move_x(m), carc.move_y(m), carc.move_rotation(m))
                assert (m.figure or m.choice or 0) == carc.move_figure(m)
                assert (m.feature or 0) == carc.move_feature(m)
                seen.add(m.kind)
            game.push(moves[rng.randrange(len(moves))])
    assert seen == set(carc.MoveKind)


def test_move_rejects_what_is_not_a_move():
    with pytest.raises(TypeError):
        carc.Move(1.5)
    with pytest.raises(TypeError):
        carc.Move(None)
    with pytest.raises(OverflowError):
        carc.Move(2 ** 64)
    with pytest.raises(OverflowError):
        carc.Move(-1)
    for bad in (0, 2 ** 64 - 1, 0x0306):     # none, junk, unused field
        with pytest.raises(carc.InvalidArgumentError) as e:
            carc.Move(bad)
        assert e.value.code == carc.ErrorCode.INVALID
        assert isinstance(e.value, ValueError)
    for text in ('Pass', 'place 0,0 r4', 'deploy follower c9 at 0,0', ''):
        with pytest.raises(carc.InvalidArgumentError):
            carc.Move(text)
    with pytest.raises(carc.InvalidArgumentError):
        carc.Move.place(0, 40000, 0)        # beyond int16
    with pytest.raises(carc.InvalidArgumentError):
        carc.Move.deploy('shed', 0, 0, 'c1')
    with pytest.raises(carc.InvalidArgumentError):
        carc.Move.deploy('dragon', 0, 0, 'c1')

# ---------------------------------------------------------------------
# Enums: the header's values (test_constants), the library's names
# ---------------------------------------------------------------------


@pytest.mark.parametrize('enum,name_of', [
    (carc.Phase, carc.phase_name), (carc.Figure, carc.figure_name),
    (carc.FeatureKind, carc.feature_kind_name),
    (carc.Feature, carc.feature_name), (carc.Tile, carc.tile_name),
    (carc.Option, carc.option_name)])
def test_enum_names_are_the_librarys(enum, name_of):
    for member in enum:
        word = name_of(member)
        assert member.word == word
        assert member.name == word.upper().replace('-', '_')
        assert enum.from_word(word) is member
    # the enum has every value the library names
    top = max(enum)
    for v in range(0, top + 2):
        if v not in set(enum):
            with pytest.raises(carc.InvalidArgumentError):
                name_of(v)
    with pytest.raises(carc.InvalidArgumentError):
        enum.from_word('no-such-name')


def test_option_value_enums_are_the_librarys():
    for enum, option in ((carc.FarmScoring, 'farm-scoring'),
                         (carc.LbScoring, 'lb-scoring'),
                         (carc.LbDistribution, 'lb-distribution')):
        assert {m.word: int(m) for m in enum} == carc.OPTION_VALUES[option]
    assert carc.LbScoring.from_word('321') is carc.LbScoring.THREE_TWO_ONE
    assert carc.LbScoring.THREE_TWO_ONE.word == '3-2-1'
    for m in carc.FarmScoring:
        assert m.name == m.word.upper().replace('-', '_')


def test_enums_are_ints_and_old_constants_remain():
    assert carc.PHASE_DEPLOY is carc.Phase.DEPLOY == 2
    assert carc.FIGURE_PHANTOM is carc.Figure.PHANTOM
    assert carc.E_PARSE is carc.ErrorCode.PARSE == -16
    assert carc.Feature.F3.kind is carc.FeatureKind.FIELD
    assert carc.RenderFlag.NO_LEGEND | carc.RenderFlag.FEATURE == 33


def test_option_info():
    for name, number in carc.OPTIONS.items():
        info = carc.option_info(name)
        assert info == carc.option_info(number)
        assert info.min <= info.default <= info.max
        assert carc.Rules().get(name) == info.default
        if info.type == carc.OptionType.SWITCH:
            assert (info.min, info.max) == (0, 1)
            assert carc.option_value_name(name, 1) == 'on'
        if info.type == carc.OptionType.CHOICE:
            for v in range(info.min, info.max + 1):
                word = carc.option_value_name(number, v)
                assert carc.option_value_from_name(number, word) == v
    assert carc.option_info('followers') == (carc.OptionType.NUMBER, 1, 15,
                                             7)
    assert carc.option_from_name('lb_zero_field') is \
        carc.Option.LB_ZERO_FIELD
    with pytest.raises(carc.InvalidArgumentError):
        carc.option_value_name('followers', 7)    # plain numbers
    with pytest.raises(carc.InvalidArgumentError) as e:
        carc.option_info('no-such-option')
    assert e.value.code == carc.ErrorCode.UNKNOWN_OPTION


def test_versions_of_package_and_library():
    # __version__ is the package's (meson's project version at build),
    # library_version the loaded C library's
    assert carc.__version__ == os.environ['CARCASSONNE_VERSION']
    assert carc.library_version == carc.version()
    major, minor, micro = map(int, carc.version().split('.'))
    assert carc.version_number() == major * 10000 + minor * 100 + micro
    assert carc.version_number() >= 300

# ---------------------------------------------------------------------
# Views, push and pop
# ---------------------------------------------------------------------


def test_legal_moves_view():
    game = carc.Game(carc.Rules(**ALL), 3, 4)
    rng = random.Random(4)
    while True:
        view = game.legal_moves
        moves = game.legal_moves()
        assert isinstance(moves, carc.MoveList)
        assert len(view) == len(moves) == view.count()
        assert list(view) == list(moves) == moves
        assert bool(view) == (len(moves) > 0)
        assert len(moves) <= game.legal_moves_max()
        for m in moves:
            assert m in view and m in moves and int(m) in view
        assert moves[-1] == moves[len(moves) - 1] if moves else True
        if game.is_over():
            break
        game.push(moves[rng.randrange(len(moves))])
        # the snapshot did not change with the game
        assert list(moves) != list(game.legal_moves) or not moves
    assert len(game.legal_moves) == 0 and not game.legal_moves
    assert game.legal_moves() == [] and game.legal_moves_max() == 0


def test_legal_moves_beyond_the_first_buffer():
    # a line of all-field tiles south of the start tile (the only side of
    # D they match): every tile k of it leaves (-1, k) and (1, k) open,
    # each in 4 rotations, more than the buffer a game starts with (256)
    game = carc.Game(carc.Rules(tiles={'*': 0, 'B': 70}), 2, 1)
    counts = []
    while len(game.tiles()) < 60 or game.phase() != carc.Phase.PLACE_TILE:
        if game.phase() == carc.Phase.PLACE_TILE:
            moves = game.legal_moves()
            counts.append(len(moves))
            south = max(moves, key=lambda m: (m.x == 0, m.y))
            assert (south.x, south.y) == (0, len(game.tiles()))
            game.push(south)
        else:
            game.push(carc.Move.PASS)
    moves = game.legal_moves()
    assert len(moves) == 4 * (2 * 59 + 1) == len(game.legal_moves)
    assert len(set(moves)) == len(moves) <= game.legal_moves_max()
    assert all(game.is_legal(m) for m in moves)
    assert counts[:3] == [4, 12, 20] and counts[-1] == 4 * (2 * 58 + 1)


def test_move_list():
    a = carc.MoveList([carc.Move.PASS, 0x104])
    assert a == [3, 0x104] and a == (3, 0x104) and a != [3]
    assert a[1] == carc.Move.crop(1) and type(a[1]) is carc.Move
    assert a[-1:] == [0x104] and isinstance(a[:1], carc.MoveList)
    assert 3 in a and 'pass' not in a and 5 not in a
    assert a.as_array().tolist() == [3, 0x104]
    assert a.as_array().typecode == 'Q' and a.as_array() is not a._a
    assert repr(a) == "MoveList([Move('pass'), Move('crop deploy')])"
    with pytest.raises(IndexError):
        a[2]
    with pytest.raises(TypeError):
        hash(a)
    with pytest.raises(TypeError):
        carc.MoveList([1.5])
    # membership is a question, not a command: no exception
    game = carc.Game()
    assert 'pass' not in game.legal_moves and -1 not in game.legal_moves
    assert 2 ** 64 not in game.legal_moves and None not in game.legal_moves
    assert carc.Move.PASS not in game.legal_moves


def test_history_view_push_and_pop():
    game = carc.Game(carc.Rules(**ALL), 2, 9)
    rng = random.Random(9)
    states = [(game.hash(), game.save())]
    while not game.is_over():
        moves = game.legal_moves()
        game.push(moves[rng.randrange(len(moves))])
        states.append((game.hash(), game.save()))
    played = game.history()
    assert len(game.history) == len(played) == len(states) - 1
    assert list(game.history) == played == game.history
    assert game.history[-1] == played[-1] and game.history[0] == played[0]
    assert game.history[2:5] == played[2:5]
    with pytest.raises(IndexError):
        game.history[len(played)]
    with pytest.raises(TypeError):
        game.history['0']
    # take every move back: each position is exactly as it was
    for i in range(len(played) - 1, -1, -1):
        assert game.pop() == played[i]
        assert (game.hash(), game.save()) == states[i]
        if i % 40 == 0:
            assert len(game.history) == i
    with pytest.raises(IndexError):
        game.pop()
    assert game.hash() == states[0][0]
    # undo() is pop()
    game.push(played[0])
    assert game.undo() == played[0] and len(game.history) == 0


def test_game_repr_and_with():
    with carc.Game(carc.Rules(), 3, 5) as game:
        text = repr(game)
        assert text.startswith('<Game 3 players, move 0, place-tile by '
                               'player 0 with tile ')
        assert text.endswith('scores [0, 0, 0]>')
        game.push(game.legal_moves()[0])
        assert 'move 1, deploy by player 0' in repr(game)
        assert repr(game.legal_moves).startswith(
            f'<LegalMoves ({len(game.legal_moves)}): ')
        assert repr(game.history) == f'History([{game.history[0]!r}])'
    assert game.closed and repr(game) == '<Game (closed)>'
    over = random_game(3)
    assert 'over, scores' in repr(over)


def test_rules_repr_equality_and_pickle():
    for rules in (carc.Rules(), carc.Rules(**ALL),
                  carc.Rules(farm_scoring='per-field-once', followers=5,
                             lb_scoring='3-2-1', tiles={'E': 1, 'X': 0})):
        again = eval(repr(rules), {'Rules': carc.Rules})
        assert again == rules and hash(again) == hash(rules)
        assert pickle.loads(pickle.dumps(rules)) == rules
    assert repr(carc.Rules()) == 'Rules()'
    assert carc.Rules() != carc.Rules(phantom=True)

# ---------------------------------------------------------------------
# Exceptions, and bad input that must leave the game unchanged
# ---------------------------------------------------------------------


def test_exception_tree():
    assert carc.CarcError is carc.CarcassonneError
    for cls in (carc.IllegalMoveError, carc.RecordError,
                carc.InvalidArgumentError):
        assert issubclass(cls, carc.CarcassonneError)
        assert issubclass(cls, ValueError)


def test_exceptions_pickle():
    # multiprocessing sends exceptions back by pickle
    errors = [carc.CarcassonneError(-2), carc.CarcassonneError(-15, 'x'),
              carc.InvalidArgumentError(-9, 'tile 99'),
              carc.IllegalMoveError(-3, carc.Move.PASS),
              carc.IllegalMoveError(-1, 2 ** 64 - 1),
              carc.RecordError(-16, 3, 4, 'unknown word'),
              carc.IllegalMoveError(-13, carc.Move.PASS,
                                    'not allowed by the rules in force: x')]
    for e in errors:
        again = pickle.loads(pickle.dumps(e))
        assert type(again) is type(e) and str(again) == str(e)
        assert again.code == e.code and again.code < 0
    again = pickle.loads(pickle.dumps(errors[3]))
    assert again.move == carc.Move.PASS and type(again.move) is carc.Move
    again = pickle.loads(pickle.dumps(errors[5]))
    assert (again.line, again.column, again.reason) == (3, 4,
                                                        'unknown word')
    assert str(errors[3]) == 'pass: ' + carc.strerror(-3)
    again = pickle.loads(pickle.dumps(errors[6]))
    assert again.reason == 'not allowed by the rules in force: x'
    assert str(again) == 'pass: not allowed by the rules in force: x'


def in_phase(phase, seed=6):
    """A random game (every expansion, Traders & Builders too) at
    ``phase``: the first seed from ``seed`` on whose game reaches it."""
    for s in range(seed, seed + 100):
        game = carc.Game(carc.Rules(traders_builders=True, **ALL), 3, s)
        rng = random.Random(s)
        while game.phase() != phase and not game.is_over():
            moves = game.legal_moves()
            game.push(moves[rng.randrange(len(moves))])
        if game.phase() == phase:
            return game
    raise AssertionError(f'no game reached {phase!r}')


@pytest.mark.parametrize('phase', [p for p in carc.Phase])
def test_moves_of_other_decision_points_are_refused(phase):
    game = in_phase(phase)
    legal = set(game.legal_moves())
    samples = [carc.Move.place(0, -1, 0), carc.Move.PASS,
               carc.Move.deploy('follower', 0, 0, 'c1'),
               carc.Move.deploy('phantom', 0, 0, 'f1'),
               carc.Move.build('tower', 0, 0), carc.Move.crop(1),
               carc.Move.remove('follower', 0, 0, 'r1')]
    before = (game.hash(), game.save())
    refused = 0
    for m in samples:
        if m in legal:
            continue
        with pytest.raises(carc.IllegalMoveError) as e:
            game.push(m)
        assert e.value.move == m and type(e.value.move) is carc.Move
        assert e.value.code < 0 and str(m) in str(e.value)
        if phase == carc.Phase.GAME_OVER:
            assert e.value.code == carc.ErrorCode.GAME_OVER
        elif m.kind != carc.MoveKind.PLACE and \
                phase == carc.Phase.PLACE_TILE:
            assert e.value.code == carc.ErrorCode.WRONG_PHASE
        assert (game.hash(), game.save()) == before
        refused += 1
    assert refused >= 4


def test_bad_input_leaves_the_game_unchanged():
    game = in_phase(carc.Phase.DEPLOY)
    before = (game.hash(), game.save())
    m = game.legal_moves()[0]
    cases = [
        # wrong types
        (TypeError, lambda: game.push(1.0 * m)),
        (TypeError, lambda: game.push(str(m))),
        (TypeError, lambda: game.push(None)),
        (TypeError, lambda: game.apply(True)),
        (TypeError, lambda: game.is_legal([m])),
        (TypeError, lambda: game.set_next_tile(4.0)),
        (TypeError, lambda: game.set_draw_order('EEE')),
        (TypeError, lambda: game.set_draw_order(None)),
        (TypeError, lambda: game.set_stack_order('EEE')),
        (TypeError, lambda: game.set_stack_order(None)),
        (TypeError, lambda: game.shuffle_stack('1')),
        (TypeError, lambda: game.feature(0, 0, 1.5)),
        (TypeError, lambda: game.svg(highlight=[0, 0, 'c1'])),
        (TypeError, lambda: game.svg(tile_size='big')),
        (TypeError, lambda: game.copy_from('game')),
        # out of range
        (OverflowError, lambda: game.push(2 ** 64 + m)),
        (OverflowError, lambda: game.push(-m)),
        (OverflowError, lambda: game.shuffle_stack(2 ** 64)),
        (OverflowError, lambda: game.score(-1)),
        (OverflowError, lambda: game.feature(2 ** 31, 0, 'c1')),
        (OverflowError, lambda: game.tile_at(0, -2 ** 31 - 1)),
        (OverflowError, lambda: game.svg(colours=[2 ** 24])),
        (ValueError, lambda: game.svg(colours=[0] * 7)),
        # values the library refuses
        (carc.InvalidArgumentError, lambda: game.score(3)),
        (carc.InvalidArgumentError, lambda: game.supply(0, 9)),
        (carc.InvalidArgumentError, lambda: game.feature(99, 99, 'c1')),
        (carc.InvalidArgumentError, lambda: game.feature(0, 0, 'c2')),
        (carc.InvalidArgumentError, lambda: game.feature_get(0, 0, 'r1',
                                                             0x105)),
        (carc.InvalidArgumentError, lambda: game.set_next_tile('Z')),
        (carc.InvalidArgumentError, lambda: game.svg(tile_size=8)),
        (carc.InvalidArgumentError,
         lambda: game.svg(highlight=(50, 50, 'c1'))),
        (carc.CarcassonneError, lambda: game.set_next_tile('E')),
        (carc.CarcassonneError, lambda: game.set_draw_order(['E'])),
        (carc.InvalidArgumentError, lambda: game.set_stack_order(['E'])),
        # moves
        (carc.IllegalMoveError, lambda: game.push(0)),
        (carc.IllegalMoveError, lambda: game.push(2 ** 64 - 1)),
        (carc.IllegalMoveError, lambda: game.push(carc.Move.place(9, 9, 0))),
    ]
    for expected, call in cases:
        with pytest.raises(expected):
            call()
        assert (game.hash(), game.save()) == before
    # a refused deploy carries the library's reason
    with pytest.raises(carc.IllegalMoveError) as e:
        game.push(carc.Move.deploy('follower', 5, 5, 'c1'))
    assert e.value.code == carc.ErrorCode.WRONG_TILE
    with pytest.raises(carc.IllegalMoveError) as e:
        game.push(0x0306)           # malformed: IllegalMoveError(INVALID)
    assert e.value.code == carc.ErrorCode.INVALID and e.value.move == 0x306
    assert (game.hash(), game.save()) == before


def test_damaged_records_and_pickles():
    game = random_game(2, carc.Rules(**ALL), moves=80)
    text = game.save()
    lines = text.split('\n')
    i = next(n for n, line in enumerate(lines) if ' place ' in line)
    bad = '\n'.join(lines[:i] + [lines[i].replace(' place ', ' plaice ')] +
                    lines[i + 1:])
    with pytest.raises(carc.RecordError) as e:
        carc.Game.load(bad)
    assert (e.value.line, e.value.column) == (i + 1, 4)
    assert e.value.code == carc.ErrorCode.PARSE
    assert str(e.value).startswith(f'{i + 1}:4: ')
    with pytest.raises(carc.RecordError) as e:
        carc.Game.load(text[:len(text) // 2])
    assert e.value.line > 0
    with pytest.raises(TypeError):
        carc.Game.load(['carcassonne-record 1'])
    data = pickle.dumps(game)
    with pytest.raises(carc.RecordError):
        pickle.loads(data.replace(b'players 2', b'players 0'))
    with pytest.raises(Exception):
        pickle.loads(data[:len(data) // 2])
    assert pickle.loads(data).hash() == game.hash()


def test_damaged_input_does_not_crash_the_interpreter():
    # in a child interpreter, so that a crash shows as its exit status:
    # thousands of damaged records and pickles, and moves of every kind
    # in every position of a game with all expansions
    code = r'''
import pickle, random
import carcassonne as carc
rules = carc.Rules(phantom=True, crop_circles_i=True, crop_circles_ii=True,
                   little_buildings=True)
game = carc.Game(rules, 3, 5)
rng = random.Random(5)
for _ in range(70):
    m = game.legal_moves()
    game.push(m[rng.randrange(len(m))])
text, data = game.save(), pickle.dumps(game)
outcomes = {}
for i in range(1500):
    b = bytearray(data if i % 2 else text.encode())
    for _ in range(rng.randrange(1, 4)):
        b[rng.randrange(len(b))] = rng.randrange(256)
    try:
        pickle.loads(bytes(b)) if i % 2 else carc.Game.load(bytes(b))
        outcome = 'loaded'
    except Exception as e:
        outcome = type(e).__name__
    outcomes[outcome] = outcomes.get(outcome, 0) + 1
before = game.hash()
for _ in range(3000):
    m = rng.getrandbits(64) & rng.choice([0xff, 0xffff, 0xffffffff,
                                          0xffff0000ffffffff, 2**64 - 1])
    try:
        if game.is_legal(m):
            continue
        game.push(m)
        raise SystemExit('an illegal move was played')
    except carc.IllegalMoveError:
        pass
assert game.hash() == before
print('RecordError' in outcomes, sum(outcomes.values()))
'''
    env = dict(os.environ)
    env['PYTHONPATH'] = os.pathsep.join(
        [os.path.dirname(os.path.dirname(os.path.abspath(carc.__file__)))] +
        ([env['PYTHONPATH']] if env.get('PYTHONPATH') else []))
    env.setdefault('CARCASSONNE_LIBRARY', carc.library_path)
    r = subprocess.run([sys.executable, '-c', code], env=env,
                       capture_output=True, text=True, timeout=300)
    assert (r.returncode, r.stderr) == (0, '')
    assert r.stdout == 'True 1500\n'

# ---------------------------------------------------------------------
# Every function of the public headers has a Python counterpart
# ---------------------------------------------------------------------

# header -> {C function: the Python name that reaches it}.  Modules of
# the package that wrap other headers add their own table here.
COUNTERPARTS = {
    'carcassonne.h': {
        'carc_version_string': 'version',
        'carc_version_number': 'version_number',
        'carc_strerror': 'strerror',
        'carc_tile_name': 'tile_name',
        'carc_tile_from_name': 'tile_from_name',
        'carc_tile_edge': 'tile_edge',
        'carc_tile_features': 'tile_features',
        'carc_tile_feature_sides': 'tile_feature_sides',
        'carc_tile_feature_pennants': 'tile_feature_pennants',
        'carc_tile_field_cities': 'tile_field_cities',
        'carc_tile_feature_flags': 'tile_feature_flags',
        'carc_tile_symbol': 'tile_symbol',
        'carc_feature_name': 'feature_name',
        'carc_feature_from_name': 'feature_from_name',
        'carc_tile_feature_point': 'tile_feature_point',
        'carc_tile_feature_shape': 'tile_feature_shape',
        'carc_tile_symbol_area': 'tile_symbol_area',
        'carc_rules_builder_new': 'Rules',
        'carc_rules_builder_set': 'Rules',
        'carc_rules_builder_set_tile_count': 'Rules',
        'carc_rules_builder_build': 'Rules',
        'carc_rules_builder_free': 'Rules',
        'carc_rules_ref': 'Game.rules',
        'carc_rules_unref': 'Rules.__del__',
        'carc_rules_get': 'Rules.get',
        'carc_rules_tile_count': 'Rules.tile_count',
        'carc_rules_default_tile_count': 'Rules.default_tile_count',
        'carc_option_name': 'option_name',
        'carc_option_from_name': 'option_from_name',
        'carc_option_info': 'option_info',
        'carc_option_value_name': 'option_value_name',
        'carc_option_value_from_name': 'option_value_from_name',
        'carc_option_is_expansion': 'option_is_expansion',
        'carc_option_explain': 'option_explain',
        'carc_figure_name': 'figure_name',
        'carc_figure_from_name': 'figure_from_name',
        'carc_feature_kind_name': 'feature_kind_name',
        'carc_feature_kind_from_name': 'feature_kind_from_name',
        'carc_phase_name': 'phase_name',
        'carc_phase_from_name': 'phase_from_name',
        'carc_move_parse': 'Move.parse',
        'carc_game_new': 'Game',
        'carc_game_clone': 'Game.clone',
        'carc_game_copy': 'Game.copy_from',
        'carc_game_free': 'Game.close',
        'carc_game_memory_size': 'Game.memory_size',
        'carc_game_rules': 'Game.rules',
        'carc_game_player_count': 'Game.players',
        'carc_game_phase': 'Game.phase',
        'carc_game_is_over': 'Game.is_over',
        'carc_game_current_player': 'Game.current_player',
        'carc_game_current_tile': 'Game.current_tile',
        'carc_game_legal_moves': 'LegalMoves.__call__',
        'carc_game_legal_moves_max': 'Game.legal_moves_max',
        'carc_game_is_legal': 'Game.is_legal',
        'carc_game_apply': 'Game.push',
        'carc_game_score': 'Game.score',
        'carc_game_supply': 'Game.supply',
        'carc_game_hash': 'Game.hash',
        'carc_game_remaining': 'Game.remaining',
        'carc_game_remaining_total': 'Game.remaining',
        'carc_game_set_draw_order': 'Game.set_draw_order',
        'carc_game_set_stack_order': 'Game.set_stack_order',
        'carc_game_set_next_tile': 'Game.set_next_tile',
        'carc_game_shuffle_stack': 'Game.shuffle_stack',
        'carc_game_sort_stack': 'Game.sort_stack',
        'carc_game_draw_counts': 'Game.draw_counts',
        'carc_game_reset': 'Game.reset',
        'carc_game_discard_count': 'Game.discards',
        'carc_game_discard_at': 'Game.discards',
        'carc_game_draw_order': 'Game.draw_order',
        'carc_game_drawn_count': 'Game.drawn_count',
        'carc_game_history_count': 'History.__len__',
        'carc_game_history_at': 'History.__getitem__',
        'carc_game_undo': 'Game.pop',
        'carc_game_tile_count': 'Game.tiles',
        'carc_game_tile_at': 'Game.tiles',
        'carc_game_tile_find': 'Game.tile_at',
        'carc_game_figure_count': 'Game.figures',
        'carc_game_figure_at': 'Game.figures',
        'carc_game_building_count': 'Game.buildings',
        'carc_game_building_at': 'Game.buildings',
        'carc_game_crop_action': 'Game.crop_action',
        'carc_game_turn_part': 'Game.turn_part',
        'carc_game_feature_is_complete': 'Game.feature_is_complete',
        'carc_game_feature_figures': 'Game.feature_figures',
        'carc_game_bounds': 'Game.bounds',
        'carc_game_feature_get': 'Game.feature',
        'carc_game_feature_piece_at': 'Game.feature_pieces',
        'carc_game_feature_city_at': 'Game.feature_cities',
        'carc_game_event_count': 'Game.events',
        'carc_game_event_get': 'Game.events',
        'carc_move_place': 'Move.place',
        'carc_move_deploy': 'Move.deploy',
        'carc_move_pass': 'Move.PASS',
        'carc_move_second_tile': 'move_second_tile',
        'carc_tile_feature_goods': 'tile_feature_goods',
        'carc_game_goods': 'Game.goods',
        'carc_move_build': 'Move.build',
        'carc_move_crop_choice': 'Move.crop',
        'carc_move_remove': 'Move.remove',
        'carc_move_kind': 'move_kind',
        'carc_move_x': 'move_x',
        'carc_move_y': 'move_y',
        'carc_move_rotation': 'move_rotation',
        'carc_move_figure': 'move_figure',
        'carc_move_feature': 'move_feature',
        'carc_move_describe': 'describe',
        'carc_game_save': 'Game.save',
        'carc_game_load': 'Game.load',
        'carc_game_render_svg': 'Game.svg',
        'carc_render_default_colour': 'render_default_colour',
        'carc_tile_describe_feature': 'tile_describe_feature',
        'carc_game_describe_feature': 'Game.describe_feature',
        'carc_game_explain_move': 'Game.explain_move',
        'carc_game_explain_refusal': 'Game.explain_refusal',
        'carc_game_describe_event': 'Game.describe_event',
    },
    'jcz.h': {
        'carc_jcz_import': 'Game.from_jcz',
        'carc_jcz_export': 'Game.to_jcz',
        # the reason of CarcassonneError(NOT_ALLOWED) from to_jcz()
        'carc_jcz_export_check': 'Game.to_jcz',
    },
}


def header_functions(path):
    """The functions a public header declares (as man-test.py reads
    them)."""
    with open(path) as f:
        text = f.read()
    return set(re.findall(r'^[a-z][^(;#]*?\b(carc_\w+)\(', text, re.M))


@pytest.mark.parametrize('header', sorted(COUNTERPARTS))
def test_every_header_function_has_a_python_counterpart(header):
    declared = header_functions(os.path.join(HEADER_DIR, header))
    assert len(declared) >= (90 if header == 'carcassonne.h' else 2)
    table = COUNTERPARTS[header]
    assert declared - set(table) == set(), \
        'functions without a Python counterpart: add them to the package'
    assert set(table) - declared == set()
    # the package's modules (the binding is split by concern)
    package = os.path.dirname(carc.__file__)
    source = ''
    for name in sorted(os.listdir(package)):
        if name.endswith('.py'):
            with open(os.path.join(package, name)) as f:
                source += f.read()
    for fn, python in table.items():
        obj = carc
        for part in python.split('.'):
            obj = getattr(obj, part)
        # declared with its types, and called by the package
        assert getattr(carc._L, fn).argtypes is not None, fn
        assert len(re.findall(r'\b' + fn + r'\b', source)) >= 2, fn

# ---------------------------------------------------------------------
# Tile geometry against doc/users/rules.md's table of the base tiles
# ---------------------------------------------------------------------

SIDES = {'N': 0, 'E': 1, 'S': 2, 'W': 3}
HALVES = {h: i for i, h in enumerate('NL NR EL ER SL SR WL WR'.split())}


def rules_table():
    """{tile: (edges, {feature: sides mask}, {city: pennants},
    {field: city mask}, monastery)} from doc/users/rules.md."""
    with open(os.path.join(SOURCE, 'doc', 'users', 'rules.md')) as f:
        text = f.read()
    out = {}
    row = re.compile(r'^\| ([A-X]) \| \d+ \| ([CRF ]{7}) \| (.*?) \| (.*?) '
                     r'\| (.*?) \|\s*(yes|)\s*\|$', re.M)
    for tile, edges, cities, roads, fields, monastery in row.findall(text):
        sides, pennants, field_cities = {}, {}, {}
        for part in cities.split(';'):
            m = re.match(r'\s*(c\d): ([NESW+]+)(, 1 pennant)?', part)
            if m:
                sides[m[1]] = sum(1 << SIDES[s] for s in m[2].split('+'))
                pennants[m[1]] = 1 if m[3] else 0
        for part in roads.split(';'):
            m = re.match(r'\s*(r\d): ([NESW+]+)', part)
            if m:
                sides[m[1]] = sum(1 << SIDES[s] for s in m[2].split('+'))
        for part in fields.split(';'):
            m = re.match(r'\s*(f\d): ([A-Z ]+?|all eight halves)'
                         r'(?: → (.*))?$', part.strip())
            if m:
                halves = (range(8) if m[2] == 'all eight halves'
                          else [HALVES[h] for h in m[2].split()])
                sides[m[1]] = sum(1 << h for h in halves)
                field_cities[m[1]] = sum(
                    1 << (int(c.strip()[1:]) - 1)
                    for c in (m[3] or '').split(',') if c.strip())
        out[tile] = (edges.split(), sides, pennants, field_cities,
                     monastery == 'yes')
    return out


def test_tiles_match_the_rules_table():
    table = rules_table()
    assert len(table) == 24
    kinds = {'C': carc.Edge.CITY, 'R': carc.Edge.ROAD, 'F': carc.Edge.FIELD}
    for tile, (edges, sides, pennants, cities, monastery) in table.items():
        assert [carc.tile_edge(tile, 0, s) for s in range(4)] == \
            [kinds[e] for e in edges], tile
        for r in range(4):     # a quarter turn moves side s to s + 1
            assert [carc.tile_edge(tile, r, (s + r) % 4)
                    for s in range(4)] == [kinds[e] for e in edges]
        features = carc.tile_features(tile)
        names = [f.word for f in features]
        assert names == sorted(sides, key=lambda n: (
            'crf'.index(n[0]), n)) + (['monastery'] if monastery else [])
        for name, mask in sides.items():
            assert carc.tile_feature_sides(tile, 0, name) == mask, \
                (tile, name)
            assert carc.tile_feature_pennants(tile, name) == \
                pennants.get(name, 0)
            assert carc.tile_field_cities(tile, name) == \
                cities.get(name, 0), (tile, name)
        if monastery:
            assert carc.tile_feature_sides(tile, 0, 'monastery') == 0
        assert carc.tile_symbol(tile) is carc.Symbol.NONE
        assert carc.tile_symbol_area(tile, 0) is None


def test_geometry_turns_with_the_tile():
    # a quarter turn maps (x, y) to (1000 - y, x) (carcassonne.h)
    for tile in range(carc.TILE_TYPES):
        for f in carc.tile_features(tile):
            x, y = carc.tile_feature_point(tile, 0, f)
            assert carc.tile_feature_point(tile, 1, f) == (1000 - y, x)
            shape = carc.tile_feature_shape(tile, 0, f)
            assert 3 <= len(shape) <= carc.SHAPE_MAX_POINTS
            assert all(0 <= c <= carc.TILE_UNITS for p in shape for c in p)
            turned = carc.tile_feature_shape(tile, 1, f)
            assert sorted(turned) == sorted((1000 - y, x)
                                            for x, y in shape)
        area = carc.tile_symbol_area(tile, 0)
        assert (area is None) == (carc.tile_symbol(tile) is
                                  carc.Symbol.NONE)
        if area is not None:
            x, y, r = area
            assert carc.tile_symbol_area(tile, 1) == (1000 - y, x, r)
    assert [carc.tile_symbol(t) for t in ('CCI-1', 'CCII-6')] == \
        [carc.Symbol.SHIELD, carc.tile_symbol(35)]
    with pytest.raises(carc.InvalidArgumentError):
        carc.tile_feature_point('E', 4, 'c1')
    with pytest.raises(carc.InvalidArgumentError):
        carc.tile_feature_shape('E', 0, 'r1')

# ---------------------------------------------------------------------
# Game queries against what the games score
# ---------------------------------------------------------------------


@pytest.mark.parametrize('seed', [1, 2, 3])
def test_events_add_up_to_the_scores(seed):
    # Every point is scored by an event: the points and building points
    # of all events of a game add up to the final scores (0.2 dropped
    # the building points).
    rules = carc.Rules(little_buildings=True, phantom=True,
                       lb_scoring='3-2-1')
    game = carc.Game(rules, 3, seed)
    rng = random.Random(seed)
    total = [0, 0, 0]
    building_points = 0
    while not game.is_over():
        moves = game.legal_moves()
        game.push(moves[rng.randrange(len(moves))])
        for ev in game.events():
            assert set(ev) == set(carc.Event.__annotations__)
            for p in range(3):
                total[p] += ev['points'][p] + ev['building_points'][p]
                building_points += ev['building_points'][p]
                if ev['points'][p] or ev['building_points'][p]:
                    assert ev['scorers'] >> p & 1
            assert ev['phantom'][p] <= ev['figures'][p]
    assert total == game.scores()
    assert building_points > 0


@pytest.mark.parametrize('farm_scoring', ['per-field', 'per-field-once'])
def test_final_events_equal_the_feature_queries(farm_scoring):
    game = random_game(11, carc.Rules(farm_scoring=farm_scoring), 2)
    events = game.events()
    assert len(events) > 3
    for ev in events:
        if ev['type'] == carc.EventType.COMPLETED:
            continue
        info = game.feature(ev['x'], ev['y'], ev['feature'])
        assert info.kind == ev['feature_kind']
        assert info.points == ev['points']
        assert info.scorers == ev['scorers']
        assert info.tiles == ev['tiles']
        assert len(game.feature_pieces(ev['x'], ev['y'], ev['feature'])) \
            == info.pieces
        if info.kind == carc.FeatureKind.FIELD:
            cities = game.feature_cities(ev['x'], ev['y'], ev['feature'])
            assert len(cities) == info.cities == ev['cities']
            for x, y, f in cities:
                assert game.feature_is_complete(x, y, f)
        for p in range(2):
            assert game.feature_get(ev['x'], ev['y'], ev['feature'],
                                    carc.FeatureAttr.POINTS + p) == \
                ev['points'][p]
            assert game.feature_figures(ev['x'], ev['y'], ev['feature'],
                                        p) == ev['figures'][p]


def test_board_queries():
    game = random_game(5, carc.Rules(**ALL), 2, moves=120)
    tiles = game.tiles()
    assert tiles[0] == (0, 0, 'D', 0) == game.tile_at(0, 0)
    for t in tiles:
        assert game.tile_at(t.x, t.y) == t
    xs, ys = [t.x for t in tiles], [t.y for t in tiles]
    assert game.bounds() == (min(xs), min(ys), max(xs), max(ys))
    assert game.tile_at(max(xs) + 1, 0) is None
    for f in game.figures():
        assert f.figure in (carc.Figure.FOLLOWER, carc.Figure.PHANTOM)
        assert game.feature_figures(f.x, f.y, f.feature, f.player) >= 1
    for b in game.buildings():
        assert b.figure in (carc.Figure.TOWER, carc.Figure.HOUSE,
                            carc.Figure.SHED)
        assert game.tile_at(b.x, b.y) is not None
    assert 0 < game.memory_size() < 16384
    assert carc.Game().memory_size() < 8192     # carcassonne.h


def test_set_stack_order_at_a_deployment():
    game = in_phase(carc.Phase.DEPLOY)
    order = game.draw_order()
    k = game.drawn_count()
    stack = order[k:]
    assert len(stack) == game.remaining() > 1
    before = (game.hash(), game.current_tile(), list(game.legal_moves()))
    game.set_stack_order(list(reversed(stack)))
    assert game.draw_order() == order[:k] + list(reversed(stack))
    assert (game.hash(), game.current_tile(),
            list(game.legal_moves())) == before
    assert game.phase() == carc.Phase.DEPLOY
    # a tile too few, and a tile type once too often
    other = next(t for t in stack if t != stack[0])
    for bad, code in ((stack[1:], carc.ErrorCode.INVALID),
                      (stack[1:] + [other], carc.ErrorCode.UNKNOWN_TILE)):
        with pytest.raises(carc.InvalidArgumentError) as e:
            game.set_stack_order(bad)
        assert e.value.code == code
        assert game.draw_order() == order[:k] + list(reversed(stack))
        assert game.hash() == before[0]
    # the next tile drawn is the new top of the stack
    while game.drawn_count() == k:
        game.push(game.legal_moves()[0])
    assert game.draw_order()[k] == stack[-1]


def test_draw_order_and_discards():
    game = carc.Game(carc.Rules(), 2, 3)
    order = game.draw_order()
    assert len(order) == 71 and game.drawn_count() == 1
    assert order[0] == game.current_tile()
    # a new order from now on: the reverse
    game.set_draw_order(list(reversed(order)))
    assert game.draw_order() == list(reversed(order))
    assert game.current_tile() == order[-1]
    with pytest.raises(carc.InvalidArgumentError):
        game.set_draw_order(order[1:])
    rng = random.Random(3)
    while not game.is_over():
        if game.phase() == carc.Phase.PLACE_TILE:
            assert game.drawn_count() == \
                len(game.tiles()) + len(game.discards())
        moves = game.legal_moves()
        game.push(moves[rng.randrange(len(moves))])
    assert game.drawn_count() == 71 == \
        len(game.tiles()) - 1 + len(game.discards())


def test_crop_action():
    game = in_phase(carc.Phase.CROP_CHOICE)
    assert game.crop_action() is None
    game.push(carc.Move.crop(carc.CropChoice.REMOVE))
    if game.phase() == carc.Phase.CROP_RESPONSE:
        assert game.crop_action() is carc.CropChoice.REMOVE


def test_svg_options():
    game = random_game(4, carc.Rules(), 2, moves=30)
    plain = game.svg()
    assert plain == game._repr_svg_()
    assert game.svg(legend=False) != plain
    assert game.svg(tile_size=40) != plain
    coloured = game.svg(colours=[0x123456])
    assert "fill='#123456'" in coloured and '#123456' not in plain
    assert game.svg(colours=[None, 0x123456]) != coloured
    f = game.figures()
    x, y, feature = (f[0].x, f[0].y, f[0].feature) if f else (0, 0, 'c1')
    assert game.svg(highlight=(x, y, feature)) != plain
    for flag in ('scores', 'labels'):
        assert game.svg(**{flag: False}) != plain
    for flag in ('last_move', 'placements'):
        assert game.svg(**{flag: True}) != plain


def test_reset_starts_the_seeded_game_in_place():
    game = carc.Game(players=3, seed=5)
    for _ in range(10):
        game.apply(game.legal_moves()[0])
    game.reset(9)
    fresh = carc.Game(players=3, seed=9)
    assert game.hash() == fresh.hash()
    assert game.draw_order() == fresh.draw_order()
    assert len(game.history) == 0
    with pytest.raises(OverflowError):
        game.reset(2 ** 64)
    assert game.hash() == fresh.hash()


def test_explain_refusal():
    # the pig where Red has no farmer, the builder on a road without his
    # thief: the rule in words, as tests/test-words.c has it; the
    # exception of apply() carries it
    game = carc.Game(carc.Rules(tiles={'*': 0, 'U': 2, 'B': 2},
                                traders_builders=1), 2, 1)
    game.set_draw_order(['U', 'B', 'U', 'B'])
    assert game.explain_refusal(carc.Move.place(1, 0, 0)) == ''
    assert game.explain_refusal(carc.Move.PASS) == (
        'move not allowed at this decision point: P0 is to place tile U '
        '(phase place-tile)')
    game.apply(carc.Move.place(1, 0, 0))
    h = game.hash()
    pig = carc.Move.deploy('pig', 1, 0, 'f1')
    why = ('not allowed by the rules in force: the pig goes only into a '
           'field of the tile just placed that holds one of your farmers')
    assert game.explain_refusal(pig) == why
    assert game.explain_refusal(int(pig)) == why
    assert game.explain_refusal(carc.Move.deploy('builder', 1, 0, 'r1')) == (
        'not allowed by the rules in force: the builder goes only onto a '
        'road or city of the tile just placed that holds one of your '
        'followers')
    with pytest.raises(carc.IllegalMoveError) as e:
        game.apply(pig)
    assert e.value.code == carc.E_NOT_ALLOWED
    assert e.value.reason == why
    assert str(e.value).endswith(': ' + why)
    assert game.hash() == h
    assert game.explain_refusal(0) == 'invalid argument'
    with pytest.raises(TypeError):
        game.explain_refusal('pass')
    with pytest.raises(OverflowError):
        game.explain_refusal(-1)


def test_words_of_features_moves_and_events():
    # D at 0,0; F at 0,-1 turned north-south with Red's knight; E closes
    # the city: the library's sentences, as tests/test-words.c has them
    game = carc.Game(carc.Rules(tiles={'*': 0, 'F': 1, 'E': 1, 'B': 1}),
                     2, 1)
    game.set_draw_order(['F', 'E', 'B'])
    assert (carc.tile_describe_feature('F', 1, 'c1') ==
            'the city on the north and south edges, with a pennant')
    assert (game.explain_move(carc.Move.place(0, -1, 1)) ==
            'place tile F at 0,-1, turned a quarter turn clockwise (r1)')
    game.apply(carc.Move.place(0, -1, 1))
    knight = carc.Move.deploy('follower', 0, -1, 'c1')
    assert (game.explain_move(knight) ==
            'put a follower on the city on the north and south edges at '
            '0,-1, with a pennant: 2 tiles, 1 pennant, 1 open side, worth '
            '3 as it stands')
    game.apply(knight)
    assert (game.describe_feature(0, 0, 'c1') ==
            'the city on the north edge at 0,0: 2 tiles, 1 pennant, 1 open '
            'side, worth 3 as it stands; taken by P0')
    game.apply(carc.Move.place(0, -2, 2))
    assert game.explain_move(carc.Move.PASS) == \
        'pass: put no figure on the tile'
    game.apply(carc.Move.PASS)
    assert [game.describe_event(i) for i in range(len(game.events()))] == \
        ['the city at 0,-2, completed with 3 tiles: P0 scores 8']
    # bad input: the library's errors, the game unchanged
    h = game.hash()
    with pytest.raises(carc.InvalidArgumentError):
        game.describe_event(1)
    with pytest.raises(carc.CarcassonneError):
        game.describe_feature(5, 5, 'c1')
    with pytest.raises(carc.CarcassonneError):
        game.explain_move(carc.Move.deploy('follower', 0, 0, 'c2'))
    with pytest.raises(carc.InvalidArgumentError):
        game.explain_move(0)
    with pytest.raises(carc.InvalidArgumentError):
        carc.tile_describe_feature('D', 4, 'c1')
    with pytest.raises(TypeError):
        game.describe_feature(0, 0, 1.5)
    assert game.hash() == h


def _tile_number(name):
    return int(carc.Tile[name.replace('-', '_')])


def test_sort_stack_and_draw_counts_with_the_river():
    game = carc.Game(carc.Rules(river=True), 2, 5)
    order = game.draw_order()
    assert order[0].startswith('RI-') and game.current_tile() == order[0]
    # the ten river tiles of the course, the tile in hand among them; the
    # lake and the rest of the stack are not part of this draw
    counts = game.draw_counts()
    assert sum(counts.values()) == 10
    assert set(counts) == {t for t in order[:10]}
    assert all(t.startswith('RI-') and t != 'RI-2' for t in counts)
    before = game.hash()
    game.sort_stack()
    after = game.draw_order()
    # the river part sorted, the lake kept in its place, the rest sorted
    assert after[0] == order[0]
    assert after[1:10] == sorted(order[1:10], key=_tile_number)
    assert after[10] == 'RI-2'
    assert after[11:] == sorted(order[11:], key=_tile_number)
    assert game.hash() == before
    # every type counted can be taken in hand, no other
    for t in carc.Tile:
        probe = game.clone()
        if t.name.replace('_', '-') in counts:
            probe.set_next_tile(t)
        elif probe.remaining(t) > 0:
            with pytest.raises(carc.CarcassonneError) as e:
                probe.set_next_tile(t)
            assert e.value.code == carc.ErrorCode.NOT_ALLOWED


def test_draw_counts_refused_outside_a_placement():
    game = in_phase(carc.Phase.DEPLOY)
    before = game.hash()
    with pytest.raises(carc.CarcassonneError) as e:
        game.draw_counts()
    assert e.value.code == carc.ErrorCode.WRONG_PHASE
    assert game.hash() == before
