"""The reinforcement-learning interfaces: PettingZoo's and Gymnasium's own API checks, what an observation
shows (and hides), rewards, seeds and bad input."""

import gc
import hashlib
import warnings
import weakref

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402
from rl_reference import LAYOUT  # noqa: E402
from rl_reference import observe as reference_observe  # noqa: E402

from baloot import DECK, BalootError, Game, IllegalAction, Rules  # noqa: E402
from baloot.rl import (  # noqa: E402
    ACTIONS,
    OBSERVATION_LAYOUT,
    OBSERVATION_SIZE,
    BalootSeatEnv,
    BalootVectorEnv,
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


def highest_or_random(mask, rng):
    """Half the time the highest legal action number (kawesh, gahwa, closed doubles, sun), else a random one."""
    return int(np.flatnonzero(mask)[-1]) if rng.random() < 0.5 else random_legal(mask, rng)


def pass_or_random(mask, rng):
    """Pass whenever it is legal (hands thrown in), else a random legal action."""
    return ACTIONS.index("pass") if mask[ACTIONS.index("pass")] else random_legal(mask, rng)


def aec_digest(aec, seeds, policy, keep):
    """A digest of all that PettingZoo's interface shows over seeded hands of random legal actions: what
    agent_iter and last() give, and the agents, selection and dicts after every step. With `keep` every
    observation is kept to the end of its hand (and checked unchanged then), else dropped at once (so that
    the environment may fill it again)."""
    digest = hashlib.sha256()
    for seed in seeds:
        rng = np.random.default_rng(seed)
        aec.reset(seed=seed)
        kept = []
        for agent in aec.agent_iter():
            obs, reward, terminated, truncated, info = aec.last()
            assert aec.last(observe=False)[0] is None
            if keep:
                kept.append((obs, obs["observation"].copy(), obs["action_mask"].copy()))
            digest.update(repr((agent, reward, terminated, truncated, info)).encode())
            digest.update(obs["observation"].tobytes() + obs["action_mask"].tobytes())
            aec.step(None if terminated or truncated else policy(obs["action_mask"], rng))
            digest.update(repr((aec.agents, aec.agent_selection, aec.rewards, aec._cumulative_rewards,
                                aec.terminations, aec.truncations, aec.infos)).encode())
        digest.update(repr((aec.game.history, aec.game.result)).encode())
        # what last() handed out is the caller's: later steps never change it
        assert all(np.array_equal(o["observation"], c) and np.array_equal(o["action_mask"], m) for o, c, m in kept)
    return digest.hexdigest()


HOUSE_RULES = Rules(kawesh=True, closed_double=True, hokum_to_sun=True, gahwa="match")


@pytest.mark.parametrize("keep", [True, False])
@pytest.mark.parametrize("kwargs, policy, digest", [
    ({}, random_legal,
     "6e68792ad5ed7d1fb069c715326b25b5eb597a17b1933ca6404b6119a7da10e2"),
    ({"reward": "points", "dealer": 2, "scores": (100, 140), "rules": HOUSE_RULES}, highest_or_random,
     "455c44f406bd59ffb63a1b3b4faccf802ca93d0e15289fe24a5d308258690299"),
    ({"rules": HOUSE_RULES}, pass_or_random,
     "b8b8ade799be0ed527e1d1b859629edf1917055454d12c2653089150bb739989"),
])
def test_aec_trajectories_are_the_recorded_ones(kwargs, policy, digest, keep):
    """Seeded hands step by step as the environment gave them when its stepping was written in Python."""
    assert aec_digest(env(**kwargs), range(60), policy, keep) == digest


def test_observations_handed_out_never_change():
    """last() may fill an observation it handed out again only once nobody holds it: not while the caller
    keeps the dict, one of its arrays, a view of one, or a weak reference to one."""
    aec = env()
    rng = np.random.default_rng(5)
    hand = OBSERVATION_LAYOUT["hand"]
    for seed in range(10):
        aec.reset(seed=seed)
        kept, weak = [], []  # (what the caller holds, the values it had), (weak reference, the values)
        for turn, _ in enumerate(aec.agent_iter()):
            obs, _, terminated, truncated, _ = aec.last()
            observation, mask = obs["observation"].copy(), obs["action_mask"].copy()
            way = turn % 5
            if way == 0:
                kept.append((obs, {"observation": observation, "action_mask": mask}))
            elif way == 1:
                kept.append((obs["observation"], observation))
            elif way == 2:
                kept.append((obs["observation"][hand], observation[hand]))
            elif way == 3:
                kept.append((obs["action_mask"][:], mask))
            else:
                weak.append((weakref.ref(obs["observation"]), observation))
            del obs
            aec.step(None if terminated or truncated else random_legal(mask, rng))
        for held, values in kept:
            if isinstance(held, dict):
                assert all(np.array_equal(held[key], values[key]) for key in values)
            else:
                assert np.array_equal(held, values)
        assert all(ref() is None or np.array_equal(ref(), values) for ref, values in weak)


def test_pettingzoo_order_checks():
    """The checks of PettingZoo's OrderEnforcingWrapper, which the environment makes itself."""
    aec = env()
    for call in (lambda: aec.step(0), lambda: aec.observe("player_0"), aec.agent_iter, aec.render):
        with pytest.raises(AssertionError, match="reset"):
            call()
    with pytest.raises(AttributeError):
        aec.last()
    aec.reset(seed=0)
    turns = aec.agent_iter()
    next(turns)
    with pytest.raises(AssertionError, match="step"):
        next(turns)
    assert aec.unwrapped is aec


def play_to_the_end(aec, seed):
    """Random legal actions until every agent is terminated; returns the agent that moved last."""
    rng = np.random.default_rng(seed)
    aec.reset(seed=seed)
    while not aec.terminations[aec.agent_selection]:
        aec.step(random_legal(aec.last()[0]["action_mask"], rng))
    return aec.agent_selection


def test_closing_steps_and_their_errors(caplog):
    """After the hand the finished agents leave one step(None) each, the last mover first, then in order
    of `agents`; any other action is refused; a step after all have left only warns."""
    aec = env()
    last_mover = play_to_the_end(aec, 4)
    with pytest.raises(ValueError, match="only valid action is None"):
        aec.step(0)
    left = []
    while aec.agents:
        left.append(aec.agent_selection)
        aec.step(None)
        assert set(aec.rewards) == set(aec.terminations) == set(aec.infos) == set(aec.agents)
    assert left == [last_mover] + [agent for agent in aec.possible_agents if agent != last_mover]
    assert aec.agent_selection == last_mover
    with caplog.at_level("WARNING"):
        aec.step(None)
    assert "terminated or truncated" in caplog.text
    assert list(aec.agent_iter()) == []


def test_steps_take_numbers_numpy_integers_and_names():
    aec = env()
    aec.reset(seed=2)
    for action in (np.int64(ACTIONS.index("pass")), "pass", ACTIONS.index("pass")):
        agent = aec.agent_selection
        aec.step(action)
        assert aec.agent_selection != agent
    assert aec.game.history[:3] == ["pass"] * 3


def test_last_arguments_and_the_shared_bookkeeping():
    """last()'s one argument; agent_selection and the dicts are the environment's own (and checked)."""
    aec = env()
    aec.reset(seed=1)
    assert aec.last(observe=False)[0] is None and aec.last(False)[0] is None and aec.last(True)[0] is not None
    with pytest.raises(TypeError):
        aec.last(seen=False)
    with pytest.raises(TypeError):
        aec.last(True, False)
    with pytest.raises(ValueError, match="player_9"):
        aec.agent_selection = "player_9"
    with pytest.raises(TypeError, match="rewards must be a dict"):
        aec.rewards = [0.0] * 4
    aec.infos["player_2"]["note"] = "kept"
    aec.agent_selection = "player_2"  # a seat that is not to move: an empty mask, its own info
    obs, _, _, _, info = aec.last()
    assert not obs["action_mask"].any() and info == {"note": "kept"}
    aec.terminations = {**aec.terminations, "player_2": True}  # a dict set from Python is the one step reads
    with pytest.raises(ValueError, match="only valid action is None"):
        aec.step(0)


def test_human_render_mode_prints_every_step(capsys):
    aec = env(render_mode="human")
    aec.reset(seed=0)
    aec.step("pass")
    assert capsys.readouterr().out.strip() == str(aec.game)


def test_an_environment_in_a_reference_cycle_is_collected():
    aec = env()
    aec.reset(seed=0)
    aec.infos["player_0"]["env"] = aec
    alive = weakref.ref(aec)
    del aec
    gc.collect()
    assert alive() is None


class FirstLegalSeatEnv(BalootSeatEnv):
    """Gymnasium's checker samples actions blindly: play the first legal one instead of an illegal one."""

    def step(self, action):
        mask = self.action_masks()
        return super().step(action if mask[action] else int(np.flatnonzero(mask)[0]))


def test_gymnasium_api():
    check_env(FirstLegalSeatEnv(), skip_render_check=True)


def test_layout_is_the_reference_layout():
    assert OBSERVATION_LAYOUT == LAYOUT and OBSERVATION_SIZE == 408


@pytest.mark.parametrize("rules", [Rules(), Rules(trump_over_partner=True, must_overtrump=False, target=121)])
def test_observations_match_the_python_reference(rules):
    """The core's encoding against the slow reference, for every seat, at random points of random hands."""
    rng = np.random.default_rng(7)
    checked = 0
    for hand in range(150):
        game = Game(rules=rules, seed=hand, dealer=hand % 4, scores=(hand % 120, 3 * hand % 90))
        stops = set(rng.choice(60, size=6, replace=False))
        step = 0
        while True:
            if step in stops or game.phase == "over":
                for seat in range(4):
                    assert np.array_equal(observe(game, seat), reference_observe(game, seat)), (hand, step, seat)
                    checked += 1
            if game.phase == "over":
                break
            game.apply(game.legal_actions()[rng.integers(len(game.legal_actions()))])
            step += 1
    assert checked > 2000


def test_layout_covers_the_vector():
    starts = sorted((s.start, s.stop) for s in OBSERVATION_LAYOUT.values())
    assert starts[0][0] == 0 and starts[-1][1] == OBSERVATION_SIZE
    assert all(a[1] == b[0] for a, b in zip(starts, starts[1:]))
    assert len(ACTIONS) == 47 and ACTIONS[:2] == ("7S", "8S") and ACTIONS[32:] == (
        "pass", "hokum", "hokum:S", "hokum:H", "hokum:D", "hokum:C", "sun", "ashkal", "double", "three", "four",
        "gahwa", "double:closed", "four:closed", "kawesh")


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


def legal_choice(masks, rng):
    """One random legal action per row."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def run_vector(num_envs, seed, steps, others="heuristic", threads=1):
    vector = BalootVectorEnv(num_envs, seat=1, others=others, threads=threads)
    obs, info = vector.reset(seed=seed)
    rng = np.random.default_rng(0)
    record = [obs]
    for _ in range(steps):
        # the same choice for a row whatever the number of rows: a generator per row and step
        actions = np.array([legal_choice(info["action_mask"][i:i + 1], np.random.default_rng([seed, i, len(record)]))[0]
                            for i in range(num_envs)])
        obs, reward, terminated, truncated, info = vector.step(actions)
        record.append((obs, reward, terminated, info["final_obs"][terminated]))
        assert not truncated.any()
        assert info["action_mask"].any(axis=1).all()  # every hand awaits the learner's decision
        assert (reward[~terminated] == 0).all()
        over = OBSERVATION_LAYOUT["phase"].start + 3
        assert (info["final_obs"][terminated][:, over] == 1).all()
        fresh = obs[terminated]  # dealt again: at most the first trick's first cards are down
        assert (fresh[:, OBSERVATION_LAYOUT["played"]].sum(axis=1) <= 3).all()
        assert (fresh[:, OBSERVATION_LAYOUT["phase"].start + 3] == 0).all()
    del rng
    return record


def test_vector_env_is_reproducible_and_rows_are_independent():
    a = run_vector(6, 3, 60)
    b = run_vector(6, 3, 60)
    small = run_vector(2, 3, 60)
    for x, y, z in zip(a[1:], b[1:], small[1:]):
        for u, v, w in zip(x, y, z):
            assert np.array_equal(u, v)
        assert np.array_equal(x[0][:2], z[0][:2]) and np.array_equal(x[1][:2], z[1][:2])
    ends = sum(int(step[2].sum()) for step in a[1:])
    assert ends > 20


def test_vector_env_threads_change_nothing():
    one = run_vector(4, 8, 25, others=["dd", "heuristic", "random"])
    two = run_vector(4, 8, 25, others=["dd", "heuristic", "random"], threads=2)
    for x, y in zip(one[1:], two[1:]):
        for u, v in zip(x, y):
            assert np.array_equal(u, v)


def test_vector_env_rewards_are_game_points():
    vector = BalootVectorEnv(32, seat=0, others="random", reward="points")
    _, info = vector.reset(seed=9)
    rng = np.random.default_rng(1)
    rewards = []
    for _ in range(300):
        _, reward, terminated, _, info = vector.step(legal_choice(info["action_mask"], rng))
        rewards.extend(reward[terminated])
    rewards = np.array(rewards)
    assert len(rewards) > 200 and (rewards >= 0).all() and (rewards == np.round(rewards)).all()
    assert rewards.max() >= 16  # some hands are made


def test_vector_env_illegal_actions_change_nothing():
    first, second = BalootVectorEnv(4, others="random"), BalootVectorEnv(4, others="random")
    _, info = first.reset(seed=5)
    second.reset(seed=5)
    legal = info["action_mask"].argmax(axis=1)
    illegal = legal.copy()
    illegal[2] = int(np.flatnonzero(info["action_mask"][2] == 0)[0])
    with pytest.raises(IllegalAction, match="hand 2"):
        first.step(illegal)
    for bad in ([0, 1], legal.astype(float), [[1, 2, 3, 4]], np.full(4, 44), np.full(4, -1)):
        with pytest.raises(IllegalAction):
            first.step(bad)
    out_first, out_second = first.step(legal), second.step(legal)
    for u, v in zip(out_first[:4], out_second[:4]):
        assert np.array_equal(u, v)


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5, "7", True])
def test_bad_seeds(seed):
    for environment in (env(), BalootSeatEnv(), BalootVectorEnv(2)):
        with pytest.raises(BalootError, match="seed"):
            environment.reset(seed=seed)


def test_vector_env_zero_copy_buffers():
    vector = BalootVectorEnv(3, copy=False)
    obs, _ = vector.reset(seed=1)
    again, _ = vector.reset(seed=2)
    assert obs is again
    assert vector.action_masks().dtype == bool and vector.action_masks().shape == (3, 47)


@pytest.mark.parametrize("kwargs, message", [
    ({"num_envs": 0}, "num_envs 0"),
    ({"seat": 7}, "seat 7"),
    ({"others": lambda game: "pass"}, "player name"),
    ({"others": "nobody"}, "nobody"),
    ({"reward": "fun"}, "reward 'fun'"),
    ({"threads": -1}, "threads -1"),
])
def test_bad_vector_env_arguments(kwargs, message):
    with pytest.raises(BalootError, match=message):
        BalootVectorEnv(**kwargs)


ANYTHING = (st.integers(-2**70, 2**70) | st.floats(allow_nan=True) | st.text(max_size=8) | st.none() | st.booleans()
            | st.lists(st.integers(-3, 50), max_size=5))


@settings(max_examples=300, deadline=None)
@given(st.lists(ANYTHING, min_size=1, max_size=6), st.integers(0, 2**32))
def test_fuzzed_actions(actions, seed):
    """Whatever is thrown at the environments, an action is either taken or refused with IllegalAction,
    and a refused one leaves the hand as it was."""
    aec, seat_env = env(), BalootSeatEnv(others="random")
    aec.reset(seed=seed)
    seat_env.reset(seed=seed)
    for action in actions:
        for game, step in ((aec.unwrapped.game, aec.step), (seat_env.game, seat_env.step)):
            if game.to_move is None:
                continue
            before = game.to_json()
            try:
                step(action)
            except IllegalAction:
                assert game.to_json() == before
