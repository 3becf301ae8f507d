# SPDX-License-Identifier: MIT
"""Python binding of libcarcassonne, on ctypes and the standard library.

A game is a :class:`Game`; its legal moves are :class:`Move` values (64-bit
integers that print in the words of game records); ``push`` plays one and
``pop`` takes it back:

    >>> import carcassonne as carc
    >>> game = carc.Game(carc.Rules(phantom=True), players=2, seed=1)
    >>> game.current_tile()
    'S'
    >>> len(game.legal_moves)
    5
    >>> move = next(iter(game.legal_moves))
    >>> move
    Move('place 0,-1 r1')
    >>> move.kind, move.x, move.y, move.rotation
    (<MoveKind.PLACE: 1>, 0, -1, 1)
    >>> game.push(move)
    >>> game.phase()
    <Phase.DEPLOY: 2>
    >>> game.pop()
    Move('place 0,-1 r1')
    >>> while not game.is_over():
    ...     moves = game.legal_moves()
    ...     game.push(moves[game.hash() % len(moves)])
    >>> game.scores()
    [16, 8]
    >>> carc.Game.load(game.save()).hash() == game.hash()
    True

Errors of the library raise :class:`CarcassonneError` (alias
:class:`CarcError`), whose ``code`` is the library's (negative) status:
:class:`IllegalMoveError` for a move the game refuses,
:class:`RecordError` (with line and column) for a bad game record,
:class:`InvalidArgumentError` for a value the library rejects.

No argument can crash the interpreter: every integer is checked before it
reaches the library (TypeError for a non-integer, OverflowError outside
the C type's range), strings and mappings are type-checked, and every
Game has a lock taken around each library call, so a game shared by
threads is used by one of them at a time.  ``copy.copy``/``deepcopy``
clone a game; ``pickle`` stores its game record.  ``Game.close()`` (or
``with Game(...) as game:``) frees a game early; a closed game raises
ValueError.  A call that fails leaves the game unchanged.

The shared library is found, in this order: the copy bundled in the
package directory (a wheel built by pip puts it there), the environment
variable ``CARCASSONNE_LIBRARY`` (a path), in a build tree the library
that build made (a sanitizer build only when its runtime is already
loaded), then the system's dynamic linker: ``ctypes.util.find_library``
and the plain soname ``libcarcassonne.so.0``.  An installed package looks
nowhere else.  ``library_path`` says which one was loaded,
``library_version`` its version; ``__version__`` is the package's.

For modules built on this one (``carcassonne.search``, ``carcassonne.env``)
the internal hooks are stable: ``_L`` (the loaded library), ``_proto()``
(declare a C function), ``_check()`` (turn a status into an exception),
``Game._lock``, ``Game._live()`` and ``Game._query()``.
"""

from __future__ import annotations

import array
import ctypes
import ctypes.util
import enum
import operator
import os
import threading
from typing import (Any, Callable, Dict, Iterable, Iterator, List,
                    NamedTuple, Optional, Sequence, Tuple, Type, TypedDict,
                    TypeVar, Union, overload)

__all__ = [
    # errors
    'CarcassonneError', 'CarcError', 'IllegalMoveError', 'RecordError',
    'JczError',
    'InvalidArgumentError',
    # values
    'Move', 'MoveList', 'LegalMoves', 'History', 'Rules', 'Game',
    'PlacedTile', 'PlacedFigure', 'Building', 'FeatureInfo', 'Event',
    'OptionInfo',
    # enums
    'ErrorCode', 'Phase', 'Figure', 'MoveKind', 'CropChoice', 'Edge',
    'Symbol', 'FeatureKind', 'Feature', 'Tile', 'Option', 'OptionType',
    'FarmScoring', 'LbScoring', 'LbDistribution', 'EventType', 'EventAttr',
    'FeatureAttr', 'RenderFlag',
    # functions
    'library', 'library_path', 'library_version', 'version', 'version_number', 'strerror',
    'tile_name', 'tile_from_name', 'tile_edge', 'tile_features',
    'tile_feature_sides', 'tile_feature_pennants',
    'tile_describe_feature', 'tile_field_cities',
    'tile_symbol', 'tile_feature_point', 'tile_feature_shape',
    'tile_symbol_area', 'feature_name', 'feature_from_name',
    'figure_name', 'figure_from_name', 'feature_kind_name',
    'feature_kind_from_name', 'phase_name', 'phase_from_name',
    'option_name', 'option_from_name', 'option_info', 'option_value_name',
    'option_explain', 'option_is_expansion', 'MIN_PLAYERS', 'MAX_PLAYERS',
    'option_value_from_name',
    'move_place', 'move_deploy', 'move_build', 'move_pass',
    'move_crop_choice', 'move_remove', 'move_kind', 'move_x', 'move_y',
    'move_rotation', 'move_figure', 'move_feature', 'describe',
    'describe_or_hex', 'parse_move',
    'OPTIONS', 'OPTION_VALUES', 'TILE_TYPES', 'TILE_UNITS',
    'SHAPE_MAX_POINTS',
]

# ---------------------------------------------------------------------
# Loading the library
# ---------------------------------------------------------------------


# A build tree: the package's generated modules (_abi, _version and, in a
# build directory only, _buildtree) lie in the build directory's
# carcassonne/, which PYTHONPATH names beside this directory; __path__
# takes in every carcassonne/ directory on sys.path.
__path__ = __import__('pkgutil').extend_path(__path__, __name__)

# The runtime a sanitizer build of the library needs loaded first: such a
# library dlopen()ed into a process without it ends the process at once.
_SANITIZER_RUNTIMES = {
    'address': (b'libasan.so', b'libclang_rt.asan'),
    'thread': (b'libtsan.so', b'libclang_rt.tsan'),
    'memory': (b'libmsan.so', b'libclang_rt.msan'),
}


def _runtimes_loaded() -> bytes:
    try:
        with open('/proc/self/maps', 'rb') as f:
            return f.read()
    except OSError:
        return b''


def _loadable(sanitize: str, maps: bytes) -> bool:
    """False for a build with ``b_sanitize`` = ``sanitize`` whose runtime
    this process (``maps``: its /proc/self/maps) has not loaded."""
    for part in sanitize.split(','):
        runtimes = _SANITIZER_RUNTIMES.get(part.strip())
        if runtimes and not any(r in maps for r in runtimes):
            return False
    return True


def _candidates() -> Iterator[str]:
    """Where the library may be, in order: the copy bundled in the
    package directory, CARCASSONNE_LIBRARY, the library of the build tree
    the package is imported from (never for an installed package), and
    the dynamic linker's own search."""
    here = os.path.dirname(os.path.abspath(__file__))
    # The copy a wheel bundles next to the package comes first.
    for name in ('libcarcassonne.so', 'libcarcassonne.dylib',
                 'carcassonne.dll'):
        if os.path.isfile(os.path.join(here, name)):
            yield os.path.join(here, name)
    env = os.environ.get('CARCASSONNE_LIBRARY')
    if env:
        yield env
    try:
        # written by meson into the build directory, never installed
        from ._buildtree import LIBRARY, SANITIZE  # type: ignore
    except ImportError:
        pass
    else:
        if _loadable(SANITIZE, _runtimes_loaded()):
            yield str(LIBRARY)
    found = ctypes.util.find_library('carcassonne')
    if found:
        yield found
    yield 'libcarcassonne.so.0'
    yield 'libcarcassonne.dylib'


def _load() -> ctypes.CDLL:
    errors = []
    for path in _candidates():
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            errors.append(f'{path}: {e}')
    raise ImportError('libcarcassonne not found; set CARCASSONNE_LIBRARY '
                      'to its path, or from a source tree put '
                      'build/bindings/python on PYTHONPATH too (' +
                      '; '.join(errors) + ')')


#: The loaded shared library (a ``ctypes.CDLL``).
library = _load()
_L = library
#: The path (or soname) the shared library was loaded from.
library_path: str = library._name

_c_int, _c_u32, _c_i32, _c_u64 = (ctypes.c_int, ctypes.c_uint32,
                                  ctypes.c_int32, ctypes.c_uint64)
_size, _cp, _vp = ctypes.c_size_t, ctypes.c_char_p, ctypes.c_void_p
_P = ctypes.POINTER
_byref = ctypes.byref


def _proto(name: str, restype: Any, *argtypes: Any) -> Any:
    """Declare the C function ``name`` of the library (its result and
    argument types) and return it; for the package's own modules."""
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
_proto('carc_tile_feature_pennants', _c_int, _c_u32, _c_u32)
_proto('carc_tile_field_cities', _c_int, _c_u32, _c_u32)
_proto('carc_tile_symbol', _c_int, _c_u32)
_proto('carc_tile_feature_point', _c_int, _c_u32, _c_u32, _c_u32,
       _P(_c_i32), _P(_c_i32))
_proto('carc_tile_feature_shape', _c_int, _c_u32, _c_u32, _c_u32,
       _P(_c_i32), _size)
_proto('carc_tile_symbol_area', _c_int, _c_u32, _c_u32, _P(_c_i32),
       _P(_c_i32), _P(_c_i32))
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
_proto('carc_rules_default_tile_count', _c_int, _vp, _c_u32)
_proto('carc_option_name', _cp, _c_u32)
_proto('carc_option_from_name', _c_int, _cp)
_proto('carc_option_info', _c_int, _c_u32, _P(_c_i32), _P(_c_i32),
       _P(_c_i32))
_proto('carc_option_value_name', _cp, _c_u32, _c_i32)
_proto('carc_option_value_from_name', _c_int, _c_u32, _cp, _P(_c_i32))
_proto('carc_option_is_expansion', _c_int, _c_u32)
_proto('carc_option_explain', _c_int, _cp, _cp, _cp, _size)
_proto('carc_figure_name', _cp, _c_u32)
_proto('carc_figure_from_name', _c_int, _cp)
_proto('carc_feature_kind_name', _cp, _c_u32)
_proto('carc_feature_kind_from_name', _c_int, _cp)
_proto('carc_phase_name', _cp, _c_u32)
_proto('carc_phase_from_name', _c_int, _cp)
_proto('carc_move_parse', _c_int, _cp, _P(_c_u64))
_proto('carc_game_new', _c_int, _vp, _c_u32, _c_u64, _P(_vp))
_proto('carc_game_clone', _c_int, _vp, _P(_vp))
_proto('carc_game_copy', _c_int, _vp, _vp)
_proto('carc_game_free', None, _vp)
_proto('carc_game_memory_size', _c_int, _vp)
_proto('carc_game_rules', _vp, _vp)
_proto('carc_game_player_count', _c_int, _vp)
_proto('carc_game_phase', _c_int, _vp)
_proto('carc_game_is_over', _c_int, _vp)
_proto('carc_game_current_player', _c_int, _vp)
_proto('carc_game_current_tile', _c_int, _vp)
_proto('carc_game_legal_moves', _c_int, _vp, _P(_c_u64), _size)
_proto('carc_game_legal_moves_max', _c_int, _vp)
_proto('carc_game_is_legal', _c_int, _vp, _c_u64)
_proto('carc_game_apply', _c_int, _vp, _c_u64)
_proto('carc_game_score', _c_int, _vp, _c_u32)
_proto('carc_game_supply', _c_int, _vp, _c_u32, _c_u32)
_proto('carc_game_hash', _c_u64, _vp)
_proto('carc_game_remaining', _c_int, _vp, _c_u32)
_proto('carc_game_remaining_total', _c_int, _vp)
_proto('carc_game_set_draw_order', _c_int, _vp, _P(_c_u32), _size)
_proto('carc_game_set_stack_order', _c_int, _vp, _P(_c_u32), _size)
_proto('carc_game_set_next_tile', _c_int, _vp, _c_u32)
_proto('carc_game_shuffle_stack', _c_int, _vp, _c_u64)
_proto('carc_game_reset', _c_int, _vp, _c_u64)
_proto('carc_game_discard_count', _c_int, _vp)
_proto('carc_game_discard_at', _c_int, _vp, _c_u32)
_proto('carc_game_draw_order', _c_int, _vp, _P(_c_u32), _size)
_proto('carc_game_drawn_count', _c_int, _vp)
_proto('carc_game_history_count', _c_int, _vp)
_proto('carc_game_history_at', _c_int, _vp, _c_u32, _P(_c_u64))
_proto('carc_game_undo', _c_int, _vp)
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
_proto('carc_game_crop_action', _c_int, _vp)
_proto('carc_game_feature_is_complete', _c_int, _vp, _c_i32, _c_i32,
       _c_u32)
