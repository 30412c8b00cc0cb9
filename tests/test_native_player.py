"""Players compiled against baloot_player.h: the Cython example built and run in every entry point,
equal to the same logic in Python card for card, and bad native players refused cleanly."""

import ctypes
import os
import shutil
import subprocess
import sys

import numpy as np
import pytest

import baloot
from baloot import _core
from baloot.players import play_out
from baloot.rl import BalootVectorEnv

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "examples", "native_player")
PLAYER_TYPE = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_uint64)


@pytest.fixture(scope="module")
def highest_card(tmp_path_factory):
    """The example player, compiled with Cython in a scratch copy of examples/native_player."""
    pytest.importorskip("Cython")
    folder = tmp_path_factory.mktemp("native_player")
    for name in ("highest_card.pyx", "setup.py"):
        shutil.copy(os.path.join(EXAMPLE, name), folder)
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(baloot.__file__)))  # the baloot under test
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=folder, env=env, check=True,
                   capture_output=True)
    sys.path.insert(0, str(folder))
    try:
        import highest_card
    finally:
        sys.path.remove(str(folder))
    return baloot.NativePlayer(highest_card.player(), name="highest")


def python_highest(game):
    """The example's logic in Python."""
    legal = game.legal_mask()
    cards = legal & 0xFFFFFFFF
    if cards:
        action = cards.bit_length() - 1
    elif legal >> _core.actions["sun"] & 1:
        action = _core.actions["sun"]
    elif legal >> _core.actions["pass"] & 1:
        action = _core.actions["pass"]
    else:
        action = (legal & -legal).bit_length() - 1
    return baloot.actions.format_action(action)


def test_the_headers_ship_with_the_package():
    for name in ("baloot_player.h", "baloot_player.pxd"):
        assert os.path.isfile(os.path.join(baloot.get_include(), name))


def test_equal_to_the_same_logic_in_python_card_for_card(highest_card):
    native = baloot.simulate(3000, highest_card, seed=5, threads=1)
    python = baloot.simulate(3000, python_highest, seed=5)
    for name, values in native.table().items():
        assert np.array_equal(values, python.table()[name]), name
    assert native.players == ["highest"] * 4


def test_any_thread_count_gives_the_same_hands(highest_card):
    players = [highest_card, "random", highest_card, "heuristic"]
    one = baloot.simulate(2000, players, seed=11, threads=1)
    two = baloot.simulate(2000, players, seed=11, threads=2)
    for name, values in one.table().items():
        assert np.array_equal(values, two.table()[name]), name


def test_analysis_play_out_and_the_vector_env_take_it(highest_card):
    a = baloot.analyze_bid("JH 9H 7S 8D 7C", "8H", 1, 0, samples=100, players=highest_card, seed=1, threads=2)
    b = baloot.analyze_bid("JH 9H 7S 8D 7C", "8H", 1, 0, samples=100, players=python_highest, seed=1)
    assert a.samples == b.samples == 100
    for x, y in zip(a.rows, b.rows):
        assert x.action == y.action and np.array_equal(x.margins, y.margins)
    game = play_out(baloot.Game(seed=3), highest_card, seed=1)
    same = play_out(baloot.Game(seed=3), python_highest)
    assert game.to_move is None and game.result.points == same.result.points
    env = BalootVectorEnv(4, seat=0, others=highest_card)
    _, info = env.reset(seed=2)
    for _ in range(40):
        _, _, _, _, info = env.step(np.argmax(info["action_mask"], axis=1))


def test_a_ctypes_function_is_a_player():
    @PLAYER_TYPE
    def lowest(view, seed):
        legal = ctypes.c_uint64.from_address(view + 8).value
        return (legal & -legal).bit_length() - 1

    result = baloot.simulate(50, baloot.NativePlayer(lowest, name="lowest"), seed=1, threads=2)
    assert len(result) == 50


@pytest.mark.parametrize("bad", [None, 0, ctypes.cast(None, PLAYER_TYPE), "highest", 2.5, True])
def test_no_function_is_refused(bad):
    with pytest.raises(baloot.BalootError):
        baloot.NativePlayer(bad)


@pytest.mark.parametrize("answer", [-1, _core.num_actions, 1000, _core.actions["double"]])
def test_an_illegal_answer_names_the_player_seat_and_action(answer):
    @PLAYER_TYPE
    def bad(view, seed):
        return answer

    player = baloot.NativePlayer(bad, name="stubborn")
    with pytest.raises(baloot.IllegalAction, match=rf"native player stubborn chose action {answer} for seat 1,"):
        baloot.simulate(100, player, seed=1, threads=2)
    with pytest.raises(baloot.IllegalAction, match="stubborn"):
        baloot.simulate(10, ["random", player, "random", "random"], threads=1)
