"""The reinforcement-learning interfaces: PettingZoo's and Gymnasium's own API checks, what an observation
shows (and hides), rewards, seeds and bad input."""

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from baloot import DECK, BalootError, Game, IllegalAction  # noqa: E402
from baloot.rl import (  # noqa: E402
    ACTIONS,
    OBSERVATION_LAYOUT,
    OBSERVATION_SIZE,
    BalootSeatEnv,
    action_mask,
    env,
    observe,
)


def block(obs, name):
    return obs[OBSERVATION_LAYOUT[name]]


def random_legal(mask, rng):
    return int(rng.choice(np.flatnonzero(mask)))


def play_aec(aec, seed):
    """One hand of random legal actions; returns the rewards and every observation seen."""
    rng = np.random.default_rng(seed)
    aec.reset(seed=seed)
    rewards, seen = {}, []
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        seen.append(obs["observation"].copy())
        rewards[agent] = rewards.get(agent, 0.0) + reward
        aec.step(None if terminated or truncated else random_legal(obs["action_mask"], rng))
    return rewards, seen


def test_pettingzoo_api():
    with warnings.catch_warnings():
        # PettingZoo's checker prefers plain arrays; masked classic games observe a dict, as here.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(), num_cycles=500)


class FirstLegalSeatEnv(BalootSeatEnv):
    """Gymnasium's checker samples actions blindly: play the first legal one instead of an illegal one."""

    def step(self, action):
        mask = self.action_masks()
        return super().step(action if mask[action] else int(np.flatnonzero(mask)[0]))


def test_gymnasium_api():
    check_env(FirstLegalSeatEnv(), skip_render_check=True)


def test_layout_covers_the_vector():
    starts = sorted((s.start, s.stop) for s in OBSERVATION_LAYOUT.values())
    assert starts[0][0] == 0 and starts[-1][1] == OBSERVATION_SIZE
    assert all(a[1] == b[0] for a, b in zip(starts, starts[1:]))
    assert len(ACTIONS) == 44 and ACTIONS[:2] == ("7S", "8S") and ACTIONS[32:] == (
        "pass", "hokum", "hokum:S", "hokum:H", "hokum:D", "hokum:C", "sun", "ashkal", "double", "three", "four",
        "gahwa")


def test_rewards_are_the_hand_result():
    aec = env()
    for seed in range(20):
        rewards, _ = play_aec(aec, seed)
        points = aec.unwrapped.game.result.points
        margin = points[0] - points[1]
        assert rewards == {"player_0": margin, "player_1": -margin, "player_2": margin, "player_3": -margin}
    points_env = env(reward="points")
    rewards, _ = play_aec(points_env, 5)
    points = points_env.unwrapped.game.result.points
    assert rewards == {"player_0": points[0], "player_1": points[1], "player_2": points[0], "player_3": points[1]}


def test_same_seed_same_episode():
    first = play_aec(env(), 11)
    second = play_aec(env(), 11)
    assert first[0] == second[0]
    assert all(np.array_equal(a, b) for a, b in zip(first[1], second[1]))


def test_observation_during_play():
    game = Game(seed=3)
    while game.phase != "playing":
        game.apply("sun" if "sun" in game.legal_actions() else game.legal_actions()[0])
    for _ in range(6):  # a trick and a half
        game.apply(game.legal_actions()[0])
    seat = game.to_move
    obs = observe(game, seat)
    assert [DECK[i] for i in np.flatnonzero(block(obs, "hand"))] == sorted(game.hands[seat], key=DECK.index)
    played = block(obs, "played").reshape(4, 32)
    assert played.sum() == 6
    trick = block(obs, "trick").reshape(4, 32)
    # the two cards on the table were played by the two seats before the mover
    assert [DECK[int(np.flatnonzero(trick[r])[0])] for r in (2, 3)] == game.trick
    assert block(obs, "mode").tolist() == [0, 1, 0] and block(obs, "phase").tolist() == [0, 0, 1, 0]
    assert action_mask(game).sum() == len(game.legal_actions())


def test_observation_hides_the_other_hands():
    """Two deals that differ only in the cards of the other three seats look the same to a seat."""
    rng = np.random.default_rng(0)
    for _ in range(20):
        deck = list(rng.permutation(DECK))
        game = Game(deck=deck, dealer=0)
        seat = int(rng.integers(4))
        mine = set(game.hands[seat]) | {game.up_card}
        others = [i for i, card in enumerate(deck) if card not in mine]
        shuffled = list(deck)
        for i, j in zip(others, rng.permutation(others)):
            shuffled[i] = deck[j]
        twin = Game(deck=shuffled, dealer=0)
        assert twin.hands[seat] == game.hands[seat]
        for action in ("pass", "pass"):
            assert np.array_equal(observe(game, seat), observe(twin, seat))
            game.apply(action)
            twin.apply(action)


def test_seat_env_plays_the_others():
    seat_env = BalootSeatEnv(seat=2, others=["random", "heuristic", lambda game: game.legal_actions()[0]])
    obs, info = seat_env.reset(seed=4)
    assert seat_env.game.to_move == 2 and obs.shape == (OBSERVATION_SIZE,)
    rng = np.random.default_rng(1)
    over, reward = False, 0.0
    while not over:
        obs, reward, over, truncated, info = seat_env.step(random_legal(info["action_mask"], rng))
        assert not truncated
        assert over or seat_env.game.to_move == 2
    points = info["result"].points
    assert reward == points[0] - points[1]
    with pytest.raises(BalootError, match="reset"):
        seat_env.step(0)


def test_illegal_actions_change_nothing():
    aec = env()
    aec.reset(seed=2)
    game = aec.unwrapped.game
    history = game.history
    for bad in ("10H", 5, 44, -1, "nonsense", 1.5, True):
        with pytest.raises(IllegalAction):
            aec.step(bad)
        assert game.history == history
    aec.step("pass")
    assert game.history == history + ["pass"]


@pytest.mark.parametrize("kwargs, message", [
    ({"reward": "money"}, "reward 'money'"),
    ({"dealer": 4}, "dealer 4"),
    ({"scores": (-1, 0)}, "scores"),
    ({"render_mode": "rgb_array"}, "render_mode 'rgb_array'"),
])
def test_bad_arguments(kwargs, message):
    with pytest.raises(BalootError, match=message):
        env(**kwargs)


@pytest.mark.parametrize("kwargs, message", [
    ({"seat": 4}, "seat 4"),
    ({"others": ["random", "random"]}, "list of three"),
    ({"others": "nobody"}, "nobody"),
])
def test_bad_seat_env_arguments(kwargs, message):
    with pytest.raises(BalootError, match=message):
        BalootSeatEnv(**kwargs)
