# SPDX-License-Identifier: MIT
"""carcassonne.search: the library's playouts and bots from Python, and
the pure-Python MCTS on them.  Exact values: the playout of the C test
(tests/test-search.c), the documented playout algorithm replayed through
the binding, legal moves at every decision point, the same seed the same
move, bad arguments raising and leaving the game unchanged."""

import pytest

import carcassonne as carc
from carcassonne import search

ALL = dict(phantom=True, crop_circles_i=True, crop_circles_ii=True,
           little_buildings=True)


def splitmix(state):
    # the package's splitmix64 (carcassonne.search), one step: the new
    # state and the output
    rng = search._Random(state)
    out = rng.next()
    return rng.s, out


def position(rules, players, seed, moves):
    g = carc.Game(rules, players=players, seed=seed)
    rng = seed
    for _ in range(moves):
        if g.is_over():
            break
        legal = list(g.legal_moves())
        rng, r = splitmix(rng)
        g.apply(legal[r % len(legal)])
    return g


def state(g):
    return g.hash(), g.draw_order(), g.drawn_count(), len(g.history()), \
        g.phase()


def test_playout_pinned():
    # the values tests/test-search.c pins for the same game and seed
    g = carc.Game(carc.Rules(), players=2, seed=1)
    assert search.playout(g, 12345) == [18, 24]
    assert search.playout(g, 12345, keep_order=True) == [10, 25]


def replay(g, seed, keep_order):
    c = g.clone()
    if not keep_order:
        hand = c.current_tile()
        rest = []
        for t in sorted(carc.Tile):
            rest += [t] * c.remaining(t)
        c.set_draw_order([hand] + rest)
        c.shuffle_stack(seed)
    rng = seed
    while not c.is_over():
        legal = list(c.legal_moves())
        rng, r = splitmix(rng)
        c.apply(legal[((r >> 32) * len(legal)) >> 32])
    return c.scores()


@pytest.mark.parametrize('options,players', [({}, 2), (ALL, 3), (ALL, 2)])
def test_playout_replays_the_documented_algorithm(options, players):
    for seed in range(1, 4):
        g = position(carc.Rules(**options), players, seed, 7 * seed)
        while g.phase() != carc.Phase.PLACE_TILE:
            g.apply(next(iter(g.legal_moves())))
        before = state(g)
        for keep in (False, True):
            got = search.playout(g, seed * 1001, keep_order=keep)
            assert len(got) == players
            assert got == replay(g, seed * 1001, keep)
        assert state(g) == before


def test_playout_of_a_finished_game():
    g = position(carc.Rules(**ALL), 2, 5, 10 ** 6)
    assert g.is_over()
    assert search.playout(g, 1) == g.scores()


def test_playout_bad_arguments():
    g = carc.Game(carc.Rules(), players=2, seed=1)
    before = state(g)
    with pytest.raises(OverflowError):
        search.playout(g, -1)
    with pytest.raises(OverflowError):
        search.playout(g, 2 ** 64)
    with pytest.raises(TypeError):
        search.playout(g, 'seed')
    assert state(g) == before
    g.close()
    with pytest.raises(ValueError):
        search.playout(g, 1)


def test_choose_every_decision_point():
    seen = set()
    for seed in (1, 2):
        g = carc.Game(carc.Rules(**ALL), players=3, seed=seed)
        turn = 0
        while not g.is_over():
            kind = ('mcts', 'greedy', 'random')[turn % 3]
            before = state(g)
            seen.add(g.phase())
            m = search.choose(g, kind, playouts=8, seed=turn)
            assert state(g) == before
            assert isinstance(m, carc.Move)
            assert m in list(g.legal_moves())
            g.apply(m)
            turn += 1
    assert {carc.Phase.PLACE_TILE, carc.Phase.DEPLOY,
            carc.Phase.PHANTOM} <= seen


def test_choose_reproducible_and_stats():
    g = position(carc.Rules(), 2, 9, 6)
    while len(g.legal_moves()) < 2:
        g.apply(next(iter(g.legal_moves())))
    a, sa = search.choose_with_stats(g, 'mcts', playouts=300, seed=4)
    b, sb = search.choose_with_stats(g, search.BotKind.MCTS, playouts=300,
                                     seed=4)
    assert a == b
    assert sa.playouts == sb.playouts == 300
    assert sa.nodes == sb.nodes and sa.visits == sb.visits
    assert sa.moves == len(g.legal_moves())
    # the default reward: the margin, in points
    assert sa.reward == search.BotReward.MARGIN
    assert -400 <= sa.value <= 400 and sa.value == sb.value
    assert sa.threads == 1
    _, sw = search.choose_with_stats(g, 'mcts', playouts=300, seed=4,
                                     reward=search.BotReward.WIN)
    assert sw.reward == search.BotReward.WIN and 0 <= sw.value <= 1
    m, st = search.choose_with_stats(g, 'mcts', playouts=300, seed=4,
                                     threads=3)
    assert st.playouts == 300
    assert search.choose(g, 'mcts', playouts=300, seed=4, threads=3) == m
    _, st = search.choose_with_stats(g, 'greedy')
    assert (st.playouts, st.value, st.reward) == (0, None, 0)


