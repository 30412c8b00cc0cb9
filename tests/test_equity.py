"""``match_equity``: the dynamic programme over the score grid against direct match simulation on a
small target, the symmetry of swapping teams, one table for any thread count, the cache, and refusals."""

from __future__ import annotations

import json
import math
import time

import numpy as np
import pytest
from test_cli import run_cli

from baloot import BalootError, Rules, match_equity, simulate_matches
from baloot.equity import SHIPPED, EquityTable
from baloot.roster import DEFAULT_PLAYERS, SHIPPED_WEIGHTS, BuiltinPlayer

SMALL = Rules(target=21)


@pytest.fixture(autouse=True)
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("BALOOT_CACHE_DIR", str(tmp_path / "cache"))


@pytest.mark.parametrize("rules", [SMALL, Rules(target=21, target_tie="another_hand", gahwa="152")],
                         ids=["seed", "another_hand"])
def test_table_agrees_with_direct_match_simulation(rules):
    table = match_equity(players="heuristic", rules=rules, hands=20_000, seed=1, cache=False)
    assert table.win.shape == (21, 21, 4) and table.error.max() < 0.01
    for k, (scores, dealer) in enumerate([((0, 0), 0), ((10, 3), 1), ((0, 18), 2), ((15, 15), 3), ((20, 12), 0)]):
        direct = simulate_matches(4000, players="heuristic", rules=rules, scores=scores, dealer=dealer, seed=50 + k)
        p = direct.counts["wins"][0] / 4000
        se = math.hypot(math.sqrt(p * (1 - p) / 4000), table.error[scores[0], scores[1], dealer])
        assert abs(table.at(scores, dealer) - p) < 4 * se + 1e-9, (scores, dealer, table.at(scores, dealer), p)


def test_swapping_teams_mirrors_the_table():
    table = match_equity(players="heuristic", rules=SMALL, hands=20_000, seed=2, cache=False)
    mirrored = 1 - np.transpose(table.win, (1, 0, 2))[:, :, [1, 2, 3, 0]]  # seat d deals -> seat d+1 deals
    assert np.abs(table.win - mirrored).max() < 6 * table.error.max() * math.sqrt(2)


def test_same_table_for_any_thread_count():
    one = match_equity(players="random", rules=SMALL, hands=400, seed=3, threads=1, cache=False)
    two = match_equity(players="random", rules=SMALL, hands=400, seed=3, threads=2, cache=False)
    assert np.array_equal(one.win, two.win) and np.array_equal(one.error, two.error)


def test_at_the_target_and_beyond():
    table = match_equity(players="random", rules=SMALL, hands=400, seed=3, cache=False)
    assert table.after_hand((15, 5), 0, points=(16, 0)) == 1.0
    assert table.after_hand((15, 5), 0, points=(0, 16), gahwa=True, buyers=0, made=False) == 0.0
    assert table.after_hand((15, 5), 3, points=(0, 0), thrown_in=True) == table.at((15, 5), 0)
    assert table.after_hand((15, 5), 1, points=(4, 12)) == table.at((19, 17), 2)
    with pytest.raises(BalootError, match="the match is over"):
        table.at((25, 25), 0)
    tied = match_equity(players="random", rules=Rules(target=21, target_tie="another_hand"), hands=400, cache=False)
    assert 0 < tied.at((25, 25), 0) < 1 and tied.at((500, 500), 1) == tied.ties[-1, 1]


def test_cache_returns_the_same_table(tmp_path):
    first = match_equity(players="random", rules=SMALL, hands=400, seed=5)
    again = match_equity(players="random", rules=SMALL, hands=400, seed=5)
    assert np.allclose(first.win, again.win, atol=1e-6) and again.seconds == first.seconds
    path = str(tmp_path / "t.npz")
    first.save(path)
    assert np.allclose(EquityTable.load(path).win, first.win, atol=1e-6)
    with pytest.raises(BalootError, match="not a match equity table"):
        EquityTable.load(str(tmp_path / "missing.npz"))


