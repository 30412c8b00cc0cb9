"""The OpenSpiel game: OpenSpiel's own API and random-simulation checks, its observers, information states
that hide what a seat has not seen, the deal, returns, parameters, and its generic bots playing hands."""

import pickle

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation  # noqa: E402

import baloot.openspiel  # noqa: E402,F401  (registers the game)
from baloot import BalootError, Game, Rules  # noqa: E402
from baloot.cards import format_cards  # noqa: E402


@pytest.fixture(scope="module")
def game():
    return pyspiel.load_game("python_baloot")


def deal(state, rng):
    while state.is_chance_node():
        cards, probabilities = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(cards, p=probabilities)))
    return state


def random_states(game, hands, seed):
    """Every state of `hands` random hands after the deal, in order."""
    rng = np.random.default_rng(seed)
    for _ in range(hands):
        state = deal(game.new_initial_state(), rng)
        yield state.clone()
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
            yield state.clone()


def test_openspiel_random_simulation(game):
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


def test_game_shape(game):
    assert game.num_players() == 4
    assert game.num_distinct_actions() == 47
    assert game.max_chance_outcomes() == 32
    assert game.observation_tensor_shape() == [408]
    assert game.max_utility() == -game.min_utility() > 0
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_copies_pickles_and_serialization(game):
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    for state in random_states(game, 2, seed=1):
        twin = pickle.loads(pickle.dumps(state))
        assert (str(twin), twin.history()) == (str(state), state.history())
        back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
        assert str(back) == str(state)
        clone = state.clone()
        if not state.is_terminal():
            action = state.legal_actions()[0]
            clone.apply_action(action)
            assert clone.history() == state.history() + [action] and str(clone) != str(state)


def test_observers_agree_with_the_state_and_the_learning_encoder(game):
    observation = make_observation(game)
    info_state = make_observation(game, INFO_STATE_OBS_TYPE)
    for state in random_states(game, 3, seed=2):
        for seat in range(4):
            observation.set_from(state, seat)
            info_state.set_from(state, seat)
            np.testing.assert_array_equal(observation.tensor, state.observation_tensor(seat))
            np.testing.assert_array_equal(info_state.tensor, state.information_state_tensor(seat))
            assert observation.string_from(state, seat) == state.observation_string(seat)
            assert info_state.string_from(state, seat) == state.information_state_string(seat)
            np.testing.assert_array_equal(observation.tensor, state.game.observation(seat))
            np.testing.assert_array_equal(info_state.tensor[:408], observation.tensor)


def test_information_state_records_every_call_and_card(game):
    info_state = make_observation(game, INFO_STATE_OBS_TYPE)
    for state in random_states(game, 1, seed=3):
        pass
    info_state.set_from(state, 1)
    history = state.game.history
    calls = [action for action in history if not action[-1].isupper() or action.startswith("hokum")]
    assert info_state.dict["call_history"].sum() == 2 * len(calls)
    assert info_state.dict["play_history"].sum() == 2 * (len(history) - len(calls))


def test_the_deal_is_the_game_deck(game):
    rng = np.random.default_rng(4)
    state = deal(game.new_initial_state(), rng)
    deck = format_cards(state.history()[:32])
    assert state.game.to_record()["deck"] == deck
    assert state.game.hands == Game(deck=deck).hands
    assert state.history_str().count(",") == 31


def test_returns_are_the_game_point_margin(game):
    for state in random_states(game, 5, seed=5):
        if state.is_terminal():
            points = state.game.result.points
            margin = points[0] - points[1]
            assert state.returns() == [margin, -margin, margin, -margin]
        else:
            assert state.returns() == [0.0] * 4


def test_parameters_are_the_rules_dealer_and_scores():
    game = pyspiel.load_game("python_baloot(kaboot=double,target=101,dealer=2,team0_score=90,hokum_to_sun=True)")
    state = deal(game.new_initial_state(), np.random.default_rng(6))
    assert state.game.rules == Rules(kaboot="double", target=101, hokum_to_sun=True)
    assert (state.game.dealer, state.game.scores, state.current_player()) == (2, (90, 0), 3)
    assert game.max_utility() > pyspiel.load_game("python_baloot").max_utility()
    with pytest.raises(BalootError, match="kaboot"):
        pyspiel.load_game("python_baloot(kaboot=triple)")
    with pytest.raises(BalootError, match="dealer"):
        pyspiel.load_game("python_baloot(dealer=4)")


def replay(game, history):
    state = game.new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


@pytest.mark.parametrize("rules", ["round2_sun=ace_after_dealer", "kawesh=True",
                                   "round2_sun=ace_after_dealer,kawesh=True,hokum_to_sun=True"])
def test_max_game_length_holds_under_the_house_rules_that_read_the_hands(rules):
    game = pyspiel.load_game(f"python_baloot({rules})")
    rng = np.random.default_rng(4)
    longest = 0
    for _ in range(300):
        state, moves = game.new_initial_state(), 0
        while not state.is_terminal():
            if not state.is_chance_node():
                moves += 1
            state.apply_action(int(rng.choice(state.legal_actions())))
        longest = max(longest, moves)
    assert longest <= game.max_game_length()


def test_resampling_keeps_what_the_seat_knows(game):
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    info_state = make_observation(game, INFO_STATE_OBS_TYPE)
    changed = 0
    for i, state in enumerate(random_states(game, 2, seed=7)):
        if i % 3 or state.is_terminal():
            continue
        seat = state.current_player()
        other = state.resample_from_infostate(seat, sampler)
        assert other.information_state_string(seat) == state.information_state_string(seat)
        info_state.set_from(state, seat)
        mine = info_state.tensor.copy()
        info_state.set_from(other, seat)
        np.testing.assert_array_equal(info_state.tensor, mine)
        assert other.history()[32:] == state.history()[32:]
        changed += other.game.hands != state.game.hands
        for moves in range(32, len(state.history())):  # perfect recall: the seat's earlier states agree too
            before, other_before = replay(game, state.history()[:moves]), replay(game, other.history()[:moves])
            assert other_before.information_state_string(seat) == before.information_state_string(seat)
    assert changed > 0


def play(game, bots, seed):
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            deal(state, rng)
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


def test_generic_bots_play_hands(game):
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [mcts.MCTSBot(game, 2.0, 10, evaluator, random_state=np.random.RandomState(1)),
            ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=np.random.RandomState(2)),
            pyspiel.make_uniform_random_bot(2, 3),
            ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=np.random.RandomState(4))]
    for seed in range(2):
        returns = play(game, bots, seed)
        assert sum(returns) == 0 and returns[0] == returns[2]


def test_the_mcts_example_repeats_with_the_same_seed():
    """examples/openspiel_mcts.py seeds every draw, OpenSpiel's resampler included: two runs print the same."""
    import os
    import subprocess
    import sys

    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the checkout, for the example
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(os.path.abspath(baloot.__file__))))
    outputs = [subprocess.run([sys.executable, os.path.join(root, "examples", "openspiel_mcts.py"), "--hands", "2",
                               "--simulations", "20", *seed], capture_output=True, text=True, check=True, env=env,
                              cwd=root).stdout
               for seed in ([], [], ["--seed", "5"], ["--seed", "5"])]
    assert outputs[0] == outputs[1] and outputs[2] == outputs[3]
    assert "ISMCTS (20 simulations) vs random" in outputs[0]
