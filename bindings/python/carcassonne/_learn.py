# SPDX-License-Identifier: MIT
"""The C learning interface (``include/carcassonne/learn.h``) for Python.

:class:`Learn` wraps one ``struct carc_learn``: the fixed action space of
a rule set, a player count and a board window, with action masks,
observations and batched steps written by the library straight into
numpy arrays (the arrays' memory is handed to C; nothing is copied).
``doc/api/observation.md`` describes every action index, plane and vector
entry; the constants below repeat the header's numbers.

Most users want :mod:`carcassonne.env` instead, whose environments are
built on this module.  It needs numpy (Debian's ``python3-numpy``):
importing it without numpy raises ImportError with that advice.

    >>> import carcassonne as carc
    >>> from carcassonne._learn import Learn
    >>> game = carc.Game(players=2, seed=1)
    >>> learn = Learn(game.rules(), players=2)
    >>> mask = learn.mask(game)
    >>> a = int(mask.nonzero()[0][0])
    >>> learn.move_to_action(game, learn.action_to_move(game, a)) == a
    True
"""
from __future__ import annotations

import ctypes
import threading
from typing import Any, NamedTuple, Optional, Sequence, Tuple

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as _e:       # pragma: no cover - depends on the machine
    raise ImportError(
        'carcassonne.env and carcassonne._learn need numpy (Debian: '
        'apt-get install python3-numpy; pip: pip install numpy); the '
        'rest of the carcassonne package works without it') from _e

import carcassonne as _carc
from carcassonne import Game, Move, Rules
from carcassonne._errors import _check
from carcassonne._protos import _proto

__all__ = ['Learn', 'Shape', 'Batch', 'WINDOW_DEFAULT', 'WINDOW_MIN',
           'WINDOW_MAX']

# ---------------------------------------------------------------------
# Constants of learn.h (the values are part of the ABI; a test compares
# them with the header)
# ---------------------------------------------------------------------

# The numbers come from the header through carcassonne._abi (generated
# at build time): WINDOW_DEFAULT, WINDOW_MIN, WINDOW_MAX (window sides),
# TO_MOVE (carc_learn_observe()'s "the player to move"), DTYPE_* (enum
# carc_learn_dtype), AUTO_RESET (enum carc_learn_batch_flag), PLANE_*
# (enum carc_learn_plane), PP_* and PLANES_PER_PLAYER (enum
# carc_learn_player_plane), VEC_* (enum carc_learn_vec), XP_* and XPP_*
# (layout 2's expansion planes, enum carc_learn_ext_plane and
# carc_learn_ext_player_plane), LAYOUT_VERSION.
from carcassonne._abi import (  # noqa: E402
    AUTO_RESET, DTYPE_INT32, DTYPE_UINT8, LEARN_TO_MOVE as TO_MOVE,
    LEARN_WINDOW_DEFAULT as WINDOW_DEFAULT, LEARN_WINDOW_MAX as WINDOW_MAX,
    LEARN_WINDOW_MIN as WINDOW_MIN, PLANE_BUILDINGS, PLANE_CITY_DONE,
    PLANE_EDGES, PLANE_FITS, PLANE_LAST, PLANE_MONASTERY,
    PLANE_MONASTERY_DONE, PLANE_OPEN, PLANE_PENNANTS, PLANE_PLAYERS,
    PLANE_ROAD_DONE, PLANE_ROTATION, PLANE_START, PLANE_SYMBOL, PLANE_TILE,
    PLANE_TILE_TYPE, PLANES_PER_PLAYER, PP_CITY, PP_FIELD, PP_FOLLOWERS,
    PP_MONASTERY, PP_PHANTOM, PP_ROAD, VEC_BOARD_HEIGHT, VEC_BOARD_WIDTH,
    VEC_CROP_ACTION, VEC_CROP_SYMBOL, VEC_DISCARDS, VEC_FOLLOWERS,
    VEC_HOUSES, VEC_LAST_COL, VEC_LAST_ROW, VEC_LENGTH, VEC_PHANTOMS,
    VEC_PHASE, VEC_PRESENT, VEC_REMAINING, VEC_REMAINING_TOTAL, VEC_RULES,
    VEC_ROTATION, VEC_SCORES, VEC_SEATS, VEC_SHEDS, VEC_TILE,
    VEC_TILES_PLACED, VEC_TO_MOVE, VEC_TOWERS, VEC_WINDOW_X, VEC_WINDOW_Y,
    VEC_EXT, VEC_LARGE_FOLLOWERS, VEC_BUILDERS, VEC_PIGS, VEC_GOODS,
    VEC_PHASE_EXT, VEC_TILE_EXT, VEC_REMAINING_EXT, VEC_RULES_EXT,
    VEC_TURN_PART, VEC_LENGTH_MAX, XP_INN, XP_CATHEDRAL, XP_GOODS, XP_RIVER, XP_PLAYERS,
    XPP_LARGE_FOLLOWER, XPP_BUILDER, XPP_PIG, XPP_PER_PLAYER,
    LEARN_LAYOUT_VERSION as LAYOUT_VERSION)
