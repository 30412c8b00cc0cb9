"""Players compiled against baloot_player.h: the Cython example built and run in every entry point,
equal to the same logic in Python card for card, and bad native players refused cleanly."""

import ctypes
import glob
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import zlib

import numpy as np
import pytest

import baloot
from baloot import _core
from baloot.rl import BalootVectorEnv
from baloot.roster import play_out

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "examples", "native_player")
PLAYER_TYPE = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_uint64)
VIEW_BYTES = 292  # sizeof(baloot_view) less its tail padding: offsetof(baloot_view, reserved) + 32 * 4


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


def shown_cython_player():
    """The Cython player the docs show (the one ```cython block of README.md and docs/), as written."""
    blocks = []
    for path in [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md"))):
        with open(path, encoding="utf-8") as f:
            blocks += re.findall(r"```cython\n(.*?)```", f.read(), re.S)
    assert len(blocks) == 1, blocks
    return blocks[0]


def build_cython(folder, name, source):
    """Compiles ``source`` as module ``name`` against the shipped headers, the way the example's setup.py does."""
    with open(os.path.join(folder, f"{name}.pyx"), "w", encoding="utf-8") as f:
        f.write(source)
    with open(os.path.join(EXAMPLE, "setup.py"), encoding="utf-8") as f:
        setup = f.read().replace("highest_card", name)
    with open(os.path.join(folder, "setup.py"), "w", encoding="utf-8") as f:
        f.write(setup)
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(baloot.__file__)))  # the baloot under test
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=folder, env=env, check=True,
                   capture_output=True)
    sys.path.insert(0, str(folder))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(folder))


def test_the_shown_example_compiles_as_shown_and_the_header_functions_agree_with_the_core(tmp_path):
    pytest.importorskip("Cython")
    wrappers = """
from baloot_player cimport baloot_card_points, baloot_lowest

def card_points(int card, int trump):
    return baloot_card_points(card, trump)

def lowest(uint64_t actions):
    return baloot_lowest(actions)
"""
    shown = build_cython(tmp_path, "shown_player", shown_cython_player() + wrappers)
    result = baloot.simulate(300, players=baloot.NativePlayer(shown.player(), name="shown"), seed=2, threads=1)
    assert result.hands == 300
    for card in baloot.DECK:
        number = baloot.DECK.index(card)
        assert shown.card_points(number, -1) == baloot.card_points(card, "sun")
        for trump in "SHDC":
            assert shown.card_points(number, "SHDC".index(trump)) == baloot.card_points(card, "hokum", trump)
    assert [shown.lowest(1 << n | 1 << 63) for n in (0, 5, 40)] == [0, 5, 40]