_proto('carc_game_feature_figures', _c_int, _vp, _c_i32, _c_i32, _c_u32,
       _c_u32)
_proto('carc_game_bounds', _c_int, _vp, _P(_c_i32), _P(_c_i32), _P(_c_i32),
       _P(_c_i32))
_proto('carc_game_feature_get', _c_int, _vp, _c_i32, _c_i32, _c_u32, _c_u32,
       _P(_c_i32))
_proto('carc_game_feature_piece_at', _c_int, _vp, _c_i32, _c_i32, _c_u32,
       _c_u32, _P(_c_i32), _P(_c_i32), _P(_c_u32))
_proto('carc_game_feature_city_at', _c_int, _vp, _c_i32, _c_i32, _c_u32,
       _c_u32, _P(_c_i32), _P(_c_i32), _P(_c_u32))
_proto('carc_game_event_count', _c_int, _vp)
_proto('carc_game_event_get', _c_int, _vp, _c_u32, _c_u32, _P(_c_i32))
_proto('carc_game_save', _c_int, _vp, _cp, _size)
_proto('carc_game_load', _c_int, _cp, _size, _P(_vp), _P(_c_u32), _P(_c_u32),
       _cp, _size)
_proto('carc_game_render_svg', _c_int, _vp, _vp, _vp, _size)
# the words (since 0.5)
_proto('carc_tile_describe_feature', _c_int, _c_u32, _c_u32, _c_u32, _cp,
       _size)
_proto('carc_game_describe_feature', _c_int, _vp, _c_i32, _c_i32, _c_u32,
       _cp, _size)
_proto('carc_game_explain_move', _c_int, _vp, _c_u64, _cp, _size)
_proto('carc_game_describe_event', _c_int, _vp, _c_u32, _cp, _size)
# <carcassonne/jcz.h>: JCloisterZone saved games (since 0.4)
_proto('carc_jcz_import', _c_int, _cp, _size, _P(_vp), _P(_c_u32), _P(_c_u32),
       _cp, _size)
_proto('carc_jcz_export', _c_int, _vp, _cp, _size)
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

# ---------------------------------------------------------------------
# Enums, constants and struct layouts of the public headers: the module
# _abi is generated from them at build time (tools/gen-bindings.py); in a
# build tree it lies in the build directory's carcassonne/ (__path__
# above).
# ---------------------------------------------------------------------

try:
    from ._abi import (ARGUMENT_ERRORS as _ARGUMENT_ERRORS, CropChoice,
                       Edge, ErrorCode, EventAttr, EventType, FarmScoring,
                       Feature, FeatureAttr, FeatureKind, Figure,
                       LbDistribution, LbScoring, MoveKind, Option,
                       OptionType, Phase, RenderFlag, SHAPE_MAX_POINTS,
                       Symbol, TILE_TYPES, TILE_UNITS, Tile,
                       RENDER_COLOUR as _RENDER_COLOUR,
                       CarcRenderOptions as _RenderOptions)
    from . import _version
except ImportError as _e:
    raise ImportError(
        'carcassonne._abi is missing: it is generated by the build '
        '(meson compile); from a build tree put build/bindings/python on '
        'PYTHONPATH too') from _e

# The constants of 0.1 and 0.2, kept: E_*, PHASE_*, MOVE_*, FIGURE_*,
# CROP_* (now the enum members, equal to the same ints).
OK = ErrorCode.OK
E_INVALID = ErrorCode.INVALID
E_NOMEM = ErrorCode.NOMEM
E_WRONG_PHASE = ErrorCode.WRONG_PHASE
E_NOT_ADJACENT = ErrorCode.NOT_ADJACENT
E_EDGE_MISMATCH = ErrorCode.EDGE_MISMATCH
E_POSITION_TAKEN = ErrorCode.POSITION_TAKEN
E_FEATURE_OCCUPIED = ErrorCode.FEATURE_OCCUPIED
E_NO_MEEPLE = ErrorCode.NO_MEEPLE
E_UNKNOWN_TILE = ErrorCode.UNKNOWN_TILE
E_GAME_OVER = ErrorCode.GAME_OVER
E_NO_FEATURE = ErrorCode.NO_FEATURE
E_WRONG_TILE = ErrorCode.WRONG_TILE
E_NOT_ALLOWED = ErrorCode.NOT_ALLOWED
E_UNKNOWN_OPTION = ErrorCode.UNKNOWN_OPTION
E_NOT_FOUND = ErrorCode.NOT_FOUND
E_PARSE = ErrorCode.PARSE

PHASE_PLACE_TILE = Phase.PLACE_TILE
PHASE_DEPLOY = Phase.DEPLOY
PHASE_PHANTOM = Phase.PHANTOM
PHASE_CROP_CHOICE = Phase.CROP_CHOICE
PHASE_CROP_RESPONSE = Phase.CROP_RESPONSE
PHASE_GAME_OVER = Phase.GAME_OVER

MOVE_PLACE = MoveKind.PLACE
MOVE_DEPLOY = MoveKind.DEPLOY
MOVE_PASS = MoveKind.PASS
MOVE_CROP_CHOICE = MoveKind.CROP_CHOICE
MOVE_REMOVE = MoveKind.REMOVE

FIGURE_FOLLOWER = Figure.FOLLOWER
FIGURE_PHANTOM = Figure.PHANTOM
FIGURE_TOWER = Figure.TOWER
FIGURE_HOUSE = Figure.HOUSE
FIGURE_SHED = Figure.SHED

CROP_DEPLOY = CropChoice.DEPLOY
CROP_REMOVE = CropChoice.REMOVE

# TILE_TYPES (number of tile types this version knows), TILE_UNITS (tile
# units per tile side in the geometry calls) and SHAPE_MAX_POINTS (most
# points an outline of :func:`tile_feature_shape` has) come from _abi.

# ---------------------------------------------------------------------
# Errors
# ---------------------------------------------------------------------


class CarcassonneError(Exception):
    """A failed library call.  ``code`` is the negative CARC_E_* value
    (an :class:`ErrorCode` when the library knows it) and the message is
    ``carc_strerror(code)``, after the detail when one is given."""

    code: int
    detail: Optional[str]

    def __init__(self, code: int, detail: Optional[str] = None) -> None:
        self.code = _error_code(code)
        self.detail = detail
        text = strerror(code)
        super().__init__(f'{detail}: {text}' if detail else text)

    def __reduce__(self) -> Tuple[Any, ...]:
        # pickle (and so multiprocessing) rebuilds it from its arguments
        return (type(self), (int(self.code), self.detail))


#: The name of :class:`CarcassonneError` in 0.1 and 0.2.
CarcError = CarcassonneError


class InvalidArgumentError(CarcassonneError, ValueError):
    """The library refused an argument's value: an unknown tile, option,
    feature or name, a position without a tile, a value out of the
    library's range (E_INVALID, E_UNKNOWN_TILE, E_UNKNOWN_OPTION,
    E_NO_FEATURE, E_NOT_FOUND).  Also a ValueError."""


class IllegalMoveError(CarcassonneError, ValueError):
    """A move the game refused (the game is unchanged).  ``move`` is the
    move (a :class:`Move` when it is well-formed, else the int given),
    ``code`` says why: E_WRONG_PHASE for a move of another decision
    point, E_GAME_OVER, E_EDGE_MISMATCH, E_INVALID for a malformed
    value, ...  Also a ValueError."""

    move: int

    def __init__(self, code: int, move: int) -> None:
        self.move = move
        super().__init__(code, describe_or_hex(move))

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (int(self.code), self.move))


class RecordError(CarcassonneError, ValueError):
    """A game record that does not load: ``line``, ``column`` (1-based;
    0 when no single word is at fault) and the loader's ``reason``.  Also
    a ValueError."""

    line: int
    column: int
    reason: str

    def __init__(self, code: int, line: int, column: int,
                 reason: str) -> None:
        self.line = line
        self.column = column
        self.reason = reason
        Exception.__init__(self, f'{line}:{column}: {reason}')
        self.code = _error_code(code)
        self.detail = None

    def __reduce__(self) -> Tuple[Any, ...]:
        return (type(self), (int(self.code), self.line, self.column,
                             self.reason))


class JczError(RecordError):
    """A JCloisterZone saved game that does not load (Game.from_jcz):
    ``line`` of the JSON text, ``column`` (of a JSON syntax error, else
    0) and the ``reason``, which names a replay entry at fault
    ("replay[12] DEPLOY_MEEPLE: ...")."""


def _error_code(code: int) -> int:
    try:
        return ErrorCode(code)
    except ValueError:
        return code


def _error(rc: int, detail: Optional[str] = None) -> CarcassonneError:
    if rc in _ARGUMENT_ERRORS:
        return InvalidArgumentError(rc, detail)
    return CarcassonneError(rc, detail)


def _check(rc: int, detail: Optional[str] = None) -> int:
    """``rc`` when it is >= 0; else raise the exception of the status
    (InvalidArgumentError for argument errors, else CarcassonneError)."""
    if rc < 0:
        raise _error(rc, detail)
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


def _int(value: Any, name: str, lo: int, hi: int,
         allow_bool: bool = False) -> int:
    if isinstance(value, bool) and not allow_bool:
        raise TypeError(f'{name} must be an integer, not bool')
    try:
        value = operator.index(value)
    except TypeError:
        raise TypeError(f'{name} must be an integer, not '
                        f'{type(value).__name__}') from None
    if not lo <= value <= hi:
        raise OverflowError(f'{name} {value} is out of range {lo}..{hi}')
    return int(value)


def _u32(value: Any, name: str) -> int:
    """``value`` as a C uint32_t (0..2**32-1), checked."""
    return _int(value, name, 0, 0xffffffff)


