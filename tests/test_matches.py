"""Matches in the core (``simulate_matches``): the Python ``Match`` and the core agree hand for hand,
the same seed gives the same matches for any thread count, Gahwa and ties end a match as R33 and R41
say under every variant, and bad starts are refused."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest
from test_cli import ROOT, run_cli

from baloot import BalootError, Game, Match, Rules, _core, simulate_matches
from baloot.matches import ENDS, match_trace
from baloot.roster import BuiltinPlayer
from baloot.rules import core_rules

VARIANTS = [Rules(), Rules(gahwa="152"), Rules(target_tie="another_hand"),
            Rules(gahwa="152", target_tie="another_hand", target=101)]


def replay_in_python(rules: Rules, row_scores, dealer: int, trace, player: str) -> Match:
    """The traced hands dealt by a Python Match (the same cards) and played by the same player."""
    match = Match(rules=rules, dealer=dealer, scores=row_scores)
    chooser = BuiltinPlayer(player)
    for hand in trace:
        deck = Game(rules=rules, dealer=hand["dealer"], seed=hand["seed"], scores=hand["scores"]).to_record()["deck"]
        game = match.new_hand(deck=deck)
        assert (game.dealer, game.scores) == (hand["dealer"], hand["scores"])
        while game.to_move is not None:
            game.apply(chooser.act(game, 0))
        assert game.result.points == hand["points"]
        match.record(game)
    return match


@pytest.mark.parametrize("rules", VARIANTS, ids=["seed", "gahwa152", "another_hand", "both101"])
def test_python_match_and_core_matches_agree_hand_for_hand(rules):
    start, dealer = (40, 90), 3
    result = simulate_matches(12, players="heuristic", rules=rules, scores=start, dealer=dealer, seed=7, threads=2)
    for i in range(12):
        trace = match_trace(i, players="heuristic", rules=rules, scores=start, dealer=dealer, seed=7)
        assert len(trace) == result.hands[i]
        match = replay_in_python(rules, start, dealer, trace, "heuristic")
        assert match.winner == result.winner[i]
        assert match.scores == tuple(result.scores[i])


def test_same_seed_same_matches_for_any_thread_count_and_start():
    one = simulate_matches(60, players="random", seed=3, threads=1)
    two = simulate_matches(60, players="random", seed=3, threads=2)
    part = simulate_matches(20, players="random", seed=3, threads=2, start=40)
    for name in ("winner", "scores", "hands", "end"):
        assert np.array_equal(getattr(one, name), getattr(two, name))
        assert np.array_equal(getattr(one, name)[40:], getattr(part, name))
    assert one.counts == two.counts
    assert not np.array_equal(one.scores, simulate_matches(60, players="random", seed=4).scores)


@pytest.mark.parametrize("rules", VARIANTS, ids=["seed", "gahwa152", "another_hand", "both101"])
def test_matches_end_as_r33_and_r41_say(rules):
    result = simulate_matches(1500, players="random", rules=rules, seed=1)
    ends = result.ends
    target = rules.target
    for winner, (a, b), end in zip(result.winner, result.scores, ends):
        if end == "target":
            assert max(a, b) >= target and (a if winner == 0 else b) > (b if winner == 0 else a)
        elif end == "tie_to_buyers":
            assert a == b >= target
        else:
            assert end == "gahwa"
    assert ("gahwa" in ends) == (rules.gahwa == "match")
    assert ("tie_to_buyers" in ends) == (rules.target_tie == "buyers")
    summary = result.summary()
    assert summary["matches"] == 1500
    assert sum(e["mean"] for e in summary["ends"].values()) == pytest.approx(1.0)


def after(rules, before, points, *, gahwa=False, buyers=0, made=True, thrown_in=False):
    return _core.match_after_hand(core_rules(rules), before, thrown_in, points, gahwa, buyers, made)


@pytest.mark.parametrize("made", (True, False))
def test_gahwa_wins_the_match_or_counts_its_152(made):
    # R33: the Gahwa's winner wins at once, whatever the totals (the buyers, team 1, are far behind).
    assert after(Rules(), (140, 10), (0, 64) if made else (64, 0), gahwa=True, buyers=1, made=made) == \
        ((140, 74) if made else (204, 10), 1 if made else 0, "gahwa")
    # gahwa="152": the flat 152 counts towards the target like any points.
    assert after(Rules(gahwa="152", target=500), (140, 10), (0, 152), gahwa=True, buyers=1) == ((140, 162), None,
                                                                                                 "going_on")


@pytest.mark.parametrize("tie", ("buyers", "another_hand"))
def test_ties_past_the_target(tie):
    rules = Rules(target_tie=tie)
    # both past, unequal: the higher total wins, even against the buyers
    assert after(rules, (140, 145), (16, 10), buyers=1) == ((156, 155), 0, "target")
    # one past: it wins
    assert after(rules, (100, 145), (10, 16), buyers=0) == ((110, 161), 1, "target")
    # both past, equal: the buyers, or another hand
    expected = ((160, 160), 1, "tie_to_buyers") if tie == "buyers" else ((160, 160), None, "going_on")
    assert after(rules, (144, 150), (16, 10), buyers=1) == expected
    # a thrown-in hand changes nothing
    assert after(rules, (144, 150), (0, 0), thrown_in=True) == ((144, 150), None, "going_on")


@pytest.mark.parametrize("scores", [(152, 0), (0, 200), (-1, 5)])
def test_scores_at_or_past_the_target_are_refused(scores):
    with pytest.raises(BalootError, match="scores"):
        simulate_matches(2, scores=scores)
    with pytest.raises(BalootError, match="scores"):
        Match(scores=scores)


def test_bad_options_are_refused():
    with pytest.raises(BalootError, match="target"):
        simulate_matches(2, rules=Rules(target=0))
    with pytest.raises(BalootError, match="built-in players"):
        simulate_matches(2, players=lambda game: game.legal_actions()[0])
    with pytest.raises(BalootError, match="dealer"):
        simulate_matches(2, dealer=4)
    with pytest.raises(BalootError, match="matches"):
        simulate_matches(-1)


def test_rows_and_file(tmp_path):
    result = simulate_matches(30, players="random", rules=Rules(target=41), seed=2)
    table = result.table()
    assert list(table["match"]) == list(range(30)) and set(table["end"]) <= {ENDS.index(name) for name in ("gahwa", "target", "tie_to_buyers")}
    result.save(str(tmp_path / "m.csv"))
    assert (tmp_path / "m.csv").read_text().splitlines()[0].startswith("match,")


def test_cli_matches_json_equals_the_library(capsys, tmp_path):
    out_file = str(tmp_path / "m.npz")
    code, out, _err = run_cli(capsys, "simulate", "--matches", "40", "--players", "heuristic", "--scores", "100,20",
                              "--dealer", "2", "--seed", "5", "--threads", "2", "--json", "--out", out_file)
    assert code == 0
    data = json.loads(out)
    library = simulate_matches(40, players="heuristic", scores=(100, 20), dealer=2, seed=5)
    assert data["matches"] == 40 and data["summary"] == json.loads(json.dumps(library.summary()))
    assert np.array_equal(np.load(out_file)["score_0"], library.scores[:, 0])
    code, out, _err = run_cli(capsys, "simulate", "--matches", "10", "--threads", "1", "--no-progress")
    assert code == 0 and "10 matches from 0-0" in out and "team 0 wins" in out


def test_cli_matches_refuse_hand_only_options(capsys):
    code, _out, err = run_cli(capsys, "simulate", "--matches", "5", "--contract", "sun")
    assert code == 2 and "--contract is for hands" in err
    code, _out, err = run_cli(capsys, "simulate", "--matches", "5", "--scores", "160,0")
    assert code == 2 and "below the target" in err


def test_keep_false_has_the_summary_only():
    result = simulate_matches(50, players="random", seed=3, keep=False)
    assert result.summary() == simulate_matches(50, players="random", seed=3).summary() and result.winner is None
    with pytest.raises(BalootError, match="kept no per-match rows"):
        result.table()


def test_ctrl_c_stops_matches_and_prints_those_finished(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time


    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "baloot.cli", "simulate", "--matches", "2000000000", "--threads",
                             "1", "--seed", "4", "--json", "--no-progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=str(tmp_path))
    try:
        time.sleep(1.5)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 130, err
    data = json.loads(out)
    finished = data["matches"]
    assert data["interrupted"] is True and 0 < finished < 2_000_000_000
    # one thread plays the matches in order: those finished are the first ones of the run
    assert data["summary"] == json.loads(json.dumps(simulate_matches(finished, seed=4).summary()))


def test_checkpoint_resumes_to_the_plain_run(tmp_path):
    path = str(tmp_path / "run.ckpt")
    plain = simulate_matches(50, players="random", rules=Rules(target=61), seed=8)
    first = simulate_matches(50, players="random", rules=Rules(target=61), seed=8, checkpoint=path, chunk=15)
    again = simulate_matches(50, players="random", rules=Rules(target=61), seed=8, checkpoint=path, chunk=15)
    assert first.resumed == 0 and again.resumed == 50
    for result in (first, again):
        assert result.counts == plain.counts
        for name in ("winner", "scores", "hands", "end"):
            assert np.array_equal(getattr(result, name), getattr(plain, name))
    with pytest.raises(BalootError, match="different run"):
        simulate_matches(50, players="random", rules=Rules(target=61), seed=9, checkpoint=path, chunk=15)


def test_cli_matches_checkpoint_is_removed_once_the_rows_are_written(capsys, tmp_path):
    path, out = str(tmp_path / "c.ckpt"), str(tmp_path / "rows.csv")
    code, text, _err = run_cli(capsys, "simulate", "--matches", "30", "--rule", "target=41", "--checkpoint", path,
                               "--chunk", "10", "--out", out, "--no-progress")
    assert code == 0 and "checkpoint" in text and not os.path.exists(path) and os.path.exists(out)
