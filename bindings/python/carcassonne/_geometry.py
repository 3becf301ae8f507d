# SPDX-License-Identifier: MIT
"""Tile geometry: edges, features, points and outlines."""

from __future__ import annotations

import ctypes
from typing import Any, Callable, List, Optional, Tuple, Union

from ._loader import _L
from ._protos import _byref, _c_i32, _c_u32
from ._constants import (E_NOT_FOUND, Edge, Feature, FeatureFlag, Goods,
                         SHAPE_MAX_POINTS, Symbol)
from ._args import _u32
from ._errors import _check
from ._names import _feature, _tile


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


def tile_feature_flags(tile: Union[int, str],
                       feature: Union[int, str]) -> FeatureFlag:
    """What a feature of a tile type carries: FeatureFlag.INN on a road
    with an inn, FeatureFlag.CATHEDRAL on a city with a cathedral (Inns &
    Cathedrals), else 0."""
    return FeatureFlag(_check(_L.carc_tile_feature_flags(
        _tile(tile), _feature(feature))))


def tile_feature_goods(tile: Union[int, str],
                       feature: Union[int, str]) -> Goods:
    """The goods symbol (Traders & Builders) on a city of a tile type
    (Goods.NONE for other cities and features)."""
    return Goods(_check(_L.carc_tile_feature_goods(_tile(tile),
                                                   _feature(feature))))


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
