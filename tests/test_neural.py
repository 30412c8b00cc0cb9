"""The neural player: its features read only what the seat sees, its integer network is the one numpy
computes from the exported weights, its weights load once from the package and fail clearly when damaged,
and its training rows do not depend on the thread count (tests/test_players_generic.py checks the rest that
every registered player must do)."""

import os
import random

import numpy as np
import pytest
from neural_export import LAYOUT, SIZES, dequantise, quantise, read_card_network, read_networks, write_weights
from neural_reference import forward
from test_search_players import HEURISTIC, ROLLOUT, calling_twins, played_hand, twins

import baloot
from baloot import _core
from baloot.errors import BalootError
from baloot.roster import SHIPPED_NETWORK, BuiltinPlayer, neural_network
from baloot.rules import Rules, core_rules

PLAYING = 2
RULES = core_rules(Rules())
TRAIN = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "training", "train.py")
CARD_SLOTS, CARD_FEATURES = 8, 32 * 8


def random_params(rng, spread):
    """Float parameters of every array of the network, first-layer columns of about `spread`."""
    return {name: rng.normal(0, spread if name in ("w1", "b1") else 1.0, size=shape) for name, _, shape in LAYOUT}


@pytest.fixture
def random_weights(tmp_path):
    rng = np.random.default_rng(5)
    net = quantise(random_params(rng, 0.4))
    path = str(tmp_path / "random.weights")
    write_weights(path, net)
    return net, path


def playing_states(count, seed=0):
    rng = random.Random(seed)
    while count:
        state, _ = played_hand(rng.randrange(1 << 30), rng.randrange(1, 32))
        if state.phase == PLAYING:
            count -= 1
            yield state


def test_the_network_loads_once_from_the_package():
    assert SHIPPED_NETWORK == os.path.join(os.path.dirname(os.path.abspath(baloot.__file__)), "neural.weights")
    assert neural_network() is neural_network(SHIPPED_NETWORK)  # read once, shared by every neural player
    assert baloot.simulate(10, players="neural", seed=0).hands == 10
    with pytest.raises(BalootError, match="needs its network"):
        _core.Player("neural")
    with pytest.raises(BalootError, match="needs its weights"):
        _core.Player("neural", {}, None, neural_network())


@pytest.mark.parametrize("spread", [0.4, 40.0])  # 40: the int16 accumulator wraps
def test_the_core_computes_the_network_numpy_computes(tmp_path, spread):
    rng = np.random.default_rng(int(spread))
    net = quantise(random_params(rng, spread))
    path = str(tmp_path / "n.weights")
    write_weights(path, net)
    inputs = [_core.neural_input(state)[0] for state in playing_states(40)]
    inputs += [sorted(rng.choice(SIZES["inputs"], size=rng.integers(0, SIZES["max_active"] + 1), replace=False))
               for _ in range(40)]
    for active in inputs:
        logits, value = _core.neural_forward(_core.NeuralWeights(path), [int(f) for f in active])
        expected_logits, expected_value = forward(net, active, SIZES["shift"])
        assert logits == expected_logits.tolist() and value == expected_value


