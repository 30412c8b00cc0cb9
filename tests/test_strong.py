"""The strong player: it owns the learned weights it is given (the package's, read once and shared), a
damaged weights file fails clearly, it decides on what its seat sees, follows the seed whatever the thread
count, and beats the heuristic."""

import os
import random

import numpy as np
import pytest
from test_search_players import twins

import baloot
from baloot import _core
from baloot.errors import BalootError
from baloot.roster import SHIPPED_WEIGHTS, BuiltinPlayer, strong_weights
from baloot.rules import Rules, core_rules

BIDDING = 0
RULES = core_rules(Rules())


def strong(options=None):
    return _core.Player("strong", options or {}, strong_weights())


def test_the_weights_load_once_from_the_package():
    assert SHIPPED_WEIGHTS == os.path.join(os.path.dirname(os.path.abspath(baloot.__file__)), "strong.weights")
    assert strong_weights() is strong_weights(SHIPPED_WEIGHTS)  # read once, shared by every strong player
    assert BuiltinPlayer("strong").core.name == "strong"
    with pytest.raises(BalootError, match="needs its weights"):
        _core.Player("strong")
    with pytest.raises(BalootError, match="takes no weights"):
        BuiltinPlayer("heuristic", weights=SHIPPED_WEIGHTS)


def test_a_player_owns_the_weights_it_was_given(tmp_path):
    """A player made from other weights (here: Sun worth calling on any cards) plays by them, and the
    players made from the shipped weights, before and after, are not touched."""
    with open(SHIPPED_WEIGHTS) as f:
        lines = f.read().split("\n")
    at = lines.index("sun_base 8") + 1
    lines[at] = " ".join(["100"] * 8)
    keen = tmp_path / "keen.weights"
    keen.write_text("\n".join(lines))
    before = baloot.simulate(40, players="strong", seed=3)
    eager = baloot.simulate(40, players=BuiltinPlayer("strong", weights=str(keen)), seed=3)
    assert (eager.mode == 0).sum() > (before.mode == 0).sum()
    assert strong_weights(str(keen)) is not strong_weights()
    assert np.array_equal(baloot.simulate(40, players="strong", seed=3).points, before.points)


