# SPDX-License-Identifier: MIT
"""Python binding of libcarcassonne, on ctypes and the standard library.

    >>> import carcassonne as carc
    >>> rules = carc.Rules(phantom=True, farm_scoring='per-city')
    >>> game = carc.Game(rules, players=2, seed=1)
    >>> while not game.is_over():
    ...     game.apply(game.legal_moves()[0])
    >>> game.scores()
    [..., ...]
    >>> text = game.save()
    >>> same = carc.Game.load(text)
    >>> same.hash() == game.hash()
    True

Errors of the library raise :class:`CarcError`, whose ``code`` is the
library's (negative) status and whose message is ``carc_strerror(code)``;
:class:`RecordError` adds the line and column of a bad game record.

The shared library is found, in this order, through the environment
variable ``CARCASSONNE_LIBRARY`` (a path), ``ctypes.util.find_library``,
the build directories next to the source tree (``build*/``), and finally
the plain soname ``libcarcassonne.so.0`` (an installed library).
"""

import ctypes
import ctypes.util
import glob
import os

__all__ = [
    'CarcError', 'RecordError', 'Rules', 'Game', 'library',
    'tile_name', 'tile_from_name', 'feature_name', 'feature_from_name',
    'move_place', 'move_deploy', 'move_build', 'move_pass',
    'move_crop_choice', 'move_remove', 'move_kind', 'move_x', 'move_y',
    'move_rotation', 'move_figure', 'move_feature', 'describe',
    'strerror', 'version',
]

# ---------------------------------------------------------------------
# Constants of carcassonne.h (the values are part of the ABI)
# ---------------------------------------------------------------------

OK = 0
E_INVALID = -1
E_NOMEM = -2
E_WRONG_PHASE = -3
E_NOT_ADJACENT = -4
E_EDGE_MISMATCH = -5
E_POSITION_TAKEN = -6
E_FEATURE_OCCUPIED = -7
E_NO_MEEPLE = -8
E_UNKNOWN_TILE = -9
E_GAME_OVER = -10
E_NO_FEATURE = -11
E_WRONG_TILE = -12
E_NOT_ALLOWED = -13
E_UNKNOWN_OPTION = -14
E_NOT_FOUND = -15
E_PARSE = -16

PHASE_PLACE_TILE = 1
PHASE_DEPLOY = 2
PHASE_PHANTOM = 3
PHASE_CROP_CHOICE = 4
PHASE_CROP_RESPONSE = 5
PHASE_GAME_OVER = 6

MOVE_PLACE = 1
MOVE_DEPLOY = 2
MOVE_PASS = 3
MOVE_CROP_CHOICE = 4
MOVE_REMOVE = 5

FIGURE_FOLLOWER = 1
FIGURE_PHANTOM = 2
FIGURE_TOWER = 3
FIGURE_HOUSE = 4
FIGURE_SHED = 5

CROP_DEPLOY = 1
CROP_REMOVE = 2

TILE_TYPES = 36

#: Rule options: name (as in game records, with '-' or '_') -> number.
OPTIONS = {
    'farm-scoring': 1, 'farmers': 2, 'small-city': 3, 'followers': 4,
    'phantom': 5, 'crop-circles-i': 6, 'crop-circles-ii': 7,
    'little-buildings': 8, 'lb-scoring': 9, 'lb-distribution': 10,
    'lb-zero-field': 11, 'lb-per-city-fields': 12, 'crop-deploy-any': 13,
    'crop-deploy-mandatory': 14, 'crop-phantom': 15,
    'crop-after-phantom': 16,
}

#: Named values of the enumerated options.
OPTION_VALUES = {
    'farm-scoring': {'per-field': 0, 'per-city': 1, 'per-field-once': 2},
    'lb-scoring': {'standard': 0, '3-2-1': 1, '321': 1},
    'lb-distribution': {'rules': 0, 'jcz': 1},
}

# ---------------------------------------------------------------------
# Loading the library
# ---------------------------------------------------------------------


def _candidates():
    env = os.environ.get('CARCASSONNE_LIBRARY')
    if env:
        yield env
    found = ctypes.util.find_library('carcassonne')
    if found:
        yield found
    here = os.path.dirname(os.path.abspath(__file__))
    top = os.path.normpath(os.path.join(here, '..', '..', '..'))
    for pattern in ('build*/libcarcassonne.so*', '*/libcarcassonne.so*',
                    'build*/libcarcassonne*.dylib',
                    'build*/carcassonne*.dll'):
        yield from sorted(glob.glob(os.path.join(top, pattern)))
    yield 'libcarcassonne.so.0'
    yield 'libcarcassonne.dylib'


