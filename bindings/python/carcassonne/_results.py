# SPDX-License-Identifier: MIT
"""The records game queries return."""

from __future__ import annotations

from typing import List, NamedTuple, Optional, TypedDict

from ._constants import EventType, Feature, FeatureKind, Figure, Goods


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
    #: Figure.FOLLOWER, PHANTOM, LARGE_FOLLOWER, BUILDER or PIG
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
    have one entry per player.  An EventType.GOODS event (Traders &
    Builders, at the end) names no feature: ``feature_kind`` and
    ``feature`` are None, ``goods_kind`` is its kind and ``tokens`` each
    player's tokens of it."""
    type: EventType
    feature_kind: Optional[FeatureKind]
    x: int
    y: int
    feature: Optional[Feature]
    tiles: int
    pennants: int
    cities: int
    scorers: int
    points: List[int]
    figures: List[int]
    building_points: List[int]
    phantom: List[int]
    #: a completed city: the goods tokens its completer took
    wine: int
    grain: int
    cloth: int
    goods_kind: Goods
    tokens: List[int]


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
    #: FeatureFlag bits: an inn on the road, a cathedral in the city
    flags: int
    #: goods symbols on a city's pieces (Traders & Builders)
    wine: int
    grain: int
    cloth: int
    #: per player: large followers, builders and pigs on the feature
    large_followers: List[int]
    builders: List[int]
    pigs: List[int]
