# SPDX-License-Identifier: MIT
"""Games: the Game class (its picture and JCloisterZone methods come
from _picture and _jcz)."""

from __future__ import annotations

import ctypes
import threading
from typing import (Any, Callable, Dict, Iterable, List, Optional, Tuple,
                    TypeVar, Union)

from ._loader import _L
from ._protos import _byref, _c_i32, _c_u32, _c_u64, _vp
from ._constants import (CropChoice, E_GAME_OVER, E_INVALID, E_NOT_FOUND,
                         EventType, Feature, FeatureAttr, FeatureKind, Figure,
                         Goods, Phase, TILE_TYPES, TurnPart)
from ._args import _i32, _u32, _u64
from ._errors import (CarcassonneError, IllegalMoveError,
                      InvalidArgumentError, RecordError, _check)
from ._names import (_feature, _figure, _tile, _tile_array, feature_name,
                     tile_name)
from ._geometry import _words
from ._moves import (MAX_PLAYERS, MIN_PLAYERS, Move, _as_move, _move_arg,
                     _record_bytes)
from ._rules import Rules, _TOKEN, _own_handle
from ._results import Building, Event, FeatureInfo, PlacedFigure, PlacedTile
from ._views import History, LegalMoves, _apply, _is_over, _new_object
from ._picture import _Picture
from ._jcz import _Jcz


def _unpickle_game(record: str) -> Game:
    """Rebuild a pickled Game from its game record (private)."""
    return Game.load(record)


_T = TypeVar('_T')


class Game(_Picture, _Jcz):
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

    def save(self) -> str:
        """The game record (doc/users/record-format.md) as a str."""
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
                raise IllegalMoveError(rc, move, self._refusal(h, move))

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

    def sort_stack(self) -> None:
        """Sort the stack (not the tile in hand) by tile type, so that its
        hidden order depends only on the tiles left; with The River each
        part of the stack apart (``carc_game_sort_stack``)."""
        with self._lock:
            _check(_L.carc_game_sort_stack(self._live()))

    def draw_counts(self) -> Dict[str, int]:
        """The tiles the draw of the tile in hand chose from: {name:
        count} of the types that could have been drawn, the tile in hand
        included; with The River only the river's part of the stack
        (``carc_game_draw_counts``).  Only at Phase.PLACE_TILE."""
        buf = (_c_u32 * TILE_TYPES)()
        with self._lock:
            _check(_L.carc_game_draw_counts(self._live(), buf, TILE_TYPES))
        return {tile_name(t): buf[t] for t in range(TILE_TYPES) if buf[t]}

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

    def turn_part(self) -> Optional[TurnPart]:
        """Which part of his turn the active player is in (Traders &
        Builders' double turn): TurnPart.FIRST, FIRST_BUILDER (the tile
        extended his builder's road or city: a second tile follows) or
        SECOND (the builder's second tile, which gives no third); None
        after the end."""
        with self._lock:
            t = _L.carc_game_turn_part(self._live())
        return None if t == E_GAME_OVER else TurnPart(_check(t))

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

    def goods(self, player: int, kind: Union[int, str]) -> int:
        """Goods tokens of a kind (Goods.WINE, GRAIN or CLOTH, or its
        name 'wine', 'grain', 'cloth') a player holds (Traders &
        Builders; 0 without it)."""
        if isinstance(kind, str):
            if kind not in ('wine', 'grain', 'cloth'):
                raise InvalidArgumentError(
                    E_INVALID, f'unknown goods kind {kind!r} (wine, grain '
                    'or cloth)')
            kind = Goods[kind.upper()]
        return self._query(_L.carc_game_goods, self._seat(player),
                           _u32(kind, 'kind'))

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

            base = [get(a) for a in range(1, 17)]
            per = [[get(a + p) for p in range(n)]
                   for a in (0x100, 0x200, 0x300, 0x400, 0x500, 0x600,
                             0x700)]
        return FeatureInfo(FeatureKind(base[0]), base[1], base[2], base[3],
                           base[4], bool(base[5]), base[6], base[7],
                           base[8], base[9], base[10], base[11],
                           points=per[0], followers=per[1],
                           building_points=per[2], phantoms=per[3],
                           flags=base[12], wine=base[13], grain=base[14],
                           cloth=base[15], large_followers=per[4],
                           builders=per[5], pigs=per[6])

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

    def explain_refusal(self, move: int) -> str:
        """Why :meth:`apply` would refuse ``move`` now, in English: ''
        for a legal move, else the error's text and, where the rules
        tell more, the rule or option that forbids it, e.g. 'not allowed
        by the rules in force: the pig goes only into a field of the tile
        just placed that holds one of your farmers'
        (carc_game_explain_refusal(); the game is not changed)."""
        move = _move_arg(move)
        with self._lock:
            return _words(_L.carc_game_explain_refusal, self._live(), move)

    @staticmethod
    def _refusal(h: Any, move: int) -> str:
        """explain_refusal() for apply()'s exception, under the lock;
        '' when the words fail (no memory for the clone)."""
        try:
            return _words(_L.carc_game_explain_refusal, h, int(move))
        except CarcassonneError:
            return ''

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
                # a goods event (the end of Traders & Builders) names no
                # feature: kind and feature 0
                kind, feat = get(i, 2), get(i, 5)
                out.append(Event(
                    type=EventType(get(i, 1)),
                    feature_kind=FeatureKind(kind) if kind else None,
                    x=get(i, 3), y=get(i, 4),
                    feature=Feature(feat) if feat else None,
                    tiles=get(i, 6), pennants=get(i, 7), cities=get(i, 8),
                    scorers=get(i, 9),
                    points=[get(i, 0x100 + p) for p in range(n)],
                    figures=[get(i, 0x200 + p) for p in range(n)],
                    building_points=[get(i, 0x300 + p) for p in range(n)],
                    phantom=[get(i, 0x400 + p) for p in range(n)],
                    wine=get(i, 10), grain=get(i, 11), cloth=get(i, 12),
                    goods_kind=Goods(get(i, 13)),
                    tokens=[get(i, 0x500 + p) for p in range(n)]))
        return out