def _i32(value: Any, name: str, allow_bool: bool = False) -> int:
    """``value`` as a C int32_t (-2**31..2**31-1), checked."""
    return _int(value, name, -0x80000000, 0x7fffffff, allow_bool)


def _u64(value: Any, name: str) -> int:
    """``value`` as a C uint64_t (0..2**64-1), checked."""
    return _int(value, name, 0, 0xffffffffffffffff)


def _c_int_arg(value: Any, name: str) -> int:
    return _int(value, name, -0x80000000, 0x7fffffff)


def _move_arg(move: Any) -> int:
    """A move argument (Move or int) as a checked uint64."""
    if type(move) is Move:
        return move
    return _u64(move, 'move')


def _text(value: Any, name: str) -> bytes:
    """A str argument as NUL-free bytes for the library."""
    if not isinstance(value, str):
        raise TypeError(f'{name} must be a str, not {type(value).__name__}')
    if '\0' in value:
        raise ValueError(f'{name} contains a NUL character')
    return value.encode('utf-8')


def _name_of(fn: Any, value: int, what: str) -> str:
    name = fn(value)
    if name is None:
        raise InvalidArgumentError(int(ErrorCode.INVALID), f'{what} {value}')
    return str(name.decode())


def strerror(code: int) -> str:
    """The library's English text for a status code, e.g. -16 ->
    'malformed record'."""
    return str(_L.carc_strerror(_c_int_arg(code, 'code')).decode())


def version() -> str:
    """The library's version string, e.g. '0.3.0'."""
    return str(_L.carc_version_string().decode())


def version_number() -> int:
    """The library's version as major * 10000 + minor * 100 + micro
    (300 for 0.3.0)."""
    return int(_L.carc_version_number())


#: The package's version (meson's project version when it was built).
__version__: str = _version.version
#: The version of the C library the package loaded (:func:`version`).
library_version: str = version()

# ---------------------------------------------------------------------
# Names
# ---------------------------------------------------------------------


def tile_name(tile: int) -> str:
    """The name of a tile type number ('A'..'X', 'CCI-1', ...);
    InvalidArgumentError (E_UNKNOWN_TILE) for an unknown one."""
    tile = _u32(tile, 'tile')
    name = _L.carc_tile_name(tile)
    if name is None:
        raise InvalidArgumentError(int(E_UNKNOWN_TILE), f'tile {tile}')
    return str(name.decode())


def tile_from_name(name: str) -> Tile:
    """The tile type of a tile name ('E' -> Tile.E);
    InvalidArgumentError (E_UNKNOWN_TILE) for an unknown name."""
    return Tile(_check(_L.carc_tile_from_name(_text(name, 'tile name')),
                       name))


def _tile(tile: Union[int, str]) -> int:
    """A tile given by name or number, as a checked number."""
    if isinstance(tile, str):
        return tile_from_name(tile)
    return _u32(tile, 'tile')


def _tile_array(tiles: Iterable[Union[int, str]]) -> Tuple[Any, int]:
    """A list of tiles by name or number as a C array of uint32_t (at
    least one element, so never NULL) and its length."""
    if isinstance(tiles, (str, bytes)) or not hasattr(tiles, '__iter__'):
        raise TypeError('tiles must be an iterable of tile names or '
                        'numbers')
    order = [_tile(t) for t in tiles]
    return (_c_u32 * max(1, len(order)))(*order), len(order)


def feature_name(feature: int) -> str:
    """The name of a feature id ('c1', 'r2', 'f3', 'monastery')."""
    return _name_of(_L.carc_feature_name, _u32(feature, 'feature'),
                    'feature')


def feature_from_name(name: str) -> Feature:
    """The feature id of a feature name ('c1' -> Feature.C1)."""
    return Feature(_check(_L.carc_feature_from_name(
        _text(name, 'feature name')), name))


def _feature(f: Union[int, str]) -> int:
    return feature_from_name(f) if isinstance(f, str) else _u32(f, 'feature')


def figure_name(figure: int) -> str:
    """The name of a figure kind ('follower', 'phantom', 'tower', 'house',
    'shed')."""
    return _name_of(_L.carc_figure_name, _u32(figure, 'figure'), 'figure')


def figure_from_name(name: str) -> Figure:
    """The figure kind of a name ('phantom' -> Figure.PHANTOM)."""
    return Figure(_check(_L.carc_figure_from_name(
        _text(name, 'figure name')), name))


def _figure(f: Union[int, str]) -> int:
    return figure_from_name(f) if isinstance(f, str) else _u32(f, 'figure')


def feature_kind_name(kind: int) -> str:
    """The name of a feature kind ('city', 'road', 'field',
    'monastery')."""
    return _name_of(_L.carc_feature_kind_name, _u32(kind, 'feature kind'),
                    'feature kind')


def feature_kind_from_name(name: str) -> FeatureKind:
    """The feature kind of a name ('road' -> FeatureKind.ROAD)."""
    return FeatureKind(_check(_L.carc_feature_kind_from_name(
        _text(name, 'feature kind name')), name))


def phase_name(phase: int) -> str:
    """The name of a decision point ('place-tile', 'deploy', 'phantom',
    'crop-choice', 'crop-response', 'game-over')."""
    return _name_of(_L.carc_phase_name, _u32(phase, 'phase'), 'phase')


def phase_from_name(name: str) -> Phase:
    """The decision point of a name ('deploy' -> Phase.DEPLOY)."""
    return Phase(_check(_L.carc_phase_from_name(
        _text(name, 'phase name')), name))


def option_name(option: int) -> str:
    """The record name of an option number ('farm-scoring' for 1);
    InvalidArgumentError (E_UNKNOWN_OPTION) for an unknown one."""
    option = _u32(option, 'option')
    name = _L.carc_option_name(option)
    if name is None:
        raise InvalidArgumentError(int(E_UNKNOWN_OPTION), f'option {option}')
    return str(name.decode())


def option_explain(name: str, value: Optional[str] = None) -> str:
    """What an option takes, worded by the library (carc_option_explain):
    the close names of an unknown one, the range or words of a value.

        >>> option_explain('crop_circles_1')
        "unknown rule option 'crop_circles_1'; did you mean 'crop-circles-i'?"
        >>> option_explain('followers', '99')
        'followers must be 1 to 15, not 99'
    """
    raw = _text(name, 'option name')
    word = None if value is None else _text(value, 'option value')
    n = _check(_L.carc_option_explain(raw, word, None, 0))
    buf = ctypes.create_string_buffer(n + 1)
    _check(_L.carc_option_explain(raw, word, buf, n + 1))
    return buf.value.decode('utf-8', 'replace')


def option_is_expansion(option: Union[int, str]) -> bool:
    """Whether an option switches an expansion on
    (carc_option_is_expansion); :meth:`Rules.all_expansions` sets them
    all."""
    return bool(_check(_L.carc_option_is_expansion(_option_number(option))))


def option_from_name(name: str) -> Option:
    """The option of a record name; '_' may stand for '-'
    ('farm_scoring' -> Option.FARM_SCORING).  An unknown name raises
    InvalidArgumentError naming the close matches."""
    raw = _text(name, 'option name')
    rc = _L.carc_option_from_name(raw.replace(b'_', b'-'))
    if rc < 0:
        raise _error(rc, option_explain(name))
    return Option(rc)


class OptionInfo(NamedTuple):
    """What :func:`option_info` says about an option."""
    #: NUMBER, SWITCH or CHOICE
    type: OptionType
    #: the smallest value
    min: int
    #: the largest value
    max: int
    #: the default value
    default: int


def option_info(option: Union[int, str]) -> OptionInfo:
    """The type, range and default of an option (name or number)."""
    number = _option_number(option)
    lo, hi, default = _c_i32(), _c_i32(), _c_i32()
    kind = _check(_L.carc_option_info(number, _byref(lo), _byref(hi),
                                      _byref(default)), str(option))
    return OptionInfo(OptionType(kind), lo.value, hi.value, default.value)


def _option_label(number: int) -> str:
    name = _L.carc_option_name(number)
    return str(name.decode()) if name is not None else str(number)


def option_value_name(option: Union[int, str], value: int) -> str:
    """The word records write for a value of an option ('per-city' for
    farm-scoring 1, 'on'/'off' for a switch); InvalidArgumentError for
    an option whose values are plain numbers or a value out of range."""
    number = _option_number(option)
    value = _i32(value, 'option value', allow_bool=True)
    name = _L.carc_option_value_name(number, value)
    if name is None:
        raise InvalidArgumentError(
            int(E_INVALID), f'option {_option_label(number)} value {value}')
    return str(name.decode())


def option_value_from_name(option: Union[int, str], word: str) -> int:
    """The value of a word records write for an option ('per-city',
    '321', 'on', a decimal number in range)."""
    number = _option_number(option)
    v = _c_i32()
    rc = _L.carc_option_value_from_name(number, _text(word, 'option value'),
                                        _byref(v))
    if rc < 0:
        raise _error(rc, option_explain(option_name(number), word))
    return v.value


_WORD_OF: Dict[type, Callable[[int], str]] = {
    Phase: phase_name, Figure: figure_name, FeatureKind: feature_kind_name,
    Feature: feature_name, Tile: tile_name, Option: option_name,
    FarmScoring: lambda v: option_value_name(Option.FARM_SCORING, v),
    LbScoring: lambda v: option_value_name(Option.LB_SCORING, v),
    LbDistribution: lambda v: option_value_name(Option.LB_DISTRIBUTION, v),
}
_FROM_WORD: Dict[type, Callable[[str], int]] = {
    Phase: phase_from_name, Figure: figure_from_name,
    FeatureKind: feature_kind_from_name, Feature: feature_from_name,
    Tile: tile_from_name, Option: option_from_name,
    FarmScoring: lambda w: option_value_from_name(Option.FARM_SCORING, w),
    LbScoring: lambda w: option_value_from_name(Option.LB_SCORING, w),
    LbDistribution:
        lambda w: option_value_from_name(Option.LB_DISTRIBUTION, w),
}

# ---------------------------------------------------------------------
# Tile geometry
# ---------------------------------------------------------------------


def _rotation(rotation: int) -> int:
    return _u32(rotation, 'rotation')


def tile_edge(tile: Union[int, str], rotation: int, side: int) -> Edge:
    """The type of side ``side`` (N=0, E=1, S=2, W=3) of ``tile`` placed
    with ``rotation`` (0..3 quarter turns clockwise)."""
    return Edge(_check(_L.carc_tile_edge(_tile(tile), _rotation(rotation),
                                         _u32(side, 'side'))))


def tile_features(tile: Union[int, str]) -> List[Feature]:
    """The features of a tile type in canonical order (cities, roads,
    fields, monastery)."""
    t = _tile(tile)
    buf = (_c_u32 * 16)()
    n = _check(_L.carc_tile_features(t, buf, 16), str(tile))
    if n > 16:
        buf = (_c_u32 * n)()
        n = _check(_L.carc_tile_features(t, buf, n), str(tile))
    return [Feature(f) for f in buf[:n]]