def test_refusals():
    with pytest.raises(BalootError, match="target"):
        match_equity(rules=Rules(target=5000), cache=False)
    with pytest.raises(BalootError, match="any way"):
        match_equity(players=lambda game: game.legal_actions()[0], rules=SMALL, hands=100, cache=False)
    with pytest.raises(BalootError, match="hands"):
        match_equity(rules=SMALL, hands=3, cache=False)


@pytest.mark.parametrize("players", [None, *SHIPPED])
def test_shipped_table_is_returned_at_once_and_is_symmetric(players):
    began = time.perf_counter()
    table = match_equity() if players is None else match_equity(players=players)
    assert time.perf_counter() - began < 2 and table.target == 152
    assert table.players == [players or DEFAULT_PLAYERS] * 4
    mirrored = 1 - np.transpose(table.win, (1, 0, 2))[:, :, [1, 2, 3, 0]]
    assert np.abs(table.win - mirrored).max() < 1e-5  # the same players at every seat: pooled symmetrically
    assert abs(table.at((0, 0), 0) - 0.5) < 0.02 and table.at((150, 0), 0) > 0.99


def test_cli_equity_table_plot(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    plot = str(tmp_path / "e.png")
    code, out, _err = run_cli(capsys, "equity", "--players", "random", "--rule", "target=41", "--hands", "200",
                              "--step", "10", "--plot", plot, "--no-progress")
    assert code == 0 and "target 41" in out and len(out.splitlines()) == 2 + 5 + 1
    assert (tmp_path / "e.png").read_bytes()[:4] == b"\x89PNG"


def test_cli_equity_table_json(capsys):
    code, out, _err = run_cli(capsys, "equity", "--players", "random", "--rule", "target=41", "--hands", "200",
                              "--json", "--no-progress")
    data = json.loads(out)
    assert code == 0 and len(data["win"]) == 41 and len(data["win"][0][0]) == 4


def test_a_strong_player_of_other_weights_never_reads_the_shipped_table(tmp_path):
    other = tmp_path / "other.weights"
    with open(SHIPPED_WEIGHTS) as f:
        lines = f.read().split("\n")
    lines[lines.index("sun_base 8") + 1] = " ".join(["100"] * 8)  # Sun worth calling on any cards
    other.write_text("\n".join(lines))
    shipped = match_equity(players="strong")
    table = match_equity(players=BuiltinPlayer("strong", weights=str(other)), rules=Rules(target=41), hands=200,
                         cache=False)
    assert shipped.players == ["strong"] * 4
    assert table.players[0].startswith("strong weights=") and table.players[0] != "strong"


@pytest.mark.parametrize("dense", [True, False])
def test_match_chances_are_the_table_after_each_hand(monkeypatch, dense):
    from baloot import equity

    if not dense:  # the outcomes' ranges too large for the array: grouped by np.unique
        monkeypatch.setattr(equity, "_DENSE_MAX", 0)
    table = match_equity(players="heuristic")
    flags = equity._FLAGS
    rng = np.random.default_rng(3)
    own = rng.integers(0, 60, size=(400, 3)).astype(np.int16)
    margin = (own - rng.integers(0, 60, size=(400, 3))).astype(np.int16)
    bits = rng.integers(0, 256, size=(400, 3)).astype(np.uint8)
    for seat, scores, dealer in ((1, (100, 120), 2), (2, (140, 30), 0)):
        chances = equity.match_chances(table, seat=seat, scores=scores, dealer=dealer, margin=margin, flags=bits,
                                       own_points=own)
        team = seat % 2
        for (i, j), got in np.ndenumerate(chances):
            o, other, f = int(own[i, j]), int(own[i, j] - margin[i, j]), int(bits[i, j])
            after = table.after_hand(scores, dealer, points=(o, other) if team == 0 else (other, o),
                                     thrown_in=bool(f & flags["thrown_in"]), gahwa=bool(f & flags["gahwa"]),
                                     buyers=team if f & flags["own_team_bought"] else 1 - team,
                                     made=bool(f & flags["buyers_made"]))
            assert got == (after if team == 0 else 1 - after)
