# SPDX-License-Identifier: MIT
"""Reinforcement-learning environments for Carcassonne.

Two environments on the library's learning interface (``learn.h``,
``doc/api/observation.md``):

* :class:`CarcassonneEnv`, one game in the shape of a PettingZoo AEC
  environment (agent-environment cycle: the agent to move acts, every
  agent sees its reward)::

      from carcassonne.env import CarcassonneEnv
      env = CarcassonneEnv(players=2)
      env.reset(seed=1)
      for agent in env.agent_iter():
          obs, reward, termination, truncation, info = env.last()
          if termination or truncation:
              action = None
          else:
              action = env.action_space(agent).sample(obs['action_mask'])
          env.step(action)

* :class:`CarcassonneVectorEnv`, ``num_envs`` games stepped together by
  one C call per step, everything in numpy arrays that the library
  writes directly (no copies)::

      venv = CarcassonneVectorEnv(256, players=2)
      obs, infos = venv.reset(seed=1)
      obs, rewards, terminations, truncations, infos = venv.step(actions)

Actions are indices into a fixed action space over a board window that
follows the board (doc/api/observation.md#actions); the observation of an
agent is a dict of ``"observation"`` (uint8 planes, n_planes x W x W),
``"vector"`` (int32, vector_length entries: 160, or 318 with The River,
Inns & Cathedrals or Traders & Builders) and ``"action_mask"`` (int8, 1
for the legal actions, the dtype Gymnasium's ``sample(mask=...)`` wants) as in PettingZoo's classic environments.  Rewards are
score changes, so an agent's rewards over a game add up to its final
score.  Games always end (the tiles run out): terminations, never
truncations.

Neither environment needs PettingZoo or Gymnasium.  When PettingZoo is
importable :class:`CarcassonneEnv` subclasses ``pettingzoo.AECEnv``, and
when Gymnasium is importable the spaces are ``gymnasium.spaces`` objects;
otherwise small built-in space classes with the same basic interface
(``shape``, ``dtype``, ``n``, ``sample(mask)``, ``contains``) stand in.
numpy is required (ImportError otherwise).
"""
from __future__ import annotations

import importlib
import random
import threading
from typing import (TYPE_CHECKING, Any, Dict, Iterator, List, Mapping,
                    Optional, Sequence, Tuple, Union, cast)

from carcassonne import _learn
from carcassonne._learn import Learn, Shape
import carcassonne as _carc
from carcassonne import Game, Rules

import numpy as np
import numpy.typing as npt

__all__ = ['CarcassonneEnv', 'CarcassonneVectorEnv', 'IllegalActionError',
           'Learn', 'Shape', 'env', 'Discrete', 'MultiDiscrete', 'Box',
           'DictSpace', 'spaces_module', 'sample_actions']

# ---------------------------------------------------------------------
# Spaces: gymnasium's when it is installed, else these
# ---------------------------------------------------------------------

_Rng = np.random.Generator


class _Space:
    """Common part of the built-in spaces (a subset of gymnasium.Space)."""

    shape: Optional[Tuple[int, ...]] = None
    dtype: Optional[np.dtype[Any]] = None

    def __init__(self, seed: Optional[int] = None) -> None:
        self._np_random: _Rng = np.random.default_rng(seed)

    def seed(self, seed: Optional[int] = None) -> List[Optional[int]]:
        """Seed the space's random generator (for :meth:`sample`)."""
        self._np_random = np.random.default_rng(seed)
        return [seed]

    @property
    def np_random(self) -> _Rng:
        """The space's numpy random generator."""
        return self._np_random

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is an element of the space."""
        raise NotImplementedError

    def __contains__(self, x: Any) -> bool:
        return self.contains(x)


class Discrete(_Space):
    """Integers 0 .. n - 1 (gymnasium.spaces.Discrete's interface).

    ``sample(mask)`` draws uniformly among the indices where ``mask``
    (an array of n 0/1 values, such as an action mask) is 1."""

    def __init__(self, n: int, seed: Optional[int] = None,
                 start: int = 0) -> None:
        super().__init__(seed)
        if n <= 0:
            raise ValueError('n must be positive')
        self.n = int(n)
        self.start = int(start)
        self.shape = ()
        self.dtype = np.dtype(np.int64)

    def sample(self, mask: Optional[npt.ArrayLike] = None) -> int:
        """A random element; with ``mask``, one whose mask entry is 1
        (ValueError if ``mask`` has no 1)."""
        if mask is None:
            return self.start + int(self._np_random.integers(self.n))
        m = np.asarray(mask)
        if m.shape != (self.n,):
            raise ValueError(f'mask has shape {m.shape}, not ({self.n},)')
        legal = np.flatnonzero(m)
        if legal.size == 0:
            raise ValueError('the mask allows no action')
        return self.start + int(legal[self._np_random.integers(legal.size)])

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is an integer start <= x < start + n."""
        if isinstance(x, (bool, np.bool_)):
            return False
        if isinstance(x, np.ndarray) and x.shape == ():
            x = x.item()
        if not isinstance(x, (int, np.integer)):
            return False
        return self.start <= int(x) < self.start + self.n

    def __repr__(self) -> str:
        return f'Discrete({self.n})'

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Discrete) and other.n == self.n and
                other.start == self.start)

    def __hash__(self) -> int:
        return hash(('Discrete', self.n, self.start))