def tile_feature_sides(tile: Union[int, str], rotation: int,
                       feature: Union[int, str]) -> int:
    """Where a feature touches the tile's border: for a city or road bit
    s for each side s it reaches; for a field bit h for each half-edge
    (NL, NR, EL, ER, SL, SR, WL, WR); 0 for a monastery."""
    return _check(_L.carc_tile_feature_sides(
        _tile(tile), _rotation(rotation), _feature(feature)))


def _words(fn: Callable[..., int], *args: Any) -> str:
    """The text of one of the library's words calls fn(*args, buf, n),
    measured first: a sentence, never cut."""
    n = _check(fn(*args, None, 0))
    buf = ctypes.create_string_buffer(n + 1)
    _check(fn(*args, buf, n + 1))
    return str(buf.value.decode())


def tile_describe_feature(tile: Union[int, str], rotation: int,
                          feature: Union[int, str]) -> str:
    """A feature of ``tile`` turned by ``rotation`` in English, e.g.
    'the city on the north and south edges, with a pennant'."""
    return _words(_L.carc_tile_describe_feature, _tile(tile),
                  _rotation(rotation), _feature(feature))


def tile_feature_pennants(tile: Union[int, str],
                          feature: Union[int, str]) -> int:
    """Pennants on a city feature of a tile type (0 for other
    features)."""
    return _check(_L.carc_tile_feature_pennants(_tile(tile),
                                                _feature(feature)))


def tile_field_cities(tile: Union[int, str],
                      feature: Union[int, str]) -> int:
    """The cities of the same tile a field borders: bit n-1 for city cn
    (0 for other features)."""
    return _check(_L.carc_tile_field_cities(_tile(tile), _feature(feature)))


def tile_symbol(tile: Union[int, str]) -> Symbol:
    """The crop-circle symbol of a tile type (Symbol.NONE for most)."""
    return Symbol(_check(_L.carc_tile_symbol(_tile(tile))))


def tile_feature_point(tile: Union[int, str], rotation: int,
                       feature: Union[int, str]) -> Tuple[int, int]:
    """Where a figure on ``feature`` of ``tile`` placed with ``rotation``
    is drawn: (x, y) in tile units (0..1000, y to the south)."""
    x, y = _c_i32(), _c_i32()
    _check(_L.carc_tile_feature_point(_tile(tile), _rotation(rotation),
                                      _feature(feature), _byref(x),
                                      _byref(y)))
    return (x.value, y.value)


def tile_feature_shape(tile: Union[int, str], rotation: int,
                       feature: Union[int, str]) -> List[Tuple[int, int]]:
    """The outline of a feature of a placed tile: a closed polygon of
    (x, y) points in tile units."""
    args = (_tile(tile), _rotation(rotation), _feature(feature))
    xy = (_c_i32 * (2 * SHAPE_MAX_POINTS))()
    n = _check(_L.carc_tile_feature_shape(*args, xy, SHAPE_MAX_POINTS))
    if n > SHAPE_MAX_POINTS:
        xy = (_c_i32 * (2 * n))()
        n = _check(_L.carc_tile_feature_shape(*args, xy, n))
    return [(xy[2 * i], xy[2 * i + 1]) for i in range(n)]


def tile_symbol_area(tile: Union[int, str],
                     rotation: int) -> Optional[Tuple[int, int, int]]:
    """The crop circle of a placed tile as (x, y, radius) in tile units;
    None for a tile without one."""
    x, y, r = _c_i32(), _c_i32(), _c_i32()
    rc = _L.carc_tile_symbol_area(_tile(tile), _rotation(rotation),
                                  _byref(x), _byref(y), _byref(r))
    if rc == E_NOT_FOUND:
        return None
    _check(rc)
    return (x.value, y.value, r.value)

# ---------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------


def _s16(v: int) -> int:
    return v - 0x10000 if v & 0x8000 else v


_new_int = int.__new__