def test_a_native_player_is_named_module_attr_on_the_command_line(highest_card, tmp_path, capsys, monkeypatch):
    from baloot.cli import main

    monkeypatch.syspath_prepend(os.path.dirname(sys.modules["highest_card"].__file__))
    assert main(["simulate", "--hands", "400", "--seed", "3", "--threads", "1", "--players", "highest_card:player",
                 "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["players"] == ["highest_card:player"] * 4
    direct = baloot.simulate(400, players=highest_card, seed=3, threads=1)
    assert out["summary"]["hands"] == direct.hands == 400
    assert main(["simulate", "--hands", "10", "--players", "highest_card:nothing", "--no-progress"]) == 2
    assert "module 'highest_card' has no attribute 'nothing'" in capsys.readouterr().err
    assert main(["simulate", "--hands", "10", "--players", "no_such_module_here:player", "--no-progress"]) == 2
    assert "cannot import 'no_such_module_here'" in capsys.readouterr().err


def test_an_unknown_player_lists_the_players():
    with pytest.raises(baloot.BalootError) as error:
        baloot.simulate(10, players="greedy")
    message = str(error.value)
    assert "unknown player greedy: the players are " + ", ".join(p.name for p in baloot.players()) in message
    assert "module:attr" in message
    names = message.split("the players are ")[1].split(", or ")[0].split(", ")
    for name in names:
        baloot.roster.BuiltinPlayer(name)  # every listed name is a player


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
    native = baloot.simulate(3000, players=highest_card, seed=5, threads=1)
    python = baloot.simulate(3000, players=python_highest, seed=5)
    for name, values in native.table().items():
        assert np.array_equal(values, python.table()[name]), name
    assert native.players == ["highest"] * 4


def test_any_thread_count_gives_the_same_hands(highest_card):
    players = [highest_card, "random", highest_card, "heuristic"]
    one = baloot.simulate(2000, players=players, seed=11, threads=1)
    two = baloot.simulate(2000, players=players, seed=11, threads=2)
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

    result = baloot.simulate(50, players=baloot.NativePlayer(lowest, name="lowest"), seed=1, threads=2)
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
        baloot.simulate(100, players=player, seed=1, threads=2)
    with pytest.raises(baloot.IllegalAction, match="stubborn"):
        baloot.simulate(10, players=["random", player, "random", "random"], threads=1)


def legal_of(view):
    legal = ctypes.c_uint64.from_address(view + 8).value
    return [a for a in range(_core.num_actions) if legal >> a & 1]


@PLAYER_TYPE
def whole_view(view, seed):
    """A legal action drawn from a hash of every byte of the view and the seed: any field that differs
    changes the hand."""
    legal = legal_of(view)
    return legal[zlib.crc32(ctypes.string_at(view, VIEW_BYTES) + seed.to_bytes(8, "little")) % len(legal)]


def core_rows(players, hands, threads, native_view_loop, contract=None):
    from baloot.rules import Rules, core_rules
    from baloot.simulate import COLUMNS, core_players
    arrays = {name: np.zeros((hands, width) if width == 2 else hands, dtype=dtype)
              for name, (dtype, width) in COLUMNS.items()}
    core, _ = core_players(players, Rules())
    counts, played, _, error = _core.simulate(0, hands, 7, threads, core_rules(Rules()), contract, core, arrays, True,
                                              native_view_loop=native_view_loop)
    assert played == hands and error is None
    return counts, arrays


@pytest.mark.parametrize("contract", [None, (1, 2)])
def test_the_view_kept_through_the_play_is_the_view_filled_afresh(contract):
    player = baloot.NativePlayer(whole_view, name="whole_view")
    for players in ([player] * 4, [player, "heuristic", "random", player]):
        kept = core_rows(players, 150, 2, True, contract)
        fresh = core_rows(players, 150, 1, False, contract)
        assert kept[0] == fresh[0]
        for name, values in kept[1].items():
            assert np.array_equal(values, fresh[1][name]), name


def faulty(fault_at):
    """The example's logic in ctypes, with an illegal answer at call number `fault_at` (never if None)."""
    calls = []

    @PLAYER_TYPE
    def player(view, seed):
        calls.append(1)
        if len(calls) == fault_at:
            return -1
        legal = legal_of(view)
        cards = [a for a in legal if a < 32]
        return cards[-1] if cards else _core.actions["sun"] if _core.actions["sun"] in legal else legal[0]

    return player


@pytest.mark.parametrize("keep", [True, False])
def test_an_illegal_answer_keeps_the_hands_finished_before_it(keep):
    clean = baloot.simulate(100, players=baloot.NativePlayer(faulty(None), name="sound"), seed=3, threads=1)
    player = baloot.NativePlayer(faulty(1000), name="faulty")
    with pytest.raises(baloot.IllegalAction, match="native player faulty chose action -1 for seat") as raised:
        baloot.simulate(100, players=player, seed=3, threads=1, keep=keep)
    result = raised.value.result
    assert 0 < result.hands < 100 and result.interrupted
    assert f"the {result.hands:,} hands finished before it are in this error's .result" in str(raised.value)
    rows = slice(0, result.hands)
    assert result.counts["points"] == clean.points[rows].sum(axis=0).tolist()
    if keep:
        for name, values in result.table().items():
            assert np.array_equal(values, clean.table()[name][rows]), name


def test_on_two_threads_an_illegal_answer_stops_both_and_keeps_what_finished():
    @PLAYER_TYPE
    def fails_in_hokum(view, seed):
        legal = legal_of(view)
        mode = ctypes.c_int32.from_address(view + 64).value  # baloot_view.mode
        return -7 if legal[0] < 32 and mode == 1 else legal[-1] if legal[-1] < 32 else legal[0]

    players = [baloot.NativePlayer(fails_in_hokum, name="x"), "random", "random", "random"]
    with pytest.raises(baloot.IllegalAction, match="chose action -7") as raised:
        baloot.simulate(20_000, players=players, seed=1, threads=2, start=5)
    result = raised.value.result
    assert result.hands == len(result.mode) == int(result.counts["hands"]) < 20_000
    # Each kept row carries its own hand number, gaps and all: replaying that hand gives the same row.
    numbers = result.table()["hand"]
    assert (np.diff(numbers) > 0).all() and numbers[0] >= 5
    for row in (0, len(numbers) // 2, len(numbers) - 1):
        again = baloot.simulate(1, players=players, seed=1, start=int(numbers[row]))
        assert again.points[0].tolist() == result.points[row].tolist()


def test_a_python_player_s_illegal_action_keeps_the_finished_hands_too():
    calls = []

    def player(game):
        calls.append(1)
        legal = game.legal_actions()
        return "pass" if len(calls) >= 500 and "pass" not in legal else legal[-1]

    with pytest.raises(baloot.IllegalAction, match="a Python player chose 'pass'") as raised:
        baloot.simulate(100, players=player, seed=2)
    assert 0 < raised.value.result.hands < 100
