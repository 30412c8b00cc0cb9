"""The built-in players' doubles at match level (option ``match_equity=1``): they read the match equity table
shipped for their rules at scores other than 0-0, and decide as before at 0-0 or where no table is shipped;
their decisions follow the seed, in the core's matches and in a Python ``Match`` alike."""

from __future__ import annotations

import numpy as np
import pytest
from test_matches import replay_in_python

from baloot import BalootError, Rules, _core, match_equity, simulate, simulate_matches
from baloot.matches import match_trace
from baloot.roster import BuiltinPlayer
from baloot.rules import core_rules

AWARE = "heuristic:match_equity=1"


def same_matches(a, b):
    return all(np.array_equal(getattr(a, name), getattr(b, name)) for name in ("winner", "scores", "hands", "end"))


def test_the_same_seed_gives_the_same_matches_for_any_thread_count():
    one = simulate_matches(400, players=AWARE, scores=(120, 130), seed=2, threads=1)
    two = simulate_matches(400, players=AWARE, scores=(120, 130), seed=2, threads=2)
    assert same_matches(one, two)


def test_late_scores_change_the_doubles_and_0_0_does_not():
    late = [simulate_matches(2000, players=players, scores=(130, 140), seed=1) for players in (AWARE, "heuristic")]
    assert not same_matches(*late)
    hands = [simulate(3000, players=players, seed=1, keep=False).summary().to_dict()
             for players in ("strong:match_equity=1", "strong")]
    assert hands[0] == hands[1]


def test_without_a_shipped_table_for_the_rules_the_doubles_are_the_usual_ones():
    rules = Rules(target=101)
    aware, plain = (simulate_matches(1000, players=players, rules=rules, scores=(60, 80), seed=1)
                    for players in (AWARE, "heuristic"))
    assert same_matches(aware, plain)


def test_python_match_and_core_matches_agree_hand_for_hand():
    start, dealer = (110, 135), 1
    result = simulate_matches(15, players=AWARE, scores=start, dealer=dealer, seed=5)
    for i in range(15):
        trace = match_trace(i, players=AWARE, scores=start, dealer=dealer, seed=5)
        match = replay_in_python(Rules(), start, dealer, trace, AWARE)
        assert (match.winner, match.scores) == (result.winner[i], tuple(result.scores[i]))


def test_a_player_reading_the_table_has_no_equity_table_of_its_own():
    with pytest.raises(BalootError, match="score"):
        match_equity(players=AWARE, hands=8, cache=False)


def test_a_table_that_does_not_fit_its_rules_is_refused():
    core = BuiltinPlayer(AWARE).core
    with pytest.raises(BalootError, match="target 152 has 92416 entries, not 4"):
        core.with_match_table(core_rules(Rules()), [0.5] * 4, [])
    with pytest.raises(BalootError, match="chances from 0 to 1"):
        core.with_match_table(core_rules(Rules(target=1)), [0.5, 0.5, 0.5, 1.5], [])
    assert BuiltinPlayer("random").core.with_match_table(core_rules(Rules(target=1)), [0.5] * 4, []) is None
    assert isinstance(_core.Player("heuristic", {"match_equity": 1}), _core.Player)