def test_reference_players_pinned():
    # the first position of the pinned table of tests/test-search.c: the
    # same moves through the binding
    g = carc.Game(carc.Rules(), players=2, seed=3)
    star, st = search.choose_with_stats(g, 'star2.5', playouts=60000, seed=1)
    assert carc.describe(star) == 'place 1,0 r0'
    assert st.nodes == 2 and st.playouts <= 60000 and st.value is None
    rave = search.choose(g, search.BotKind.MCTS_RAVE, playouts=400, seed=1)
    assert carc.describe(rave) == 'place -1,0 r3'
    with pytest.raises(ValueError, match='star2.5, mcts-rave'):
        search.choose(g, 'star25')


def test_paper_settings_pinned():
    # the same position with the papers' settings (paper_settings_pinned
    # of tests/test-search.c): the options reach the library
    g = carc.Game(carc.Rules(), players=2, seed=3)
    star, st = search.choose_with_stats(g, 'star2.5', playouts=60000,
                                        seed=1, depth=3, probing=4)
    assert carc.describe(star) == 'place 1,0 r0' and st.nodes == 2
    margin = dict(playouts=400, seed=1, exploration=8485,
                  reward=search.BotReward.MARGIN)
    assert carc.describe(search.choose(g, 'mcts', **margin)) == \
        'place 1,0 r0'
    assert carc.describe(search.choose(g, 'mcts-rave', rave_bias=10000,
                                       **margin)) == 'place -1,0 r3'
    _, st = search.choose_with_stats(g, 'star2.5', playouts=60000, seed=1,
                                     depth=1)
    assert st.nodes == 1
    for bad in (dict(reward=3), dict(depth=9),
                dict(probing=search.MAX_PROBING + 1)):
        with pytest.raises(carc.CarcassonneError):
            search.choose(g, 'star2.5', **bad)


def test_choose_default_and_time_limit():
    g = carc.Game(carc.Rules(), players=2, seed=3)
    _, st = search.choose_with_stats(g)
    assert st.playouts == search.DEFAULT_PLAYOUTS
    _, st = search.choose_with_stats(g, time_ms=20)
    assert st.playouts >= 1
    assert st.seconds < 20.0     # generous: never a flaky timing test


def test_choose_bad_arguments():
    g = position(carc.Rules(), 2, 4, 3)
    before = state(g)
    for kwargs, error in ((dict(kind='smart'), ValueError),
                          (dict(kind=7), ValueError),
                          (dict(threads=0), ValueError),
                          (dict(threads=65), ValueError),
                          (dict(playouts=-1), OverflowError),
                          (dict(seed=2 ** 64), OverflowError),
                          (dict(time_ms='1'), TypeError)):
        with pytest.raises(error):
            search.choose(g, **kwargs)
    assert state(g) == before
    over = position(carc.Rules(), 2, 4, 10 ** 6)
    with pytest.raises(carc.CarcassonneError) as e:
        search.choose(over, 'random')
    assert e.value.code == carc.ErrorCode.GAME_OVER


def test_python_mcts():
    g = position(carc.Rules(), 2, 2, 4)
    while len(g.legal_moves()) < 2:
        g.apply(next(iter(g.legal_moves())))
    before = state(g)
    m = search.python_mcts(g, 60, seed=1)
    assert m in list(g.legal_moves())
    assert search.python_mcts(g, 60, seed=1) == m
    assert state(g) == before
    with pytest.raises(ValueError):
        search.python_mcts(g, 0)


def test_python_mcts_beats_random():
    # two games on one stack, each seat once: 40 iterations per decision
    # win both (the outcome is fixed by the seeds)
    wins = 0
    for seat in (0, 1):
        g = carc.Game(carc.Rules(), players=2, seed=11)
        turn = 0
        while not g.is_over():
            if g.current_player() == seat:
                m = search.python_mcts(g, 40, seed=turn)
            else:
                m = search.choose(g, 'random', seed=turn)
            g.apply(m)
            turn += 1
        s = g.scores()
        wins += s[seat] > s[1 - seat]
    assert wins == 2


def test_docstring_examples():
    import doctest
    failed, attempted = doctest.testmod(search,
                                        optionflags=doctest.ELLIPSIS)
    assert attempted >= 4 and failed == 0
