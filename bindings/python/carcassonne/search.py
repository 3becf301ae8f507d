# SPDX-License-Identifier: MIT
"""Bots and playouts of libcarcassonne (``<carcassonne/search.h>``).

The library's own bots and its random playouts, at C speed:

    >>> import carcassonne as carc
    >>> from carcassonne import search
    >>> game = carc.Game(carc.Rules(), players=2, seed=1)
    >>> search.playout(game, seed=12345)
    [18, 24]
    >>> move = search.choose(game, 'mcts', playouts=200, seed=1)
    >>> game.is_legal(move)
    True

:func:`playout` plays a copy of a game to the end with random moves and
returns the final scores, the building block of a Monte Carlo search
written in Python; :func:`python_mcts` is such a search, a short UCT in
pure Python.  :func:`choose` asks the library's bots (``'random'``,
``'greedy'``, ``'mcts'``, and the reference players ``'star2.5'`` and
``'mcts-rave'``) for a move; :func:`choose_with_stats` also says
what the search did.  No function changes the game it is given, and none
reads the hidden order of the stack (doc/bindings/bots.md).
"""

from __future__ import annotations

import ctypes
import math
from typing import Any, Dict, List, NamedTuple, Optional, Tuple, Union

from . import Game, Move, Phase, _abi
from ._args import _u32, _u64
from ._errors import _check
from ._loader import _L
from ._protos import _proto
from ._abi import BotKind, BotReward

__all__ = [
    'BotKind', 'BotReward', 'SearchStats', 'DEFAULT_PLAYOUTS', 'MAX_THREADS',
    'MAX_PROBING', 'MAX_DEPTH',
    'playout', 'choose', 'choose_with_stats', 'python_mcts',
]

#: Playouts per decision of the MCTS bot when neither ``playouts`` nor
#: ``time_ms`` is given (``CARC_BOT_DEFAULT_PLAYOUTS``).
DEFAULT_PLAYOUTS = _abi.BOT_DEFAULT_PLAYOUTS
#: Most threads :func:`choose` accepts (``CARC_BOT_MAX_THREADS``).
MAX_THREADS = _abi.BOT_MAX_THREADS
#: Largest Star2.5 probing factor :func:`choose` accepts
#: (``CARC_BOT_MAX_PROBING``).
MAX_PROBING = _abi.BOT_MAX_PROBING
#: Deepest Star2.5 search in turns (``CARC_BOT_MAX_DEPTH``).
MAX_DEPTH = _abi.BOT_MAX_DEPTH
_KEEP_ORDER = _abi.PLAYOUT_KEEP_ORDER
# BotKind (enum carc_bot_kind) and the structs carc_bot_options and
# carc_bot_stats come from the headers through _abi.
_Options = _abi.CarcBotOptions
_Stats = _abi.CarcBotStats


class SearchStats(NamedTuple):
    """What a :func:`choose_with_stats` call did (``struct
    carc_bot_stats``)."""
    #: threads the search ran on
    threads: int
    #: playouts done over all threads (0 for random, greedy, or a single
    #: legal move)
    playouts: int
    #: wall time of the call in seconds
    seconds: float
    #: legal moves at the decision point
    moves: int
    #: tree nodes built
    nodes: int
    #: playouts through the chosen move
    visits: int
    #: mean reward of the chosen move for the player to move, in the
    #: unit of ``reward``: with ``BotReward.MARGIN`` (the default)
    #: points of margin, maybe negative; with ``BotReward.WIN`` 0 to 1
    #: (None for random, greedy and Star2.5)
    value: Optional[float]
    #: the reward ``value`` is in: a :class:`BotReward`, or 0 when
    #: there is no value (random, greedy, Star2.5)
    reward: int = 0


_P = ctypes.POINTER
_playout = _proto('carc_game_playout', ctypes.c_int, ctypes.c_void_p,
                  ctypes.c_uint64, ctypes.c_uint32, _P(ctypes.c_int32),
                  ctypes.c_size_t)
_choose = _proto('carc_bot_choose', ctypes.c_int, ctypes.c_void_p,
                 _P(_Options), _P(ctypes.c_uint64), _P(_Stats))
_proto('carc_bot_kind_name', ctypes.c_char_p, ctypes.c_uint32)
_proto('carc_bot_kind_from_name', ctypes.c_int, ctypes.c_char_p)