def _load():
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            errors.append(f'{path}: {e}')
    raise ImportError('libcarcassonne not found; set CARCASSONNE_LIBRARY '
                      'to its path (' + '; '.join(errors) + ')')


library = _load()
_L = library

_c_int, _u32, _i32, _u64 = (ctypes.c_int, ctypes.c_uint32, ctypes.c_int32,
                            ctypes.c_uint64)
_size, _cp, _vp = ctypes.c_size_t, ctypes.c_char_p, ctypes.c_void_p
_P = ctypes.POINTER


def _proto(name, restype, *argtypes):
    f = getattr(_L, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


_proto('carc_version_string', _cp)
_proto('carc_version_number', _u32)
_proto('carc_strerror', _cp, _c_int)
_proto('carc_tile_name', _cp, _u32)
_proto('carc_tile_from_name', _c_int, _cp)
_proto('carc_tile_edge', _c_int, _u32, _u32, _u32)
_proto('carc_tile_features', _c_int, _u32, _P(_u32), _size)
_proto('carc_tile_feature_sides', _c_int, _u32, _u32, _u32)
_proto('carc_tile_symbol', _c_int, _u32)
_proto('carc_feature_name', _cp, _u32)
_proto('carc_feature_from_name', _c_int, _cp)
_proto('carc_rules_builder_new', _c_int, _P(_vp))
_proto('carc_rules_builder_set', _c_int, _vp, _u32, _i32)
_proto('carc_rules_builder_set_tile_count', _c_int, _vp, _u32, _u32)
_proto('carc_rules_builder_build', _c_int, _vp, _P(_vp))
_proto('carc_rules_builder_free', None, _vp)
_proto('carc_rules_unref', None, _vp)
_proto('carc_rules_get', _c_int, _vp, _u32, _P(_i32))
_proto('carc_rules_tile_count', _c_int, _vp, _u32)
_proto('carc_game_new', _c_int, _vp, _u32, _u64, _P(_vp))
_proto('carc_game_clone', _c_int, _vp, _P(_vp))
_proto('carc_game_copy', _c_int, _vp, _vp)
_proto('carc_game_free', None, _vp)
_proto('carc_game_rules', _vp, _vp)
_proto('carc_game_player_count', _c_int, _vp)
_proto('carc_game_phase', _c_int, _vp)
_proto('carc_game_is_over', _c_int, _vp)
_proto('carc_game_current_player', _c_int, _vp)
_proto('carc_game_current_tile', _c_int, _vp)
_proto('carc_game_legal_moves', _c_int, _vp, _P(_u64), _size)
_proto('carc_game_is_legal', _c_int, _vp, _u64)
_proto('carc_game_apply', _c_int, _vp, _u64)
_proto('carc_game_score', _c_int, _vp, _u32)
_proto('carc_game_supply', _c_int, _vp, _u32, _u32)
_proto('carc_game_hash', _u64, _vp)
_proto('carc_game_remaining', _c_int, _vp, _u32)
_proto('carc_game_remaining_total', _c_int, _vp)
_proto('carc_game_set_next_tile', _c_int, _vp, _u32)
_proto('carc_game_shuffle_stack', _c_int, _vp, _u64)
_proto('carc_game_history_count', _c_int, _vp)
_proto('carc_game_history_at', _c_int, _vp, _u32, _P(_u64))
_proto('carc_game_tile_count', _c_int, _vp)
_proto('carc_game_tile_at', _c_int, _vp, _u32, _P(_i32), _P(_i32),
       _P(_u32), _P(_u32))
_proto('carc_game_tile_find', _c_int, _vp, _i32, _i32)
_proto('carc_game_figure_count', _c_int, _vp)
_proto('carc_game_figure_at', _c_int, _vp, _u32, _P(_u32), _P(_u32),
       _P(_i32), _P(_i32), _P(_u32))
_proto('carc_game_building_count', _c_int, _vp)
_proto('carc_game_building_at', _c_int, _vp, _u32, _P(_i32), _P(_i32),
       _P(_u32))
_proto('carc_game_event_count', _c_int, _vp)
_proto('carc_game_event_get', _c_int, _vp, _u32, _u32, _P(_i32))
_proto('carc_game_save', _c_int, _vp, _cp, _size)
_proto('carc_game_load', _c_int, _cp, _size, _P(_vp), _P(_u32), _P(_u32),
       _cp, _size)
_proto('carc_move_place', _u64, _i32, _i32, _u32)
_proto('carc_move_deploy', _u64, _u32, _i32, _i32, _u32)
_proto('carc_move_build', _u64, _u32, _i32, _i32)
_proto('carc_move_pass', _u64)
_proto('carc_move_crop_choice', _u64, _u32)
_proto('carc_move_remove', _u64, _u32, _i32, _i32, _u32)
_proto('carc_move_kind', _u32, _u64)
_proto('carc_move_x', _i32, _u64)
_proto('carc_move_y', _i32, _u64)
_proto('carc_move_rotation', _u32, _u64)
_proto('carc_move_figure', _u32, _u64)
_proto('carc_move_feature', _u32, _u64)
_proto('carc_move_describe', _c_int, _u64, _cp, _size)

# ---------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------


def strerror(code):
    """The library's English text for a status code."""
    return _L.carc_strerror(code).decode()


class CarcError(Exception):
    """A failed library call.  ``code`` is the negative CARC_E_* value."""

    def __init__(self, code, detail=None):
        self.code = code
        text = strerror(code)
        super().__init__(f'{detail}: {text}' if detail else text)


class RecordError(CarcError):
    """A game record that does not load: ``line``, ``column`` (0 when no
    single word is at fault) and the loader's ``reason``."""

    def __init__(self, code, line, column, reason):
        self.line = line
        self.column = column
        self.reason = reason
        Exception.__init__(self, f'{line}:{column}: {reason}')
        self.code = code


def _check(rc, detail=None):
    if rc < 0:
        raise CarcError(rc, detail)
    return rc


def version():
    return _L.carc_version_string().decode()

# ---------------------------------------------------------------------
# Tiles, features and moves
# ---------------------------------------------------------------------


def tile_name(tile):
    name = _L.carc_tile_name(tile)
    if name is None:
        raise CarcError(E_UNKNOWN_TILE, f'tile {tile}')
    return name.decode()


def tile_from_name(name):
    return _check(_L.carc_tile_from_name(name.encode()), name)


def feature_name(feature):
    name = _L.carc_feature_name(feature)
    if name is None:
        raise CarcError(E_INVALID, f'feature {feature}')
    return name.decode()


def feature_from_name(name):
    return _check(_L.carc_feature_from_name(name.encode()), name)


def _feature(f):
    return feature_from_name(f) if isinstance(f, str) else f


def _move(m, what):
    if m == 0:
        raise CarcError(E_INVALID, what)
    return m


def move_place(x, y, rotation):
    return _move(_L.carc_move_place(x, y, rotation), 'place')


def move_deploy(figure, x, y, feature):
    return _move(_L.carc_move_deploy(figure, x, y, _feature(feature)),
                 'deploy')


def move_build(figure, x, y):
    return _move(_L.carc_move_build(figure, x, y), 'build')


def move_pass():
    return _L.carc_move_pass()


def move_crop_choice(choice):
    return _move(_L.carc_move_crop_choice(choice), 'crop choice')


def move_remove(figure, x, y, feature):
    return _move(_L.carc_move_remove(figure, x, y, _feature(feature)),
                 'remove')


move_kind = _L.carc_move_kind
move_x = _L.carc_move_x
move_y = _L.carc_move_y
move_rotation = _L.carc_move_rotation
move_figure = _L.carc_move_figure
move_feature = _L.carc_move_feature


def describe(move):
    """The library's words for a move, e.g. 'place 1,-2 r3'."""
    buf = ctypes.create_string_buffer(96)
    n = _check(_L.carc_move_describe(move, buf, len(buf)), hex(move))
    if n >= len(buf):
        buf = ctypes.create_string_buffer(n + 1)
        _L.carc_move_describe(move, buf, len(buf))
    return buf.value.decode()

# ---------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------


def _option_number(name):
    if isinstance(name, int):
        return name, None
    key = name.replace('_', '-')
    if key not in OPTIONS:
        raise CarcError(E_UNKNOWN_OPTION, name)
    return OPTIONS[key], key


def _option_value(key, value):
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, str):
        table = OPTION_VALUES.get(key, {'on': 1, 'off': 0})
        if value not in table:
            raise CarcError(E_INVALID, f'{key} {value}')
        return table[value]
    return int(value)


