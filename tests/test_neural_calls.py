"""The neural player's calls: the call network's features read only what the seat sees at its bidding turn,
its integer values are the ones numpy computes, the player bids by it (and as the strong player without
one), a weights file with calls loads and fails clearly when damaged, and its training scripts run."""

import os
import random
import subprocess
import sys

import numpy as np
import pytest
from neural_export import CALL_LAYOUT, LAYOUT, SIZES, quantise, read_card_network, write_weights
from neural_reference import call_features, call_values
from test_search_players import HEURISTIC, calling_twins, played_hand

import baloot
from baloot import _core
from baloot.errors import BalootError
from baloot.roster import SHIPPED_NETWORK, BuiltinPlayer
from baloot.rules import Rules, core_rules

BIDDING = 0
PASS, ASHKAL, KAWESH = 32, 39, 46
RULES = core_rules(Rules())
TRAINING = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "training")


@pytest.fixture(scope="module")
def with_calls(tmp_path_factory):
    """A weights file of random networks, the call network's integers, and a file of the card network alone."""
    rng = np.random.default_rng(8)
    cards = quantise({name: rng.normal(0, 0.4 if name in ("w1", "b1") else 1.0, shape) for name, _, shape in LAYOUT})
    calls = quantise({name: rng.normal(0, 0.4 if name in ("w1", "b1") else 1.0, shape)
                      for name, _, shape in CALL_LAYOUT}, CALL_LAYOUT)
    folder = tmp_path_factory.mktemp("calls")
    path, alone = str(folder / "calls.weights"), str(folder / "cards.weights")
    write_weights(path, cards, calls)
    write_weights(alone, cards)
    return path, calls, alone


def bidding_turns(count, seed=0):
    """Bidding turns of seeded heuristic hands, each with its (seat, action) bids so far."""
    rng = random.Random(seed)
    while count:
        deal = rng.randrange(1 << 30)
        state = _core.HandState.random(deal, deal % 4, (0, 0), RULES)
        bids = []
        for _ in range(rng.randrange(0, 9)):
            if state.phase != BIDDING:
                break
            action = HEURISTIC.choose(state, len(bids))
            bids.append((state.to_move, action))
            state.apply(action)
        if state.phase == BIDDING:
            count -= 1
            yield state, bids


def reference_features(state, bids):
    hand = [c for c in range(32) if state.hands[state.to_move] >> c & 1]
    return call_features(hand, state.up_card, state.to_move, state.dealer, state.round, state.bid_stage, bids,
                         state.hokum_caller, state.pending_caller)


def test_the_call_features_are_the_bidding_turn_as_the_seat_sees_it():
    stages, rounds = set(), set()
    for state, bids in bidding_turns(400):
        active, canonical = _core.neural_call_input(state)
        assert (active, canonical) == reference_features(state, bids)
        assert len(active) <= SIZES["call_max_active"] and active[-1] < SIZES["call_inputs"]
        stages.add(state.bid_stage)
        rounds.add(state.round)
    assert rounds == {1, 2} and len(stages) >= 3
    with pytest.raises(BalootError, match="not in its bidding phase"):
        _core.neural_call_input(played_hand(1, 5)[0])


def test_the_core_computes_the_call_network_numpy_computes(with_calls):
    path, calls, _ = with_calls
    network = _core.NeuralWeights(path)
    assert network.has_calls
    rng = np.random.default_rng(3)
    inputs = [_core.neural_call_input(state)[0] for state, _ in bidding_turns(40)]
    inputs += [sorted(rng.choice(SIZES["call_inputs"], size=rng.integers(0, SIZES["call_max_active"] + 1), replace=False))
               for _ in range(40)]
    for active in inputs:
        assert _core.neural_call_values(network, [int(f) for f in active]) == \
            call_values(calls, active, SIZES["shift"]).tolist()
    with pytest.raises(BalootError, match="no call network"):
        _core.neural_call_values(_core.NeuralWeights(with_calls[2]), [])


def test_the_player_bids_by_its_call_network(with_calls):
    path, calls, alone = with_calls
    player, strong = BuiltinPlayer("neural", weights=path).core, BuiltinPlayer("strong").core
    without = BuiltinPlayer("neural", weights=alone).core
    differ = 0
    for i, (state, bids) in enumerate(bidding_turns(300, seed=1)):
        active, canonical = reference_features(state, bids)
        values = call_values(calls, active, SIZES["shift"])
        legal = [a for a in range(PASS, ASHKAL + 1) if state.legal_actions() >> a & 1]
        output = {a: (2 + canonical[a - 34] if 34 <= a < 38 else {32: 0, 33: 1, 38: 6, 39: 7}[a]) for a in legal}
        expected = max(legal, key=lambda a: (values[output[a]], -a))
        if state.legal_actions() >> KAWESH & 1 and strong.choose(state, i) == KAWESH:
            expected = KAWESH
        assert player.choose(state, i) == expected
        assert without.choose(state, i) == strong.choose(state, i)
        differ += expected != strong.choose(state, i)
    assert differ > 30  # the random network does bid otherwise than the strong player


def test_its_calls_read_only_what_the_seat_sees(with_calls):
    player = BuiltinPlayer("neural", weights=with_calls[0]).core
    for i, (state, other) in enumerate(calling_twins(150)):
        if state.phase == BIDDING:
            assert _core.neural_call_input(state) == _core.neural_call_input(other)
        assert player.choose(state, i) == player.choose(other, i)