class Move(int):
    """A move: the library's 64-bit value (doc/moves.md), as an int.

    ``Move('place 0,-1 r2')`` parses the words of :func:`describe`,
    ``Move(value)`` takes the 64-bit value (ValueError for a malformed
    one).  ``str(move)`` gives the words, which game records also read;
    ``int(move)`` the value.  Moves are immutable, hashable and compare
    as their values, so a Move equals its int.  The constructors
    :meth:`place`, :meth:`deploy`, :meth:`build`, :meth:`remove`,
    :meth:`crop` and :data:`Move.PASS` build the others.

        >>> m = Move.place(0, -1, 2)
        >>> m, str(m), m.kind.name, m.y
        (Move('place 0,-1 r2'), 'place 0,-1 r2', 'PLACE', -1)
        >>> Move(int(m)) == m == Move.parse('place 0,-1 r2')
        True
    """

    __slots__ = ()

    #: The pass move.
    PASS: Move

    def __new__(cls, value: Union[int, str, Move]) -> Move:
        if isinstance(value, str):
            return cls.parse(value)
        v = _u64(value, 'move')
        if _L.carc_move_describe(v, None, 0) < 0:
            raise InvalidArgumentError(int(E_INVALID), f'move {v:#x}')
        return _new_int(cls, v)

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move ``text`` names in the words of :func:`describe`
        ('place 0,-1 r2', 'deploy follower c1 at 0,-1', 'pass', ...);
        InvalidArgumentError for any other text.  The text is strict
        (lower case, single spaces, nothing around it)."""
        m = _c_u64()
        _check(_L.carc_move_parse(_text(text, 'move text'), _byref(m)),
               repr(text))
        return _new_int(Move, m.value)

    @classmethod
    def place(cls, x: int, y: int, rotation: int) -> Move:
        """Place the tile in hand at (x, y) with ``rotation`` 0..3."""
        return move_place(x, y, rotation)

    @classmethod
    def deploy(cls, figure: Union[int, str], x: int, y: int,
               feature: Union[int, str]) -> Move:
        """Put ``figure`` (follower or phantom) on ``feature`` of the tile
        at (x, y)."""
        return move_deploy(figure, x, y, feature)

    @classmethod
    def build(cls, figure: Union[int, str], x: int, y: int) -> Move:
        """Build ``figure`` (tower, house or shed) on the tile at
        (x, y)."""
        return move_build(figure, x, y)

    @classmethod
    def remove(cls, figure: Union[int, str], x: int, y: int,
               feature: Union[int, str]) -> Move:
        """Crop circles: take ``figure`` back from ``feature`` of the
        tile at (x, y)."""
        return move_remove(figure, x, y, feature)

    @classmethod
    def crop(cls, choice: int) -> Move:
        """The crop-circle choice (CropChoice.DEPLOY or REMOVE)."""
        return move_crop_choice(choice)

    @property
    def kind(self) -> MoveKind:
        """The kind: PLACE, DEPLOY (buildings too), PASS, CROP_CHOICE or
        REMOVE."""
        return MoveKind(self & 0xff)

    @property
    def x(self) -> int:
        """x of the tile the move names (0 for pass and crop choice)."""
        return _s16((self >> 32) & 0xffff)

    @property
    def y(self) -> int:
        """y of the tile the move names (0 for pass and crop choice)."""
        return _s16(self >> 48)

    @property
    def rotation(self) -> int:
        """The rotation of a placement (0 for other kinds)."""
        return (self >> 16) & 0xff

    @property
    def figure(self) -> Optional[Figure]:
        """The figure of a deployment, building or removal; else None."""
        if self & 0xff in (2, 5):
            return Figure((self >> 8) & 0xff)
        return None

    @property
    def choice(self) -> Optional[CropChoice]:
        """The choice of a crop-circle choice; else None."""
        if self & 0xff == 4:
            return CropChoice((self >> 8) & 0xff)
        return None

    @property
    def feature(self) -> Optional[Feature]:
        """The feature of a deployment or removal of a follower or the
        phantom; None for other moves (buildings too)."""
        f = (self >> 24) & 0xff
        return Feature(f) if f else None

    def __str__(self) -> str:
        return describe(self)

    def __repr__(self) -> str:
        return f'Move({describe(self)!r})'

    def __format__(self, spec: str) -> str:
        # an integer presentation ('x', '#018x', 'd') formats the value,
        # anything else (width, alignment) the words
        if spec and spec[-1] in 'bcdoxXn':
            return format(int(self), spec)
        return format(str(self), spec)

    def __reduce__(self) -> Tuple[Any, Tuple[int]]:
        return (Move, (int(self),))

    def __copy__(self) -> Move:
        return self

    def __deepcopy__(self, memo: Any) -> Move:
        return self


def _as_move(v: int) -> Move:
    """A value the library gave (always well-formed) as a Move."""
    return _new_int(Move, v)


Move.PASS = _as_move(_L.carc_move_pass())


def _made(m: int, what: str) -> Move:
    if m == 0:
        raise InvalidArgumentError(int(E_INVALID), what)
    return _as_move(m)


def move_place(x: int, y: int, rotation: int) -> Move:
    """The move placing the tile in hand at (x, y) with rotation 0..3."""
    return _made(_L.carc_move_place(_i32(x, 'x'), _i32(y, 'y'),
                                    _u32(rotation, 'rotation')), 'place')


def move_deploy(figure: Union[int, str], x: int, y: int,
                feature: Union[int, str]) -> Move:
    """The move putting ``figure`` (Figure.FOLLOWER or PHANTOM, or its
    name) on ``feature`` (an id or a name like 'c1') of the tile at
    (x, y)."""
    return _made(_L.carc_move_deploy(_figure(figure), _i32(x, 'x'),
                                     _i32(y, 'y'), _feature(feature)),
                 'deploy')


def move_build(figure: Union[int, str], x: int, y: int) -> Move:
    """The move building ``figure`` (Figure.TOWER, HOUSE or SHED, or its
    name) on the tile at (x, y)."""
    return _made(_L.carc_move_build(_figure(figure), _i32(x, 'x'),
                                    _i32(y, 'y')), 'build')


def move_pass() -> Move:
    """The pass move (Move.PASS)."""
    return _as_move(_L.carc_move_pass())


def move_crop_choice(choice: int) -> Move:
    """The crop-circle choice move (CropChoice.DEPLOY or REMOVE)."""
    return _made(_L.carc_move_crop_choice(_u32(choice, 'choice')),
                 'crop choice')


def move_remove(figure: Union[int, str], x: int, y: int,
                feature: Union[int, str]) -> Move:
    """The crop-circle move removing ``figure`` from ``feature`` of the
    tile at (x, y)."""
    return _made(_L.carc_move_remove(_figure(figure), _i32(x, 'x'),
                                     _i32(y, 'y'), _feature(feature)),
                 'remove')


def move_kind(move: int) -> int:
    """The MoveKind of a move value, as the library reads it (0 for none,
    any byte for a malformed value)."""
    return int(_L.carc_move_kind(_move_arg(move)))


def move_x(move: int) -> int:
    """x of a move value."""
    return int(_L.carc_move_x(_move_arg(move)))


def move_y(move: int) -> int:
    """y of a move value."""
    return int(_L.carc_move_y(_move_arg(move)))


def move_rotation(move: int) -> int:
    """Rotation of a placement."""
    return int(_L.carc_move_rotation(_move_arg(move)))


def move_figure(move: int) -> int:
    """Figure of a deployment or removal, CropChoice of a crop choice."""
    return int(_L.carc_move_figure(_move_arg(move)))


def move_feature(move: int) -> int:
    """Feature id of a deployment or removal."""
    return int(_L.carc_move_feature(_move_arg(move)))


def describe(move: int) -> str:
    """The library's words for a move, e.g. 'place 1,-2 r3';
    InvalidArgumentError for a malformed value."""
    move = _move_arg(move)
    buf = ctypes.create_string_buffer(64)
    n = _check(_L.carc_move_describe(move, buf, 64), hex(move))
    if n >= 64:
        buf = ctypes.create_string_buffer(n + 1)
        _L.carc_move_describe(move, buf, n + 1)
    return str(buf.value.decode())


def parse_move(text: str) -> Move:
    """The move a text in the words of describe() names (Move.parse)."""
    return Move.parse(text)


def describe_or_hex(move: Any) -> str:
    """describe(move), or its hex digits when it is not a valid move."""
    try:
        return describe(move)
    except (CarcassonneError, TypeError, OverflowError):
        return hex(move) if isinstance(move, int) else repr(move)

def _record_bytes(text: str, error: Any) -> bytes:
    """``text`` as UTF-8; a character UTF-8 cannot hold (a lone
    surrogate) is a bad record at its line and column, not a
    UnicodeEncodeError."""
    try:
        return text.encode()
    except UnicodeEncodeError as e:
        line = text.count('\n', 0, e.start) + 1
        column = e.start - (text.rfind('\n', 0, e.start) + 1) + 1
        raise error(E_PARSE, line, column,
                    f'character U+{ord(text[e.start]):04X} is not '
                    f'valid text (a lone surrogate)') from None


#: The player counts carc_game_new() takes (carcassonne.h: 2 to 6).
MIN_PLAYERS = 2
MAX_PLAYERS = 6

# ---------------------------------------------------------------------
# Private construction of wrappers
# ---------------------------------------------------------------------

# Only code of this module holds this object; Game._wrap and Rules._wrap
# refuse to wrap a handle without it, so no caller can make a Game or
# Rules out of a foreign integer.
_TOKEN = object()


def _own_handle(handle: Any, token: object, what: str) -> ctypes.c_void_p:
    if token is not _TOKEN:
        raise TypeError(f'{what} objects are made by the library only')
    if type(handle) is not _vp or not handle.value:
        raise TypeError(f'{what} handle must be a c_void_p from the library')
    return handle

# ---------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------


def _option_number(name: Union[int, str]) -> int:
    """An option given by name ('farm-scoring', 'farm_scoring') or
    number, as its checked number."""
    if isinstance(name, str):
        return option_from_name(name)
    return _u32(name, 'option')


def _option_value(number: int, value: Any) -> int:
    """An option's value (bool for a switch, int, or a word as game
    records write it) as an int32 in the option's range; the errors say
    what the option takes."""
    if isinstance(value, str):
        return option_value_from_name(number, value)
    name = option_name(number)
    if isinstance(value, bool) and \
            option_info(number).type != OptionType.SWITCH:
        # as push(True): a bool is not an int here
        raise TypeError(f'{name} takes a number or a word, not bool '
                        f'({option_explain(name)})')
    v = int(_i32(value, f'option {name} value', allow_bool=True))
    info = option_info(number)
    if not info.min <= v <= info.max:
        raise InvalidArgumentError(E_INVALID,
                                   option_explain(name, str(v)))
    return v


def _library_options() -> Tuple[Dict[str, int], Dict[str, Dict[str, int]]]:
    # options are numbered 1..N without gaps; ask until the library says
    # CARC_E_UNKNOWN_OPTION (the bound only guards against a broken one)
    options: Dict[str, int] = {}
    values: Dict[str, Dict[str, int]] = {}
    lo, hi = _c_i32(), _c_i32()
    for number in range(1, 1 << 16):
        kind = _L.carc_option_info(number, _byref(lo), _byref(hi), None)
        if kind == E_UNKNOWN_OPTION:
            break
        name = _L.carc_option_name(number).decode()
        options[name] = number
        if kind == OptionType.CHOICE:
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


def _mapping(value: Any, name: str) -> Any:
    if not hasattr(value, 'items'):
        raise TypeError(f'{name} must be a mapping, not '
                        f'{type(value).__name__}')
    return value


class Rules:
    """Immutable rules, built from keyword options and tile counts.

    ``Rules(phantom=True, farm_scoring='per-city', tiles={'E': 1})``.
    Option names are those of game records, with '_' for '-'; values are
    ints, bools or the record's words ('per-city', '3-2-1', 'jcz').
    ``tiles`` maps tile names (or numbers) to stack counts; the key '*'
    sets every type first.

        >>> Rules(phantom=True, farm_scoring='per-city')
        Rules(farm_scoring='per-city', phantom=True)

    Rules are immutable in the library and may be shared by any number of
    games and threads at once, so they need no lock: a Rules object holds
    one library reference, dropped when the object goes away, and every
    game holds a reference of its own.  ``copy.copy`` and
    ``copy.deepcopy`` return the object itself (as for a tuple);
    ``pickle`` stores the option values and tile counts.  Two Rules are
    equal when their options and tile counts are.
    """

    _h: Optional[ctypes.c_void_p] = None

    def __init__(self, options: Optional[Any] = None,
                 tiles: Optional[Any] = None, **kw: Any) -> None:
        if self._h is not None:
            raise TypeError('Rules are immutable; __init__ runs once')
        merged: Dict[Any, Any] = {}
        if options is not None:
            merged.update(_mapping(options, 'options'))
        merged.update(kw)
        tiles = dict(_mapping(tiles, 'tiles')) if tiles is not None else {}
        builder = _vp()
        _check(_L.carc_rules_builder_new(_byref(builder)))
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
            _check(_L.carc_rules_builder_build(builder, _byref(handle)))
        finally:
            _L.carc_rules_builder_free(builder)
        self._h = handle

    @classmethod
    def all_expansions(cls, options: Optional[Any] = None,
                       tiles: Optional[Any] = None, **kw: Any) -> Rules:
        """Rules with every expansion of the library switched on (each
        option :func:`option_is_expansion` marks), then ``options``,
        ``tiles`` and keywords as :class:`Rules` takes them.

            >>> Rules.all_expansions()
            Rules(phantom=True, crop_circles_i=True, crop_circles_ii=True, little_buildings=True)
        """
        merged: Dict[Any, Any] = {
            name: 1 for name, number in OPTIONS.items()
            if option_is_expansion(number)}
        if options is not None:
            merged.update(_mapping(options, 'options'))
        merged.update(kw)
        return cls(merged, tiles)

    @classmethod
    def _wrap(cls, handle: Any, token: object) -> Rules:
        """Wrap a rules reference the library gave (private)."""
        self = cls.__new__(cls)
        self._h = _own_handle(handle, token, 'Rules')
        return self

    def __del__(self, _unref: Any = _L.carc_rules_unref) -> None:
        # The ctypes function is bound as a default so that it is still
        # there when module globals are cleared at interpreter exit.
        h, self._h = self._h, None
        if h:
            _unref(h)

    def _live(self) -> ctypes.c_void_p:
        if self._h is None:
            raise ValueError('Rules object was not initialised')
        return self._h

    def __copy__(self) -> Rules:
        return self

    def __deepcopy__(self, memo: Any) -> Rules:
        return self

    def __reduce__(self) -> Tuple[Any, ...]:
        return (Rules, (self.options(), self.tile_counts()))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rules):
            return NotImplemented
        return (self.options() == other.options() and
                self.tile_counts() == other.tile_counts())

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.options().items())),
                     tuple(sorted(self.tile_counts().items()))))

    def __repr__(self) -> str:
        if self._h is None:
            return '<Rules (not initialised)>'
        parts = []
        for number, value in sorted(self.options().items()):
            info = option_info(number)
            if value == info.default:
                continue
            key = option_name(number).replace('-', '_')
            if info.type == OptionType.SWITCH:
                parts.append(f'{key}={bool(value)!r}')
            elif info.type == OptionType.CHOICE:
                parts.append(f'{key}={option_value_name(number, value)!r}')
            else:
                parts.append(f'{key}={value!r}')
        tiles = {tile_name(t): c for t, c in self.tile_counts().items()
                 if c != self.default_tile_count(t)}
        if tiles:
            parts.append(f'tiles={tiles!r}')
        return f'Rules({", ".join(parts)})'

    def get(self, option: Union[int, str]) -> int:
        """The value of an option, given by name ('farm-scoring' or
        'farm_scoring') or number."""
        number = _option_number(option)
        v = _c_i32()
        _check(_L.carc_rules_get(self._live(), number, _byref(v)),
               str(option))
        return v.value

    def options(self) -> Dict[int, int]:
        """Every option's value, as {option number: value}."""
        out: Dict[int, int] = {}
        v = _c_i32()
        number = 1
        while True:
            rc = _L.carc_rules_get(self._live(), number, _byref(v))
            if rc == E_UNKNOWN_OPTION:
                return out
            _check(rc)
            out[number] = v.value
            number += 1

    def tile_count(self, tile: Union[int, str]) -> int:
        """Tiles of a type (name or number) in the draw stack."""
        return _check(_L.carc_rules_tile_count(self._live(), _tile(tile)))

    def default_tile_count(self, tile: Union[int, str]) -> int:
        """Tiles of a type in the stack of rules with the same options
        and no tile count set (a crop-circle tile counts 1 only while its
        set is on)."""
        return _check(_L.carc_rules_default_tile_count(self._live(),
                                                       _tile(tile)))

    def tile_counts(self) -> Dict[int, int]:
        """The stack, as {tile number: count} for every tile type."""
        return {t: self.tile_count(t) for t in range(TILE_TYPES)}

# ---------------------------------------------------------------------
# What the game queries return
# ---------------------------------------------------------------------


class PlacedTile(NamedTuple):
    """A tile on the board (:meth:`Game.tiles`, :meth:`Game.tile_at`)."""
    #: column
    x: int
    #: row (y grows to the south)
    y: int
    #: the tile's name ('D', 'CCI-1', ...)
    tile: str
    #: quarter turns clockwise, 0..3
    rotation: int


class PlacedFigure(NamedTuple):
    """A figure on the board (:meth:`Game.figures`)."""
    #: its owner, 0-based
    player: int
    #: Figure.FOLLOWER or Figure.PHANTOM
    figure: Figure
    #: column of its tile
    x: int
    #: row of its tile
    y: int
    #: the feature's name on that tile ('c1', 'f2', ...)
    feature: str


class Building(NamedTuple):
    """A Little Buildings token on the board (:meth:`Game.buildings`)."""
    #: column of its tile
    x: int
    #: row of its tile
    y: int
    #: Figure.TOWER, HOUSE or SHED
    figure: Figure


class Event(TypedDict):
    """A scoring event of the last move (:meth:`Game.events`).  The lists
    have one entry per player."""
    type: EventType
    feature_kind: FeatureKind
    x: int
    y: int
    feature: Feature
    tiles: int
    pennants: int
    cities: int
    scorers: int
    points: List[int]
    figures: List[int]
    building_points: List[int]
    phantom: List[int]