class MultiDiscrete(_Space):
    """A vector of integers, entry i in 0 .. nvec[i] - 1 (the batched
    action space of the vector environment)."""

    def __init__(self, nvec: npt.ArrayLike, seed: Optional[int] = None
                 ) -> None:
        super().__init__(seed)
        self.nvec = np.asarray(nvec, np.int64)
        self.shape = self.nvec.shape
        self.dtype = np.dtype(np.int64)

    def sample(self, mask: Any = None) -> npt.NDArray[np.int64]:
        """Random entries; with ``mask`` (a tuple of one 0/1 array per
        entry, as Gymnasium's MultiDiscrete takes it, or a 2-D array of
        those rows), each drawn among its row's 1s."""
        if mask is None:
            return self._np_random.integers(self.nvec).astype(np.int64)
        if len(mask) != self.nvec.shape[0]:
            raise ValueError(f'{len(mask)} masks for '
                             f'{self.nvec.shape[0]} entries')
        out = np.empty(self.nvec.shape, np.int64)
        for i, row in enumerate(mask):
            row = np.asarray(row)
            if row.shape != (int(self.nvec[i]),):
                raise ValueError(f'mask {i} has shape {row.shape}, not '
                                 f'({int(self.nvec[i])},)')
            legal = np.flatnonzero(row)
            if legal.size == 0:
                raise ValueError(f'the mask of entry {i} allows no action')
            out[i] = legal[self._np_random.integers(legal.size)]
        return out

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is an integer array of the right shape and
        range."""
        a = np.asarray(x)
        return (a.shape == self.shape and
                np.issubdtype(a.dtype, np.integer) and
                bool(np.all((a >= 0) & (a < self.nvec))))

    def __repr__(self) -> str:
        return f'MultiDiscrete({self.nvec.tolist()})'


class Box(_Space):
    """An array of a fixed shape and dtype with bounds (the interface of
    gymnasium.spaces.Box)."""

    def __init__(self, low: Union[int, float], high: Union[int, float],
                 shape: Sequence[int], dtype: npt.DTypeLike,
                 seed: Optional[int] = None) -> None:
        super().__init__(seed)
        self.shape = tuple(int(s) for s in shape)
        self.dtype = np.dtype(dtype)
        self.low = np.full(self.shape, low, self.dtype)
        self.high = np.full(self.shape, high, self.dtype)

    def sample(self, mask: None = None) -> npt.NDArray[Any]:
        """A random array within the bounds (uniform integers)."""
        if mask is not None:
            raise ValueError('Box.sample takes no mask')
        hi = self.high.astype(np.int64) + 1
        return self._np_random.integers(
            self.low.astype(np.int64), hi).astype(self.dtype)

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is an array of this shape and dtype within the
        bounds."""
        if not isinstance(x, np.ndarray):
            return False
        return (x.shape == self.shape and x.dtype == self.dtype and
                bool(np.all((x >= self.low) & (x <= self.high))))

    def __repr__(self) -> str:
        return f'Box({self.low.flat[0]}, {self.high.flat[0]}, ' \
               f'{self.shape}, {self.dtype})'


class DictSpace(_Space):
    """A dict of named spaces (gymnasium.spaces.Dict's interface)."""

    def __init__(self, spaces: Mapping[str, Any],
                 seed: Optional[int] = None) -> None:
        super().__init__(seed)
        self.spaces: Dict[str, Any] = dict(spaces)

    def __getitem__(self, key: str) -> Any:
        return self.spaces[key]

    def keys(self) -> Any:
        """The names of the spaces."""
        return self.spaces.keys()

    def items(self) -> Any:
        """(name, space) pairs."""
        return self.spaces.items()

    def sample(self, mask: None = None) -> Dict[str, Any]:
        """A sample of each space."""
        return {k: s.sample() for k, s in self.spaces.items()}

    def contains(self, x: Any) -> bool:
        """Whether ``x`` is a dict with an element of each space."""
        return (isinstance(x, dict) and x.keys() == self.spaces.keys() and
                all(s.contains(x[k]) for k, s in self.spaces.items()))

    def __repr__(self) -> str:
        return 'Dict(' + ', '.join(f'{k!r}: {s!r}'
                                   for k, s in self.spaces.items()) + ')'


def spaces_module() -> Any:
    """``gymnasium.spaces`` when Gymnasium is importable, else None (the
    environments then use this module's Discrete, Box, DictSpace)."""
    try:
        return importlib.import_module('gymnasium.spaces')
    except ImportError:
        return None


_INT32 = np.iinfo(np.int32)