class Rules:
    """Immutable rules, built from keyword options and tile counts.

    ``Rules(phantom=True, farm_scoring='per-city', tiles={'E': 1})``.
    Option names are those of game records, with '_' for '-'; values are
    ints, bools or the record's words ('per-city', '3-2-1', 'jcz').
    ``tiles`` maps tile names (or numbers) to stack counts; the key '*'
    sets every type first.
    """

    def __init__(self, options=None, tiles=None, **kw):
        builder = _vp()
        _check(_L.carc_rules_builder_new(ctypes.byref(builder)))
        try:
            merged = dict(options or {})
            merged.update(kw)
            for name, value in merged.items():
                number, key = _option_number(name)
                _check(_L.carc_rules_builder_set(
                    builder, number, _option_value(key, value)), str(name))
            tiles = dict(tiles or {})
            if '*' in tiles:
                count = tiles.pop('*')
                for t in range(TILE_TYPES):
                    _check(_L.carc_rules_builder_set_tile_count(
                        builder, t, count))
            for t, count in tiles.items():
                number = tile_from_name(t) if isinstance(t, str) else t
                _check(_L.carc_rules_builder_set_tile_count(
                    builder, number, count), str(t))
            handle = _vp()
            _check(_L.carc_rules_builder_build(builder, ctypes.byref(handle)))
        finally:
            _L.carc_rules_builder_free(builder)
        self._h = handle

    def __del__(self):
        h, self._h = getattr(self, '_h', None), None
        if h and _L is not None:
            _L.carc_rules_unref(h)

    def get(self, option):
        number, _ = _option_number(option)
        v = _i32()
        _check(_L.carc_rules_get(self._h, number, ctypes.byref(v)),
               str(option))
        return v.value

    def tile_count(self, tile):
        number = tile_from_name(tile) if isinstance(tile, str) else tile
        return _check(_L.carc_rules_tile_count(self._h, number))

