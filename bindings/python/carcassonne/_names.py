# SPDX-License-Identifier: MIT
"""The library's version and the names of tiles, features, figures,
phases and rule options."""

from __future__ import annotations

import ctypes
from typing import (Any, Callable, Dict, Iterable, NamedTuple, Optional, Tuple,
                    Union)

from ._loader import _L
from ._protos import _byref, _c_i32, _c_u32
from ._constants import (E_INVALID, E_UNKNOWN_OPTION, E_UNKNOWN_TILE,
                         ErrorCode, FarmScoring, Feature, FeatureKind, Figure,
                         LbDistribution, LbScoring, Option, OptionType, Phase,
                         RiverStart, RiverUTurn, Tile, BuilderTurn,
                         RiverLakeTurn)
from ._args import _i32, _text, _u32
from ._errors import InvalidArgumentError, _check, _error


def _name_of(fn: Any, value: int, what: str) -> str:
    name = fn(value)
    if name is None:
        raise InvalidArgumentError(int(ErrorCode.INVALID), f'{what} {value}')
    return str(name.decode())


def version() -> str:
    """The library's version string, e.g. '0.3.0'."""
    return str(_L.carc_version_string().decode())


def version_number() -> int:
    """The library's version as major * 10000 + minor * 100 + micro
    (300 for 0.3.0)."""
    return int(_L.carc_version_number())


#: The version of the C library the package loaded (:func:`version`).
library_version: str = version()


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


def render_default_colour(seat: int) -> Tuple[str, str]:
    """The colour the picture gives a seat (0 to 5) when the render options
    leave it to the library, and its English name
    (carc_render_default_colour):

        >>> render_default_colour(4)
        ('#56b4e9', 'sky blue')
    """
    rgb = ctypes.c_uint32()
    buf = ctypes.create_string_buffer(32)
    n = _check(_L.carc_render_default_colour(_u32(seat, 'seat'),
                                             ctypes.byref(rgb), buf, 32),
               f'seat {seat}')
    return f'#{rgb.value:06x}', buf.raw[:n].decode()


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
    RiverStart: lambda v: option_value_name(Option.RIVER_START_TILE, v),
    RiverUTurn: lambda v: option_value_name(Option.RIVER_U_TURN, v),
    BuilderTurn: lambda v: option_value_name(Option.BUILDER_TURN, v),
    RiverLakeTurn: lambda v: option_value_name(Option.RIVER_LAKE_TURN, v),
}
_FROM_WORD: Dict[type, Callable[[str], int]] = {
    Phase: phase_from_name, Figure: figure_from_name,
    FeatureKind: feature_kind_from_name, Feature: feature_from_name,
    Tile: tile_from_name, Option: option_from_name,
    FarmScoring: lambda w: option_value_from_name(Option.FARM_SCORING, w),
    LbScoring: lambda w: option_value_from_name(Option.LB_SCORING, w),
    LbDistribution:
        lambda w: option_value_from_name(Option.LB_DISTRIBUTION, w),
    RiverStart:
        lambda w: option_value_from_name(Option.RIVER_START_TILE, w),
    RiverUTurn: lambda w: option_value_from_name(Option.RIVER_U_TURN, w),
    BuilderTurn: lambda w: option_value_from_name(Option.BUILDER_TURN, w),
    RiverLakeTurn:
        lambda w: option_value_from_name(Option.RIVER_LAKE_TURN, w),
}


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
