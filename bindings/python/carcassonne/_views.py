# SPDX-License-Identifier: MIT
"""Views of a game: its legal moves and its history."""

from __future__ import annotations

import array
import operator
from typing import (Iterable, Iterator, List, Sequence, Union, overload,
                    TYPE_CHECKING)

from ._loader import _L
from ._protos import _byref, _c_u64
from ._errors import _check, _error
from ._moves import Move, _as_move, _move_arg, _new_int

if TYPE_CHECKING:
    from ._game import Game


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