from carcassonne._abi import (  # noqa: E402
    CarcLearnBatch as _Batch, CarcLearnLayout as _Layout,
    CarcLearnOptions as _Options, CarcLearnShape as _Shape)

# ---------------------------------------------------------------------
# The C declarations
# ---------------------------------------------------------------------

_u32, _i32, _u64 = ctypes.c_uint32, ctypes.c_int32, ctypes.c_uint64
_vp, _size, _int = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int
_P = ctypes.POINTER


# in the order of their indices (the fallback is always the last)
_SECTIONS = ('place', 'follower', 'phantom', 'build', 'pass',
             'crop_choice', 'crop_response', 'large_follower', 'builder',
             'pig', 'second_tile', 'fallback')


_new = _proto('carc_learn_new', _int, _vp, _u32, _P(_Options), _P(_vp))
_free = _proto('carc_learn_free', None, _vp)
_shape = _proto('carc_learn_shape', _int, _vp, _P(_Shape))
_layout = _proto('carc_learn_layout', _int, _vp, _P(_Layout))
_window = _proto('carc_learn_window', _int, _vp, _vp, _P(_i32), _P(_i32))
_to_move = _proto('carc_learn_action_to_move', _int, _vp, _vp, _u32,
                  _P(_u64))
_to_action = _proto('carc_learn_move_to_action', _int, _vp, _vp, _u64,
                    _P(_u32))
_mask = _proto('carc_learn_mask', _int, _vp, _vp, _vp, _size)
_observe = _proto('carc_learn_observe', _int, _vp, _vp, _u32, _vp, _size,
                  _vp, _size)
_step_batch = _proto('carc_learn_step_batch', _int, _vp, _vp, _size, _vp,
                     _P(_Batch))
_observe_batch = _proto('carc_learn_observe_batch', _int, _vp, _vp, _size,
                        _P(_Batch))

_DTYPES = {DTYPE_UINT8: np.dtype(np.uint8), DTYPE_INT32: np.dtype(np.int32)}


def _address(array: npt.NDArray[Any], dtype: np.dtype[Any], size: int,
             what: str) -> int:
    """The address of a C-contiguous, writable numpy array of ``dtype``
    with ``size`` elements, for the library to write into; TypeError or
    ValueError for any other array (nothing reaches C unchecked)."""
    if not isinstance(array, np.ndarray):
        raise TypeError(f'{what} must be a numpy array, not '
                        f'{type(array).__name__}')
    if array.dtype != dtype:
        raise TypeError(f'{what} must have dtype {dtype}, not {array.dtype}')
    if not array.flags.c_contiguous or not array.flags.writeable:
        raise ValueError(f'{what} must be C-contiguous and writable')
    if array.size != size:
        raise ValueError(f'{what} has {array.size} elements, not {size}')
    return int(array.ctypes.data)


class Shape(NamedTuple):
    """Sizes, dtypes and the action layout of a :class:`Learn`, as
    carc_learn_shape() and, for the members from ``large_follower_first``
    on (the sections of The River, Inns & Cathedrals and Traders &
    Builders, and the observation layout), carc_learn_layout() give
    them.  Each ``*_first``/``*_count`` pair is a section of the action
    space (doc/api/observation.md#actions)."""
    players: int
    window: int
    n_actions: int
    n_planes: int
    vector_length: int
    mask_dtype: np.dtype[Any]
    plane_dtype: np.dtype[Any]
    vector_dtype: np.dtype[Any]
    reward_dtype: np.dtype[Any]
    features_per_tile: int
    place_first: int
    place_count: int
    follower_first: int
    follower_count: int
    phantom_first: int
    phantom_count: int
    build_first: int
    build_count: int
    pass_first: int
    pass_count: int
    crop_choice_first: int
    crop_choice_count: int
    crop_response_first: int
    crop_response_count: int
    fallback_first: int
    fallback_count: int
    large_follower_first: int
    large_follower_count: int
    builder_first: int
    builder_count: int
    pig_first: int
    pig_count: int
    second_tile_first: int
    second_tile_count: int
    layout_version: int
    ext_plane_first: int
    ext_plane_count: int

    @property
    def planes_shape(self) -> Tuple[int, int, int]:
        """(n_planes, window, window): the shape of one observation's
        planes."""
        return (self.n_planes, self.window, self.window)

    @property
    def fallback_action(self) -> int:
        """The action that plays the first legal move when no legal move
        has an index (the last index)."""
        return self.fallback_first