# ---------------------------------------------------------------------
# Games
# ---------------------------------------------------------------------


class Game:
    """A game in progress; wraps a struct carc_game (one owner)."""

    def __init__(self, rules=None, players=2, seed=0, _handle=None):
        if _handle is not None:
            self._h = _handle
        else:
            if rules is None:
                rules = Rules()
            h = _vp()
            _check(_L.carc_game_new(rules._h, players, seed,
                                    ctypes.byref(h)))
            self._h = h
        self._moves = (ctypes.c_uint64 * 512)()

    def __del__(self):
        h, self._h = getattr(self, '_h', None), None
        if h and _L is not None:
            _L.carc_game_free(h)

    # -- copies and records --

    def clone(self):
        h = _vp()
        _check(_L.carc_game_clone(self._h, ctypes.byref(h)))
        return Game(_handle=h)

    def copy_from(self, other):
        _check(_L.carc_game_copy(self._h, other._h))

    def save(self):
        """The game record (doc/record-format.md) as a str."""
        n = _check(_L.carc_game_save(self._h, None, 0))
        buf = ctypes.create_string_buffer(n + 1)
        _check(_L.carc_game_save(self._h, buf, n + 1))
        return buf.value.decode('ascii')

    @classmethod
    def load(cls, text):
        """Load a game record; raises RecordError for a bad one."""
        data = text.encode() if isinstance(text, str) else bytes(text)
        h = _vp()
        line, col = _u32(), _u32()
        msg = ctypes.create_string_buffer(256)
        rc = _L.carc_game_load(data, len(data), ctypes.byref(h),
                               ctypes.byref(line), ctypes.byref(col), msg,
                               len(msg))
        if rc < 0:
            raise RecordError(rc, line.value, col.value,
                              msg.value.decode(errors='replace'))
        return cls(_handle=h)

    # -- moves --

    def legal_moves(self):
        n = _check(_L.carc_game_legal_moves(self._h, self._moves,
                                            len(self._moves)))
        if n > len(self._moves):
            self._moves = (ctypes.c_uint64 * n)()
            n = _check(_L.carc_game_legal_moves(self._h, self._moves, n))
        return list(self._moves[:n])

    def is_legal(self, move):
        return _check(_L.carc_game_is_legal(self._h, move)) == 1

    def apply(self, move):
        _check(_L.carc_game_apply(self._h, move), describe_or_hex(move))

    def history(self):
        n = _check(_L.carc_game_history_count(self._h))
        out, m = [], _u64()
        for i in range(n):
            _check(_L.carc_game_history_at(self._h, i, ctypes.byref(m)))
            out.append(m.value)
        return out

    def set_next_tile(self, tile):
        number = tile_from_name(tile) if isinstance(tile, str) else tile
        _check(_L.carc_game_set_next_tile(self._h, number))

    def shuffle_stack(self, seed):
        _check(_L.carc_game_shuffle_stack(self._h, seed))

    # -- queries --

    def players(self):
        return _check(_L.carc_game_player_count(self._h))

    def phase(self):
        return _check(_L.carc_game_phase(self._h))

    def is_over(self):
        return _check(_L.carc_game_is_over(self._h)) == 1

    def current_player(self):
        return _check(_L.carc_game_current_player(self._h))

    def current_tile(self):
        """Name of the tile in hand (or just placed); None at the end."""
        t = _L.carc_game_current_tile(self._h)
        return None if t == E_GAME_OVER else tile_name(_check(t))

    def score(self, player):
        return _check(_L.carc_game_score(self._h, player))

    def scores(self):
        return [self.score(p) for p in range(self.players())]

    def supply(self, player, figure=FIGURE_FOLLOWER):
        return _check(_L.carc_game_supply(self._h, player, figure))

    def hash(self):
        return _L.carc_game_hash(self._h)

    def remaining(self, tile=None):
        if tile is None:
            return _check(_L.carc_game_remaining_total(self._h))
        number = tile_from_name(tile) if isinstance(tile, str) else tile
        return _check(_L.carc_game_remaining(self._h, number))

    def tiles(self):
        """[(x, y, tile name, rotation)] in placement order."""
        out = []
        x, y, t, r = _i32(), _i32(), _u32(), _u32()
        for i in range(_check(_L.carc_game_tile_count(self._h))):
            _check(_L.carc_game_tile_at(self._h, i, ctypes.byref(x),
                                        ctypes.byref(y), ctypes.byref(t),
                                        ctypes.byref(r)))
            out.append((x.value, y.value, tile_name(t.value), r.value))
        return out

    def figures(self):
        """[(player, figure, x, y, feature name)]."""
        out = []
        p, f, x, y, feat = _u32(), _u32(), _i32(), _i32(), _u32()
        for i in range(_check(_L.carc_game_figure_count(self._h))):
            _check(_L.carc_game_figure_at(
                self._h, i, ctypes.byref(p), ctypes.byref(f),
                ctypes.byref(x), ctypes.byref(y), ctypes.byref(feat)))
            out.append((p.value, f.value, x.value, y.value,
                        feature_name(feat.value)))
        return out

    def buildings(self):
        """[(x, y, figure)] in the order they were built."""
        out = []
        x, y, f = _i32(), _i32(), _u32()
        for i in range(_check(_L.carc_game_building_count(self._h))):
            _check(_L.carc_game_building_at(self._h, i, ctypes.byref(x),
                                            ctypes.byref(y),
                                            ctypes.byref(f)))
            out.append((x.value, y.value, f.value))
        return out

    def events(self):
        """Scoring events of the last apply, as dicts."""
        out = []
        v = _i32()
        n_players = self.players()
        names = {1: 'type', 2: 'feature_kind', 3: 'x', 4: 'y',
                 5: 'feature', 6: 'tiles', 7: 'pennants', 8: 'cities',
                 9: 'scorers'}
        for i in range(_check(_L.carc_game_event_count(self._h))):
            ev = {}
            for attr, name in names.items():
                _check(_L.carc_game_event_get(self._h, i, attr,
                                              ctypes.byref(v)))
                ev[name] = v.value
            ev['points'] = []
            for p in range(n_players):
                _check(_L.carc_game_event_get(self._h, i, 0x100 + p,
                                              ctypes.byref(v)))
                ev['points'].append(v.value)
            out.append(ev)
        return out


def describe_or_hex(move):
    try:
        return describe(move)
    except CarcError:
        return hex(move)