class FeatureInfo(NamedTuple):
    """Everything :meth:`Game.feature` says about a board-level feature
    (a whole road, city, monastery or field): the attributes of
    ``carc_game_feature_get()``.  Per-player lists have one entry per
    player; ``scorers`` and ``farm_scorers`` are bit masks (bit p for
    player p)."""
    kind: FeatureKind
    id: int
    pieces: int
    tiles: int
    open: int
    complete: bool
    pennants: int
    cities: int
    scorers: int
    value: int
    building_value: int
    farm_scorers: int
    points: List[int]
    followers: List[int]
    building_points: List[int]
    phantoms: List[int]


# ---------------------------------------------------------------------
# Views of a game: legal moves and history
# ---------------------------------------------------------------------


class MoveList(Sequence[Move]):
    """A list of moves that does not change: the legal moves of one
    decision point (what ``game.legal_moves()`` returns).  Indexing gives
    :class:`Move` objects, made only when asked for; it compares equal to
    any list or tuple of the same move values."""

    __slots__ = ('_a',)
    _a: array.array[int]

    def __init__(self, moves: Iterable[int] = ()) -> None:
        self._a = array.array('Q', (_move_arg(m) for m in moves))

    @overload
    def __getitem__(self, i: int) -> Move: ...

    @overload
    def __getitem__(self, i: slice) -> MoveList: ...

    def __getitem__(self, i: Union[int, slice]) -> Union[Move, MoveList]:
        if type(i) is int:
            return _new_int(Move, self._a[i])
        if isinstance(i, slice):
            out = MoveList.__new__(MoveList)
            out._a = self._a[i]
            return out
        return _new_int(Move, self._a[operator.index(i)])

    def __len__(self) -> int:
        return len(self._a)

    def __iter__(self) -> Iterator[Move]:
        for v in self._a:
            yield _new_int(Move, v)

    def __contains__(self, move: object) -> bool:
        return move in self._a if isinstance(move, int) else False

    def as_array(self) -> array.array[int]:
        """The move values as a new ``array.array('Q')`` (for numpy:
        ``numpy.frombuffer(moves.as_array(), numpy.uint64)``)."""
        return _array('Q', self._a)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, MoveList):
            return self._a == other._a
        if isinstance(other, (list, tuple)):
            return list(self._a) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f'MoveList([{", ".join(repr(m) for m in self)}])'


def _move_list(a: array.array[int]) -> MoveList:
    out = MoveList.__new__(MoveList)
    out._a = a
    return out


class LegalMoves:
    """The legal moves of a game now (``game.legal_moves``), a live view
    as in python-chess: ``len()``, ``in``, ``bool()`` and iteration ask
    the game each time.  Calling it, ``game.legal_moves()``, gives a
    :class:`MoveList` of the moves now, in the library's canonical order
    (the fast way to pick one by index)."""

    __slots__ = ('_game',)

    def __init__(self, game: Game) -> None:
        self._game = game

    def __call__(self) -> MoveList:
        g = self._game
        with g._lock:
            h = g._h
            if h is None:
                raise ValueError('game is closed')
            n = _legal_moves(h, g._moves, g._cap)
            if n > g._cap:
                g._grow(max(n, 256, _check(_L.carc_game_legal_moves_max(h))))
                n = _legal_moves(h, g._moves, g._cap)
            if n < 0:
                raise _error(n)
            a = _array('Q')
            a.frombytes(g._bytes[:n << 3])
        out = _new_object(MoveList)
        out._a = a
        return out

    def __iter__(self) -> Iterator[Move]:
        return iter(self())

    def __len__(self) -> int:
        return self._game._query(_legal_moves, None, 0)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __contains__(self, move: object) -> bool:
        if isinstance(move, bool) or not isinstance(move, int) or \
                not 0 <= move < 1 << 64:
            return False
        return self._game.is_legal(move)

    def count(self) -> int:
        """How many legal moves there are now (``len()``)."""
        return len(self)

    def __repr__(self) -> str:
        g = self._game
        if g.closed:
            return '<LegalMoves of a closed game>'
        moves = self()
        shown = ', '.join(str(m) for m in moves[:8])
        more = ', ...' if len(moves) > 8 else ''
        return f'<LegalMoves ({len(moves)}): {shown}{more}>'


class History(Sequence[Move]):
    """The moves played in a game, oldest first (``game.history``): a live
    view with ``len()``, indexing and iteration; calling it,
    ``game.history()``, gives them as a list."""

    __slots__ = ('_game',)

    def __init__(self, game: Game) -> None:
        self._game = game

    def __call__(self) -> List[Move]:
        out: List[Move] = []
        m = _c_u64()
        g = self._game
        with g._lock:
            h = g._live()
            for i in range(_check(_L.carc_game_history_count(h))):
                _check(_L.carc_game_history_at(h, i, _byref(m)))
                out.append(_as_move(m.value))
        return out

    def __len__(self) -> int:
        return self._game._query(_L.carc_game_history_count)

    @overload
    def __getitem__(self, i: int) -> Move: ...

    @overload
    def __getitem__(self, i: slice) -> List[Move]: ...

    def __getitem__(self, i: Union[int, slice]) -> Union[Move, List[Move]]:
        if isinstance(i, slice):
            return self()[i]
        if isinstance(i, bool) or not isinstance(i, int):
            raise TypeError(f'history index must be an integer, not '
                            f'{type(i).__name__}')
        g = self._game
        m = _c_u64()
        with g._lock:
            h = g._live()
            n = _check(_L.carc_game_history_count(h))
            if i < 0:
                i += n
            if not 0 <= i < n:
                raise IndexError('history index out of range')
            _check(_L.carc_game_history_at(h, i, _byref(m)))
        return _as_move(m.value)

    def __iter__(self) -> Iterator[Move]:
        return iter(self())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (History, list, tuple)):
            return self() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        if self._game.closed:
            return '<History of a closed game>'
        return f'History({self()!r})'


_array = array.array
_legal_moves = _L.carc_game_legal_moves
_apply = _L.carc_game_apply
_is_over = _L.carc_game_is_over
_new_object = object.__new__

# ---------------------------------------------------------------------
# Games
# ---------------------------------------------------------------------


def _unpickle_game(record: str) -> Game:
    """Rebuild a pickled Game from its game record (private)."""
    return Game.load(record)


_T = TypeVar('_T')