def _ok(rc: int) -> int:
    """rc, or the package's exception for a negative status."""
    if rc < 0:
        _check(rc)
    return rc


def _uint(value: Any, name: str, hi: int) -> int:
    """A checked integer 0..hi (TypeError, OverflowError)."""
    if isinstance(value, (bool, np.bool_)):
        raise TypeError(f'{name} must be an integer, not bool')
    try:
        v = int(value.__index__())
    except (AttributeError, TypeError):
        raise TypeError(f'{name} must be an integer, not '
                        f'{type(value).__name__}') from None
    if not 0 <= v <= hi:
        raise OverflowError(f'{name} {v} is out of range 0..{hi}')
    return v


def _player(player: Optional[int], players: int) -> int:
    if player is None:
        return TO_MOVE
    if isinstance(player, bool):
        raise TypeError('player must be an integer, not bool')
    try:
        p = int(player.__index__())
    except (AttributeError, TypeError):
        raise TypeError(f'player must be an integer, not '
                        f'{type(player).__name__}') from None
    if not 0 <= p < players:
        raise ValueError(f'player {p} is out of range 0..{players - 1}')
    return p


def _action(action: Any, n_actions: int) -> int:
    """A checked action index (a Python or numpy integer in range)."""
    if isinstance(action, (bool, np.bool_)):
        raise TypeError('an action must be an integer, not bool')
    try:
        a = int(action.__index__())
    except (AttributeError, TypeError):
        raise TypeError(f'an action must be an integer, not '
                        f'{type(action).__name__}') from None
    if not 0 <= a < n_actions:
        raise ValueError(f'action {a} is out of range 0..{n_actions - 1}')
    return a