def playout(game: Game, seed: int = 0, *, keep_order: bool = False
            ) -> List[int]:
    """Play a copy of ``game`` to the end with uniformly random legal
    moves and return the final scores; ``game`` is not changed.

    The tiles left are reshuffled from ``seed`` first, so the result does
    not depend on their hidden order (``keep_order=True`` plays them in
    their real order instead: for hosts and tests).  The same game, seed
    and flag give the same scores on every platform (doc/bindings/bots.md).  A
    finished game gives its own scores.
    """
    _game(game)
    flags = _KEEP_ORDER if keep_order else 0
    scores = (ctypes.c_int32 * 6)()
    s = _u64(seed, 'seed')
    with game._lock:
        n = _check(_playout(game._live(), s, flags, scores, 6))
    return list(scores[:n])


def _game(game: Any) -> Game:
    if not isinstance(game, Game):
        raise TypeError(f'game must be a carcassonne.Game, not '
                        f'{type(game).__name__}')
    return game


def _exploration(exploration: Any) -> int:
    # one unit for the C search and the Python one: thousandths, an int
    if isinstance(exploration, float):
        raise TypeError(f'exploration is in thousandths, an int (600 for '
                        f'0.6), not float {exploration!r}')
    return _u32(exploration, 'exploration')


def _kind(kind: Union[int, str]) -> int:
    if isinstance(kind, str):
        k = _L.carc_bot_kind_from_name(kind.encode('ascii', 'replace'))
        if k < 0:
            raise ValueError(f'unknown bot {kind!r} (random, greedy, '
                             f'mcts, star2.5, mcts-rave)')
        return int(k)
    return int(BotKind(kind))


def choose_with_stats(game: Game, kind: Union[int, str] = 'mcts', *,
                      playouts: int = 0, time_ms: int = 0, threads: int = 1,
                      seed: int = 0, exploration: int = 0,
                      rave_bias: int = 0, reward: int = 0, probing: int = 0,
                      depth: int = 0) -> Tuple[Move, SearchStats]:
    """Like :func:`choose`, and also what the call did."""
    _game(game)
    o = _Options(ctypes.sizeof(_Options), _kind(kind),
                 _u32(playouts, 'playouts'), _u32(time_ms, 'time_ms'),
                 _u32(threads, 'threads'), _exploration(exploration),
                 _u64(seed, 'seed'), _u32(rave_bias, 'rave_bias'),
                 _u32(int(reward), 'reward'), _u32(probing, 'probing'),
                 _u32(depth, 'depth'))
    if not 1 <= threads <= MAX_THREADS:
        raise ValueError(f'threads: {threads} is not 1 to {MAX_THREADS}')
    st = _Stats()
    st.size = ctypes.sizeof(_Stats)
    move = ctypes.c_uint64()
    with game._lock:
        _check(_choose(game._live(), ctypes.byref(o), ctypes.byref(move),
                       ctypes.byref(st)))
    stats = SearchStats(st.threads, st.playouts, st.elapsed_us / 1e6,
                        st.moves, st.nodes, st.visits,
                        None if st.reward == 0 else st.value / 1000,
                        st.reward)
    return Move(move.value), stats


def choose(game: Game, kind: Union[int, str] = 'mcts', *, playouts: int = 0,
           time_ms: int = 0, threads: int = 1, seed: int = 0,
           exploration: int = 0, rave_bias: int = 0, reward: int = 0,
           probing: int = 0, depth: int = 0) -> Move:
    """A move for the player to move in ``game``, chosen by a bot of the
    library: ``'random'``, ``'greedy'``, ``'mcts'``, ``'star2.5'`` or
    ``'mcts-rave'`` (a :class:`BotKind` also does).  ``game`` is not
    changed.  ``'star2.5'`` counts positions evaluated as its playouts
    (0: ``BOT_DEFAULT_EVALUATIONS``, 100,000).

    For ``'mcts'``: ``playouts`` per decision (0: :data:`DEFAULT_PLAYOUTS`,
    or no limit when ``time_ms`` is set), ``time_ms`` a time limit in
    milliseconds (0: none), ``threads`` 1 to :data:`MAX_THREADS`,
    ``exploration`` the UCT constant in thousandths of the reward's
    unit, an int (0: 8485, i.e. 8.485 points, with the default reward;
    600, i.e. 0.6, with ``reward=BotReward.WIN``).  Since 0.5, for
    ``'mcts'`` and ``'mcts-rave'`` ``reward`` a :class:`BotReward` (0:
    ``MARGIN``, the final margin in points; ``WIN``, mostly the result,
    in [0, 1], was 0.4's search), for
    ``'mcts-rave'`` ``rave_bias`` the bias b of the RAVE schedule in
    thousandths (0: 10000, i.e. 10), and for ``'star2.5'`` ``probing``
    the probing factor (0: 5) and ``depth`` the deepest search in turns,
    1 to 8 (0: 8).  The same
    game, options and seed give the same move (for the search: without a
    time limit, for the same number of threads).  Raises
    :class:`carcassonne.CarcassonneError` once the game is over.
    """
    return choose_with_stats(game, kind, playouts=playouts, time_ms=time_ms,
                             threads=threads, seed=seed,
                             exploration=exploration, rave_bias=rave_bias,
                             reward=reward, probing=probing,
                             depth=depth)[0]


