# SPDX-License-Identifier: MIT
"""Moves: the Move value, its builders and accessors."""

from __future__ import annotations

import ctypes
from typing import Any, Optional, Tuple, Union

from ._loader import _L
from ._protos import _byref, _c_u64
from ._constants import (CropChoice, E_INVALID, E_PARSE, Feature, Figure,
                         MoveKind)
from ._args import _i32, _text, _u32, _u64
from ._errors import CarcassonneError, InvalidArgumentError, _check
from ._names import _feature, _figure


def _move_arg(move: Any) -> int:
    """A move argument (Move or int) as a checked uint64."""
    if type(move) is Move:
        return move
    return _u64(move, 'move')


def _s16(v: int) -> int:
    return v - 0x10000 if v & 0x8000 else v


_new_int = int.__new__


class Move(int):
    """A move: the library's 64-bit value (doc/api/moves.md), as an int.

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


def move_second_tile() -> Move:
    """The move that takes the builder's second tile (Traders &
    Builders, Phase.SECOND_TILE)."""
    return _as_move(_L.carc_move_second_tile())


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
