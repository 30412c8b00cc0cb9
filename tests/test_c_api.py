"""The C library (baloot.h, libbaloot): installed with the package, its example compiled by the system's C
compiler and run, the seeded results of tests/test_dispatch.py computed through it equal to the Python
package's, and bad input answered with a status and a message naming the value, never a crash."""

import ctypes
import hashlib
import os
import random
import shutil
import subprocess

import numpy as np
import pytest
from c_api import BAD_ARGUMENT, ILLEGAL_ACTION, CError, Library
from test_dispatch import RECORDED
from test_strong import keen_weights

import baloot
from baloot.roster import SHIPPED_WEIGHTS

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.fixture(scope="module")
def lib():
    return Library(baloot.get_library())


def digest(*values):
    """test_dispatch.py's digest of numpy arrays and Python values."""
    h = hashlib.sha256()
    for v in values:
        h.update(np.ascontiguousarray(v).tobytes() if isinstance(v, np.ndarray) else repr(v).encode())
    return h.hexdigest()[:16]


def rows(arrays):
    """The digest of a run's rows as SimResult.table() lays them out: a hand column, one per team."""
    columns = {"hand": np.arange(len(arrays["mode"]))}
    for name, values in arrays.items():
        if values.ndim == 2:
            columns[f"{name}_0"], columns[f"{name}_1"] = values[:, 0], values[:, 1]
        else:
            columns[name] = values
    return digest(*(columns[name] for name in sorted(columns)))


def test_the_library_and_its_header_are_installed_with_the_package(lib):
    assert os.path.isfile(os.path.join(baloot.get_include(), "baloot.h"))
    with open(os.path.join(baloot.get_include(), "baloot.h")) as installed, \
            open(os.path.join(ROOT, "csrc", "capi", "baloot.h")) as source:
        assert installed.read() == source.read()
    assert lib.lib.baloot_api_version() == 1


def test_the_seeded_results_through_the_c_api_equal_the_python_packages(lib):
    got = [
        "random " + rows(lib.simulate(20_000, ["random"] * 4, 11)),
        "random hokum " + rows(lib.simulate(20_000, ["random"] * 4, 12, contract=(1, 1))),
        "heuristic " + rows(lib.simulate(4_000, ["heuristic"] * 4, 13)),
        "expert " + rows(lib.simulate(2_000, ["expert"] * 4, 14)),
        "pimc " + rows(lib.simulate(8, ["pimc:samples=4", "heuristic"] * 2, 15)),
        "neural " + rows(lib.simulate(2_000, ["neural"] * 4, 19)),
        "rollout neural " + rows(lib.simulate(8, ["rollout:worlds=4:call_worlds=0:neural_playout=1", "heuristic"] * 2,
                                              20)),
    ]
    rng, moves = random.Random(16), []
    for _ in range(3_000):
        deck = list(range(32))
        rng.shuffle(deck)
        mode, trump = rng.choice([(0, -1), (1, 0), (1, 2)])
        moves.append(lib.legal_moves(deck[:8], deck[8:8 + rng.randrange(4)], mode, trump))
    got.append("legal moves " + digest(moves))
    got.append("dd tables " + digest(lib.dd_tables(baloot.random_deals(12, seed=17), [i % 4 for i in range(12)])))
    own = [baloot.DECK.index(card) for card in ("JH", "9H", "AH", "7S", "8C")]
    margin = lib.analyze_bid(own, baloot.DECK.index("8H"), 1, 0, 300, 18)
    got.append("bid analysis " + digest(*(margin[:, c].astype(np.int64) for c in range(margin.shape[1]))))
    assert got == RECORDED


def test_rules_by_option_name_as_the_command_line_takes_them(lib):
    rules = lib.rules(kaboot="double", target="101", ashkal="off", gahwa="152")
    out = ctypes.create_string_buffer(16)
    for name, value in (("kaboot", "double"), ("target", "101"), ("ashkal", "false"), ("gahwa", "152")):
        lib.call("baloot_rules_get", rules, name.encode(), out, 16)
        assert out.value.decode() == value
    lib.lib.baloot_rules_free(rules)


@pytest.mark.parametrize("name, value, message", [
    (b"kaboot", b"triple", "rule kaboot='triple' must be one of normal, double, off"),
    (b"target", b"0", "rule target='0' must be an integer from 1 to 1000000000"),
    (b"target", b"12x", "rule target='12x' must be an integer"),
    (b"ashkal", b"maybe", "rule ashkal='maybe' must be true or false"),
    (b"nope", b"1", "unknown rule nope: known rules are direction, ashkal"),
])
def test_a_bad_rule_is_refused_naming_it_and_the_rules_stay(lib, name, value, message):
    rules = lib.rules(kaboot="double")
    with pytest.raises(CError) as error:
        lib.call("baloot_rules_set", rules, name, value)
    assert error.value.status == BAD_ARGUMENT and message in error.value.message
    out = ctypes.create_string_buffer(16)
    lib.call("baloot_rules_get", rules, b"kaboot", out, 16)
    assert out.value == b"double"
    lib.lib.baloot_rules_free(rules)