class Game:
    """A game in progress; wraps one struct carc_game that it owns alone.

    ``Game(rules=Rules(), players=2, seed=0)`` starts a game: the start
    tile D lies at (0, 0) and the stack is shuffled from ``seed``.
    ``game.legal_moves`` lists the moves of the decision point now,
    :meth:`push` plays one, :meth:`pop` takes the last one back, and
    ``game.history`` holds every move played.

        >>> game = Game(Rules(), players=2, seed=7)
        >>> game
        <Game 2 players, move 0, place-tile by player 0 with tile A, scores [0, 0]>
        >>> game.push(game.legal_moves()[0])
        >>> len(game.history), game.phase().word
        (1, 'deploy')

    ``copy.copy``, ``copy.deepcopy`` and :meth:`clone` give an independent
    game; ``pickle`` stores the game record (with the draw order), so the
    unpickled game has the same hash and continues identically.

    Every call into the library takes the game's lock, so one game may be
    used from several threads: their calls run one after the other (the
    library allows one thread per game at a time).  :meth:`close` frees
    the game at once; afterwards every method raises ValueError.  A game
    is also a context manager that closes it on exit.
    """

    _h: Optional[ctypes.c_void_p] = None
    # the lock of an object made without __init__ (which has no handle)
    _lock: Any = threading.RLock()
    # the buffer legal_moves() lists into, made on its first call and
    # reused (a clone made for search may never list its moves)
    _moves: Any = None
    _bytes: memoryview = memoryview(b'')
    _cap: int = 0

    def __init__(self, rules: Optional[Rules] = None, players: int = 2,
                 seed: int = 0) -> None:
        if '_lock' in self.__dict__ or self._h is not None:
            raise TypeError('Game.__init__ runs once')
        if rules is None:
            rules = Rules()
        elif not isinstance(rules, Rules):
            raise TypeError(f'rules must be Rules, not '
                            f'{type(rules).__name__}')
        players = _u32(players, 'players')
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidArgumentError(
                E_INVALID, f'players must be {MIN_PLAYERS} to '
                f'{MAX_PLAYERS}, not {players}')
        seed = _u64(seed, 'seed')
        h = _vp()
        _check(_L.carc_game_new(rules._live(), players, seed, _byref(h)))
        self._lock = threading.RLock()
        self._h = h

    @classmethod
    def _wrap(cls, handle: Any, token: object) -> Game:
        """Wrap a game handle the library gave (private: needs the
        module's token and a c_void_p)."""
        self = cls.__new__(cls)
        self._lock = threading.RLock()
        self._h = _own_handle(handle, token, 'Game')
        return self

    def _grow(self, n: int) -> None:
        # the buffer legal_moves() lists into, reused from call to call
        self._moves = (_c_u64 * n)()
        self._bytes = memoryview(self._moves).cast('B')
        self._cap = n

    def _live(self) -> ctypes.c_void_p:
        # call with self._lock held
        if self._h is None:
            raise ValueError('game is closed')
        return self._h

    def _query(self, fn: Callable[..., int], *args: Any) -> int:
        # fn(handle, *args) under the lock, its status checked
        with self._lock:
            return _check(fn(self._live(), *args))

    def close(self) -> None:
        """Free the game now.  Calling it again does nothing; any other
        method of a closed game raises ValueError."""
        with self._lock:
            h, self._h = self._h, None
            if h:
                _L.carc_game_free(h)

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has run."""
        return self._h is None

    def __enter__(self) -> Game:
        with self._lock:
            self._live()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self, _free: Any = _L.carc_game_free) -> None:
        # No other thread can hold a reference now; the ctypes function is
        # bound as a default to outlive the module globals at exit.
        h, self._h = self._h, None
        if h:
            _free(h)

    def __repr__(self) -> str:
        with self._lock:
            if self._h is None:
                return '<Game (closed)>'
            phase = self.phase()
            tile = self.current_tile()
            what = f'{phase.word} by player {self.current_player()}'
            if phase == Phase.PLACE_TILE:
                what += f' with tile {tile}'
            elif phase == Phase.GAME_OVER:
                what = 'over'
            return (f'<Game {self.players()} players, move '
                    f'{len(self.history)}, {what}, scores {self.scores()}>')

    # -- copies and records --

    def clone(self) -> Game:
        """An independent copy of the game."""
        h = _vp()
        with self._lock:
            _check(_L.carc_game_clone(self._live(), _byref(h)))
        return Game._wrap(h, _TOKEN)

    def __copy__(self) -> Game:
        return self.clone()

    def __deepcopy__(self, memo: Any) -> Game:
        return self.clone()

    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        return (_unpickle_game, (self.save(),))

    def copy_from(self, other: Game) -> None:
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

    def memory_size(self) -> int:
        """The bytes of memory the game holds in the library."""
        return self._query(_L.carc_game_memory_size)

    def svg(self, *, tile_size: int = 0, legend: bool = True,
            scores: bool = True, labels: bool = True,
            last_move: bool = False, placements: bool = False,
            highlight: Optional[Tuple[int, int, Union[int, str]]] = None,
            colours: Optional[Sequence[Optional[int]]] = None) -> str:
        """The game as an SVG document (carc_game_render_svg()).

        ``tile_size`` is pixels per tile (16..512; 0 for 100);
        ``legend``, ``scores`` and ``labels`` switch those parts off;
        ``last_move`` outlines the tile placed last; ``placements`` marks
        where the tile in hand fits; ``highlight=(x, y, feature)`` shows
        the board-level feature of that tile; ``colours`` gives players
        colours as 0xRRGGBB (None or a missing entry keeps the default).
        """
        o = _RenderOptions()
        o.size = ctypes.sizeof(_RenderOptions)
        o.tile_size = _u32(tile_size, 'tile_size')
        flags = 0
        for on, flag in ((not legend, RenderFlag.NO_LEGEND),
                         (not scores, RenderFlag.NO_SCORES),
                         (not labels, RenderFlag.NO_LABELS),
                         (last_move, RenderFlag.LAST_MOVE),
                         (placements, RenderFlag.PLACEMENTS)):
            if on:
                flags |= flag
        if highlight is not None:
            if not isinstance(highlight, tuple) or len(highlight) != 3:
                raise TypeError('highlight must be a tuple (x, y, feature)')
            o.feature_x = _i32(highlight[0], 'x')
            o.feature_y = _i32(highlight[1], 'y')
            o.feature_id = _feature(highlight[2])
            flags |= RenderFlag.FEATURE
        o.flags = flags
        if colours is not None:
            colours = list(colours)
            if len(colours) > 6:
                raise ValueError('at most 6 player colours')
            for i, c in enumerate(colours):
                if c is not None:
                    o.colours[i] = _RENDER_COLOUR | _int(c, 'colour', 0,
                                                    0xffffff)
        return self._render(ctypes.byref(o))

    def _render(self, options: Any) -> str:
        with self._lock:
            h = self._live()
            n = _check(_L.carc_game_render_svg(h, options, None, 0))
            buf = ctypes.create_string_buffer(n + 1)
            _check(_L.carc_game_render_svg(h, options, buf, n + 1))
        return str(buf.value.decode('utf-8'))

    def _repr_svg_(self) -> str:
        """The board as an SVG picture (carc_game_render_svg() with its
        defaults), so that a notebook shows the game by itself."""
        return self._render(None)

    def save(self) -> str:
        """The game record (doc/record-format.md) as a str."""
        with self._lock:
            h = self._live()
            n = _check(_L.carc_game_save(h, None, 0))
            buf = ctypes.create_string_buffer(n + 1)
            _check(_L.carc_game_save(h, buf, n + 1))
        return str(buf.value.decode('ascii'))

    @classmethod
    def load(cls, text: Union[str, bytes, bytearray, memoryview]) -> Game:
        """Load a game record (str or bytes); raises RecordError (with
        the line and column) for a bad one."""
        if isinstance(text, str):
            data = _record_bytes(text, RecordError)
        elif isinstance(text, (bytes, bytearray, memoryview)):
            data = bytes(text)
        else:
            raise TypeError(f'a game record is str or bytes, not '
                            f'{type(text).__name__}')
        h = _vp()
        line, col = _c_u32(), _c_u32()
        msg = ctypes.create_string_buffer(256)
        rc = _L.carc_game_load(data, len(data), _byref(h), _byref(line),
                               _byref(col), msg, len(msg))
        if rc < 0:
            raise RecordError(rc, line.value, col.value,
                              msg.value.decode(errors='replace'))
        return Game._wrap(h, _TOKEN)

    def to_jcz(self) -> str:
        """The game as a JCloisterZone saved game (.jcz, JSON text; see
        doc/jcz.md).  Raises CarcassonneError (NOT_ALLOWED) when its rules
        have an option JCloisterZone does not play."""
        with self._lock:
            h = self._live()
            n = _L.carc_jcz_export(h, None, 0)
            if n == E_NOT_ALLOWED:
                raise _error(n, self._jcz_refusal())
            _check(n)
            buf = ctypes.create_string_buffer(n + 1)
            _check(_L.carc_jcz_export(h, buf, n + 1))
        return str(buf.value.decode('utf-8'))

    def _jcz_refusal(self) -> str:
        # Which rule JCZ does not play, asked of the library's own check:
        # the one-option changes (back to the default, or to another
        # word of a switch or choice) that make a new game of these rules
        # exportable.
        values = self.rules().options()
        found = []
        for number, value in values.items():
            info = option_info(number)
            tries = [info.default] if info.type == OptionType.NUMBER \
                else range(info.min, info.max + 1)
            for other in tries:
                if other == value:
                    continue
                changed = dict(values)
                changed[number] = other
                probe = Game(Rules({option_name(n): v
                                    for n, v in changed.items()}),
                             self.players(), 0)
                try:
                    rc = _L.carc_jcz_export(probe._live(), None, 0)
                finally:
                    probe.close()
                if rc >= 0:
                    word = (str(other) if info.type == OptionType.NUMBER
                            else option_value_name(number, other))
                    found.append(f'{option_name(number)} {word}')
        if found:
            return (f'JCloisterZone does not play these rules; it would '
                    f'with {" or ".join(found)} (doc/jcz.md)')
        return ('JCloisterZone does not play these rules or a move of '
                'this game (doc/jcz.md)')

    @classmethod
    def from_jcz(cls, text: Union[str, bytes, bytearray, memoryview]) -> Game:
        """Replay a JCloisterZone saved game (str or bytes); raises
        JczError (a RecordError: line, column, and a reason that names
        the replay entry at fault) for one that does not load."""
        if isinstance(text, str):
            data = _record_bytes(text, JczError)
        elif isinstance(text, (bytes, bytearray, memoryview)):
            data = bytes(text)
        else:
            raise TypeError(f'a .jcz document is str or bytes, not '
                            f'{type(text).__name__}')
        h = _vp()
        line, col = _c_u32(), _c_u32()
        msg = ctypes.create_string_buffer(512)
        rc = _L.carc_jcz_import(data, len(data), _byref(h), _byref(line),
                                _byref(col), msg, len(msg))
        if rc < 0:
            raise JczError(rc, line.value, col.value,
                           msg.value.decode(errors='replace'))
        return Game._wrap(h, _TOKEN)

    def rules(self) -> Rules:
        """The rules of the game (a Rules holding its own reference)."""
        with self._lock:
            h = _L.carc_rules_ref(_L.carc_game_rules(self._live()))
        return Rules._wrap(_vp(h), _TOKEN)

    # -- moves --

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves now: a live :class:`LegalMoves` view
        (``len()``, ``in``, iteration); ``game.legal_moves()`` gives them
        as a :class:`MoveList` in the library's canonical order."""
        view = _new_object(LegalMoves)
        view._game = self
        return view

    def legal_moves_max(self) -> int:
        """An upper bound of the number of legal moves now (cheap)."""
        return self._query(_L.carc_game_legal_moves_max)

    def is_legal(self, move: int) -> bool:
        """Whether ``move`` (a Move or its int) is legal now."""
        move = _move_arg(move)
        with self._lock:
            return _check(_L.carc_game_is_legal(self._live(), move)) == 1

    def apply(self, move: int) -> None:
        """Play a move (a Move or its int) and every forced step after it;
        IllegalMoveError, with the game unchanged, if it is illegal."""
        if type(move) is not Move:
            move = _u64(move, 'move')
        with self._lock:
            h = self._h
            if h is None:
                raise ValueError('game is closed')
            rc = _apply(h, move)
        if rc < 0:
            raise IllegalMoveError(rc, move)

    #: Play a move: :meth:`apply` under its python-chess name.
    push = apply

    def pop(self) -> Move:
        """Take back the last move and return it (carc_game_undo()): the
        game is again exactly as before it.  IndexError when no move has
        been played.  Costs a replay of the game: for people and editors;
        search should keep copies instead."""
        m = _c_u64()
        with self._lock:
            h = self._live()
            n = _check(_L.carc_game_history_count(h))
            if n == 0:
                raise IndexError('pop from a game without moves')
            _check(_L.carc_game_history_at(h, n - 1, _byref(m)))
            _check(_L.carc_game_undo(h))
        return _as_move(m.value)

    def undo(self) -> Move:
        """Take back the last move and return it (as :meth:`pop`)."""
        return self.pop()

    @property
    def history(self) -> History:
        """The moves played, oldest first: a live :class:`History` view
        (``len(game.history)``, ``game.history[-1]``);
        ``game.history()`` gives them as a list."""
        return History(self)

    def set_next_tile(self, tile: Union[int, str]) -> None:
        """Take ``tile`` (name or number, still in the stack) in hand."""
        tile = _tile(tile)
        with self._lock:
            _check(_L.carc_game_set_next_tile(self._live(), tile))

    def shuffle_stack(self, seed: int) -> None:
        """Reshuffle the stack (not the tile in hand) with a new seed."""
        seed = _u64(seed, 'seed')
        with self._lock:
            _check(_L.carc_game_shuffle_stack(self._live(), seed))

    def reset(self, seed: int) -> None:
        """Start a new game in place: the game ``Game(rules, players,
        seed)`` would make, with the same rules and player count, without
        allocating (``carc_game_reset``)."""
        seed = _u64(seed, 'seed')
        with self._lock:
            _check(_L.carc_game_reset(self._live(), seed))

    def set_draw_order(self, tiles: Iterable[Union[int, str]]) -> None:
        """Set the whole draw order from now on: the first tile goes in
        hand, the rest is the stack from the top.  It must be a
        permutation of the tile in hand and the stack; only at
        Phase.PLACE_TILE."""
        buf, n = _tile_array(tiles)
        with self._lock:
            _check(_L.carc_game_set_draw_order(self._live(), buf, n))

    def set_stack_order(self, tiles: Iterable[Union[int, str]]) -> None:
        """Set the order of the stack from now on, top first, at any
        phase but the end of the game: a permutation of the tiles left in
        the stack (:meth:`remaining`), not the tile in hand.  Nothing is
        drawn and :meth:`hash` stays the same."""
        buf, n = _tile_array(tiles)
        with self._lock:
            _check(_L.carc_game_set_stack_order(self._live(), buf, n))

    def draw_order(self) -> List[str]:
        """The whole draw order: the tiles drawn so far (discarded ones
        too, the tile in hand last), then the stack from the top.  Hidden
        information: for hosts and records."""
        with self._lock:
            h = self._live()
            n = _check(_L.carc_game_draw_order(h, None, 0))
            buf = (_c_u32 * max(1, n))()
            n = _check(_L.carc_game_draw_order(h, buf, n))
        return [tile_name(t) for t in buf[:n]]

    def drawn_count(self) -> int:
        """How many tiles of :meth:`draw_order` have been drawn, the tile
        in hand included."""
        return self._query(_L.carc_game_drawn_count)

    def discards(self) -> List[str]:
        """The tiles discarded because they fit nowhere, oldest first."""
        with self._lock:
            h = self._live()
            out = [_check(_L.carc_game_discard_at(h, i))
                   for i in range(_check(_L.carc_game_discard_count(h)))]
        return [tile_name(t) for t in out]

    # -- queries --

    def players(self) -> int:
        """Number of players."""
        return self._query(_L.carc_game_player_count)

    def phase(self) -> Phase:
        """The decision point now."""
        return Phase(self._query(_L.carc_game_phase))

    def is_over(self) -> bool:
        """Whether the game has ended."""
        with self._lock:
            h = self._h
            if h is None:
                raise ValueError('game is closed')
            return bool(_is_over(h) == 1)

    def current_player(self) -> int:
        """The player to decide now (0-based)."""
        return self._query(_L.carc_game_current_player)

    def current_tile(self) -> Optional[str]:
        """Name of the tile in hand (or just placed); None at the end."""
        with self._lock:
            t = _L.carc_game_current_tile(self._live())
        return None if t == E_GAME_OVER else tile_name(_check(t))

    def crop_action(self) -> Optional[CropChoice]:
        """During Phase.CROP_RESPONSE the active player's crop-circle
        choice; None at other decision points."""
        c = self._query(_L.carc_game_crop_action)
        return CropChoice(c) if c else None

    def _seat(self, player: Any) -> int:
        """``player`` checked against this game's seats, with the range
        in the message (InvalidArgumentError)."""
        p = _u32(player, 'player')
        n = self.players()
        if p >= n:
            raise InvalidArgumentError(
                E_INVALID, f'player must be 0 to {n - 1}, not {p}')
        return p

    def score(self, player: int) -> int:
        """A player's score."""
        return self._query(_L.carc_game_score, self._seat(player))

    def scores(self) -> List[int]:
        """Every player's score, in player order."""
        with self._lock:
            return [self.score(p) for p in range(self.players())]

    def supply(self, player: int,
               figure: Union[int, str] = Figure.FOLLOWER) -> int:
        """Figures of a kind (a Figure or its name) in a player's
        supply."""
        return self._query(_L.carc_game_supply, self._seat(player),
                           _figure(figure))

    def hash(self) -> int:
        """The 64-bit hash of the game state (equal states, equal
        hashes); ValueError on a closed game."""
        with self._lock:
            return int(_L.carc_game_hash(self._live()))

    def remaining(self, tile: Optional[Union[int, str]] = None) -> int:
        """Tiles left in the stack: of one type (name or number), or all
        of them when ``tile`` is None."""
        if tile is None:
            return self._query(_L.carc_game_remaining_total)
        return self._query(_L.carc_game_remaining, _tile(tile))

    def tiles(self) -> List[PlacedTile]:
        """The tiles on the board in placement order, the start tile
        first."""
        out = []
        x, y, t, r = _c_i32(), _c_i32(), _c_u32(), _c_u32()
        with self._lock:
            h = self._live()
            for i in range(_check(_L.carc_game_tile_count(h))):
                _check(_L.carc_game_tile_at(h, i, _byref(x), _byref(y),
                                            _byref(t), _byref(r)))
                out.append((x.value, y.value, t.value, r.value))
        return [PlacedTile(x, y, tile_name(t), r) for x, y, t, r in out]

    def tile_at(self, x: int, y: int) -> Optional[PlacedTile]:
        """The tile at (x, y), or None for an empty position."""
        x, y = _i32(x, 'x'), _i32(y, 'y')
        tx, ty, t, r = _c_i32(), _c_i32(), _c_u32(), _c_u32()
        with self._lock:
            h = self._live()
            i = _L.carc_game_tile_find(h, x, y)
            if i == E_NOT_FOUND:
                return None
            _check(_L.carc_game_tile_at(h, _check(i), _byref(tx),
                                        _byref(ty), _byref(t), _byref(r)))
        return PlacedTile(tx.value, ty.value, tile_name(t.value), r.value)

    def bounds(self) -> Tuple[int, int, int, int]:
        """The board's bounding box (min_x, min_y, max_x, max_y)."""
        v = [_c_i32() for _ in range(4)]
        with self._lock:
            _check(_L.carc_game_bounds(self._live(), *map(_byref, v)))
        return (v[0].value, v[1].value, v[2].value, v[3].value)

    def figures(self) -> List[PlacedFigure]:
        """The followers and phantoms on the board (by player, then by
        the player's figure slots)."""
        out = []
        p, f, x, y, feat = _c_u32(), _c_u32(), _c_i32(), _c_i32(), _c_u32()
        with self._lock:
            h = self._live()
            for i in range(_check(_L.carc_game_figure_count(h))):
                _check(_L.carc_game_figure_at(
                    h, i, _byref(p), _byref(f), _byref(x), _byref(y),
                    _byref(feat)))
                out.append((p.value, f.value, x.value, y.value, feat.value))
        return [PlacedFigure(p, Figure(f), x, y, feature_name(feat))
                for p, f, x, y, feat in out]

    def buildings(self) -> List[Building]:
        """The buildings on the board, in the order they were built."""
        out = []
        x, y, f = _c_i32(), _c_i32(), _c_u32()
        with self._lock:
            h = self._live()
            for i in range(_check(_L.carc_game_building_count(h))):
                _check(_L.carc_game_building_at(h, i, _byref(x), _byref(y),
                                                _byref(f)))
                out.append((x.value, y.value, f.value))
        return [Building(x, y, Figure(f)) for x, y, f in out]

    # -- board-level features --

    def _where(self, x: int, y: int,
               feature: Union[int, str]) -> Tuple[int, int, int]:
        return _i32(x, 'x'), _i32(y, 'y'), _feature(feature)

    def feature_get(self, x: int, y: int, feature: Union[int, str],
                    attr: int) -> int:
        """One attribute (a FeatureAttr, plus the player for the
        per-player ones) of the board-level feature that contains
        ``feature`` of the tile at (x, y)."""
        where = self._where(x, y, feature)
        attr = _u32(attr, 'attr')
        v = _c_i32()
        self._query(_L.carc_game_feature_get, *where, attr, _byref(v))
        return v.value

    def feature(self, x: int, y: int,
                feature: Union[int, str]) -> FeatureInfo:
        """Every attribute of the board-level feature (the whole road,
        city, monastery or field) that contains ``feature`` of the tile
        at (x, y): its size, whether it is complete, who would score it
        and how many points, as the real scoring counts them."""
        where = self._where(x, y, feature)
        v = _c_i32()
        with self._lock:
            h = self._live()
            n = _check(_L.carc_game_player_count(h))

            def get(attr: int) -> int:
                _check(_L.carc_game_feature_get(h, *where, attr, _byref(v)))
                return v.value

            base = [get(a) for a in range(1, 13)]
            per = [[get(a + p) for p in range(n)]
                   for a in (0x100, 0x200, 0x300, 0x400)]
        return FeatureInfo(FeatureKind(base[0]), base[1], base[2], base[3],
                           base[4], bool(base[5]), base[6], base[7],
                           base[8], base[9], base[10], base[11], *per)

    def feature_pieces(self, x: int, y: int,
                       feature: Union[int, str]) -> List[Tuple[int, int,
                                                               str]]:
        """The pieces of the board-level feature containing ``feature``
        of the tile at (x, y): (x, y, feature name) of each tile it
        covers, in placement order."""
        return self._feature_list(_L.carc_game_feature_piece_at,
                                  FeatureAttr.PIECES, x, y, feature)

    def feature_cities(self, x: int, y: int,
                       feature: Union[int, str]) -> List[Tuple[int, int,
                                                               str]]:
        """The completed cities the field containing ``feature`` of the
        tile at (x, y) supplies, each named by its first piece
        (x, y, feature name)."""
        return self._feature_list(_L.carc_game_feature_city_at,
                                  FeatureAttr.CITIES, x, y, feature)

    def _feature_list(self, fn: Any, count: int, x: int, y: int,
                      feature: Union[int, str]) -> List[Tuple[int, int,
                                                              str]]:
        where = self._where(x, y, feature)
        v, px, py, pf = _c_i32(), _c_i32(), _c_i32(), _c_u32()
        out = []
        with self._lock:
            h = self._live()
            _check(_L.carc_game_feature_get(h, *where, count, _byref(v)))
            for i in range(v.value):
                _check(fn(h, *where, i, _byref(px), _byref(py), _byref(pf)))
                out.append((px.value, py.value, pf.value))
        return [(x, y, feature_name(f)) for x, y, f in out]

    def feature_is_complete(self, x: int, y: int,
                            feature: Union[int, str]) -> bool:
        """Whether the board-level feature containing ``feature`` of the
        tile at (x, y) is complete (a field never is)."""
        return self._query(_L.carc_game_feature_is_complete,
                           *self._where(x, y, feature)) == 1

    def feature_figures(self, x: int, y: int, feature: Union[int, str],
                        player: int) -> int:
        """Figures of ``player`` on the board-level feature containing
        ``feature`` of the tile at (x, y)."""
        return self._query(_L.carc_game_feature_figures,
                           *self._where(x, y, feature),
                           self._seat(player))

    # -- words --

    def describe_feature(self, x: int, y: int,
                         feature: Union[int, str]) -> str:
        """The board-level feature containing ``feature`` of the tile at
        (x, y) in English: where it is, its size, what it is worth now
        and who holds it (carc_game_describe_feature())."""
        where = self._where(x, y, feature)
        with self._lock:
            return _words(_L.carc_game_describe_feature, self._live(),
                          *where)

    def explain_move(self, move: int) -> str:
        """What ``move`` does in this position, in English, e.g. 'place
        tile E at 0,-1, turned half a turn (r2)' (carc_game_explain_move();
        call it before apply())."""
        move = _move_arg(move)
        with self._lock:
            return _words(_L.carc_game_explain_move, self._live(), move)

    def describe_event(self, index: int) -> str:
        """Scoring event ``index`` of the last move in English, e.g. 'the
        city at 0,-1, completed with 2 tiles: P0 scores 4'
        (carc_game_describe_event())."""
        index = _u32(index, 'index')
        with self._lock:
            return _words(_L.carc_game_describe_event, self._live(), index)

    # -- scoring events --

    def events(self) -> List[Event]:
        """The scoring events of the last move (completed features during
        play, every final score at the end), with each player's points,
        building points, figures and phantom."""
        v = _c_i32()
        out: List[Event] = []
        with self._lock:
            h = self._live()
            n = _check(_L.carc_game_player_count(h))

            def get(i: int, attr: int) -> int:
                _check(_L.carc_game_event_get(h, i, attr, _byref(v)))
                return v.value

            for i in range(_check(_L.carc_game_event_count(h))):
                out.append(Event(
                    type=EventType(get(i, 1)),
                    feature_kind=FeatureKind(get(i, 2)),
                    x=get(i, 3), y=get(i, 4), feature=Feature(get(i, 5)),
                    tiles=get(i, 6), pennants=get(i, 7), cities=get(i, 8),
                    scorers=get(i, 9),
                    points=[get(i, 0x100 + p) for p in range(n)],
                    figures=[get(i, 0x200 + p) for p in range(n)],
                    building_points=[get(i, 0x300 + p) for p in range(n)],
                    phantom=[get(i, 0x400 + p) for p in range(n)]))
        return out