class Learn:
    """The learning interface of one rule set, player count and window.

    ``Learn(rules, players=2, window=None)`` (``window`` odd, 3..101, the
    default 25, and 2 more for each of The River, Inns & Cathedrals and
    Traders & Builders).  It maps legal moves to action indices and back, writes
    action masks and observations into numpy arrays, and steps batches
    of games.  Every game given to it must have these rules and this
    player count (CarcError otherwise).  A lock serialises its calls
    (the C object has scratch memory), so one object may be shared by
    threads, which then take turns.
    """

    _h: Optional[ctypes.c_void_p] = None

    def __init__(self, rules: Optional[Rules] = None, players: int = 2,
                 window: Optional[int] = None) -> None:
        if rules is None:
            rules = Rules()
        elif not isinstance(rules, Rules):
            raise TypeError(f'rules must be Rules, not '
                            f'{type(rules).__name__}')
        if isinstance(players, bool) or not isinstance(players, int):
            raise TypeError('players must be an int')
        if not _carc.MIN_PLAYERS <= players <= _carc.MAX_PLAYERS:
            raise ValueError(f'players must be {_carc.MIN_PLAYERS} to '
                             f'{_carc.MAX_PLAYERS}, not {players}')
        if window is None:
            window = 0
        elif isinstance(window, bool) or not isinstance(window, int):
            raise TypeError('window must be an int')
        elif not (WINDOW_MIN <= window <= WINDOW_MAX and window % 2 == 1):
            raise ValueError(f'window {window} must be odd, '
                             f'{WINDOW_MIN}..{WINDOW_MAX}')
        opts = _Options(ctypes.sizeof(_Options), window, 0)
        h = _vp()
        _ok(_new(rules._live(), players, ctypes.byref(opts),
                          ctypes.byref(h)))
        self._h = h
        self._lock = threading.RLock()
        self.rules = rules
        s = _Shape()
        s.size = ctypes.sizeof(_Shape)
        _ok(_shape(h, ctypes.byref(s)))
        values = {name: getattr(s, name) for name, _ in _Shape._fields_}
        lay = _Layout()
        lay.size = ctypes.sizeof(_Layout)
        _ok(_layout(h, ctypes.byref(lay)))
        values.update((name, getattr(lay, name))
                      for name, _ in _Layout._fields_)
        del values['size']
        for key in ('mask_dtype', 'plane_dtype', 'vector_dtype',
                    'reward_dtype'):
            values[key] = _DTYPES[values[key]]
        #: The sizes, dtypes and action sections (a :class:`Shape`).
        self.shape = Shape(**values)
        sh = self.shape
        self._n_actions = sh.n_actions
        self._plane_size = sh.n_planes * sh.window * sh.window

    def __del__(self, _free: Any = _free) -> None:
        h, self._h = self._h, None
        if h:
            _free(h)

    def close(self) -> None:
        """Free the C object now (later calls raise ValueError)."""
        with self._lock:
            h, self._h = self._h, None
            if h:
                _free(h)

    def _live(self) -> ctypes.c_void_p:
        if self._h is None:
            raise ValueError('the Learn object is closed')
        return self._h

    def _game(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f'game must be a carcassonne.Game, not '
                            f'{type(game).__name__}')

    # -- arrays --

    def new_mask(self, n: Optional[int] = None) -> npt.NDArray[np.uint8]:
        """An empty mask array: (n_actions,), or (n, n_actions)."""
        shape = ((self._n_actions,) if n is None
                 else (n, self._n_actions))
        return np.zeros(shape, np.uint8)

    def new_planes(self, n: Optional[int] = None) -> npt.NDArray[np.uint8]:
        """An empty planes array: (n_planes, W, W), or with n rows."""
        shape = (self.shape.planes_shape if n is None
                 else (n,) + self.shape.planes_shape)
        return np.zeros(shape, np.uint8)

    def new_vector(self, n: Optional[int] = None) -> npt.NDArray[np.int32]:
        """An empty vector array: (vector_length,), or with n rows."""
        k = self.shape.vector_length
        shape = ((k,) if n is None else (n, k))
        return np.zeros(shape, np.int32)

    # -- one game --

    def window(self, game: Game) -> Tuple[int, int]:
        """The board position (x0, y0) of window cell (col 0, row 0) for
        the game now: cell (col, row) is board (x0 + col, y0 + row)."""
        self._game(game)
        x0, y0 = _i32(), _i32()
        with self._lock, game._lock:
            _ok(_window(self._live(), game._live(),
                                 ctypes.byref(x0), ctypes.byref(y0)))
        return x0.value, y0.value

    def action_to_move(self, game: Game, action: int) -> Move:
        """The :class:`carcassonne.Move` that ``action`` names at the game's
        current decision point; the action need not be legal (see the
        mask).  CarcError(E_NOT_FOUND) when it names nothing here,
        E_WRONG_PHASE when its section is of another decision point."""
        self._game(game)
        a = _action(action, self._n_actions)
        m = _u64()
        with self._lock, game._lock:
            _ok(_to_move(self._live(), game._live(), a, ctypes.byref(m)))
        return Move(m.value)

    def move_to_action(self, game: Game, move: int) -> int:
        """The action index of ``move`` (a move of the current decision
        point); CarcError(E_NOT_FOUND) when it has none (outside the
        window)."""
        self._game(game)
        if isinstance(move, bool):
            raise TypeError('move must be an integer, not bool')
        mv = _uint(move, 'move', 0xffffffffffffffff)
        a = _u32()
        with self._lock, game._lock:
            _ok(_to_action(self._live(), game._live(), mv,
                           ctypes.byref(a)))
        return a.value

    def mask(self, game: Game, out: Optional[npt.NDArray[np.uint8]] = None
             ) -> npt.NDArray[np.uint8]:
        """The action mask (uint8, 1 = legal) of the game now, written
        into ``out`` (a uint8 array of n_actions elements) or a new
        array."""
        self._game(game)
        if out is None:
            out = np.empty(self._n_actions, np.uint8)
        addr = _address(out, self.shape.mask_dtype, self._n_actions, 'mask')
        with self._lock, game._lock:
            _ok(_mask(self._live(), game._live(), addr,
                               self._n_actions))
        return out

    def observe(self, game: Game, player: Optional[int] = None,
                planes: Optional[npt.NDArray[np.uint8]] = None,
                vector: Optional[npt.NDArray[np.int32]] = None
                ) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32]]:
        """(planes, vector) of the game for ``player`` (None: the player
        to move), written into the given arrays or new ones."""
        self._game(game)
        p = _player(player, self.shape.players)
        if planes is None:
            planes = np.empty(self.shape.planes_shape, np.uint8)
        if vector is None:
            vector = np.empty(self.shape.vector_length, np.int32)
        pa = _address(planes, self.shape.plane_dtype, self._plane_size,
                      'planes')
        k = self.shape.vector_length
        va = _address(vector, self.shape.vector_dtype, k, 'vector')
        with self._lock, game._lock:
            _ok(_observe(self._live(), game._live(), p, pa,
                                  self._plane_size, va, k))
        return planes, vector

    def legal_actions(self, game: Game) -> list[int]:
        """The indices the mask sets, ascending (a list of ints)."""
        return [int(a) for a in np.flatnonzero(self.mask(game))]


