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

No argument can crash the interpreter: every integer is checked before it
reaches the library (TypeError for a non-integer, OverflowError outside
the C type's range), strings and mappings are type-checked, and every
Game has a lock taken around each library call, so a game shared by
threads is used by one of them at a time.  ``copy.copy``/``deepcopy``
clone a game; ``pickle`` stores its game record.  ``Game.close()`` (or
``with Game(...) as game:``) frees a game early; a closed game raises
ValueError.

The shared library is found, in this order: the copy bundled in the
package directory (a wheel built by pip puts it there), the environment
variable ``CARCASSONNE_LIBRARY`` (a path), ``ctypes.util.find_library``,
the build directories next to the source tree (``build*/``; a sanitizer
build only when its runtime is already loaded), and finally the plain
soname ``libcarcassonne.so.0`` (an installed library).
``library_path`` says which one was loaded.
"""

import ctypes
import ctypes.util
import glob
import operator
import os
import threading

__all__ = [
    'CarcError', 'RecordError', 'Rules', 'Game', 'library',
    'tile_name', 'tile_from_name', 'feature_name', 'feature_from_name',
    'move_place', 'move_deploy', 'move_build', 'move_pass',
    'move_crop_choice', 'move_remove', 'move_kind', 'move_x', 'move_y',
    'move_rotation', 'move_figure', 'move_feature', 'describe',
    'strerror', 'version', 'describe_or_hex', 'parse_move', 'option_name',
    'OPTIONS', 'OPTION_VALUES',
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

# ---------------------------------------------------------------------
# Loading the library
# ---------------------------------------------------------------------


# Runtimes that must be loaded before anything else: a library built with
# AddressSanitizer (or ThreadSanitizer, MemorySanitizer) that is dlopen()ed
# into a process without its runtime ends the process at once.
_EARLY_RUNTIMES = (b'libasan.so', b'libtsan.so', b'libmsan.so',
                   b'libclang_rt.asan', b'libclang_rt.tsan',
                   b'libclang_rt.msan')


def _runtimes_loaded():
    try:
        with open('/proc/self/maps', 'rb') as f:
            maps = f.read()
    except OSError:
        return set()
    return {r for r in _EARLY_RUNTIMES if r in maps}


def _loadable(path, loaded):
    """False for a library that needs a sanitizer runtime this process
    has not loaded (loading it would end the interpreter)."""
    try:
        with open(path, 'rb') as f:
            data = f.read()
    except OSError:
        return True
    return all(r in loaded for r in _EARLY_RUNTIMES if r in data)


def _build_tree_candidates(top, loaded):
    """Libraries in the build directories under ``top``, sanitizer builds
    left out unless their runtime is loaded."""
    seen = set()
    for pattern in ('build*/libcarcassonne.so*', '*/libcarcassonne.so*',
                    'build*/libcarcassonne*.dylib',
                    'build*/carcassonne*.dll'):
        for path in sorted(glob.glob(os.path.join(top, pattern))):
            if path not in seen and _loadable(path, loaded):
                seen.add(path)
                yield path


def _candidates():
    here = os.path.dirname(os.path.abspath(__file__))
    # The copy a wheel bundles next to the package comes first.
    for name in ('libcarcassonne.so', 'libcarcassonne.dylib',
                 'carcassonne.dll'):
        if os.path.isfile(os.path.join(here, name)):
            yield os.path.join(here, name)
    env = os.environ.get('CARCASSONNE_LIBRARY')
    if env:
        yield env
    found = ctypes.util.find_library('carcassonne')
    if found:
        yield found
    top = os.path.normpath(os.path.join(here, '..', '..', '..'))
    yield from _build_tree_candidates(top, _runtimes_loaded())
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
#: The path (or soname) the shared library was loaded from.
library_path = library._name

_c_int, _c_u32, _c_i32, _c_u64 = (ctypes.c_int, ctypes.c_uint32,
                                  ctypes.c_int32, ctypes.c_uint64)
_size, _cp, _vp = ctypes.c_size_t, ctypes.c_char_p, ctypes.c_void_p
_P = ctypes.POINTER


def _proto(name, restype, *argtypes):
    f = getattr(_L, name)
    f.restype = restype
    f.argtypes = list(argtypes)
    return f


_proto('carc_version_string', _cp)
_proto('carc_version_number', _c_u32)
_proto('carc_strerror', _cp, _c_int)
_proto('carc_tile_name', _cp, _c_u32)
_proto('carc_tile_from_name', _c_int, _cp)
_proto('carc_tile_edge', _c_int, _c_u32, _c_u32, _c_u32)
_proto('carc_tile_features', _c_int, _c_u32, _P(_c_u32), _size)
_proto('carc_tile_feature_sides', _c_int, _c_u32, _c_u32, _c_u32)
_proto('carc_tile_symbol', _c_int, _c_u32)
_proto('carc_feature_name', _cp, _c_u32)
_proto('carc_feature_from_name', _c_int, _cp)
_proto('carc_rules_builder_new', _c_int, _P(_vp))
_proto('carc_rules_builder_set', _c_int, _vp, _c_u32, _c_i32)
_proto('carc_rules_builder_set_tile_count', _c_int, _vp, _c_u32, _c_u32)
_proto('carc_rules_builder_build', _c_int, _vp, _P(_vp))
_proto('carc_rules_builder_free', None, _vp)
_proto('carc_rules_ref', _vp, _vp)
_proto('carc_rules_unref', None, _vp)
_proto('carc_rules_get', _c_int, _vp, _c_u32, _P(_c_i32))
_proto('carc_rules_tile_count', _c_int, _vp, _c_u32)
_proto('carc_game_new', _c_int, _vp, _c_u32, _c_u64, _P(_vp))
_proto('carc_game_clone', _c_int, _vp, _P(_vp))
_proto('carc_game_copy', _c_int, _vp, _vp)
_proto('carc_game_free', None, _vp)
_proto('carc_game_rules', _vp, _vp)
_proto('carc_game_player_count', _c_int, _vp)
_proto('carc_game_phase', _c_int, _vp)
_proto('carc_game_is_over', _c_int, _vp)
_proto('carc_game_current_player', _c_int, _vp)
_proto('carc_game_current_tile', _c_int, _vp)
_proto('carc_game_legal_moves', _c_int, _vp, _P(_c_u64), _size)
_proto('carc_game_is_legal', _c_int, _vp, _c_u64)
_proto('carc_game_apply', _c_int, _vp, _c_u64)
_proto('carc_game_score', _c_int, _vp, _c_u32)
_proto('carc_game_supply', _c_int, _vp, _c_u32, _c_u32)
_proto('carc_game_hash', _c_u64, _vp)
_proto('carc_game_remaining', _c_int, _vp, _c_u32)
_proto('carc_game_remaining_total', _c_int, _vp)
_proto('carc_game_set_next_tile', _c_int, _vp, _c_u32)
_proto('carc_game_shuffle_stack', _c_int, _vp, _c_u64)
_proto('carc_game_history_count', _c_int, _vp)
_proto('carc_game_history_at', _c_int, _vp, _c_u32, _P(_c_u64))
_proto('carc_game_tile_count', _c_int, _vp)
_proto('carc_game_tile_at', _c_int, _vp, _c_u32, _P(_c_i32), _P(_c_i32),
       _P(_c_u32), _P(_c_u32))
_proto('carc_game_tile_find', _c_int, _vp, _c_i32, _c_i32)
_proto('carc_game_figure_count', _c_int, _vp)
_proto('carc_game_figure_at', _c_int, _vp, _c_u32, _P(_c_u32), _P(_c_u32),
       _P(_c_i32), _P(_c_i32), _P(_c_u32))
_proto('carc_game_building_count', _c_int, _vp)
_proto('carc_game_building_at', _c_int, _vp, _c_u32, _P(_c_i32), _P(_c_i32),
       _P(_c_u32))
_proto('carc_game_event_count', _c_int, _vp)
_proto('carc_game_event_get', _c_int, _vp, _c_u32, _c_u32, _P(_c_i32))
_proto('carc_game_save', _c_int, _vp, _cp, _size)
_proto('carc_game_load', _c_int, _cp, _size, _P(_vp), _P(_c_u32), _P(_c_u32),
       _cp, _size)
_proto('carc_move_place', _c_u64, _c_i32, _c_i32, _c_u32)
_proto('carc_move_deploy', _c_u64, _c_u32, _c_i32, _c_i32, _c_u32)
_proto('carc_move_build', _c_u64, _c_u32, _c_i32, _c_i32)
_proto('carc_move_pass', _c_u64)
_proto('carc_move_crop_choice', _c_u64, _c_u32)
_proto('carc_move_remove', _c_u64, _c_u32, _c_i32, _c_i32, _c_u32)
_proto('carc_move_kind', _c_u32, _c_u64)
_proto('carc_move_x', _c_i32, _c_u64)
_proto('carc_move_y', _c_i32, _c_u64)
_proto('carc_move_rotation', _c_u32, _c_u64)
_proto('carc_move_figure', _c_u32, _c_u64)
_proto('carc_move_feature', _c_u32, _c_u64)
_proto('carc_move_describe', _c_int, _c_u64, _cp, _size)
_proto('carc_move_parse', _c_int, _cp, _P(_c_u64))
_proto('carc_option_name', _cp, _c_u32)
_proto('carc_option_from_name', _c_int, _cp)
_proto('carc_option_info', _c_int, _c_u32, _P(_c_i32), _P(_c_i32),
       _P(_c_i32))
_proto('carc_option_value_name', _cp, _c_u32, _c_i32)
_proto('carc_option_value_from_name', _c_int, _c_u32, _cp, _P(_c_i32))

# ---------------------------------------------------------------------
# Rule options, named by the library
# ---------------------------------------------------------------------

_OPTION_CHOICE = 2      # CARC_OPTION_CHOICE of enum carc_option_type


def _library_options():
    # options are numbered 1..N without gaps; ask until the library says
    # CARC_E_UNKNOWN_OPTION (the bound only guards against a broken one)
    options, values = {}, {}
    lo, hi = _c_i32(), _c_i32()
    for number in range(1, 1 << 16):
        kind = _L.carc_option_info(number, ctypes.byref(lo), ctypes.byref(hi),
                                   None)
        if kind == E_UNKNOWN_OPTION:
            break
        name = _L.carc_option_name(number).decode()
        options[name] = number
        if kind == _OPTION_CHOICE:
            values[name] = {
                _L.carc_option_value_name(number, v).decode(): v
                for v in range(lo.value, hi.value + 1)}
    return options, values


#: OPTIONS: rule options, name (as in game records) -> number;
#: OPTION_VALUES: the named values of each choice option, e.g.
#: {'farm-scoring': {'per-field': 0, 'per-city': 1, ...}, ...}.  Both are
#: built from the library at import.  Rules() also takes option names
#: with '_' for '-', and for values the words, aliases ('321'), 'on' and
#: 'off' and decimal numbers that game records take.
OPTIONS, OPTION_VALUES = _library_options()

# ---------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------


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

# ---------------------------------------------------------------------
# Checking arguments before they cross ctypes
#
# ctypes converts a Python int to a C integer by truncating it silently
# (2**32 + 2 becomes 2) and takes a float for an int in some places, so
# every integer is checked here first: a type that is not an integer
# raises TypeError, a value outside the C type's range OverflowError.
# bool is an int in Python; it is accepted only where the library means
# a switch (rule option values).
# ---------------------------------------------------------------------


def _int(value, name, lo, hi, allow_bool=False):
    if isinstance(value, bool) and not allow_bool:
        raise TypeError(f'{name} must be an integer, not bool')
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError(f'{name} must be an integer, not '
                        f'{type(value).__name__}') from None
    if not lo <= value <= hi:
        raise OverflowError(f'{name} {value} is out of range {lo}..{hi}')
    return value


def _u32(value, name):
    """``value`` as a C uint32_t (0..2**32-1), checked."""
    return _int(value, name, 0, 0xffffffff)


def _i32(value, name, allow_bool=False):
    """``value`` as a C int32_t (-2**31..2**31-1), checked."""
    return _int(value, name, -0x80000000, 0x7fffffff, allow_bool)


def _u64(value, name):
    """``value`` as a C uint64_t (0..2**64-1), checked."""
    return _int(value, name, 0, 0xffffffffffffffff)


def _c_int_arg(value, name):
    return _int(value, name, -0x80000000, 0x7fffffff)


def _text(value, name):
    """A str argument as NUL-free ASCII bytes for the library."""
    if not isinstance(value, str):
        raise TypeError(f'{name} must be a str, not {type(value).__name__}')
    if '\0' in value:
        raise ValueError(f'{name} contains a NUL character')
    return value.encode('utf-8')


def strerror(code):
    """The library's English text for a status code, e.g. -16 ->
    'malformed record'."""
    return _L.carc_strerror(_c_int_arg(code, 'code')).decode()


def version():
    """The library's version string, e.g. '0.2.0'."""
    return _L.carc_version_string().decode()

# ---------------------------------------------------------------------
# Tiles, features and moves
# ---------------------------------------------------------------------


def tile_name(tile):
    """The name of a tile type number ('A'..'X', 'CCI-1', ...);
    CarcError(E_UNKNOWN_TILE) for an unknown one."""
    tile = _u32(tile, 'tile')
    name = _L.carc_tile_name(tile)
    if name is None:
        raise CarcError(E_UNKNOWN_TILE, f'tile {tile}')
    return name.decode()


def tile_from_name(name):
    """The tile type number of a tile name; CarcError(E_UNKNOWN_TILE) for
    an unknown name."""
    return _check(_L.carc_tile_from_name(_text(name, 'tile name')), name)


def _tile(tile):
    """A tile given by name or number, as a checked number."""
    if isinstance(tile, str):
        return tile_from_name(tile)
    return _u32(tile, 'tile')


def feature_name(feature):
    """The name of a feature id ('c1', 'r2', 'f3', 'm'...)."""
    feature = _u32(feature, 'feature')
    name = _L.carc_feature_name(feature)
    if name is None:
        raise CarcError(E_INVALID, f'feature {feature}')
    return name.decode()


def feature_from_name(name):
    """The feature id of a feature name ('c1' -> 0x11)."""
    return _check(_L.carc_feature_from_name(_text(name, 'feature name')),
                  name)


def _feature(f):
    return feature_from_name(f) if isinstance(f, str) else _u32(f, 'feature')


def _move(m, what):
    if m == 0:
        raise CarcError(E_INVALID, what)
    return m


def move_place(x, y, rotation):
    """The move placing the tile in hand at (x, y) with rotation 0..3."""
    return _move(_L.carc_move_place(_i32(x, 'x'), _i32(y, 'y'),
                                    _u32(rotation, 'rotation')), 'place')


def move_deploy(figure, x, y, feature):
    """The move putting ``figure`` (FIGURE_FOLLOWER or FIGURE_PHANTOM) on
    ``feature`` (an id or a name like 'c1') of the tile at (x, y)."""
    return _move(_L.carc_move_deploy(_u32(figure, 'figure'), _i32(x, 'x'),
                                     _i32(y, 'y'), _feature(feature)),
                 'deploy')


def move_build(figure, x, y):
    """The move building ``figure`` (FIGURE_TOWER, _HOUSE or _SHED) on
    the tile at (x, y)."""
    return _move(_L.carc_move_build(_u32(figure, 'figure'), _i32(x, 'x'),
                                    _i32(y, 'y')), 'build')


def move_pass():
    """The pass move."""
    return _L.carc_move_pass()


def move_crop_choice(choice):
    """The crop-circle choice move (CROP_DEPLOY or CROP_REMOVE)."""
    return _move(_L.carc_move_crop_choice(_u32(choice, 'choice')),
                 'crop choice')


def move_remove(figure, x, y, feature):
    """The crop-circle move removing ``figure`` from ``feature`` of the
    tile at (x, y)."""
    return _move(_L.carc_move_remove(_u32(figure, 'figure'), _i32(x, 'x'),
                                     _i32(y, 'y'), _feature(feature)),
                 'remove')


def move_kind(move):
    """The MOVE_* kind of a move (0 for none)."""
    return _L.carc_move_kind(_u64(move, 'move'))


def move_x(move):
    """x of a move."""
    return _L.carc_move_x(_u64(move, 'move'))


def move_y(move):
    """y of a move."""
    return _L.carc_move_y(_u64(move, 'move'))


def move_rotation(move):
    """Rotation of a placement."""
    return _L.carc_move_rotation(_u64(move, 'move'))


def move_figure(move):
    """FIGURE_* of a deployment or removal, CROP_* of a crop choice."""
    return _L.carc_move_figure(_u64(move, 'move'))


def move_feature(move):
    """Feature id of a deployment or removal."""
    return _L.carc_move_feature(_u64(move, 'move'))


def describe(move):
    """The library's words for a move, e.g. 'place 1,-2 r3'."""
    move = _u64(move, 'move')
    buf = ctypes.create_string_buffer(96)
    n = _check(_L.carc_move_describe(move, buf, len(buf)), hex(move))
    if n >= len(buf):
        buf = ctypes.create_string_buffer(n + 1)
        _L.carc_move_describe(move, buf, len(buf))
    return buf.value.decode()


def parse_move(text):
    """The move a text in the words of describe() names, e.g.
    parse_move('place 0,-1 r2'); CarcError(E_INVALID) for any other text.
    The text is strict (lower case, single spaces, nothing around it)."""
    m = _c_u64()
    _check(_L.carc_move_parse(_text(text, 'move text'), ctypes.byref(m)),
           repr(text))
    return m.value


def describe_or_hex(move):
    """describe(move), or its hex digits when it is not a valid move."""
    try:
        return describe(move)
    except (CarcError, TypeError, OverflowError):
        return hex(move) if isinstance(move, int) else repr(move)

# ---------------------------------------------------------------------
# Private construction of wrappers
# ---------------------------------------------------------------------

# Only code of this module holds this object; Game._wrap and Rules._wrap
# refuse to wrap a handle without it, so no caller can make a Game or
# Rules out of a foreign integer.
_TOKEN = object()


def _own_handle(handle, token, what):
    if token is not _TOKEN:
        raise TypeError(f'{what} objects are made by the library only')
    if type(handle) is not _vp or not handle.value:
        raise TypeError(f'{what} handle must be a c_void_p from the library')
    return handle

# ---------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------


def _option_number(name):
    """An option given by name ('farm-scoring', 'farm_scoring') or
    number, as its checked number."""
    if isinstance(name, str):
        number = _L.carc_option_from_name(
            _text(name.replace('_', '-'), 'option name'))
        return _check(number, name)
    return _u32(name, 'option')


def _option_value(number, value):
    """An option's value (bool, int, or a word as game records write it)
    as a checked int32."""
    if isinstance(value, str):
        v = _c_i32()
        rc = _L.carc_option_value_from_name(
            number, _text(value, 'option value'), ctypes.byref(v))
        if rc < 0:
            raise CarcError(rc, f'option {number} value {value!r}')
        return v.value
    return int(_i32(value, 'option value', allow_bool=True))


def option_name(option):
    """The record name of an option number ('farm-scoring' for 1);
    CarcError(E_UNKNOWN_OPTION) for an unknown one."""
    option = _u32(option, 'option')
    name = _L.carc_option_name(option)
    if name is None:
        raise CarcError(E_UNKNOWN_OPTION, f'option {option}')
    return name.decode()


class Rules:
    """Immutable rules, built from keyword options and tile counts.

    ``Rules(phantom=True, farm_scoring='per-city', tiles={'E': 1})``.
    Option names are those of game records, with '_' for '-'; values are
    ints, bools or the record's words ('per-city', '3-2-1', 'jcz').
    ``tiles`` maps tile names (or numbers) to stack counts; the key '*'
    sets every type first.

    Rules are immutable in the library and may be shared by any number of
    games and threads at once, so they need no lock: a Rules object holds
    one library reference, dropped when the object goes away, and every
    game holds a reference of its own.  ``copy.copy`` and
    ``copy.deepcopy`` return the object itself (as for a tuple);
    ``pickle`` stores the option values and tile counts.
    """

    _h = None

    def __init__(self, options=None, tiles=None, **kw):
        if self._h is not None:
            raise TypeError('Rules are immutable; __init__ runs once')
        merged = {}
        if options is not None:
            merged.update(_mapping(options, 'options'))
        merged.update(kw)
        tiles = dict(_mapping(tiles, 'tiles')) if tiles is not None else {}
        builder = _vp()
        _check(_L.carc_rules_builder_new(ctypes.byref(builder)))
        try:
            for name, value in merged.items():
                number = _option_number(name)
                _check(_L.carc_rules_builder_set(
                    builder, number, _option_value(number, value)),
                    str(name))
            if '*' in tiles:
                count = _u32(tiles.pop('*'), 'tile count')
                for t in range(TILE_TYPES):
                    _check(_L.carc_rules_builder_set_tile_count(
                        builder, t, count))
            for t, count in tiles.items():
                _check(_L.carc_rules_builder_set_tile_count(
                    builder, _tile(t), _u32(count, 'tile count')), str(t))
            handle = _vp()
            _check(_L.carc_rules_builder_build(builder, ctypes.byref(handle)))
        finally:
            _L.carc_rules_builder_free(builder)
        self._h = handle

    @classmethod
    def _wrap(cls, handle, token):
        """Wrap a rules reference the library gave (private)."""
        self = cls.__new__(cls)
        self._h = _own_handle(handle, token, 'Rules')
        return self

    def __del__(self, _unref=_L.carc_rules_unref):
        # The ctypes function is bound as a default so that it is still
        # there when module globals are cleared at interpreter exit.
        h, self._h = self._h, None
        if h:
            _unref(h)

    def _live(self):
        if self._h is None:
            raise ValueError('Rules object was not initialised')
        return self._h

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (Rules, (self.options(), self.tile_counts()))

    def get(self, option):
        """The value of an option, given by name ('farm-scoring' or
        'farm_scoring') or number."""
        number = _option_number(option)
        v = _c_i32()
        _check(_L.carc_rules_get(self._live(), number, ctypes.byref(v)),
               str(option))
        return v.value

    def options(self):
        """Every option's value, as {option number: value}."""
        out, v = {}, _c_i32()
        number = 1
        while True:
            rc = _L.carc_rules_get(self._live(), number, ctypes.byref(v))
            if rc == E_UNKNOWN_OPTION:
                return out
            _check(rc)
            out[number] = v.value
            number += 1

    def tile_count(self, tile):
        """Tiles of a type (name or number) in the draw stack."""
        return _check(_L.carc_rules_tile_count(self._live(), _tile(tile)))

    def tile_counts(self):
        """The stack, as {tile number: count} for every tile type."""
        return {t: self.tile_count(t) for t in range(TILE_TYPES)}


def _mapping(value, name):
    if not hasattr(value, 'items'):
        raise TypeError(f'{name} must be a mapping, not '
                        f'{type(value).__name__}')
    return value

# ---------------------------------------------------------------------
# Games
# ---------------------------------------------------------------------


def _unpickle_game(record):
    """Rebuild a pickled Game from its game record (private)."""
    return Game.load(record)


_proto('carc_game_render_svg', _c_int, _vp, _vp, _vp, _size)


class Game:
    """A game in progress; wraps one struct carc_game that it owns alone.

    ``Game(rules=Rules(), players=2, seed=0)`` starts a game.
    ``copy.copy``, ``copy.deepcopy`` and :meth:`clone` give an independent
    game; ``pickle`` stores the game record (with the draw order), so the
    unpickled game has the same hash and continues identically.

    Every call into the library takes the game's lock, so one game may be
    used from several threads: their calls run one after the other (the
    library allows one thread per game at a time).  :meth:`close` frees
    the game at once; afterwards every method raises ValueError.  A game
    is also a context manager that closes it on exit.
    """

    _h = None
    # the lock of an object made without __init__ (which has no handle)
    _lock = threading.RLock()

    def __init__(self, rules=None, players=2, seed=0):
        if '_lock' in self.__dict__ or self._h is not None:
            raise TypeError('Game.__init__ runs once')
        if rules is None:
            rules = Rules()
        elif not isinstance(rules, Rules):
            raise TypeError(f'rules must be Rules, not '
                            f'{type(rules).__name__}')
        players = _u32(players, 'players')
        seed = _u64(seed, 'seed')
        h = _vp()
        _check(_L.carc_game_new(rules._live(), players, seed,
                                ctypes.byref(h)))
        self._lock = threading.RLock()
        self._moves = (ctypes.c_uint64 * 512)()
        self._h = h

    @classmethod
    def _wrap(cls, handle, token):
        """Wrap a game handle the library gave (private: needs the
        module's token and a c_void_p)."""
        self = cls.__new__(cls)
        self._lock = threading.RLock()
        self._moves = (ctypes.c_uint64 * 512)()
        self._h = _own_handle(handle, token, 'Game')
        return self

    def _live(self):
        # call with self._lock held
        if self._h is None:
            raise ValueError('game is closed')
        return self._h

    def close(self):
        """Free the game now.  Calling it again does nothing; any other
        method of a closed game raises ValueError."""
        with self._lock:
            h, self._h = self._h, None
            if h:
                _L.carc_game_free(h)

    @property
    def closed(self):
        """True once :meth:`close` has run."""
        return self._h is None

    def __enter__(self):
        with self._lock:
            self._live()
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self, _free=_L.carc_game_free):
        # No other thread can hold a reference now; the ctypes function is
        # bound as a default to outlive the module globals at exit.
        h, self._h = self._h, None
        if h:
            _free(h)

    # -- copies and records --

    def clone(self):
        """An independent copy of the game."""
        h = _vp()
        with self._lock:
            _check(_L.carc_game_clone(self._live(), ctypes.byref(h)))
        return Game._wrap(h, _TOKEN)

    def __copy__(self):
        return self.clone()

    def __deepcopy__(self, memo):
        return self.clone()

    def __reduce__(self):
        return (_unpickle_game, (self.save(),))

    def copy_from(self, other):
        """Make this game a copy of ``other`` (reusing its memory)."""
        if not isinstance(other, Game):
            raise TypeError(f'other must be a Game, not '
                            f'{type(other).__name__}')
        if other is self:
            with self._lock:
                self._live()
            return
        # both locks, always in the same order, so that a.copy_from(b)
        # and b.copy_from(a) in two threads cannot deadlock
        first, second = sorted((self, other), key=id)
        with first._lock, second._lock:
            _check(_L.carc_game_copy(self._live(), other._live()))

    def _repr_svg_(self):
        """The board as an SVG picture (carc_game_render_svg() with its
        defaults), so that a notebook shows the game by itself."""
        with self._lock:
            h = self._live()
            n = _check(_L.carc_game_render_svg(h, None, None, 0))
            buf = ctypes.create_string_buffer(n + 1)
            _check(_L.carc_game_render_svg(h, None, buf, n + 1))
        return buf.value.decode('utf-8')

    def save(self):
        """The game record (doc/record-format.md) as a str."""
        with self._lock:
            h = self._live()
            n = _check(_L.carc_game_save(h, None, 0))
            buf = ctypes.create_string_buffer(n + 1)
            _check(_L.carc_game_save(h, buf, n + 1))
        return buf.value.decode('ascii')

    @classmethod
    def load(cls, text):
        """Load a game record (str or bytes); raises RecordError for a bad
        one."""
        if isinstance(text, str):
            data = text.encode()
        elif isinstance(text, (bytes, bytearray, memoryview)):
            data = bytes(text)
        else:
            raise TypeError(f'a game record is str or bytes, not '
                            f'{type(text).__name__}')
        h = _vp()
        line, col = _c_u32(), _c_u32()
        msg = ctypes.create_string_buffer(256)
        rc = _L.carc_game_load(data, len(data), ctypes.byref(h),
                               ctypes.byref(line), ctypes.byref(col), msg,
                               len(msg))
        if rc < 0:
            raise RecordError(rc, line.value, col.value,
                              msg.value.decode(errors='replace'))
        return Game._wrap(h, _TOKEN)

    def rules(self):
        """The rules of the game (a Rules holding its own reference)."""
        with self._lock:
            h = _L.carc_rules_ref(_L.carc_game_rules(self._live()))
        return Rules._wrap(_vp(h), _TOKEN)

    # -- moves --

    def legal_moves(self):
        """Every legal move now, in the library's canonical order."""
        with self._lock:
            h = self._live()
            n = _check(_L.carc_game_legal_moves(h, self._moves,
                                                len(self._moves)))
            if n > len(self._moves):
                self._moves = (ctypes.c_uint64 * n)()
                n = _check(_L.carc_game_legal_moves(h, self._moves, n))
            return list(self._moves[:n])

    def is_legal(self, move):
        """Whether ``move`` is legal now."""
        move = _u64(move, 'move')
        with self._lock:
            return _check(_L.carc_game_is_legal(self._live(), move)) == 1

    def apply(self, move):
        """Play a move; CarcError (game unchanged) if it is illegal."""
        move = _u64(move, 'move')
        with self._lock:
            rc = _L.carc_game_apply(self._live(), move)
        _check(rc, describe_or_hex(move))

    def history(self):
        """Every move applied so far, oldest first."""
        out, m = [], _c_u64()
        with self._lock:
            h = self._live()
            for i in range(_check(_L.carc_game_history_count(h))):
                _check(_L.carc_game_history_at(h, i, ctypes.byref(m)))
                out.append(m.value)
        return out

    def set_next_tile(self, tile):
        """Take ``tile`` (name or number, still in the stack) in hand."""
        tile = _tile(tile)
        with self._lock:
            _check(_L.carc_game_set_next_tile(self._live(), tile))

    def shuffle_stack(self, seed):
        """Reshuffle the stack (not the tile in hand) with a new seed."""
        seed = _u64(seed, 'seed')
        with self._lock:
            _check(_L.carc_game_shuffle_stack(self._live(), seed))

    # -- queries --

    def _query(self, fn, *args):
        with self._lock:
            return _check(fn(self._live(), *args))

    def players(self):
        """Number of players."""
        return self._query(_L.carc_game_player_count)

    def phase(self):
        """The PHASE_* of the current decision point."""
        return self._query(_L.carc_game_phase)

    def is_over(self):
        """Whether the game has ended."""
        return self._query(_L.carc_game_is_over) == 1

    def current_player(self):
        """The player to decide now (0-based)."""
        return self._query(_L.carc_game_current_player)

    def current_tile(self):
        """Name of the tile in hand (or just placed); None at the end."""
        with self._lock:
            t = _L.carc_game_current_tile(self._live())
        return None if t == E_GAME_OVER else tile_name(_check(t))

    def score(self, player):
        """A player's score."""
        return self._query(_L.carc_game_score, _u32(player, 'player'))

    def scores(self):
        """Every player's score, in player order."""
        with self._lock:
            return [self.score(p) for p in range(self.players())]

    def supply(self, player, figure=FIGURE_FOLLOWER):
        """Figures of a kind (FIGURE_*) in a player's supply."""
        return self._query(_L.carc_game_supply, _u32(player, 'player'),
                           _u32(figure, 'figure'))

    def hash(self):
        """The 64-bit hash of the game state (equal states, equal
        hashes); ValueError on a closed game."""
        with self._lock:
            return _L.carc_game_hash(self._live())

    def remaining(self, tile=None):
        """Tiles left in the stack: of one type (name or number), or all
        of them when ``tile`` is None."""
        if tile is None:
            return self._query(_L.carc_game_remaining_total)
        return self._query(_L.carc_game_remaining, _tile(tile))

    def tiles(self):
        """[(x, y, tile name, rotation)] in placement order."""
        out = []
        x, y, t, r = _c_i32(), _c_i32(), _c_u32(), _c_u32()
        with self._lock:
            h = self._live()
            for i in range(_check(_L.carc_game_tile_count(h))):
                _check(_L.carc_game_tile_at(h, i, ctypes.byref(x),
                                            ctypes.byref(y), ctypes.byref(t),
                                            ctypes.byref(r)))
                out.append((x.value, y.value, t.value, r.value))
        return [(x, y, tile_name(t), r) for x, y, t, r in out]

    def figures(self):
        """[(player, figure, x, y, feature name)]."""
        out = []
        p, f, x, y, feat = _c_u32(), _c_u32(), _c_i32(), _c_i32(), _c_u32()
        with self._lock:
            h = self._live()
            for i in range(_check(_L.carc_game_figure_count(h))):
                _check(_L.carc_game_figure_at(
                    h, i, ctypes.byref(p), ctypes.byref(f),
                    ctypes.byref(x), ctypes.byref(y), ctypes.byref(feat)))
                out.append((p.value, f.value, x.value, y.value, feat.value))
        return [(p, f, x, y, feature_name(feat)) for p, f, x, y, feat in out]

    def buildings(self):
        """[(x, y, figure)] in the order they were built."""
        out = []
        x, y, f = _c_i32(), _c_i32(), _c_u32()
        with self._lock:
            h = self._live()
            for i in range(_check(_L.carc_game_building_count(h))):
                _check(_L.carc_game_building_at(h, i, ctypes.byref(x),
                                                ctypes.byref(y),
                                                ctypes.byref(f)))
                out.append((x.value, y.value, f.value))
        return out

    def events(self):
        """Scoring events of the last apply, as dicts."""
        out = []
        v = _c_i32()
        names = {1: 'type', 2: 'feature_kind', 3: 'x', 4: 'y',
                 5: 'feature', 6: 'tiles', 7: 'pennants', 8: 'cities',
                 9: 'scorers'}
        with self._lock:
            h = self._live()
            n_players = _check(_L.carc_game_player_count(h))
            for i in range(_check(_L.carc_game_event_count(h))):
                ev = {}
                for attr, name in names.items():
                    _check(_L.carc_game_event_get(h, i, attr,
                                                  ctypes.byref(v)))
                    ev[name] = v.value
                ev['points'] = []
                for p in range(n_players):
                    _check(_L.carc_game_event_get(h, i, 0x100 + p,
                                                  ctypes.byref(v)))
                    ev['points'].append(v.value)
                out.append(ev)
        return out