def _make_spaces(shape: Shape, num_envs: Optional[int] = None
                 ) -> Tuple[Any, Any]:
    """(observation space, action space) of one game, or of
    ``num_envs`` games stacked."""
    gym = spaces_module()
    lead = () if num_envs is None else (num_envs,)
    if gym is not None:
        box, dct, disc, multi = gym.Box, gym.Dict, gym.Discrete, \
            gym.MultiDiscrete
    else:
        box, dct, disc, multi = Box, DictSpace, Discrete, MultiDiscrete
    obs = dct({
        'observation': box(0, 255, lead + shape.planes_shape, np.uint8),
        'vector': box(_INT32.min, _INT32.max, lead + (shape.vector_length,),
                      np.int32),
        'action_mask': box(0, 1, lead + (shape.n_actions,), np.int8),
    })
    if num_envs is None:
        act = disc(shape.n_actions)
    else:
        act = multi(np.full(num_envs, shape.n_actions, np.int64))
    return obs, act

# ---------------------------------------------------------------------
# Shared helpers
# ---------------------------------------------------------------------


class IllegalActionError(ValueError):
    """An action that the action mask does not offer (the game is left
    unchanged)."""


def _rules(rules: Optional[Rules], options: Mapping[str, Any]) -> Rules:
    if rules is not None and options:
        raise TypeError('give either rules or rule options, not both')
    if rules is None:
        return Rules(**options)
    if not isinstance(rules, Rules):
        raise TypeError(f'rules must be carcassonne.Rules, not '
                        f'{type(rules).__name__}')
    return rules


def _players(players: Any) -> int:
    if isinstance(players, bool) or not isinstance(players,
                                                    (int, np.integer)):
        raise TypeError(f'players must be an int, not '
                        f'{type(players).__name__}')
    if not _carc.MIN_PLAYERS <= int(players) <= _carc.MAX_PLAYERS:
        raise ValueError(f'players must be {_carc.MIN_PLAYERS} to '
                         f'{_carc.MAX_PLAYERS}, not {players}')
    return int(players)


_SEED_MAX = 0xffffffffffffffff


def _seed(seed: Any) -> int:
    if isinstance(seed, (bool, np.bool_)) or not isinstance(
            seed, (int, np.integer)):
        raise TypeError(f'seed must be an int or None, not '
                        f'{type(seed).__name__}')
    if not 0 <= int(seed) <= _SEED_MAX:
        raise ValueError(f'seed {seed} is out of range 0..2**64-1')
    return int(seed)


def _check_options(options: Optional[Mapping[str, Any]]) -> None:
    # Gymnasium and PettingZoo: reset(seed=None, options=None), options
    # a dict of environment-specific settings.  These environments read
    # none of them (the game is fixed at construction), so any dict is
    # accepted and ignored, as the standard wants of an environment that
    # has no reset options; anything but a mapping is a TypeError.
    if options is not None and not isinstance(options, Mapping):
        raise TypeError(f'options must be a dict or None, not '
                        f'{type(options).__name__}')


if TYPE_CHECKING:                       # one base class for mypy
    _AECBase = object
    _VectorBase = object
    _SAME_STEP: Any = 'same-step'
else:
    try:
        _AECBase = importlib.import_module('pettingzoo').AECEnv
    except ImportError:
        _AECBase = object
    try:
        _gym_vector = importlib.import_module('gymnasium.vector')
        _VectorBase = _gym_vector.VectorEnv
        _SAME_STEP = _gym_vector.AutoresetMode.SAME_STEP
    except ImportError:
        _VectorBase = object
        _SAME_STEP = 'same-step'

# ---------------------------------------------------------------------
# The AEC environment
# ---------------------------------------------------------------------