@pytest.mark.parametrize("damage, message", [
    (lambda text: text.replace("baloot-strong-weights 2", "something else"), "does not begin"),
    (lambda text: text[:len(text) // 2], "ends before"),
    (lambda text: text.replace("sun 256", "sun 255", 1), "has 255 values"),
    (lambda text: text.replace("\nplay ", "\nplays "), "expected the table play"),
    (lambda text: text.replace("end\n", "end 1\n"), "after the closing word"),
    (lambda text: text.replace("\nend", "\nnan end").replace("sun_project 1\n", "sun_project 1\nnan "),
     "not a finite number"),
])
def test_a_corrupt_weights_file_is_a_clear_error(tmp_path, damage, message):
    with open(SHIPPED_WEIGHTS) as f:
        text = f.read()
    bad = tmp_path / "strong.weights"
    bad.write_text(damage(text))
    with pytest.raises(BalootError, match=message):
        _core.StrongWeights(str(bad))
    with pytest.raises(BalootError, match=message):
        BuiltinPlayer("strong", weights=str(bad))


def test_a_missing_weights_file_is_a_clear_error(tmp_path):
    with pytest.raises(BalootError, match="no such file"):
        BuiltinPlayer("strong", weights=str(tmp_path / "gone.weights"))


def test_strong_options():
    strong({"endgame_tricks": 0, "double_threshold": 4})
    for bad in ({"endgame_tricks": -1}, {"endgame_samples": 1.5}, {"depth": 1}, {"endgame_samples": float("nan")}):
        with pytest.raises(BalootError):
            strong(bad)


def bidding_twins(count, seed=0):
    """Bidding turns and twins that differ only in cards the seat to move cannot see."""
    rng = random.Random(seed)
    heuristic = _core.Player("heuristic")
    found = []
    while len(found) < count:
        state = _core.HandState.random(rng.randrange(1 << 30), rng.randrange(4), (0, 0), RULES)
        actions = []
        for _ in range(rng.randrange(8)):
            if state.phase != BIDDING:
                break
            actions.append(heuristic.choose(state, 0))
            state.apply(actions[-1])
        if state.phase != BIDDING:
            continue
        seat, up = state.to_move, 1 << state.up_card
        s, t = rng.sample([o for o in range(4) if o != seat], 2)
        a = rng.choice([c for c in range(32) if state.hands[s] >> c & 1 and not up >> c & 1])
        b = rng.choice([c for c in range(32) if state.hands[t] >> c & 1 and not up >> c & 1])
        deck = list(state.deck)
        i, j = deck.index(a), deck.index(b)
        deck[i], deck[j] = deck[j], deck[i]
        other = _core.HandState(deck, state.dealer, (0, 0), RULES)
        for action in actions:
            other.apply(action)
        found.append((state, other))
    return found


def test_strong_bids_on_what_its_seat_sees():
    player = strong()
    for i, (state, other) in enumerate(bidding_twins(200)):
        assert player.choose(state, i) == player.choose(other, i)


def test_strong_plays_on_what_its_seat_sees():
    player = strong({"endgame_tricks": 8, "endgame_samples": 3})
    for i, (state, other) in enumerate(twins(25)):
        assert player.choose(state, i) == player.choose(other, i)


def test_strong_plays_by_its_learned_weights_on_what_its_seat_sees():
    player = strong({"endgame_tricks": 0})
    for i, (state, other) in enumerate(twins(200)):
        assert player.choose(state, i) == player.choose(other, i)


def test_a_card_value_is_quadratic_in_its_features():
    features, size = len(_core.play_feature_names()), _core.play_weights()
    assert size == features + features * (features + 1) // 2
    rng = np.random.default_rng(3)
    pairs = np.triu_indices(features)
    for _ in range(50):
        weights = rng.normal(size=size).astype(np.float32)
        x = np.where(rng.random(features) < 0.4, rng.random(features), 0.0).astype(np.float32)
        w, xd = weights.astype(np.float64), x.astype(np.float64)
        expected = w[:features] @ xd + w[features:] @ (xd[pairs[0]] * xd[pairs[1]])
        assert _core.play_value(weights.tolist(), x.tolist()) == pytest.approx(expected, rel=1e-4, abs=1e-4)
    with pytest.raises(BalootError, match="weights"):
        _core.play_value([0.0], [0.0])


def test_card_play_labels():
    expert, labeller = _core.Player("expert"), _core.Player("rollout", {"worlds": 4})
    one = _core.play_labels(30, 7, expert, labeller, RULES, 1)
    two = _core.play_labels(30, 7, expert, labeller, RULES, 2)
    for key in one:
        assert np.array_equal(one[key], two[key]), key
    count = one["count"].astype(np.int64)
    assert count.min() >= 2 and count.sum() == len(one["value"]) == len(one["card"]) == len(one["features"])
    assert one["features"].shape[1] == len(_core.play_feature_names())
    assert set(np.unique(one["context"])) <= set(range(_core.play_contexts()))
    # Exactly one card per decision is the expert's, and the labelled cards are distinct.
    starts = np.concatenate(([0], np.cumsum(count)[:-1]))
    assert np.array_equal(np.add.reduceat(one["features"][:, 0], starts), np.ones(len(count)))
    for start, n in zip(starts, count):
        assert len(set(one["card"][start:start + n])) == n
    assert np.isfinite(one["value"]).all() and np.abs(one["value"]).max() <= 2000
    with pytest.raises(BalootError, match="rollout"):
        _core.play_labels(3, 7, expert, expert, RULES, 1)
    with pytest.raises(BalootError, match="hands"):
        _core.play_labels(0, 7, expert, labeller, RULES, 1)


def test_strong_follows_the_seed_for_any_thread_count():
    one = baloot.simulate(400, players="strong", seed=5, threads=1)
    two = baloot.simulate(400, players="strong", seed=5, threads=2)
    assert np.array_equal(one.points, two.points) and np.array_equal(one.abnat, two.abnat)


def test_strong_beats_the_heuristic_in_duplicate():
    assert baloot.duplicate("strong", "heuristic", 3000, seed=11).margin > 0