class Batch:
    """Preallocated outputs of batched steps for ``n`` games of a
    :class:`Learn` (private helper of the vector environment).

    ``planes``/``vectors`` are left out (None) with ``observations=False``;
    ``masks``, ``rewards`` (n, players), ``done``, ``final_scores``,
    ``to_move`` are always there.  :meth:`bind` points the C struct at a
    set of arrays; the library writes into them directly.
    """

    def __init__(self, learn: Learn, n: int, observations: bool) -> None:
        self.learn = learn
        self.n = n
        self.observations = observations
        self.struct = _Batch()
        self.struct.size = ctypes.sizeof(_Batch)
        self._ref = ctypes.byref(self.struct)
        self.reset_seeds = np.zeros(n, np.uint64)
        self.struct.reset_seeds = int(self.reset_seeds.ctypes.data)
        self.actions = np.zeros(n, np.uint32)
        self.actions_addr = int(self.actions.ctypes.data)
        self.allocate()

    def allocate(self) -> None:
        """New output arrays, and the struct pointed at them."""
        learn, n = self.learn, self.n
        P = learn.shape.players
        self.rewards = np.zeros((n, P), np.int32)
        self.done = np.zeros(n, np.uint8)
        self.final_scores = np.zeros((n, P), np.int32)
        self.to_move = np.zeros(n, np.uint32)
        self.masks = learn.new_mask(n)
        # the environments hand the masks out as int8 (the dtype
        # Gymnasium's sample(mask) wants); one view per allocation, so
        # that copy=False returns the same array every step
        self.masks_int8 = self.masks.view(np.int8)
        self.planes = learn.new_planes(n) if self.observations else None
        self.vectors = learn.new_vector(n) if self.observations else None
        s = self.struct
        s.rewards = int(self.rewards.ctypes.data)
        s.done = int(self.done.ctypes.data)
        s.final_scores = int(self.final_scores.ctypes.data)
        s.to_move = int(self.to_move.ctypes.data)
        s.masks = int(self.masks.ctypes.data)
        s.planes = (int(self.planes.ctypes.data)
                    if self.planes is not None else None)
        s.vectors = (int(self.vectors.ctypes.data)
                     if self.vectors is not None else None)

    def step(self, handles: ctypes.Array[ctypes.c_void_p],
             auto_reset: bool) -> int:
        """carc_learn_step_batch() with ``self.actions``; returns the
        number of games that ended, raises CarcError (nothing played)."""
        self.struct.flags = AUTO_RESET if auto_reset else 0
        learn = self.learn
        with learn._lock:
            rc: int = _step_batch(learn._live(), handles, self.n,
                                  self.actions_addr, self._ref)
        return _ok(rc)

    def observe(self, handles: ctypes.Array[ctypes.c_void_p]) -> None:
        """carc_learn_observe_batch(): masks, observations and players to
        move of the games now."""
        learn = self.learn
        with learn._lock:
            _ok(_observe_batch(learn._live(), handles, self.n, self._ref))


def reset_game(game: Game, seed: int) -> None:
    """carc_game_reset(): start ``game`` again in place, as
    ``Game(rules, players, seed)`` would (:meth:`Game.reset`)."""
    game.reset(seed)


def handles(games: Sequence[Game]) -> ctypes.Array[ctypes.c_void_p]:
    """A C array of the games' handles (private; the games must outlive
    it and stay open)."""
    arr = (ctypes.c_void_p * len(games))()
    for i, g in enumerate(games):
        with g._lock:
            arr[i] = g._live().value
    return arr