class CarcassonneEnv(_AECBase):
    """One game of Carcassonne as a PettingZoo AEC environment.

    ``CarcassonneEnv(rules=None, players=2, *, window=None,
    render_mode=None, **options)``: the rules as a
    :class:`carcassonne.Rules` or as rule options
    (``CarcassonneEnv(players=3, phantom=True, farm_scoring='per-city')``),
    2 to 6 players named ``player_0`` … (``player_0`` moves first), the
    board window side (odd; default 25, and 2 more for each of The River,
    Inns & Cathedrals and Traders & Builders) of the action space and
    observations, and ``render_mode`` ``'ansi'`` (text), ``'human'``
    (text printed) or ``'svg'`` (the library's SVG picture).

    The cycle follows PettingZoo:

    * :meth:`reset` starts a game (``seed``: the game's shuffle seed, so
      equal seeds give equal games; later resets without a seed draw
      their seeds from a generator seeded by it).
    * ``agent_selection`` is the agent to decide; a player often decides
      twice in a row (place the tile, then deploy a figure or pass).
    * :meth:`step` plays an action of ``agent_selection``.  An action
      must be an integer set in the agent's ``action_mask``: anything
      else raises (TypeError, ValueError, IllegalActionError) and leaves
      the game unchanged.
    * ``rewards[agent]`` is the agent's score change caused by the last
      step (any agent may score on another's move); :meth:`last` gives
      the agent to move its rewards accumulated since it last acted.
      Over a game an agent's rewards add up to its final score, the
      final scoring included.
    * When the game ends every agent is terminated (``terminations``);
      each then steps ``None`` once and leaves ``agents``; ``infos`` of a
      finished game hold ``"final_scores"``.  There are no truncations.
    * ``infos[agent_selection]["action_mask"]`` repeats the mask of the
      observation.

    Observations are from the observing agent's point of view
    (doc/api/observation.md); the mask is all 0 except for the agent to
    move.  ``game`` is the Game being played: read it (or clone it), do
    not apply moves to it.
    """

    metadata: Dict[str, Any] = {
        'name': 'carcassonne_v0',
        'render_modes': ['ansi', 'human', 'svg'],
        'is_parallelizable': False,
        'render_fps': 1,
    }

    def __init__(self, rules: Optional[Rules] = None, players: int = 2, *,
                 window: Optional[int] = None,
                 render_mode: Optional[str] = None,
                 **options: Any) -> None:
        super().__init__()
        self._rules = _rules(rules, options)
        self._n_players = _players(players)
        if render_mode is not None and \
                render_mode not in self.metadata['render_modes']:
            raise ValueError(f'render_mode {render_mode!r} is not one of '
                             f'{self.metadata["render_modes"]}')
        self.render_mode = render_mode
        self._learn = Learn(self._rules, self._n_players, window)
        self._shape = self._learn.shape
        #: Every agent of a game, ``player_0`` … in turn order.
        self.possible_agents: List[str] = [
            f'player_{p}' for p in range(self._n_players)]
        self._index = {a: p for p, a in enumerate(self.possible_agents)}
        obs_space, act_space = _make_spaces(self._shape)
        self.observation_spaces = {a: obs_space
                                   for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}
        self._batch = _learn.Batch(self._learn, 1, observations=False)
        self._mask = self._batch.masks_int8[0]
        self._game: Optional[Game] = None
        self._handles: Any = None
        self._rng = random.Random()
        self._lock = threading.RLock()
        self.agents: List[str] = []
        self.rewards: Dict[str, int] = {}
        self._cumulative_rewards: Dict[str, int] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self.agent_selection: str = self.possible_agents[0]
        self._skip_agent_selection: Optional[str] = None
        self.seed_used: Optional[int] = None

    # -- properties of PettingZoo's API --

    @property
    def num_agents(self) -> int:
        """Agents still in the game."""
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        """The player count."""
        return self._n_players

    @property
    def unwrapped(self) -> 'CarcassonneEnv':
        """The environment itself (no wrappers)."""
        return self

    @property
    def game(self) -> Game:
        """The game being played (RuntimeError before :meth:`reset`)."""
        return self._need_game()

    @property
    def learn(self) -> Learn:
        """The :class:`carcassonne._learn.Learn` behind the action space
        (action <-> move, masks, observations)."""
        return self._learn

    @property
    def shape(self) -> Shape:
        """Sizes, dtypes and action sections (:class:`Shape`)."""
        return self._shape

    def observation_space(self, agent: str) -> Any:
        """The observation space of ``agent`` (the same for all)."""
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> Any:
        """The action space of ``agent``: Discrete(n_actions)."""
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: Any) -> str:
        if not isinstance(agent, str):
            raise TypeError(f'an agent is a str like "player_0", not '
                            f'{type(agent).__name__}')
        if agent not in self._index:
            raise KeyError(f'unknown agent {agent!r}; the agents are '
                           f'{self.possible_agents}')
        return agent

    def _need_game(self) -> Game:
        if self._game is None:
            raise RuntimeError('call reset() first')
        if self._game.closed:
            # the game was closed from outside: start afresh at reset()
            self._game = None
            self._handles = None
            raise RuntimeError('the game was closed; call reset()')
        return self._game

    # -- the cycle --

    def reset(self, seed: Optional[int] = None,
              options: Optional[Dict[str, Any]] = None) -> None:
        """Start a new game: with ``seed`` the game of that shuffle seed
        (and the seed of the generator for later resets), else one with a
        seed drawn from that generator."""
        _check_options(options)
        with self._lock:
            if seed is None:
                game_seed = self._rng.getrandbits(64)
            else:
                game_seed = _seed(seed)
                self._rng.seed(game_seed)
            if self._game is None or self._game.closed:
                self._game = Game(self._rules, self._n_players, game_seed)
                self._handles = _learn.handles([self._game])
            else:
                _learn.reset_game(self._game, game_seed)
            self.seed_used = game_seed
            with self._game._lock:
                self._game._live()
                self._batch.observe(self._handles)
            self.agents = list(self.possible_agents)
            self.rewards = {a: 0 for a in self.agents}
            self._cumulative_rewards = {a: 0 for a in self.agents}
            self.terminations = {a: False for a in self.agents}
            self.truncations = {a: False for a in self.agents}
            self._skip_agent_selection = None
            self.agent_selection = self.possible_agents[
                int(self._batch.to_move[0])]
            self._set_infos()

    def _set_infos(self) -> None:
        self.infos = {a: {} for a in self.agents}
        if self.agents and not self.terminations[self.agent_selection]:
            self.infos[self.agent_selection]['action_mask'] = \
                self._mask.copy()

    def agent_iter(self, max_iter: int = 2 ** 63) -> Iterator[str]:
        """Yield ``agent_selection`` while agents remain (at most
        ``max_iter`` times)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def observe(self, agent: str) -> Dict[str, npt.NDArray[Any]]:
        """The observation of ``agent``: {"observation": planes,
        "vector": vector, "action_mask": mask}, new arrays that the
        environment never changes afterwards."""
        agent = self._agent(agent)
        with self._lock:
            game = self._need_game()
            planes, vector = self._learn.observe(game, self._index[agent])
            if agent == self.agent_selection and self.agents and \
                    not self.terminations.get(agent, True):
                mask = self._mask.copy()
            else:
                mask = np.zeros(self._shape.n_actions, np.int8)
        return {'observation': planes, 'vector': vector,
                'action_mask': mask}

    def last(self, observe: bool = True) -> Tuple[
            Optional[Dict[str, npt.NDArray[Any]]], int, bool, bool,
            Dict[str, Any]]:
        """(observation, accumulated reward, termination, truncation,
        info) of ``agent_selection``."""
        agent = self.agent_selection
        if agent not in self._cumulative_rewards:
            raise RuntimeError('no agent to move; call reset()')
        obs = self.observe(agent) if observe else None
        return (obs, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def _action(self, action: Any) -> int:
        if type(action) is int:         # the common case, fast
            if 0 <= action < self._shape.n_actions and self._mask[action]:
                return action
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action[()]
        if isinstance(action, (bool, np.bool_)) or not isinstance(
                action, (int, np.integer)):
            raise TypeError(f'an action is an int, not '
                            f'{type(action).__name__}')
        a = int(action)
        n = self._shape.n_actions
        if not 0 <= a < n:
            raise ValueError(f'action {a} is out of range 0..{n - 1}')
        if not self._mask[a]:
            raise IllegalActionError(
                f'action {a} is not legal for {self.agent_selection} now '
                f'(its action_mask entry is 0)')
        return a

    def step(self, action: Optional[int]) -> None:
        """Play ``action`` (an index set in the mask) for
        ``agent_selection``; ``None`` for a terminated agent, which then
        leaves ``agents``.  A refused action raises and changes
        nothing."""
        with self._lock:
            self._need_game()
            if not self.agents:
                raise RuntimeError('the game is over and every agent has '
                                   'left; call reset()')
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._dead_step(action)
                return
            if action is None:
                raise TypeError(f'{agent} is not terminated: step() needs '
                                f'an action, not None')
            a = self._action(action)
            self._batch.actions[0] = a
            game = self._need_game()
            with game._lock:
                game._live()        # ValueError if someone closed it
                self._batch.step(self._handles, auto_reset=False)
            self._cumulative_rewards[agent] = 0
            cumulative = self._cumulative_rewards
            self.rewards = dict(zip(self.possible_agents,
                                    self._batch.rewards[0].tolist()))
            for name, r in self.rewards.items():
                cumulative[name] += r
            if self._batch.done[0]:
                final = self._batch.final_scores[0].tolist()
                for name in self.agents:
                    self.terminations[name] = True
                self.infos = {name: {'final_scores': list(final)}
                              for name in self.agents}
                # the dead steps begin with the agent after the last mover
                nxt = (self._index[agent] + 1) % self._n_players
                self.agent_selection = self.possible_agents[nxt]
            else:
                self.agent_selection = self.possible_agents[
                    int(self._batch.to_move[0])]
                self._set_infos()

    def _dead_step(self, action: Any) -> None:
        if action is not None:
            raise ValueError(f'{self.agent_selection} is terminated: its '
                             f'only action is None')
        agent = self.agent_selection
        for d in (self.terminations, self.truncations, self.rewards,
                  self._cumulative_rewards, self.infos):
            del d[agent]     # type: ignore[attr-defined]
        i = self.agents.index(agent)
        self.agents.remove(agent)
        if self.agents:
            self.agent_selection = self.agents[i % len(self.agents)]
        for name in self.agents:
            self.rewards[name] = 0

    # -- rendering --

    def render(self) -> Optional[str]:
        """The game as text (render_mode 'ansi'; 'human' prints it) or as
        SVG ('svg'); None (and nothing drawn) without a render_mode."""
        if self.render_mode is None:
            return None
        game = self._need_game()
        if self.render_mode == 'svg':
            return game._repr_svg_()
        text = self._text()
        if self.render_mode == 'human':
            print(text)
            return None
        return text

    def _text(self) -> str:
        game = self._need_game()
        tiles = game.tiles()
        figures: Dict[Tuple[int, int], str] = {}
        for p, _f, x, y, _feat in game.figures():
            figures[(x, y)] = figures.get((x, y), '') + str(p)
        xs = [t[0] for t in tiles]
        ys = [t[1] for t in tiles]
        at = {(x, y): (name, r) for x, y, name, r in tiles}
        width = max(len(name) for _x, _y, name, _r in tiles) + 4
        lines = []
        for y in range(min(ys), max(ys) + 1):
            row = []
            for x in range(min(xs), max(xs) + 1):
                if (x, y) in at:
                    name, r = at[(x, y)]
                    cell = f'{name}{"^>v<"[r]}{figures.get((x, y), "")}'
                else:
                    cell = '.'
                row.append(cell.ljust(width))
            lines.append(''.join(row).rstrip())
        scores = game.scores()
        for p, name in enumerate(self.possible_agents):
            mark = ' <' if (name == self.agent_selection and
                            not game.is_over()) else ''
            lines.append(f'{name}: {scores[p]} points, '
                         f'{game.supply(p)} followers{mark}')
        tile = game.current_tile()
        lines.append('game over' if game.is_over() else
                     f'tile {tile}, {game.remaining()} left')
        return '\n'.join(lines)

    def close(self) -> None:
        """Free the game and the learning object."""
        with self._lock:
            if self._game is not None:
                self._game.close()
                self._game = None
            self._handles = None
            self.agents = []
            self._learn.close()

    def __str__(self) -> str:
        return 'carcassonne_v0'

    # -- copies: through the game record, as Game copies --

    def __reduce__(self) -> Tuple[Any, ...]:
        """``copy.copy``, ``copy.deepcopy`` and ``pickle`` rebuild the
        environment from its settings and its game's record, with the
        cycle's state (agents, rewards, terminations, infos, the seed
        generator): the copy continues exactly as the original would."""
        with self._lock:
            settings = (self._rules, self._n_players,
                        self._shape.window, self.render_mode)
            if self._game is None or self._game.closed:
                return (_rebuild_env, (settings, None))
            state = {
                'record': self._game.save(),
                'agents': list(self.agents),
                'rewards': dict(self.rewards),
                'cumulative': dict(self._cumulative_rewards),
                'terminations': dict(self.terminations),
                'truncations': dict(self.truncations),
                'infos': {a: dict(i) for a, i in self.infos.items()},
                'agent_selection': self.agent_selection,
                'rng': self._rng.getstate(),
                'seed_used': self.seed_used,
            }
            return (_rebuild_env, (settings, state))


def _rebuild_env(settings: Tuple[Any, ...],
                 state: Optional[Dict[str, Any]]) -> CarcassonneEnv:
    """An environment from what :meth:`CarcassonneEnv.__reduce__` kept."""
    rules, players, window, render_mode = settings
    e = CarcassonneEnv(rules, players, window=window,
                       render_mode=render_mode)
    if state is None:
        return e
    game = Game.load(state['record'])
    e._game = game
    e._handles = _learn.handles([game])
    with game._lock:
        e._batch.observe(e._handles)
    e.agents = list(state['agents'])
    e.rewards = dict(state['rewards'])
    e._cumulative_rewards = dict(state['cumulative'])
    e.terminations = dict(state['terminations'])
    e.truncations = dict(state['truncations'])
    e.infos = {a: dict(i) for a, i in state['infos'].items()}
    e.agent_selection = state['agent_selection']
    e._rng.setstate(state['rng'])
    e.seed_used = state['seed_used']
    return e


def env(**kwargs: Any) -> CarcassonneEnv:
    """A :class:`CarcassonneEnv` (PettingZoo's ``env()`` constructor
    convention); the keywords are the class's."""
    return CarcassonneEnv(**kwargs)

