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
the internal hooks are stable: ``_L`` (the loaded library, of
``carcassonne._loader``), ``_proto()`` (declare a C function,
``_protos``), ``_check()`` (turn a status into an exception,
``_errors``), ``Game._lock``, ``Game._live()`` and ``Game._query()``; each
is also an attribute of the package.
"""

from __future__ import annotations

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
    'FarmScoring', 'LbScoring', 'LbDistribution', 'RiverStart',
    'RiverUTurn', 'EventType', 'EventAttr',
    'FeatureAttr', 'FeatureFlag', 'RenderFlag', 'Goods', 'BuilderTurn',
    'RiverLakeTurn',
    'TurnPart',
    # functions
    'library', 'library_path', 'library_version', 'version', 'version_number', 'strerror',
    'tile_name', 'tile_from_name', 'tile_edge', 'tile_features',
    'tile_feature_sides', 'tile_feature_pennants',
    'tile_describe_feature', 'tile_field_cities', 'tile_feature_flags',
    'tile_symbol', 'tile_feature_goods', 'tile_feature_point',
    'tile_feature_shape',
    'tile_symbol_area', 'feature_name', 'feature_from_name',
    'figure_name', 'figure_from_name', 'feature_kind_name',
    'feature_kind_from_name', 'phase_name', 'phase_from_name',
    'option_name', 'option_from_name', 'option_info', 'option_value_name',
    'option_explain', 'option_is_expansion', 'MIN_PLAYERS', 'MAX_PLAYERS',
    'render_default_colour',
    'option_value_from_name',
    'move_place', 'move_deploy', 'move_build', 'move_pass',
    'move_second_tile',
    'move_crop_choice', 'move_remove', 'move_kind', 'move_x', 'move_y',
    'move_rotation', 'move_figure', 'move_feature', 'describe',
    'describe_or_hex', 'parse_move',
    'OPTIONS', 'OPTION_VALUES', 'TILE_TYPES', 'TILE_UNITS',
    'SHAPE_MAX_POINTS',
]


# A build tree: the package's generated modules (_abi, _version and, in a
# build directory only, _buildtree) lie in the build directory's
# carcassonne/, which PYTHONPATH names beside this directory; __path__
# takes in every carcassonne/ directory on sys.path.
__path__ = __import__('pkgutil').extend_path(__path__, __name__)

# The package by concern, in private modules (loading, prototypes,
# constants, argument checks, errors, names, geometry, moves, rules,
# query results, views, games with their picture and JCloisterZone
# methods).  Everything they define, private
# names included, is an attribute of the package, as it was when the
# package was one file.
from ._loader import (_L, _SANITIZER_RUNTIMES, _candidates, _load, _loadable,
                      _runtimes_loaded, library, library_path)
from ._protos import (_P, _byref, _c_i32, _c_int, _c_u32, _c_u64, _cp, _proto,
                      _size, _vp)
from ._constants import (CROP_DEPLOY, CROP_REMOVE, CropChoice, E_EDGE_MISMATCH,
                         E_FEATURE_OCCUPIED, E_GAME_OVER, E_INVALID, E_NOMEM,
                         E_NOT_ADJACENT, E_NOT_ALLOWED, E_NOT_FOUND,
                         E_NO_FEATURE, E_NO_MEEPLE, E_PARSE, E_POSITION_TAKEN,
                         E_UNKNOWN_OPTION, E_UNKNOWN_TILE, E_WRONG_PHASE,
                         E_WRONG_TILE, Edge, ErrorCode, EventAttr, EventType,
                         FIGURE_FOLLOWER, FIGURE_HOUSE, FIGURE_PHANTOM,
                         FIGURE_SHED, FIGURE_TOWER, FIGURE_LARGE_FOLLOWER,
                         FarmScoring, Feature, FeatureAttr, FeatureFlag,
                         FeatureKind, Figure, LbDistribution,
                         LbScoring, MOVE_CROP_CHOICE, MOVE_DEPLOY, MOVE_PASS,
                         MOVE_PLACE, MOVE_REMOVE, MoveKind, OK, Option,
                         OptionType, PHASE_CROP_CHOICE, PHASE_CROP_RESPONSE,
                         PHASE_DEPLOY, PHASE_GAME_OVER, PHASE_PHANTOM,
                         PHASE_PLACE_TILE, Phase, RenderFlag, RiverStart,
                         RiverUTurn, SHAPE_MAX_POINTS,
                         Symbol, TILE_TYPES, TILE_UNITS, Tile,
                         _ARGUMENT_ERRORS, _RENDER_COLOUR, _RenderOptions,
                         Goods, BuilderTurn, RiverLakeTurn, PHASE_SECOND_TILE,
                         MOVE_SECOND_TILE, FIGURE_BUILDER, FIGURE_PIG,
                         TurnPart)
from ._args import _c_int_arg, _i32, _int, _text, _u32, _u64
from ._errors import (CarcError, CarcassonneError, IllegalMoveError,
                      InvalidArgumentError, JczError, RecordError, _check,
                      _error, _error_code, strerror)
from ._names import (OPTIONS, OPTION_VALUES, OptionInfo, _FROM_WORD, _WORD_OF,
                     _feature, _figure, _library_options, _name_of,
                     _option_label, _option_number, _option_value, _tile,
                     _tile_array, feature_from_name, feature_kind_from_name,
                     feature_kind_name, feature_name, figure_from_name,
                     figure_name, library_version, option_explain,
                     option_from_name, option_info, option_is_expansion,
                     option_name, option_value_from_name, option_value_name,
                     phase_from_name, phase_name, render_default_colour,
                     tile_from_name, tile_name, version, version_number)
from ._geometry import (_rotation, _words, tile_describe_feature, tile_edge,
                        tile_feature_pennants, tile_feature_point,
                        tile_feature_shape, tile_feature_sides, tile_features,
                        tile_field_cities, tile_feature_flags, tile_symbol,
                        tile_symbol_area, tile_feature_goods)
from ._moves import (MAX_PLAYERS, MIN_PLAYERS, Move, _as_move, _made,
                     _move_arg, _new_int, _record_bytes, _s16, describe,
                     describe_or_hex, move_build, move_crop_choice,
                     move_deploy, move_feature, move_figure, move_kind,
                     move_pass, move_place, move_remove, move_rotation, move_x,
                     move_y, parse_move, move_second_tile)
from ._rules import Rules, _TOKEN, _mapping, _own_handle
from ._results import Building, Event, FeatureInfo, PlacedFigure, PlacedTile
from ._views import (History, LegalMoves, MoveList, _apply, _array, _is_over,
                     _legal_moves, _move_list, _new_object)
from ._picture import _Picture
from ._jcz import _Jcz
from ._game import Game, _T, _unpickle_game
from . import _version

#: The package's version (meson's project version when it was built).
__version__: str = _version.version


def _adopt() -> None:
    """The classes and functions of the private modules say they are
    the package's (``carcassonne.Game``, not ``carcassonne._game.Game``):
    their reprs, pickles and doctests are as they were when the package
    was one file.  The generated enums of _abi keep their module."""
    mine = {f'{__name__}.{m}' for m in (
        '_loader', '_protos', '_constants', '_args', '_errors', '_names',
        '_geometry', '_moves', '_rules', '_results', '_views', '_picture',
        '_jcz', '_game')}
    for obj in list(globals().values()):
        if getattr(obj, '__module__', None) not in mine:
            continue
        obj.__module__ = __name__
        if not isinstance(obj, type):
            continue
        for member in vars(obj).values():
            fn = member.fget if isinstance(member, property) else \
                getattr(member, '__func__', member)
            if getattr(fn, '__module__', None) in mine:
                fn.__module__ = __name__


_adopt()