class _Edge:
    __slots__ = ('move', 'visits', 'reward', 'children')

    def __init__(self, move: Move) -> None:
        self.move = move
        self.visits = 0
        self.reward = 0.0
        # the nodes after this move, by the tile then in hand
        self.children: Dict[Optional[str], _Node] = {}


class _Node:
    __slots__ = ('player', 'edges', 'untried', 'visits')

    def __init__(self, game: Game) -> None:
        self.player = game.current_player()
        self.edges = [_Edge(m) for m in game.legal_moves()]
        self.untried = len(self.edges)
        self.visits = 0


class _Random:
    """splitmix64: the same sequence on every Python."""

    def __init__(self, seed: int) -> None:
        self.s = seed & 0xFFFFFFFFFFFFFFFF

    def next(self) -> int:
        self.s = (self.s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return ((self.next() >> 32) * n) >> 32


def _rewards(scores: List[int]) -> List[float]:
    best = max(scores)
    winners = scores.count(best)
    return [1.0 / winners if s == best else 0.0 for s in scores]


def python_mcts(game: Game, iterations: int = 200, seed: int = 0,
                exploration: int = 0) -> Move:
    """A move chosen by a Monte Carlo tree search written in Python, with
    :func:`playout` (in C) finishing every iteration: an example of a
    search in any language on the library's playouts.

    Each of the ``iterations`` copies the game, reshuffles the tiles left
    (the draws nobody has seen), walks down the tree by UCB1 (``mean +
    c * sqrt(ln N / n)``, ``c`` = ``exploration`` / 1000: thousandths,
    an int, 0 for 600, as :func:`choose` takes it with
    ``reward=BotReward.WIN``), adds one node, and
    scores the
    playout from there: 1 for a win, 1/k for a win shared by k, 0 for a
    loss, credited to the player who made each move.  The nodes after a
    move that ends a turn are kept per tile then in hand.  Returns the
    most visited move; the same game, iterations and seed give the same
    move.  ``game`` is not changed.
    """
    _game(game)
    c = (_exploration(exploration) or 600) / 1000
    if iterations < 1:
        raise ValueError('iterations must be at least 1')
    if game.is_over():
        raise ValueError('the game is over')
    rng = _Random(_u64(seed, 'seed'))
    root = _Node(game)
    if len(root.edges) == 1:
        return root.edges[0].move
    for _ in range(iterations):
        g = game.clone()
        g.shuffle_stack(rng.next())
        node = root
        path: List[Tuple[int, _Edge]] = []
        while True:
            if node.untried:
                # an untried move, at random
                i = len(node.edges) - node.untried
                j = i + rng.below(node.untried)
                node.edges[i], node.edges[j] = node.edges[j], node.edges[i]
                edge = node.edges[i]
                node.untried -= 1
                fresh = True
            else:
                log_n = math.log(node.visits)
                edge = max(node.edges, key=lambda e: e.reward / e.visits +
                           c * math.sqrt(log_n / e.visits))
                fresh = False
            node.visits += 1
            g.apply(edge.move)
            path.append((node.player, edge))
            if fresh or g.is_over():
                break
            key = g.current_tile() if g.phase() == Phase.PLACE_TILE else None
            child = edge.children.get(key)
            if child is None:
                child = edge.children[key] = _Node(g)
            node = child
        rewards = _rewards(playout(g, rng.next()))
        g.close()
        for player, e in path:
            e.visits += 1
            e.reward += rewards[player]
    best = max(root.edges, key=lambda e: (e.visits, e.reward))
    return best.move