def test_the_features_say_where_each_card_is_as_the_seat_sees_it():
    for state in playing_states(200, seed=1):
        active, canonical = _core.neural_input(state)
        assert active == sorted(set(active)) and len(active) <= SIZES["max_active"]
        assert 0 <= active[0] and active[-1] < SIZES["inputs"]
        cards = [f for f in active if f < CARD_FEATURES]
        seen = state.hands[state.to_move] | sum(1 << c for c in state.played_cards)
        assert [f // CARD_SLOTS for f in cards] == sorted(canonical[c // 8] * 8 + c % 8 for c in range(32) if seen >> c & 1)
        own = {c for c in range(32) if state.hands[state.to_move] >> c & 1}
        seen_own = {f // CARD_SLOTS for f in cards if f % CARD_SLOTS == 0}
        assert seen_own == {(canonical[c // 8] * 8 + c % 8) for c in own}
        if state.mode == 1:
            assert canonical[state.trump] == 0
        assert sorted(canonical) == [0, 1, 2, 3]


def test_neural_decides_on_what_its_seat_sees(random_weights):
    for player in (BuiltinPlayer("neural").core, BuiltinPlayer("neural", weights=random_weights[1]).core):
        for i, (state, other) in enumerate(twins(150)):
            assert _core.neural_input(state) == _core.neural_input(other)
            assert player.choose(state, i) == player.choose(other, i)


def test_a_weights_file_is_named_in_the_spec(random_weights):
    _, path = random_weights
    named = baloot.simulate(20, players=f"neural:weights={path}", seed=1)
    given = baloot.simulate(20, players=BuiltinPlayer("neural", weights=path), seed=1)
    assert np.array_equal(named.points, given.points)
    assert not np.array_equal(named.points, baloot.simulate(20, players="neural", seed=1).points)
    with pytest.raises(BalootError, match="takes no weights"):
        baloot.simulate(2, players=f"heuristic:weights={path}", seed=1)
    with pytest.raises(BalootError, match="names no file"):
        baloot.simulate(2, players="neural:weights=", seed=1)
    with pytest.raises(BalootError, match="twice"):
        BuiltinPlayer(f"neural:weights={path}", weights=path)


@pytest.mark.parametrize("damage, message", [
    (lambda data: b"baloot-neural 9" + data[15:], "does not begin"),
    (lambda data: data[:len(data) // 2], "truncated"),
    (lambda data: data[:16] + (999).to_bytes(4, "little") + data[20:], "other sizes"),
    (lambda data: data[:100] + bytes([data[100] ^ 1]) + data[101:], "checksum"),
    (lambda data: data + b"\0", "after the end"),
])
def test_a_damaged_weights_file_is_a_clear_error(tmp_path, damage, message):
    with open(SHIPPED_NETWORK, "rb") as f:
        data = f.read()
    bad = tmp_path / "neural.weights"
    bad.write_bytes(damage(data))
    for read in (_core.NeuralWeights, lambda path: BuiltinPlayer("neural", weights=path)):
        with pytest.raises(BalootError, match=message):
            read(str(bad))
    with pytest.raises(BalootError, match="no such file"):
        baloot.simulate(10, players=f"neural:weights={tmp_path / 'gone.weights'}", seed=0)


def test_training_rows():
    player, labeller = BuiltinPlayer("strong").core, _core.Player("rollout", {"worlds": 4})
    one = _core.neural_rows(12, 7, player, labeller, RULES, 1)
    two = _core.neural_rows(12, 7, player, labeller, RULES, 2)
    for key in one:
        assert np.array_equal(one[key], two[key]), key
    n = len(one["legal"])
    assert one["features"].shape == (n, SIZES["max_active"]) and one["value"].shape == (n, 32)
    assert len(one["margin"]) == len(one["chosen"]) == n > 0
    legal = (one["legal"][:, None].astype(np.int64) >> np.arange(32)) & 1 == 1
    assert (legal.sum(axis=1) >= 2).all() and legal[np.arange(n), one["chosen"]].all()
    assert (one["value"][~legal] == 0).all() and np.isfinite(one["value"]).all()
    for row in one["features"]:
        active = row[row < SIZES["inputs"]]
        assert (row[len(active):] == SIZES["inputs"]).all() and len(active) >= 8
    with pytest.raises(BalootError, match="rollout"):
        _core.neural_rows(3, 7, player, player, RULES, 1)


def test_the_rollout_search_plays_its_worlds_out_with_the_network(random_weights):
    _, path = random_weights
    strong = BuiltinPlayer("strong").core

    def rows(labeller, playout=None):
        return _core.neural_rows(6, 11, strong, BuiltinPlayer(labeller).core, RULES, 1, playout)

    expert = rows("rollout:worlds=8")
    shipped = rows("rollout:worlds=8:neural_playout=1")
    other = rows(f"rollout:worlds=8:neural_playout=1:weights={path}")
    # The option is the search with the neural player as its play-out policy, and it reads the network given.
    assert np.array_equal(shipped["value"], rows("rollout:worlds=8", BuiltinPlayer("neural").core)["value"])
    assert not np.array_equal(shipped["value"], expert["value"])
    assert not np.array_equal(shipped["value"], other["value"])
    assert np.array_equal(expert["chosen"], shipped["chosen"])
    with pytest.raises(BalootError, match="no such file"):
        BuiltinPlayer(f"rollout:neural_playout=1:weights={path}.gone")


MODELLED = "rollout:worlds=8:call_worlds=0:neural_model=1"


def test_the_rollout_search_can_model_the_other_seats_by_the_network():
    rollout = next(p for p in baloot.players() if p.name == "rollout")
    assert {o.name: o.default for o in rollout.options}["neural_model"] == 0
    heuristic, neural = BuiltinPlayer("rollout:worlds=8:call_worlds=0").core, BuiltinPlayer(MODELLED).core
    positions = [state for state, _ in twins(30, seed=9)]
    # The worlds it searches are others, so some decisions are.
    assert any(heuristic.choose(state, i) != neural.choose(state, i) for i, state in enumerate(positions))
    # Fair: the worlds follow what the seat saw, not the cards it cannot see.
    for i, (state, other) in enumerate(twins(12, seed=4)):
        assert neural.choose(state, i) == neural.choose(other, i)
    # Its calls too, in worlds where the network's calls for the other seats reach the real ones.
    calling = BuiltinPlayer(ROLLOUT + ":neural_model=1").core
    for i, (state, other) in enumerate(calling_twins(12, seed=2)):
        assert calling.choose(state, i) == calling.choose(other, i)


def test_the_network_modelled_search_follows_the_seed_for_any_thread_count():
    one = baloot.simulate(8, players=[MODELLED, "neural"] * 2, seed=6, threads=1)
    two = baloot.simulate(8, players=[MODELLED, "neural"] * 2, seed=6, threads=2)
    assert np.array_equal(one.points, two.points) and np.array_equal(one.abnat, two.abnat)


def test_the_rollout_search_can_play_the_other_team_as_it_models_it():
    rollout = next(p for p in baloot.players() if p.name == "rollout")
    assert {o.name: o.default for o in rollout.options}["model_playout"] == 0
    base = "rollout:worlds=8:call_worlds=0:neural_playout=1"
    everyone, modelled = BuiltinPlayer(base).core, BuiltinPlayer(base + ":model_playout=1").core
    positions = [state for state, _ in twins(30, seed=9)]
    # The other team's play-outs are the heuristic's, not the network's: other values, so some other cards.
    assert any(everyone.choose(state, i) != modelled.choose(state, i) for i, state in enumerate(positions))
    for i, (state, other) in enumerate(twins(12, seed=4)):
        assert modelled.choose(state, i) == modelled.choose(other, i)
    one = baloot.simulate(8, players=[base + ":model_playout=1", "neural"] * 2, seed=6, threads=1)
    two = baloot.simulate(8, players=[base + ":model_playout=1", "neural"] * 2, seed=6, threads=2)
    assert np.array_equal(one.points, two.points)


def test_the_search_models_the_other_team_by_the_player_that_explains_its_play_better():
    rollout = next(p for p in baloot.players() if p.name == "rollout")
    assert {o.name: o.default for o in rollout.options}["pick_model"] == 0
    base = "rollout:worlds=8:call_worlds=0:neural_playout=1"
    as_heuristic, as_network, picking = (BuiltinPlayer(base + extra).core
                                         for extra in ("", ":neural_model=1", ":pick_model=1"))
    for players, modelled in ((HEURISTIC, as_heuristic), (BuiltinPlayer("neural").core, as_network)):
        rng = random.Random(9)
        hands = (played_hand(rng.randrange(1 << 30), rng.randrange(8, 29), players)[0] for _ in range(80))
        positions = [state for state in hands if state.phase == PLAYING and bin(state.legal_actions()).count("1") > 1]
        decisions = [tuple(player.choose(state, i) for player in (picking, as_heuristic, as_network, modelled))
                     for i, state in enumerate(positions)]
        # Each decision is the search with one model or the other, on the same deals.
        assert all(pick in (heuristic, network) for pick, heuristic, network, _ in decisions)
        # Where the two differ, mostly the one that models the players who really played.
        telling = [(pick, right) for pick, heuristic, network, right in decisions if heuristic != network]
        assert len(telling) >= 10 and sum(pick == right for pick, right in telling) > 0.7 * len(telling)
    for i, (state, other) in enumerate(twins(12, seed=4)):
        assert picking.choose(state, i) == picking.choose(other, i)
    one = baloot.simulate(8, players=[base + ":pick_model=1:model_playout=1", "neural"] * 2, seed=6, threads=1)
    two = baloot.simulate(8, players=[base + ":pick_model=1:model_playout=1", "neural"] * 2, seed=6, threads=2)
    assert np.array_equal(one.points, two.points) and np.array_equal(one.abnat, two.abnat)


def test_training_rows_against_an_opponent_come_from_the_players_team_alone():
    player, opponent, labeller = (BuiltinPlayer(name).core for name in ("neural", "heuristic", "rollout:worlds=4"))
    one = _core.neural_rows(8, 7, player, labeller, RULES, 1, opponent=opponent)
    two = _core.neural_rows(8, 7, player, labeller, RULES, 2, opponent=opponent)
    assert all(np.array_equal(one[key], two[key]) for key in one) and len(one["legal"]) > 0
    # Against itself the hands are the same, and the rows a subsequence: one team's of each hand.
    every = _core.neural_rows(8, 7, player, None, RULES, 1)
    ours = _core.neural_rows(8, 7, player, None, RULES, 1, opponent=player)

    def rows(data):
        return [tuple(np.concatenate([data[key][i].ravel() for key in ("features", "legal", "margin", "chosen")]))
                for i in range(len(data["legal"]))]

    remaining = iter(rows(every))
    assert 0 < len(ours["legal"]) < len(every["legal"]) and all(row in remaining for row in rows(ours))


def train(*args: str):
    """training/train.py's run with these arguments, with the baloot that this test imported (a build in
    place or the installed package); it must succeed."""
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(baloot.__file__)))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    run = subprocess.run([sys.executable, TRAIN, *args], capture_output=True, text=True, env=env, timeout=300)
    assert run.returncode == 0, run.stderr
    return run


def test_training_runs_a_few_steps(tmp_path):
    pytest.importorskip("torch")
    data = _core.neural_rows(6, 3, BuiltinPlayer("strong").core, _core.Player("rollout", {"worlds": 2}), RULES, 1)
    np.savez(tmp_path / "rows-1-000000000.npz", **data)
    out = tmp_path / "tiny.weights"
    imitated = tmp_path / "imitated.pt"
    # The imitation stage's network is kept, then read back instead of learned; the second run keeps the
    # shipped file's call network.
    for first in (True, False):
        calls = [] if first else ["--calls", SHIPPED_NETWORK]
        run = train("--data", str(tmp_path), "--imitation", str(tmp_path), "--imitated", str(imitated),
                    "--out", str(out), "--steps", "3", "--batch", "16", *calls)
        assert "held-out regret" in run.stdout
        assert ("rows to imitate" in run.stdout) == first and (f"from {imitated}" in run.stdout) != first
        assert _core.NeuralWeights(str(out)).has_calls != first
    kept, shipped = read_networks(str(out))[1], read_networks(SHIPPED_NETWORK)[1]
    assert all(np.array_equal(kept[name], shipped[name]) for name in shipped)
    assert baloot.simulate(4, players=f"neural:weights={out}", seed=2).hands == 4


def test_a_weights_files_integers_read_back_as_floats_quantise_to_themselves():
    shipped = read_card_network(SHIPPED_NETWORK)
    again = quantise(dequantise(shipped))
    assert all(np.array_equal(again[name], shipped[name]) and again[name].dtype == shipped[name].dtype
               for name in shipped)


def test_training_can_start_from_a_weights_file(tmp_path):
    pytest.importorskip("torch")
    data = _core.neural_rows(4, 5, BuiltinPlayer("heuristic").core, _core.Player("rollout", {"worlds": 2}), RULES, 1)
    np.savez(tmp_path / "rows-1-000000000.npz", **data)
    # At a learning rate of 0 the network written is the one it started from; at another it moves.
    written = {}
    for lr in ("0", "0.01"):
        out = tmp_path / f"from-shipped-{lr}.weights"
        run = train("--data", str(tmp_path), "--init", SHIPPED_NETWORK, "--out", str(out), "--steps", "3",
                    "--batch", "16", "--lr", lr)
        assert f"starting from the card network of {SHIPPED_NETWORK}" in run.stdout
        written[lr] = read_card_network(str(out))
    shipped = read_card_network(SHIPPED_NETWORK)
    assert all(np.array_equal(written["0"][name], shipped[name]) for name in shipped)
    assert not all(np.array_equal(written["0.01"][name], shipped[name]) for name in shipped)


def test_anchor_rows_learn_the_starting_networks_own_policy(tmp_path):
    pytest.importorskip("torch")
    from train import own_policy

    rows = _core.neural_rows(50, 3, BuiltinPlayer("neural").core, None, RULES, 1)
    policy = own_policy(read_card_network(SHIPPED_NETWORK), rows)
    # The shipped network's card is its policy's likeliest, and only legal cards have a chance.
    assert np.array_equal(policy.argmax(axis=1), rows["chosen"]) and np.allclose(policy.sum(axis=1), 1)
    assert all(policy[i, c] == 0 for i in range(len(policy)) for c in range(32) if not rows["legal"][i] >> c & 1)
    data, anchor = tmp_path / "data", tmp_path / "anchor"
    data.mkdir()
    anchor.mkdir()
    labelled = _core.neural_rows(4, 5, BuiltinPlayer("heuristic").core, _core.Player("rollout", {"worlds": 2}), RULES, 1)
    np.savez(data / "rows-1-000000000.npz", **labelled)
    np.savez(anchor / "rows-1-000000000.npz", **rows)
    out = tmp_path / "anchored.weights"
    run = train("--data", str(data), "--init", SHIPPED_NETWORK, "--anchor", str(anchor), "--out", str(out),
                "--steps", "3", "--batch", "16", "--lr", "0")
    assert f"{len(rows['legal']):,} anchor rows" in run.stdout
    shipped = read_card_network(SHIPPED_NETWORK)
    assert all(np.array_equal(read_card_network(str(out))[name], shipped[name]) for name in shipped)


def test_the_match_score_classes_hold_what_the_network_reads_of_the_score():
    """Match equity groups score pairs that a player decides alike: the neural player's network reads each
    team's score by twenties, so its classes are more than those of the strong player it calls as."""
    strong, neural = BuiltinPlayer("strong").core, BuiltinPlayer("neural").core
    _, strong_classes = _core.score_classes(RULES, [strong] * 4)
    _, neural_classes = _core.score_classes(RULES, [neural] * 4)
    assert len(neural_classes) > len(strong_classes)
    # The rollout search reads the score as the network does when the network models the other seats.
    modelled = BuiltinPlayer(MODELLED).core
    _, rollout_classes = _core.score_classes(RULES, [BuiltinPlayer("rollout").core] * 4)
    _, modelled_classes = _core.score_classes(RULES, [modelled] * 4)
    assert len(modelled_classes) >= len(neural_classes) > len(rollout_classes)
