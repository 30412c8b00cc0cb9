"""Double-dummy queries at coarser resolutions than exact abnat: a target, the buyers' check, game points,
and tables at each resolution. Every answer must agree with the exact value (the committed corpus of
solved deals and random middle games under every host switch), whatever the table or thread count."""

import random
from pathlib import Path

import numpy as np
import pytest
from test_solver import CONTRACTS, SWITCHES, core_rules, full_deal, random_ending

import baloot
from baloot import _core
from baloot.errors import BalootError
from baloot.solver import makes, solve, solve_points

CORPUS = Path(__file__).parent / "data" / "solved_deals.npz"
TOTALS = np.array([130, 162, 162, 162, 162])


@pytest.fixture(scope="module")
def corpus():
    with np.load(CORPUS) as data:
        return data["hands"].astype(np.uint64), data["leaders"].astype(np.int64), data["team0"].astype(np.int16)


def points_of(abnat, contract_index, tens_first):
    return _core.game_points(int(abnat), 0 if contract_index == 0 else 1, tens_first)


def test_make_tables_agree_with_the_corpus(corpus):
    hands, leaders, team0 = corpus
    made = baloot.dd_tables(hands, leaders, resolution="make", threads=0)
    assert (made[:, :, 0] == (2 * team0 > TOTALS)).all()
    assert (made[:, :, 1] == (2 * (TOTALS - team0) > TOTALS)).all()


def test_points_tables_agree_with_the_corpus(corpus):
    hands, leaders, team0 = corpus
    got = baloot.dd_tables(hands[:300], leaders[:300], resolution="points", threads=0)
    for i in range(300):
        for k in range(5):
            assert tuple(got[i, k]) == (points_of(team0[i, k], k, False), points_of(TOTALS[k] - team0[i, k], k, False))


def test_tables_at_every_resolution_ignore_the_thread_count(corpus):
    hands, leaders, _ = corpus
    for resolution in ("make", "points"):
        one = baloot.dd_tables(hands[:60], leaders[:60], resolution=resolution, threads=1)
        two = baloot.dd_tables(hands[:60], leaders[:60], resolution=resolution, threads=2)
        assert (one == two).all()


def test_tables_resolution_is_checked_and_unasked_columns_stay_empty(corpus):
    hands, leaders, team0 = corpus
    with pytest.raises(BalootError, match="resolution 'tricks'"):
        baloot.dd_tables(hands[:2], leaders[:2], resolution="tricks")
    got = baloot.dd_tables(hands[:5], leaders[:5], contracts=["sun"], resolution="points")
    assert (got[:, 1:] == -1).all() and (got[:, 0] >= 0).all()
    sun_tens_first = baloot.dd_tables(hands[:40], leaders[:40], contracts=["sun"], resolution="points",
                                      rules=baloot.Rules(sun_tens_first=True))
    for i in range(40):
        assert sun_tens_first[i, 0, 0] == points_of(team0[i, 0], 0, True)


def middle_games(count, seed):
    """Random middle games of every contract under every setting of the overtrump switches."""
    rng = random.Random(seed)
    for i in range(count):
        rules = core_rules(*SWITCHES[i // 5 % 4])
        rules.sun_tens_first = i % 3 == 0
        yield rules, random_ending(rng, CONTRACTS[i % 5], rules, tricks_left=3 + i % 6)


@pytest.mark.parametrize("use_tt", [True, False], ids=["table", "no-table"])
def test_target_queries_agree_with_exact_values(use_tt):
    for _, state in middle_games(120 if use_tt else 40, seed=21):
        exact = _core.solve(state, False)
        team = state.to_move % 2
        mine = exact["value"][team]
        for target in (mine - 1, mine, mine + 1, 0, -5, sum(exact["value"]), sum(exact["value"]) + 1):
            assert solve(state, target=target, use_tt=use_tt) == (mine >= target), (target, mine)


def test_buyers_check_agrees_with_exact_values():
    for _, state in middle_games(150, seed=22):
        exact = _core.solve(state, False)["value"]
        total = [state.abnat[t] + exact[t] + state.project_abnat[t] for t in (0, 1)]
        if state.baloot_seat >= 0:
            total[state.baloot_seat % 2] += 20
        buyers = state.buyer % 2
        assert makes(state) == (total[buyers] > total[1 - buyers])


def test_points_agree_with_exact_values():
    for rules, state in middle_games(150, seed=23):
        exact = _core.solve(state, False)["value"]
        mode = state.mode
        got = solve_points(state)
        abnat = [state.abnat[t] + exact[t] for t in (0, 1)]
        assert got.points == tuple(_core.game_points(a, mode, rules.sun_tens_first) for a in abnat)
        assert got.team0_range[0] <= exact[0] <= got.team0_range[1]
        total = [abnat[t] + state.project_abnat[t] + (20 if state.baloot_seat % 2 == t and state.baloot_seat >= 0 else 0)
                 for t in (0, 1)]
        assert got.ahead == (None if total[0] == total[1] else 0 if total[0] > total[1] else 1)


def test_queries_on_full_deals_and_bad_input():
    state = full_deal(5, CONTRACTS[1])
    value = _core.solve(state, False)["value"][state.to_move % 2]
    assert solve(state, target=value) and not solve(state, target=value + 1)
    with pytest.raises(BalootError, match="target .* must be an integer"):
        solve(state, target="half")
    over = baloot.Game(seed=1)
    with pytest.raises(BalootError, match="phase"):
        makes(over)