def test_an_illegal_action_is_refused_and_the_hand_is_unchanged(lib):
    hand = lib.handle("baloot_hand_new", None, 3, 0, None)
    before = ctypes.c_uint64()
    lib.call("baloot_hand_legal_actions", hand, ctypes.byref(before))
    with pytest.raises(CError) as error:
        lib.call("baloot_hand_apply", hand, baloot.DECK.index("AS"))
    assert error.value.status == ILLEGAL_ACTION and "action 7 is not legal now" in error.value.message
    after = ctypes.c_uint64()
    lib.call("baloot_hand_legal_actions", hand, ctypes.byref(after))
    assert after.value == before.value
    lib.lib.baloot_hand_free(hand)


def test_every_built_in_player_is_made_by_name_the_learned_ones_with_the_weights_beside_the_library(lib):
    name = ctypes.c_char_p()
    names = []
    for index in range(lib.lib.baloot_player_count()):
        lib.call("baloot_player_name", index, ctypes.byref(name))
        names.append(name.value.decode())
    assert names == [player.name for player in baloot.players()]
    hand = lib.handle("baloot_hand_new", None, 7, 0, None)
    legal, action = ctypes.c_uint64(), ctypes.c_int()
    lib.call("baloot_hand_legal_actions", hand, ctypes.byref(legal))
    for spec in names:
        player = lib.handle("baloot_player_new", spec.encode())
        if spec in ("strong", "neural"):
            lib.call("baloot_player_choose", player, hand, 1, ctypes.byref(action))
            assert legal.value >> action.value & 1
        lib.lib.baloot_player_free(player)
    lib.lib.baloot_hand_free(hand)


def test_other_strong_weights_make_the_players_made_after_them_and_a_bad_file_keeps_the_old(lib, tmp_path):
    before = lib.simulate(40, ["strong"] * 4, 3)
    try:
        lib.call("baloot_set_strong_weights", str(keen_weights(tmp_path)).encode())
        eager = lib.simulate(40, ["strong"] * 4, 3)
        assert (eager["mode"] == 0).sum() > (before["mode"] == 0).sum()
        gone = str(tmp_path / "gone.weights")
        with pytest.raises(CError) as error:
            lib.call("baloot_set_strong_weights", gone.encode())
        assert error.value.status == BAD_ARGUMENT and gone in error.value.message
        assert np.array_equal(lib.simulate(40, ["strong"] * 4, 3)["points"], eager["points"])
    finally:
        lib.call("baloot_set_strong_weights", SHIPPED_WEIGHTS.encode())
    assert np.array_equal(lib.simulate(40, ["strong"] * 4, 3)["points"], before["points"])


def test_a_hand_through_the_c_api_plays_as_the_python_game(lib):
    hand = lib.handle("baloot_hand_new", None, 5, 2, None)
    game = baloot.Game(seed=5, dealer=2)
    player = lib.handle("baloot_player_new", b"heuristic")
    name = ctypes.create_string_buffer(16)
    for step in range(200):
        if game.phase == "over":
            break
        action = ctypes.c_int()
        lib.call("baloot_player_choose", player, hand, step, ctypes.byref(action))
        lib.call("baloot_action_name", action.value, name, 16)
        game.apply(name.value.decode())
        lib.call("baloot_hand_apply", hand, action.value)
    result = (ctypes.c_int * 9)()
    lib.call("baloot_hand_result", hand, result)
    assert list(result)[3:5] == list(game.result.points)
    lib.lib.baloot_hand_free(hand)
    lib.lib.baloot_player_free(player)


