"""Policy-based inference: the network's integer log-probability of a play is the log-softmax of its logits
over the legal cards (floored); reviews that weigh their worlds by it read no hidden card, deal calls as
before, and refuse bad options."""

import json

import numpy as np
import pytest
from test_neural import playing_states, random_weights  # noqa: F401  (a fixture)
from test_review import heuristic_game, info_columns, play_to

import baloot
from baloot import _core
from baloot.cli import main as cli_main
from baloot.roster import neural_network

ONE = _core.neural_sizes()["output_one"]


def log_softmax_reference(network, state, card):
    """The log-probability of `card` in nats, in floats, from the core's integer logits."""
    active, canonical_suit = _core.neural_input(state)
    logits, _ = _core.neural_forward(network, active)
    legal = [c for c in range(32) if state.legal_actions() >> c & 1]
    canonical = [canonical_suit[c // 8] * 8 + c % 8 for c in legal]
    z = np.array([logits[c] for c in canonical], dtype=float) / ONE
    log_p = z - z.max() - np.log(np.exp(z - z.max()).sum())
    return max(log_p[legal.index(card)], -_core.neural_play_floor / ONE)


@pytest.mark.parametrize("network", ["shipped", "random"])
def test_the_integer_log_probability_is_the_floored_log_softmax(network, random_weights):  # noqa: F811
    net = neural_network() if network == "shipped" else neural_network(random_weights[1])
    checked = 0
    for state in playing_states(150, seed=3):
        legal = [c for c in range(32) if state.legal_actions() >> c & 1]
        for card in legal:
            got = _core.neural_play_log_probability(net, state, card)
            if len(legal) == 1:
                assert got == 0
                continue
            assert -_core.neural_play_floor <= got <= 0
            assert abs(got / ONE - log_softmax_reference(net, state, card)) < 0.01
            checked += 1
    assert checked > 300


def test_the_log_probability_refuses_an_illegal_card_or_a_call():
    state = next(playing_states(1, seed=4))
    illegal = next(c for c in range(32) if not state.legal_actions() >> c & 1)
    with pytest.raises(baloot.BalootError, match=f"card {illegal} is not legal"):
        _core.neural_play_log_probability(neural_network(), state, illegal)
    bidding = _core.HandState.random(1, 0, (0, 0), _core.Rules())
    with pytest.raises(baloot.BalootError, match="playing phase"):
        _core.neural_play_log_probability(neural_network(), bidding, 0)


def hidden_twin(game, stop):
    """The hand up to action ``stop`` inclusive, and the same with two unplayed cards of the same suit
    swapped between two seats other than the mover at ``stop`` (outside declared projects and the up-card),
    the history still legal: the mover cannot tell them apart."""
    deck = game.to_record()["deck"]
    mover = play_to(game, stop).to_move
    played = set(play_to(game, stop).history)
    declared = {card for seat in game.projects for project in seat for card in project.cards}
    free = [c for c in deck if c not in played and c not in declared and c != deck[20]]
    holder = {card: seat for seat, hand in enumerate(game.hands_at_play) for card in hand}
    for x in free:
        for y in free:
            if x[-1] != y[-1] or holder[x] in (mover, holder[y]) or holder[y] == mover:
                continue
            swapped = [y if c == x else x if c == y else c for c in deck]
            other = baloot.Game(rules=game.rules, dealer=game.dealer, deck=swapped, scores=game.scores)
            try:
                for action in game.history[:stop + 1]:
                    other.apply(action)
            except baloot.BalootError:
                continue
            return play_to(game, stop + 1), other, mover
    return None


def test_a_review_weighing_worlds_by_the_network_never_reads_hidden_cards():
    game = heuristic_game(11)
    cards = [i for i, a in enumerate(game.history) if a[-1].isupper() and not a.startswith("hokum")]
    twin = hidden_twin(game, cards[14])  # in the fourth trick: the other seats' plays have said something
    assert twin is not None
    one, two, mover = twin
    assert one.hands != two.hands
    a = baloot.review(one, samples=300, seat=mover, threads=2, inference="network")
    b = baloot.review(two, samples=300, seat=mover, threads=2, inference="network")
    assert a.decisions and info_columns(a) == info_columns(b)


def test_inference_changes_the_worlds_of_play_only():
    game = heuristic_game(5)
    network = baloot.review(game, samples=200, seat=1, threads=2, inference="network")
    uniform = baloot.review(game, samples=200, seat=1, threads=2, inference="uniform")
    assert (network.inference, uniform.inference) == ("network", "uniform")
    calls = [i for i, d in enumerate(network.decisions) if d.phase != "playing"]
    plays = [i for i, d in enumerate(network.decisions) if d.phase == "playing" and len(d.actions) > 1]
    assert calls and plays
    columns = info_columns(network), info_columns(uniform)
    assert all(columns[0][i] == columns[1][i] for i in calls)
    assert any(columns[0][i] != columns[1][i] for i in plays)


def test_bad_inference_options_are_refused():
    game = heuristic_game(1)
    with pytest.raises(baloot.BalootError, match="inference 'bayes' must be one of 'network', 'uniform'"):
        baloot.review(game, samples=10, inference="bayes")
    record = game.to_record()
    core = [baloot.roster.BuiltinPlayer("heuristic").core] * 4
    args = (list(range(32)), 0, (0, 0), _core.Rules(), [], [32], core, 0, 10, 1)
    for worlds in (0, _core.inference_worlds * 1000):
        with pytest.raises(baloot.BalootError, match="inference worlds must be"):
            _core.review_decision(*args, None, neural_network(), worlds)
    assert record == game.to_record()


def test_review_from_the_command_line_takes_the_inference(tmp_path, capsys):
    path = tmp_path / "hand.json"
    path.write_text(heuristic_game(2).to_json())
    assert cli_main(["review", str(path), "--samples", "20", "--seat", "0", "--inference", "uniform", "--json",
                     "--threads", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["inference"] == "uniform"