@pytest.mark.parametrize("damage, message", [
    (lambda data, at: data[:at + 10], "truncated"),
    (lambda data, at: data[:at] + (999).to_bytes(4, "little") + data[at + 4:], "other sizes"),
    (lambda data, at: data[:at + 40] + bytes([data[at + 40] ^ 1]) + data[at + 41:], "checksum"),
])
def test_a_damaged_call_network_is_a_clear_error(tmp_path, with_calls, damage, message):
    with open(with_calls[0], "rb") as f:
        data = f.read()
    with open(with_calls[2], "rb") as f:
        at = len(f.read()) - 8  # the call network's sizes follow the card network's arrays
    bad = tmp_path / "neural.weights"
    bad.write_bytes(damage(data, at))
    with pytest.raises(BalootError, match=message):
        BuiltinPlayer("neural", weights=str(bad))


def test_the_shipped_network_bids_by_its_call_network():
    assert _core.NeuralWeights(SHIPPED_NETWORK).has_calls


@pytest.fixture(scope="module")
def call_rows(tmp_path_factory):
    """Rows of generate_calls.py for 6 hands in two chunks, the second written twice; the environment that
    runs the training scripts on the baloot this test imported (a build in place or the installed package)."""
    rows = tmp_path_factory.mktemp("call_rows")
    root = os.path.dirname(os.path.dirname(os.path.abspath(baloot.__file__)))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    generate = [sys.executable, os.path.join(TRAINING, "generate_calls.py"), "--out", str(rows), "--hands", "6",
                "--chunk", "3", "--samples", "4", "--seed", "5"]
    run = subprocess.run(generate, capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    second = dict(np.load(rows / "calls-5-000000003.npz"))
    os.remove(rows / "calls-5-000000003.npz")  # a rerun writes the missing chunk again, the same
    assert subprocess.run(generate, capture_output=True, text=True, env=env, timeout=300).returncode == 0
    rewritten = dict(np.load(rows / "calls-5-000000003.npz"))
    return rows, env, second, rewritten


def test_call_rows_follow_the_seed(call_rows):
    rows, _, second, rewritten = call_rows
    first = dict(np.load(rows / "calls-5-000000000.npz"))
    assert first["value"].shape[1] == 8 and np.isfinite(first["value"][:, 0]).all()  # passing is always open
    assert all(np.array_equal(second[k], v, equal_nan=k == "value") for k, v in rewritten.items())


def test_call_training_runs_a_few_steps(tmp_path, call_rows):
    pytest.importorskip("torch")
    rows, env = call_rows[:2]
    out = tmp_path / "tiny.weights"
    run = subprocess.run([sys.executable, os.path.join(TRAINING, "train_calls.py"), "--data", str(rows), "--network",
                          SHIPPED_NETWORK, "--out", str(out), "--steps", "3", "--batch", "8", "--held-out", "0.3"],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "held-out regret" in run.stdout
    assert _core.NeuralWeights(str(out)).has_calls
    shipped, written = read_card_network(SHIPPED_NETWORK), read_card_network(str(out))
    assert all(np.array_equal(shipped[name], written[name]) for name in shipped)
    assert baloot.simulate(4, players=f"neural:weights={out}", seed=2).hands == 4


def test_call_rows_against_an_opponent_come_from_the_players_team_alone():
    from generate_calls import chunk_rows, turn_state

    for hand in range(6):
        rows = chunk_rows(hand, 1, 5, 2, "neural", "heuristic")
        seats = {turn_state(deck, dealer, history, RULES).to_move
                 for deck, dealer, history in zip(rows["deck"], rows["dealer"], rows["history"])}
        assert seats and all(seat % 2 == hand % 2 for seat in seats)
    # Without analysis, the same turns with each open call valued 0.
    valued, bare = chunk_rows(0, 4, 5, 2, "neural"), chunk_rows(0, 4, 5, 0, "neural")
    assert np.array_equal(valued["history"], bare["history"])
    assert np.array_equal(np.isnan(valued["value"]), np.isnan(bare["value"]))
    assert (bare["value"][~np.isnan(bare["value"])] == 0).all()


def test_call_training_from_a_network_with_anchors_keeps_it_at_a_rate_of_zero(tmp_path, call_rows):
    pytest.importorskip("torch")
    rows, env = call_rows[:2]
    script = os.path.join(TRAINING, "train_calls.py")
    out = tmp_path / "same.weights"
    # The anchor turns: the rows' own turns, whose values the anchors replace with the network's.
    run = subprocess.run([sys.executable, script, "--data", str(rows), "--network", SHIPPED_NETWORK, "--init",
                          SHIPPED_NETWORK, "--anchor", str(rows), "--lr", "0", "--epochs", "1", "--out", str(out)],
                         capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    with open(SHIPPED_NETWORK, "rb") as shipped:
        assert "anchor turns" in run.stdout and out.read_bytes() == shipped.read()
    refused = subprocess.run([sys.executable, script, "--data", str(rows), "--network", SHIPPED_NETWORK, "--anchor",
                              str(rows)], capture_output=True, text=True, env=env, timeout=300)
    assert refused.returncode == 2 and "--anchor needs --init" in refused.stderr
