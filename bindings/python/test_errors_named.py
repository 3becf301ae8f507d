# SPDX-License-Identifier: MIT
"""Errors that say what is allowed (close names of an unknown option,
the range of a value, which options take booleans, the rule JCZ lacks),
and other bad input refused with a clear error (None for a game, a lone
surrogate in a record, the unit of the exploration constant).

The words come from the library (carc_option_explain, the option table),
so the tool, JavaScript and Python say the same; here Python's side.
"""
import pytest

import carcassonne as carc
from carcassonne import search


def message(call):
    with pytest.raises(Exception) as e:
        call()
    return e.value


def test_unknown_option_names_the_close_matches():
    e = message(lambda: carc.Rules(crop_circles_1=True))
    assert isinstance(e, carc.InvalidArgumentError)
    assert e.code == carc.E_UNKNOWN_OPTION
    assert "unknown rule option 'crop_circles_1'; did you mean " \
        "'crop-circles-i'?" in str(e)
    e = message(lambda: carc.Rules(buildings=True))
    assert "did you mean 'little-buildings'?" in str(e)
    e = message(lambda: carc.option_from_name('crop-circles-2'))
    assert "did you mean 'crop-circles-ii'?" in str(e)


@pytest.mark.parametrize('kw,text', [
    ({'followers': 99}, 'followers must be 1 to 15, not 99'),
    ({'followers': 0}, 'followers must be 1 to 15, not 0'),
    ({'phantom': 2}, 'phantom must be on or off (1 or 0), not 2'),
    ({'farm_scoring': 'per-town'}, "farm-scoring must be per-field, "
     "per-city or per-field-once (0 to 2), not 'per-town'"),
    ({'farm_scoring': 7}, "farm-scoring must be per-field, per-city or "
     "per-field-once (0 to 2), not 7"),
])
def test_option_values_print_their_range(kw, text):
    e = message(lambda: carc.Rules(**kw))
    assert isinstance(e, carc.InvalidArgumentError)
    assert text in str(e)
    (name, value), = kw.items()
    assert carc.option_explain(name, str(value)) == text


def test_players_and_seats_print_their_range():
    e = message(lambda: carc.Game(players=7))
    assert isinstance(e, carc.InvalidArgumentError)
    assert 'players must be 2 to 6, not 7' in str(e)
    assert 'players must be 2 to 6, not 1' in str(message(
        lambda: carc.Game(players=1)))
    g = carc.Game(players=3)
    for call in (lambda: g.score(5), lambda: g.supply(3)):
        e = message(call)
        assert isinstance(e, carc.InvalidArgumentError)
        assert 'player must be 0 to 2, not' in str(e)
    assert g.score(2) == 0


def test_bool_is_a_value_only_of_switches():
    # as push(True) is a TypeError, a bool is not a farm-scoring value
    e = message(lambda: carc.Rules(farm_scoring=True))
    assert isinstance(e, TypeError)
    assert 'farm-scoring takes' in str(e)
    assert isinstance(message(lambda: carc.Rules(followers=False)),
                      TypeError)
    assert carc.Rules(phantom=True) == carc.Rules(phantom=1)
    g = carc.Game()
    assert isinstance(message(lambda: g.push(True)), TypeError)


def test_all_expansions_come_from_the_option_table():
    expansions = [name for name, number in carc.OPTIONS.items()
                  if carc.option_is_expansion(number)]
    assert expansions == ['phantom', 'crop-circles-i', 'crop-circles-ii',
                          'little-buildings', 'river', 'inns-cathedrals',
                          'traders-builders']
    r = carc.Rules.all_expansions()
    assert r == carc.Rules(phantom=1, crop_circles_i=1, crop_circles_ii=1,
                           little_buildings=1, river=1, inns_cathedrals=1,
                           traders_builders=1)
    assert carc.Rules.all_expansions(phantom=False, followers=5) == \
        carc.Rules(crop_circles_i=1, crop_circles_ii=1, little_buildings=1,
                   river=1, inns_cathedrals=1, traders_builders=1,
                   followers=5)
    assert not carc.option_is_expansion('farm-scoring')


def test_to_jcz_names_the_rule():
    g = carc.Game(carc.Rules(crop_circles_i=True, crop_deploy_any=True))
    e = message(g.to_jcz)
    assert e.code == carc.E_NOT_ALLOWED
    assert 'JCloisterZone does not play these rules; it would with ' \
        'crop-deploy-any off' in str(e)
    carc.Game(carc.Rules(crop_circles_i=True)).to_jcz()


def test_search_of_none_is_a_type_error():
    for call in (lambda: search.playout(None),
                 lambda: search.choose(None, 'greedy'),
                 lambda: search.choose_with_stats(None),
                 lambda: search.python_mcts(None)):
        e = message(call)
        assert isinstance(e, TypeError)
        assert 'game must be a carcassonne.Game, not NoneType' in str(e)


def test_lone_surrogate_in_a_record_is_a_record_error():
    good = carc.Game(seed=3).save()
    bad = good.replace('\n', '\n\ud800', 2)
    e = message(lambda: carc.Game.load(bad))
    assert isinstance(e, carc.RecordError)
    # the first bad character: the start of line 2
    assert (e.line, e.column) == (2, 1)
    assert 'U+D800' in e.reason
    e = message(lambda: carc.Game.from_jcz('{"a": "\udfff"}'))
    assert isinstance(e, carc.JczError)
    assert (e.line, e.column) == (1, 8)


def test_exploration_has_one_unit():
    g = carc.Game(carc.Rules(phantom=True), players=2, seed=7)
    # thousandths, an int, 0 for the default (600 for python_mcts and for
    # the library's search with the reward WIN, 8485 with MARGIN, its
    # default), in both searches
    for call in (lambda: search.choose(g, 'mcts', playouts=50,
                                       exploration=0.6),
                 lambda: search.python_mcts(g, 20, exploration=0.6)):
        e = message(call)
        assert isinstance(e, TypeError)
        assert 'exploration is in thousandths' in str(e)
    assert search.python_mcts(g, 30, seed=2, exploration=600) == \
        search.python_mcts(g, 30, seed=2)
    assert search.choose(g, 'mcts', playouts=60, seed=2,
                         exploration=8485) == \
        search.choose(g, 'mcts', playouts=60, seed=2)
    win = dict(playouts=60, seed=2, reward=search.BotReward.WIN)
    assert search.choose(g, 'mcts', exploration=600, **win) == \
        search.choose(g, 'mcts', **win)