def sample_actions(mask: npt.ArrayLike,
                   rng: Optional[np.random.Generator] = None) -> Any:
    """A uniformly random legal action for each mask: the fast way to
    play at random.

    ``mask`` is one action mask (1-D, as ``obs["action_mask"]`` of
    :class:`CarcassonneEnv`; returns an int) or a batch of them (2-D, as
    the vector environment's ``obs["action_mask"]``; returns an int64
    array with one action per row).  Any nonzero entry counts as legal;
    ValueError if a row has none.  ``rng`` is a numpy Generator (a new
    unseeded one when None).  The result is what
    ``action_space.sample(mask=...)`` draws from (the same distribution),
    computed for every row at once.
    """
    if rng is None:
        rng = np.random.default_rng()
    m = np.asarray(mask)
    if m.ndim not in (1, 2) or m.size == 0:
        raise ValueError(f'a mask is a 1-D or 2-D array, not shape '
                         f'{m.shape}')
    if m.dtype.itemsize == 1 and m.dtype.kind in 'iub':
        m = m.view(np.bool_)            # 0/1 bytes: nonzero is 1
    rows = m.reshape(-1, m.shape[-1])
    n, width = rows.shape
    legal = np.flatnonzero(rows)
    starts = np.searchsorted(legal, np.arange(n + 1) * width)
    counts = np.diff(starts)
    if not counts.all():
        raise ValueError(f'the mask of row {int(np.argmin(counts))} '
                         f'allows no action')
    pick = starts[:-1] + (rng.random(n) * counts).astype(np.int64)
    actions = legal[pick] - np.arange(n) * width
    if m.ndim == 1:
        return int(actions[0])
    return actions.astype(np.int64)


