# SPDX-License-Identifier: MIT
"""The environments against the real PettingZoo and Gymnasium (suite
'conformance'): their own checkers, not stand-ins.

run_conformance.py puts ``<top>/../shared/vendor/python`` (PettingZoo
1.27 and Gymnasium 1.4 sources) on ``sys.path`` first and skips, or fails
under CI=true, without it.  By hand:

    CARCASSONNE_LIBRARY=build/libcarcassonne.so \\
    python3 run_conformance.py test_conformance.py
"""
import copy
import pickle

import numpy as np
import pytest

import gymnasium
import pettingzoo
from gymnasium.utils import env_checker, passive_env_checker
from gymnasium.vector.utils import batch_space
from pettingzoo.test import api_test, seed_test

import carcassonne as carc
from carcassonne import env as cenv

ALL = dict(phantom=True, crop_circles_i=True, crop_circles_ii=True,
           little_buildings=True)
# The River, Inns & Cathedrals and Traders & Builders (observation
# layout 2: more planes, the longer vector, the sections of the large
# follower, the builder, the pig and the second tile)
NEW = dict(river=True, inns_cathedrals=True, traders_builders=True)
ALL6 = dict(ALL, **NEW)
SETUPS = [(2, {}), (3, ALL), (6, ALL), (2, ALL6), (4, NEW)]
IDS = ['2-base', '3-all', '6-all', '2-all6', '4-new']


def test_the_real_packages_are_used():
    # the vendored sources, not stand-ins; the envs build on them
    assert pettingzoo.__version__.startswith('1.27')
    assert gymnasium.__version__.startswith('1.4')
    assert issubclass(cenv.CarcassonneEnv, pettingzoo.AECEnv)
    assert issubclass(cenv.CarcassonneVectorEnv, gymnasium.vector.VectorEnv)
    e = cenv.env()
    assert isinstance(e.action_space('player_0'), gymnasium.spaces.Discrete)
    assert isinstance(e.observation_space('player_0'), gymnasium.spaces.Dict)


@pytest.mark.parametrize('players,options', SETUPS, ids=IDS)
def test_pettingzoo_api_test(players, options):
    api_test(cenv.env(players=players, **options), num_cycles=300)


@pytest.mark.parametrize('players,options', SETUPS, ids=IDS)
def test_pettingzoo_seed_test(players, options):
    seed_test(lambda: cenv.env(players=players, **options), num_cycles=300)


@pytest.mark.parametrize('players,options', SETUPS, ids=IDS)
def test_aec_space_sample_with_the_env_masks(players, options):
    # Gymnasium's Discrete.sample(mask) wants an int8 mask of 0/1: the
    # env's masks are that, and what it draws is always legal
    e = cenv.env(players=players, **options)
    e.reset(seed=3)
    steps = 0
    for agent in e.agent_iter():
        obs, _r, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        mask = obs['action_mask']
        assert mask.dtype == np.int8
        assert np.array_equal(mask, info['action_mask'])
        a = e.action_space(agent).sample(mask)
        assert mask[a] == 1
        e.step(a)
        steps += 1
    assert steps > 100


def vector_envs():
    for players, options in SETUPS:
        for observations in (True, False):
            for copy_ in (True, False):
                yield players, options, observations, copy_


VIDS = [f'{p}-{"base" if not o else "all6" if "river" in o and "phantom" in o else "new" if "river" in o else "all"}-'
        f'{"obs" if b else "masks"}-{"copy" if c else "nocopy"}'
        for p, o, b, c in vector_envs()]


@pytest.mark.parametrize('players,options,observations,copy_',
                         list(vector_envs()), ids=VIDS)
def test_gymnasium_vector_checks(players, options, observations, copy_):
    n = 8
    venv = cenv.CarcassonneVectorEnv(n, players=players,
                                     observations=observations,
                                     copy=copy_, **options)
    assert venv.metadata['autoreset_mode'] == \
        gymnasium.vector.AutoresetMode.SAME_STEP
    # the spaces: Gymnasium's own space checks, and the batched spaces
    # are what Gymnasium batches the single ones into
    for space in (venv.single_action_space, venv.action_space):
        passive_env_checker.check_action_space(space)
        env_checker.check_space_limit(space, 'action')
    for space in (venv.single_observation_space, venv.observation_space):
        passive_env_checker.check_observation_space(space)
        env_checker.check_space_limit(space, 'observation')
    assert batch_space(venv.single_action_space, n) == venv.action_space
    assert batch_space(venv.single_observation_space, n) == \
        venv.observation_space

    # reset: seed and options as the standard passes them
    obs, infos = venv.reset(seed=123, options={})
    passive_env_checker.check_obs(obs, venv.observation_space, 'reset')
    assert isinstance(infos, dict)
    first = copy.deepcopy(obs)
    obs2, _ = venv.reset(seed=123)
    assert env_checker.data_equivalence(first, obs2)
    venv.reset(options={'anything': 1})   # options the envs do not read

    # steps with actions drawn by the action space's own sample(mask=...)
    # from the env's masks (a tuple of int8 rows, as Gymnasium wants)
    # and by sample_actions; both always legal
    venv.action_space.seed(5)
    rng = np.random.default_rng(5)
    obs, _ = venv.reset(seed=7)
    trace = []
    ended = 0
    i = 0
    while not ended or i < 50:          # through an automatic reset
        assert i < 2000
        i += 1
        masks = obs['action_mask']
        assert masks.dtype == np.int8
        if i % 2:
            actions = venv.action_space.sample(mask=tuple(masks))
        else:
            actions = cenv.sample_actions(masks, rng)
        assert actions in venv.action_space
        assert masks[np.arange(n), actions].all()
        trace.append(np.array(actions))
        obs, rewards, terms, truncs, infos = venv.step(actions)
        passive_env_checker.check_obs(obs, venv.observation_space, 'step')
        assert rewards.shape == (n, players)
        assert terms.dtype == np.bool_ and terms.shape == (n,)
        assert truncs.dtype == np.bool_ and not truncs.any()
        ended += int(terms.sum())
        last = copy.deepcopy(obs)

    # step determinism: the same seed and actions give the same outputs
    obs, _ = venv.reset(seed=7)
    for actions in trace:
        obs, *_ = venv.step(actions)
    assert env_checker.data_equivalence(last, obs)
    venv.close()
    assert venv.closed


def test_gymnasium_multidiscrete_mask_error_is_gymnasiums():
    # an uint8 mask is refused by Gymnasium itself: the envs give int8
    venv = cenv.CarcassonneVectorEnv(2)
    obs, _ = venv.reset(seed=1)
    with pytest.raises(AssertionError):
        venv.action_space.sample(mask=tuple(obs['action_mask'].view(
            np.uint8)))
    venv.action_space.sample(mask=tuple(obs['action_mask']))