def fuzz_arguments(rng, rules):
    """One call with values around and outside what each function takes."""
    ints = [-(2 ** 31), -1, 0, 1, 3, 4, 5, 31, 32, 46, 47, 1000, 2 ** 31 - 1]
    texts = [b"", b"AS", b"10h", b"1O", b"\xff\xfe", b"hokum:", b"hokum:X", b"pimc:samples=0", b"pimc:samples",
             b"strong:learned_play=2", b"nope", b"random:x=1", b"T\xe2\x99\xa5", b"kaboot", b"target"]
    name = rng.choice(["card_parse", "action_parse", "card_name", "action_name", "rules_set", "player_new",
                       "legal_moves", "trick_winner", "card_abnat", "game_points", "hand_from_deck", "hand_for_bid",
                       "dd_tables"])
    i = lambda: rng.choice(ints)  # noqa: E731
    if name in ("card_parse", "action_parse"):
        return name, (rng.choice(texts), ctypes.byref(ctypes.c_int()))
    if name in ("card_name", "action_name"):
        return name, (i(), ctypes.create_string_buffer(16), rng.choice([0, 1, 3, 16]))
    if name == "rules_set":
        return name, (rules, rng.choice(texts), rng.choice(texts))
    if name == "player_new":
        return name, (rng.choice(texts), ctypes.byref(ctypes.c_void_p()))
    if name == "legal_moves":
        trick = (ctypes.c_int * 4)(*(i() for _ in range(4)))
        return name, (rng.getrandbits(32), trick, i(), i(), i(), None, rng.getrandbits(32), i(),
                      ctypes.byref(ctypes.c_uint32()))
    if name == "trick_winner":
        return name, ((ctypes.c_int * 4)(*(i() for _ in range(4))), i(), i(), i(), ctypes.byref(ctypes.c_int()))
    if name in ("card_abnat", "game_points"):
        return name, (i(), i(), i(), ctypes.byref(ctypes.c_int()))
    if name == "hand_from_deck":
        deck = list(range(32))
        deck[rng.randrange(32)] = i()
        return name, (None, (ctypes.c_int * 32)(*deck), i(), (ctypes.c_int * 2)(i(), i()), ctypes.byref(ctypes.c_void_p()))
    if name == "hand_for_bid":
        return name, (None, (ctypes.c_int * 5)(*(i() for _ in range(5))), i(), i(), i(), None,
                      ctypes.byref(ctypes.c_void_p()))
    hands = (ctypes.c_uint32 * 4)(*(rng.getrandbits(32) for _ in range(4)))
    return name, (hands, (ctypes.c_int * 1)(i()), 1, None, 1, (ctypes.c_int16 * 10)())


def test_fuzzed_bad_input_returns_a_status_and_a_message_never_a_crash(lib):
    rng = random.Random(30)
    rules = lib.rules()
    refused = 0
    for _ in range(3_000):
        name, args = fuzz_arguments(rng, rules)
        status = getattr(lib.lib, "baloot_" + name)(*args)
        assert status in (0, BAD_ARGUMENT, ILLEGAL_ACTION), (name, status)
        if status:
            refused += 1
            assert lib.lib.baloot_last_error()
    assert refused > 1_000
    lib.lib.baloot_rules_free(rules)


def test_null_pointers_are_refused_by_name(lib):
    assert lib.lib.baloot_rules_new(None) == BAD_ARGUMENT
    assert lib.lib.baloot_last_error() == b"out is NULL"
    assert lib.lib.baloot_hand_apply(None, 0) == BAD_ARGUMENT
    assert lib.lib.baloot_last_error() == b"hand is NULL"
    assert lib.lib.baloot_simulate(None, None) == BAD_ARGUMENT
    assert lib.lib.baloot_last_error() == b"config is NULL"


@pytest.mark.skipif(shutil.which(os.environ.get("CC", "cc")) is None, reason="no C compiler (cc) on this machine")
def test_the_c_example_compiles_against_the_installed_header_and_library_and_runs(tmp_path):
    program = tmp_path / "play_hand"
    library = baloot.get_library()
    compiled = subprocess.run(
        [os.environ.get("CC", "cc"), "-std=c99", "-Wall", "-Wextra", "-Werror", "-I", baloot.get_include(),
         os.path.join(ROOT, "examples", "c", "play_hand.c"), library, f"-Wl,-rpath,{os.path.dirname(library)}",
         "-o", str(program)], capture_output=True, text=True, timeout=120)
    assert compiled.returncode == 0, compiled.stderr
    run = subprocess.run([str(program)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "refused: rule kaboot='triple' must be one of normal, double, off" in run.stdout
    assert "\nresult: points " in run.stdout
    assert "10000 heuristic hands: mean points " in run.stdout


@pytest.mark.skipif(shutil.which(os.environ.get("CC", "cc")) is None, reason="no C compiler (cc) on this machine")
def test_the_c_api_and_the_native_player_headers_compile_together(tmp_path):
    source = tmp_path / "both.c"
    source.write_text('#include "baloot.h"\n#include "baloot_player.h"\n'
                      "int main(void) { return BALOOT_PASS == 32 && BALOOT_OVER == 3 ? 0 : 1; }\n")
    compiled = subprocess.run([os.environ.get("CC", "cc"), "-std=c99", "-Wall", "-Werror", "-I", baloot.get_include(),
                               str(source), "-o", str(tmp_path / "both")], capture_output=True, text=True, timeout=60)
    assert compiled.returncode == 0, compiled.stderr