# ---------------------------------------------------------------------
# The vector environment
# ---------------------------------------------------------------------


VectorObs = Dict[str, npt.NDArray[Any]]


class CarcassonneVectorEnv(_VectorBase):
    """``num_envs`` games stepped together, one action per game, with one
    C call per step (carc_learn_step_batch).

    ``CarcassonneVectorEnv(num_envs, rules=None, players=2, *,
    window=None, observations=True, copy=True, **options)``.

    Each game is seen by the player to move.  :meth:`step` returns
    ``(obs, rewards, terminations, truncations, infos)``:

    * ``obs``: ``"action_mask"`` (num_envs, n_actions) int8 and, unless
      ``observations=False``, ``"observation"`` (num_envs, n_planes, W, W)
      uint8 and ``"vector"`` (num_envs, vector_length) int32, each game's from the
      point of view of its player to move;
    * ``rewards``: (num_envs, players) int32, every player's score change
      in this step, by seat (not by who moved);
    * ``terminations``: (num_envs,) bool, the game ended in this step;
      ``truncations``: (num_envs,) bool, always False;
    * ``infos``: ``"to_move"`` (num_envs,) the player to move now,
      ``"final_scores"`` (num_envs, players) the final scores of the
      games that ended in this step (0 elsewhere), ``"seeds"``
      (num_envs,) uint64 the seed of each slot's current game.

    Auto-reset happens in the same step: a game that ends is started
    again at once (in place, with the next seed), so ``obs`` of that slot
    already shows the new game, and the finished game is known by its
    termination, its rewards (final scoring included) and
    ``final_scores``.  ``infos["seeds"]`` names the new game.

    The library writes every output directly into numpy arrays.  With
    ``copy=True`` each step returns new arrays; with ``copy=False`` the
    same arrays are returned every time and overwritten by the next step
    (fastest; copy what you keep).  Actions are a sequence or array of
    num_envs integers, each set in its game's mask; a refused action
    list raises and plays nothing.
    """

    metadata: Dict[str, Any] = {'autoreset_mode': _SAME_STEP}
    render_mode: Optional[str] = None
    closed: bool = False

    def __init__(self, num_envs: int, rules: Optional[Rules] = None,
                 players: int = 2, *, window: Optional[int] = None,
                 observations: bool = True, copy: bool = True,
                 **options: Any) -> None:
        if isinstance(num_envs, bool) or not isinstance(
                num_envs, (int, np.integer)):
            raise TypeError('num_envs must be an int')
        if not 1 <= int(num_envs) <= 1 << 20:
            raise ValueError(f'num_envs {num_envs} is out of range '
                             f'1..{1 << 20}')
        #: Number of games.
        self.num_envs = int(num_envs)
        self._rules = _rules(rules, options)
        self._n_players = _players(players)
        self._learn = Learn(self._rules, self._n_players, window)
        self._shape = self._learn.shape
        self._observations = bool(observations)
        self._copy = bool(copy)
        self.single_observation_space, self.single_action_space = \
            _make_spaces(self._shape)
        self.observation_space, self.action_space = \
            _make_spaces(self._shape, self.num_envs)
        if not self._observations:
            for space in (self.single_observation_space,
                          self.observation_space):
                del space.spaces['observation']
                del space.spaces['vector']
        self._batch = _learn.Batch(self._learn, self.num_envs,
                                   self._observations)
        self._games: List[Game] = []
        self._handles: Any = None
        self._rng = np.random.default_rng()
        self._lock = threading.RLock()
        self.seeds = np.zeros(self.num_envs, np.uint64)
        self._truncations = np.zeros(self.num_envs, np.bool_)
        self._rows = np.arange(self.num_envs)

    @property
    def learn(self) -> Learn:
        """The :class:`Learn` behind the action space."""
        return self._learn

    @property
    def shape(self) -> Shape:
        """Sizes, dtypes and action sections (:class:`Shape`)."""
        return self._shape

    @property
    def players(self) -> int:
        """Players per game."""
        return self._n_players

    def game(self, index: int) -> Game:
        """A clone of game ``index`` as it is now."""
        if not self._games:
            raise RuntimeError('call reset() first')
        if isinstance(index, bool) or not isinstance(index,
                                                     (int, np.integer)):
            raise TypeError('index must be an int')
        if not 0 <= int(index) < self.num_envs:
            raise IndexError(f'index {index} out of range')
        return self._games[int(index)].clone()

    def _draw_seeds(self, n: int) -> npt.NDArray[np.uint64]:
        return self._rng.integers(0, _SEED_MAX, n, dtype=np.uint64,
                                  endpoint=True)

    def reset(self, seed: Union[None, int, Sequence[int]] = None,
              options: Optional[Dict[str, Any]] = None
              ) -> Tuple[VectorObs, Dict[str, Any]]:
        """Start every game again: ``seed`` None (seeds from the
        environment's generator), an int (seeds the generator, which then
        gives every game's seed, also those of auto-resets), or a
        sequence of num_envs ints (the games' own seeds, as
        ``CarcassonneEnv.reset(seed=s)`` uses them; the generator is
        seeded by the first).  Returns (obs, infos)."""
        _check_options(options)
        with self._lock:
            if seed is None:
                seeds = self._draw_seeds(self.num_envs)
            elif isinstance(seed, (int, np.integer)) and \
                    not isinstance(seed, (bool, np.bool_)):
                self._rng = np.random.default_rng(_seed(seed))
                seeds = self._draw_seeds(self.num_envs)
            else:
                if isinstance(seed, (str, bytes)) or not hasattr(
                        seed, '__len__'):
                    raise TypeError('seed must be None, an int or a '
                                    'sequence of ints')
                values = [_seed(s) for s in cast(Sequence[int], seed)]
                if len(values) != self.num_envs:
                    raise ValueError(f'{len(values)} seeds for '
                                     f'{self.num_envs} games')
                seeds = np.array(values, np.uint64)
                self._rng = np.random.default_rng(values[0])
            if not self._games:
                self._games = [Game(self._rules, self._n_players, int(s))
                               for s in seeds]
                self._handles = _learn.handles(self._games)
            else:
                for g, s in zip(self._games, seeds):
                    _learn.reset_game(g, int(s))
            self.seeds[:] = seeds
            b = self._batch
            b.reset_seeds[:] = self._draw_seeds(self.num_envs)
            if self._copy:
                b.allocate()
            b.observe(self._handles)
            return self._obs(), {'to_move': b.to_move.astype(np.int64),
                                 'seeds': self.seeds.copy()}

    def _obs(self) -> VectorObs:
        b = self._batch
        out: VectorObs = {'action_mask': b.masks_int8}
        if b.planes is not None and b.vectors is not None:
            out['observation'] = b.planes
            out['vector'] = b.vectors
        return out

    def _actions(self, actions: Any) -> None:
        a = np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise ValueError(f'actions must have shape ({self.num_envs},),'
                             f' not {a.shape}')
        if not np.issubdtype(a.dtype, np.integer) or a.dtype == np.bool_:
            raise TypeError(f'actions must be integers, not {a.dtype}')
        n = self._shape.n_actions
        if a.size and (int(a.min()) < 0 or int(a.max()) >= n):
            bad = np.flatnonzero((a < 0) | (a >= n))
            raise ValueError(f'actions of games {bad[:10].tolist()} are '
                             f'out of range 0..{n - 1}')
        self._batch.actions[:] = a

    def step(self, actions: npt.ArrayLike) -> Tuple[
            VectorObs, npt.NDArray[np.int32], npt.NDArray[np.bool_],
            npt.NDArray[np.bool_], Dict[str, Any]]:
        """Play one action in every game; returns (obs, rewards,
        terminations, truncations, infos) as the class describes.  A
        wrong type or shape, an index out of range or a masked action
        raises (IllegalActionError for a masked one) and plays
        nothing."""
        with self._lock:
            if not self._games:
                raise RuntimeError('call reset() first')
            b = self._batch
            self._actions(actions)
            ok = b.masks[self._rows, b.actions]
            if not ok.all():
                bad = np.flatnonzero(ok == 0)[:10]
                raise IllegalActionError(
                    f'actions {b.actions[bad].tolist()} of games '
                    f'{bad.tolist()} are not set in their masks; nothing '
                    f'was played')
            if self._copy:
                b.allocate()
            try:
                ended = b.step(self._handles, auto_reset=True)
            except _carc.CarcError as e:
                # the masks given out were changed by their user: nothing
                # was played; write the true ones again
                b.observe(self._handles)
                raise IllegalActionError(
                    f'an action is not legal ({e}); nothing was '
                    f'played') from None
            if ended:
                done = b.done.view(np.bool_)
                self.seeds[done] = b.reset_seeds[done]
                b.reset_seeds[done] = self._draw_seeds(ended)
            infos = {'to_move': b.to_move.astype(np.int64),
                     'final_scores': b.final_scores,
                     'seeds': self.seeds.copy() if self._copy
                     else self.seeds}
            truncations = (np.zeros(self.num_envs, np.bool_) if self._copy
                           else self._truncations)
            return (self._obs(), b.rewards, b.done.view(np.bool_),
                    truncations, infos)

    def __reduce__(self) -> Tuple[Any, ...]:
        # num_envs games mid-step with their batch buffers and seed
        # stream: refused rather than half copied
        raise TypeError('a CarcassonneVectorEnv cannot be copied or '
                        'pickled; make a new one and reset(seed=...) it, '
                        'or copy single games with game(i)')

    def close(self) -> None:
        """Free the games and the learning object."""
        with self._lock:
            for g in self._games:
                g.close()
            self._games = []
            self._handles = None
            self._learn.close()
            self.closed = True
