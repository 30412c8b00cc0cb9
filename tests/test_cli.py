"""The command line (docs/api.md "Command line"): ``baloot simulate``, ``baloot bid``,
``baloot play`` in-process through ``baloot.cli.main``, and once through ``python -m baloot.cli``.
"""

import glob
import io
import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

import baloot
from baloot import Rules
from baloot.cli import build_parser, main
from baloot.commands import play as play_command

# Where the imported baloot lives (an installed copy or a source tree with the core built in place).
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(baloot.__file__)))
PNG = b"\x89PNG\r\n\x1a\n"


BOTS = "heuristic"  # the built-in players the CLI tests play against


def run_cli(capsys, *argv):
    """(exit code, stdout, stderr) of ``baloot argv...`` run in this process."""
    try:
        code = main(list(argv))
    except SystemExit as stop:  # argparse: --help, usage errors
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


def leftovers(folder):
    return glob.glob(os.path.join(str(folder), ".baloot-*"))


# ---------------------------------------------------------------------------------------------
# baloot simulate
# ---------------------------------------------------------------------------------------------

def test_simulate_json_equals_the_library(capsys):
    code, out, err = run_cli(capsys, "simulate", "--hands", "20000", "--seed", "7", "--threads", "2", "--json",
                             "--no-progress")
    assert code == 0, err
    data = json.loads(out)
    expected = baloot.simulate(20_000, seed=7, threads=1)
    assert data["hands"] == 20_000 and data["seed"] == 7 and data["threads"] == 2
    assert data["players"] == ["random"] * 4
    assert data["interrupted"] is False
    assert data["rules"] == Rules().to_dict()
    assert data["summary"] == json.loads(json.dumps(expected.summary().to_dict()))
    assert data["summary"]["counts"] == json.loads(json.dumps(expected.counts))


def test_simulate_json_with_contract_rule_players_and_start(capsys):
    code, out, err = run_cli(capsys, "simulate", "--hands", "5000", "--seed", "3", "--start", "11", "--threads", "1",
                             "--contract", "hokum:D", "--rule", "kaboot=double", "--rule", "must_overtrump=false",
                             "--players", "random,random,random,random", "--json", "--no-progress")
    assert code == 0, err
    data = json.loads(out)
    rules = Rules(kaboot="double", must_overtrump=False)
    expected = baloot.simulate(5_000, seed=3, start=11, threads=2, contract="hokum:D", rules=rules)
    assert data["rules"] == rules.to_dict()
    assert data["contract"] == "hokum:D" and data["start"] == 11
    assert data["summary"] == json.loads(json.dumps(expected.summary().to_dict()))
    assert data["summary"]["contracts"]["hokum:D"]["mean"] == 1.0


def test_simulate_table_output(capsys):
    code, out, err = run_cli(capsys, "simulate", "--hands", "3000", "--seed", "1", "--threads", "1", "--no-progress")
    assert code == 0, err
    assert "3,000 hands" in out
    summary = baloot.simulate(3_000, seed=1, threads=1).summary()
    assert str(summary) in out
    for word in ("Sun", "صن", "Hokum", "حكم", "Kaboot", "كبوت"):
        assert word in out


@pytest.mark.parametrize("suffix", ["csv", "npz"])
def test_simulate_out_file_reads_back(capsys, tmp_path, suffix):
    path = tmp_path / f"hands.{suffix}"
    code, out, err = run_cli(capsys, "simulate", "--hands", "4000", "--seed", "5", "--start", "100", "--threads", "2",
                             "--out", str(path), "--no-progress")
    assert code == 0, err
    assert str(path) in out
    expected = baloot.simulate(4_000, seed=5, start=100, threads=1).table()
    if suffix == "npz":
        with np.load(path) as data:
            assert sorted(data.files) == sorted(expected)
            for name, values in expected.items():
                assert np.array_equal(data[name], values), name
    else:
        with open(path, encoding="utf-8") as handle:
            header = handle.readline().strip().split(",")
        assert header == list(expected)
        rows = np.loadtxt(path, delimiter=",", skiprows=1, dtype=np.int64)
        assert rows.shape == (4000, len(expected))
        for i, name in enumerate(header):
            assert np.array_equal(rows[:, i], expected[name]), name
        assert np.array_equal(rows[:, 0], np.arange(100, 4100))
    assert not leftovers(tmp_path)


def test_simulate_out_parquet_without_pyarrow(capsys, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    path = tmp_path / "hands.parquet"
    code, out, err = run_cli(capsys, "simulate", "--hands", "500", "--seed", "1", "--out", str(path), "--no-progress")
    assert code == 2
    assert "pyarrow" in err and "pip install" in err
    assert "Traceback" not in err
    assert not path.exists()
    assert not leftovers(tmp_path)


def test_simulate_out_parquet_with_pyarrow(capsys, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "hands.parquet"
    code, _, err = run_cli(capsys, "simulate", "--hands", "500", "--seed", "1", "--out", str(path), "--no-progress")
    assert code == 0, err
    table = pq.read_table(path).to_pydict()
    expected = baloot.simulate(500, seed=1).table()
    for name, values in expected.items():
        assert np.array_equal(np.asarray(table[name]), values), name


@pytest.mark.parametrize("argv,needle", [
    (["--rule", "nope=1"], "nope"),
    (["--rule", "kaboot"], "kaboot"),
    (["--rule", "kaboot=triple"], "triple"),
    (["--rule", "target=abc"], "abc"),
    (["--rule", "ashkal=maybe"], "maybe"),
    (["--contract", "hokum"], "hokum"),
    (["--contract", "hokum:X"], "X"),
    (["--contract", "suun"], "suun"),
    (["--players", "nobody"], "nobody"),
    (["--players", "random,random,random"], "random,random,random"),
    (["--hands", "-5"], "-5"),
    (["--seed", "-1"], "-1"),
    (["--threads", "-2"], "-2"),
    (["--out", "hands.txt"], "hands.txt"),
])
def test_simulate_bad_arguments_exit_2(capsys, argv, needle):
    code, out, err = run_cli(capsys, "simulate", "--hands", "100", "--no-progress", *argv)
    assert code == 2
    assert needle in err, err
    assert "error" in err
    assert "Traceback" not in err
    assert out == ""


@pytest.mark.parametrize("argv", [["--hands", "many"], ["--seed", "x"], ["--bogus"]])
def test_simulate_usage_errors_exit_2(capsys, argv):
    code, out, err = run_cli(capsys, "simulate", *argv)
    assert code == 2
    assert "usage" in err


def test_rule_kaboot_double_is_applied(capsys):
    code, out, err = run_cli(capsys, "simulate", "--hands", "20000", "--seed", "2", "--contract", "sun", "--rule",
                             "kaboot=double", "--json", "--no-progress")
    assert code == 0, err
    data = json.loads(out)
    assert data["rules"]["kaboot"] == "double"
    doubled = baloot.simulate(20_000, seed=2, contract="sun", rules=Rules(kaboot="double")).summary().to_dict()
    normal = baloot.simulate(20_000, seed=2, contract="sun").summary().to_dict()
    assert data["summary"] == json.loads(json.dumps(doubled))
    assert data["summary"]["points"] != json.loads(json.dumps(normal))["points"]


# ---------------------------------------------------------------------------------------------
# atomic output: never half a file
# ---------------------------------------------------------------------------------------------

class DiskFull(OSError):
    pass


def write_part(target, content):
    """Write ``content`` to a file name or an open file, as numpy's writers accept either."""
    if hasattr(target, "write"):
        target.write(content)
        return
    with open(target, "wb") as handle:
        handle.write(content)


def half_writer(real):
    """A writer that writes part of the file and then fails."""

    def write(target, *args, **kwargs):
        write_part(target, b"partial,")
        raise DiskFull(28, "No space left on device")

    return write


@pytest.mark.parametrize("suffix,writer", [("csv", "savetxt"), ("npz", "savez_compressed")])
def test_failing_write_leaves_no_file_and_no_temporary(capsys, tmp_path, monkeypatch, suffix, writer):
    """The summary comes first; the error says that the rows (which no rescue file could take either)
    were not saved."""
    monkeypatch.setattr(np, writer, half_writer(getattr(np, writer)))
    monkeypatch.setattr(np, "savez_compressed", half_writer(np.savez_compressed))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    path = tmp_path / f"hands.{suffix}"
    code, out, err = run_cli(capsys, "simulate", "--hands", "300", "--seed", "1", "--out", str(path), "--no-progress")
    assert code == 2 and "Hands" in out
    assert "No space left on device" in err and "300 hands were NOT saved" in err
    assert os.listdir(tmp_path) == []


def test_failing_write_keeps_the_old_file(capsys, tmp_path, monkeypatch):
    path = tmp_path / "hands.csv"
    path.write_text("the previous complete file\n")
    monkeypatch.setattr(np, "savetxt", half_writer(np.savetxt))
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(capsys, "simulate", "--hands", "300", "--seed", "1", "--out", str(path), "--no-progress")
    assert code == 2
    assert path.read_text() == "the previous complete file\n"
    assert not leftovers(tmp_path)


def test_interrupted_write_leaves_no_temporary(capsys, tmp_path, monkeypatch):
    def interrupted(target, *args, **kwargs):
        write_part(target, b"PK")
        raise KeyboardInterrupt

    monkeypatch.setattr(np, "savez_compressed", interrupted)
    path = tmp_path / "hands.npz"
    code, out, err = run_cli(capsys, "simulate", "--hands", "300", "--seed", "1", "--out", str(path), "--no-progress")
    assert code == 130 and "interrupted" in err
    assert "Hands" in out  # the summary was printed before the write began
    assert not path.exists()
    assert not leftovers(tmp_path)


def test_out_into_a_missing_folder_is_a_clear_error(capsys, tmp_path):
    path = tmp_path / "no" / "such" / "folder" / "hands.csv"
    code, out, err = run_cli(capsys, "simulate", "--hands", "300", "--seed", "1", "--out", str(path),
                             "--no-progress")
    assert code == 2, (code, err)
    assert "Traceback" not in err and str(path.parent) in err


# ---------------------------------------------------------------------------------------------
# baloot bid
# ---------------------------------------------------------------------------------------------

def test_bid_json_has_a_row_per_call(capsys):
    code, out, err = run_cli(capsys, "bid", "JH 9H 7H 8D 7C", "--up", "8H", "--seat", "0", "--dealer", "0",
                             "--samples", "1500", "--players", BOTS, "--seed", "4", "--threads", "2", "--json",
                             "--no-progress")
    assert code == 0, err
    data = json.loads(out)
    assert sorted(c["action"] for c in data["calls"]) == ["ashkal", "hokum", "pass", "sun"]
    assert data["samples"] == 1500 and data["seat"] == 0
    expected = baloot.analyze_bid("JH 9H 7H 8D 7C", "8H", 0, 0, samples=1500, players=BOTS, seed=4, threads=1)
    data.pop("seconds", None)
    assert data == json.loads(json.dumps(expected.to_dict()))
    assert data["best"] == expected.best


def test_bid_rows_follow_the_seat(capsys):
    code, out, err = run_cli(capsys, "bid", "JH 9H 7H 8D 7C", "--up", "AS", "--seat", "3", "--dealer", "0",
                             "--samples", "300", "--players", BOTS, "--json", "--no-progress",
                             "--scores", "10,20", "--rule", "kaboot=off")
    assert code == 0, err
    data = json.loads(out)
    assert sorted(c["action"] for c in data["calls"]) == ["hokum", "pass", "sun"]  # no Ashkal on an ace
    assert data["context"]["scores"] == [10, 20]


def test_bid_table_output(capsys):
    code, out, err = run_cli(capsys, "bid", "JH 9H 7H 8D 7C", "--up", "8H", "--seat", "1", "--samples", "300",
                             "--players", BOTS, "--no-progress")
    assert code == 0, err
    for word in ("Pass", "بس", "Hokum", "حكم", "Sun", "صن", "best:"):
        assert word in out


def test_bid_plot_writes_a_png(capsys, tmp_path):
    path = tmp_path / "bid.png"
    code, out, err = run_cli(capsys, "bid", "JH 9H 7H 8D 7C", "--up", "8H", "--seat", "3", "--dealer", "0",
                             "--samples", "500", "--players", BOTS, "--plot", str(path), "--no-progress")
    assert code == 0, err
    data = path.read_bytes()
    assert data[:8] == PNG
    assert len(data) > 10_000
    assert str(path) in out
    assert not leftovers(tmp_path)


@pytest.mark.parametrize("argv,needle", [
    (["JH 9H 7H 8D", "--up", "8H", "--seat", "1"], "4"),
    (["JH 9H 7H 8D 7C", "--up", "7C", "--seat", "1"], "7C"),
    (["JH 9H 7H 8D 7C", "--up", "8H", "--seat", "7"], "7"),
    (["JH 9H 7H 8D 7C", "--up", "8H", "--seat", "1", "--dealer", "9"], "9"),
    (["JH 9H 7H 8D 7C", "--up", "ZZ", "--seat", "1"], "ZZ"),
    (["JH 9H 7H 8D 7C", "--up", "8H", "--seat", "1", "--scores", "5"], "5"),
    (["JH 9H 7H 8D 7C", "--up", "8H", "--seat", "1", "--samples", "0"], "0"),
    (["JH 9H 7H 8D 7C", "--up", "8H", "--seat", "1", "--rule", "nope=1"], "nope"),
    (["JH 9H 7H 8D 7C", "--up", "8H", "--seat", "1", "--players", "nobody"], "nobody"),
])
def test_bid_bad_arguments_exit_2(capsys, argv, needle):
    code, out, err = run_cli(capsys, "bid", *argv, "--no-progress")
    assert code == 2
    assert needle in err and "Traceback" not in err, err


def test_bid_missing_up_card_is_a_usage_error(capsys):
    code, _, err = run_cli(capsys, "bid", "JH 9H 7H 8D 7C", "--seat", "1")
    assert code == 2 and "--up" in err


# ---------------------------------------------------------------------------------------------
# baloot play, driven by a scripted input function
# ---------------------------------------------------------------------------------------------

def first_legal(prompt):
    match = re.search(r"\(([^)]*)\)", prompt)
    assert match, prompt
    return match.group(1).split(", ")[0]


class Script:
    def __init__(self, answer=first_legal, first=()):
        self.answer = answer
        self.first = list(first)
        self.prompts = []

    def __call__(self, prompt):
        self.prompts.append(prompt)
        if self.first:
            return self.first.pop(0)
        return self.answer(prompt)


def play_args(*argv):
    return build_parser().parse_args(["play", *argv])


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_play_a_whole_hand_choosing_the_first_legal_action(capsys, seed):
    script = Script()
    code = play_command.main(play_args("--seed", str(seed), "--bots", BOTS), read=script)
    out = capsys.readouterr().out
    assert code == 0
    assert "Result" in out
    cards = [p for p in script.prompts if re.search(r"\(\d|\([JQKA]", p)]
    assert len(cards) == 8 or "Thrown in" in out


def test_play_a_whole_hand_as_the_buyer(capsys):
    """Calling Sun at once (the first legal action after that) always plays out all eight tricks."""
    script = Script(answer=lambda prompt: "sun" if "sun" in first_legal(prompt) or ", sun" in prompt
                    else first_legal(prompt))
    code = play_command.main(play_args("--seed", "1", "--bots", BOTS), read=script)
    out = capsys.readouterr().out
    assert code == 0
    assert "Result" in out and "trick 8" in out
    cards = [p for p in script.prompts if "sun" not in p and "pass" not in p]
    assert len(cards) == 8


def test_play_is_deterministic_for_a_seed(capsys):
    play_command.main(play_args("--seed", "5", "--bots", BOTS, "--seat", "2"), read=Script())
    first = capsys.readouterr().out
    play_command.main(play_args("--seed", "5", "--bots", BOTS, "--seat", "2"), read=Script())
    assert capsys.readouterr().out == first


def test_play_quit_exits_0_with_a_word(capsys):
    assert play_command.main(play_args("--seed", "1", "--bots", BOTS), read=Script(first=["quit"])) == 0
    assert capsys.readouterr().out.endswith("Left the game.\n")


def test_play_end_of_input_exits_0_on_a_new_line(capsys):
    def eof(prompt):
        print(prompt, end="")
        raise EOFError

    assert play_command.main(play_args("--seed", "1", "--bots", BOTS), read=eof) == 0
    assert capsys.readouterr().out.endswith(": \nLeft the game.\n")


def test_play_question_mark_lists_the_legal_actions(capsys):
    play_command.main(play_args("--seed", "1", "--bots", BOTS), read=Script(first=["?", "quit"]))
    assert "legal now: pass (Pass (بس)), hokum (Hokum (حكم)), sun (Sun (صن))" in capsys.readouterr().out


def test_play_doubling_pass_reads_as_no_double_and_suits_as_symbols(capsys):
    """Seed 1, seat 0 calls Hokum in round 2: the Hokum shows its trump as the table does (♠, not S)."""
    script = Script(first=["pass", "hokum:S"])
    play_command.main(play_args("--seed", "1", "--bots", BOTS), read=script)
    out = capsys.readouterr().out
    assert "Seat 0: Hokum (حكم) ♠" in out and "hokum (حكم) S" not in out.lower()
    doubling = [line for line in out.splitlines() if "Double" in line and not line.startswith("Calls: ")]
    assert doubling and all("Pass" not in line for line in doubling)
    calls = [line for line in out.splitlines() if line.startswith("Calls: ") and "Double" in line]
    assert calls and calls[-1].endswith("seat 3 Pass (بس) · seat 1 no Double (دبل) · seat 3 no Double (دبل)")


def test_play_shows_the_players_hand_when_a_bot_leads(capsys):
    script = Script(first=["pass", "hokum:S"])
    play_command.main(play_args("--seed", "1", "--bots", BOTS), read=script)
    assert "leads; your hand: ♠" in capsys.readouterr().out


def test_play_illegal_then_help_then_legal(capsys):
    script = Script(first=["9Z", "?", "table"])
    code = play_command.main(play_args("--seed", "3", "--bots", BOTS), read=script)
    out = capsys.readouterr().out
    assert code == 0
    assert "9Z" in out  # the bad input is named
    assert "legal" in out.lower()
    # the bad input, '?' and 'table' each asked again at the same point
    assert script.prompts[0] == script.prompts[1] == script.prompts[2] == script.prompts[3]


def test_play_a_match(capsys):
    code = play_command.main(play_args("--seed", "2", "--bots", BOTS, "--match", "--rule", "target=101"),
                             read=Script())
    out = capsys.readouterr().out
    assert code == 0
    assert "wins the match" in out


def test_play_through_main(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code, out, err = run_cli(capsys, "play", "--seed", "1", "--bots", BOTS)
    assert code == 0 and out.endswith("Left the game.\n")


@pytest.mark.parametrize("argv", [["--seat", "4"], ["--dealer", "-1"], ["--bots", "nobody"]])
def test_play_bad_arguments_exit_2(capsys, argv):
    code, _, err = run_cli(capsys, "play", *argv)
    assert code == 2 and "error" in err and "Traceback" not in err


# ---------------------------------------------------------------------------------------------
# help, the console entry point
# ---------------------------------------------------------------------------------------------

def test_help_exits_0(capsys):
    code, out, _ = run_cli(capsys, "--help")
    assert code == 0
    for command in ("simulate", "bid", "play"):
        assert command in out


@pytest.mark.parametrize("command", ["simulate", "bid", "play", "solve"])
def test_subcommand_help_exits_0(capsys, command):
    if command not in build_parser()._subparsers._group_actions[0].choices:
        pytest.skip(f"baloot {command} is not there yet")
    code, out, _ = run_cli(capsys, command, "--help")
    assert code == 0
    assert f"baloot {command}" in out
    if command != "play":
        assert "--json" in out


def test_simulate_help_lists_the_options(capsys):
    code, out, _ = run_cli(capsys, "simulate", "--help")
    assert code == 0
    for option in ("--hands", "--players", "--seed", "--threads", "--contract", "--rule", "--out", "--json",
                   "--scheduler", "--checkpoint"):
        assert option in out


def test_bid_help_lists_the_options(capsys):
    code, out, _ = run_cli(capsys, "bid", "--help")
    assert code == 0
    for option in ("--up", "--seat", "--dealer", "--samples", "--players", "--scores", "--threads", "--json",
                   "--plot"):
        assert option in out


def test_no_command_prints_help(capsys):
    code, out, err = run_cli(capsys)
    assert code != 0
    assert "simulate" in out + err


def test_console_script_is_declared():
    tomllib = pytest.importorskip("tomllib")
    repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(repository, "pyproject.toml"), "rb") as handle:
        project = tomllib.load(handle)
    assert project["project"]["scripts"]["baloot"] == "baloot.cli:main"


def test_real_console_entry_in_a_subprocess(tmp_path):
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out_file = tmp_path / "rows.npz"
    proc = subprocess.run([sys.executable, "-m", "baloot.cli", "simulate", "--hands", "6000", "--seed", "9",
                           "--threads", "2", "--json", "--out", str(out_file)],
                          capture_output=True, text=True, env=env, cwd=str(tmp_path), timeout=120)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    expected = baloot.simulate(6_000, seed=9, threads=1)
    assert data["summary"] == json.loads(json.dumps(expected.summary().to_dict()))
    with np.load(out_file) as rows:
        assert np.array_equal(rows["points_0"], expected.points[:, 0])
    bad = subprocess.run([sys.executable, "-m", "baloot.cli", "simulate", "--hands", "10", "--contract", "suun"],
                         capture_output=True, text=True, env=env, cwd=str(tmp_path), timeout=60)
    assert bad.returncode == 2 and "suun" in bad.stderr and bad.stdout == ""
    helped = subprocess.run([sys.executable, "-m", "baloot.cli", "--help"], capture_output=True, text=True, env=env,
                            cwd=str(tmp_path), timeout=60)
    assert helped.returncode == 0 and "simulate" in helped.stdout


def test_ctrl_c_stops_within_a_second_and_prints_the_hands_so_far(tmp_path):
    """Ctrl-C stops within a second and prints the summary of the hands finished so far."""
    import signal
    import time

    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "baloot.cli", "simulate", "--hands", "2000000000", "--threads", "1",
                             "--seed", "4", "--json", "--no-progress"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=str(tmp_path))
    try:
        time.sleep(1.5)
        began = time.perf_counter()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
        stopped = time.perf_counter() - began
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert stopped < 1.0 + 0.5, stopped  # a second, plus the interpreter's exit
    assert proc.returncode == 130, err
    data = json.loads(out)
    assert data["interrupted"] is True
    finished = data["hands"]
    assert 0 < finished < 2_000_000_000
    assert data["summary"]["hands"] == finished
    # one thread plays the hands in order: what finished is the first `finished` hands of the run
    expected = baloot.simulate(finished, seed=4, threads=2, keep=False)
    assert data["summary"] == json.loads(json.dumps(expected.summary().to_dict()))


def test_play_empty_or_unknown_input_lists_only_the_legal_actions(capsys):
    play_command.main(play_args("--seed", "1", "--bots", BOTS), read=Script(first=["", "foo", "quit"]))
    out = capsys.readouterr().out
    assert "Type an action." in out and "'foo' is not an action." in out
    assert "double:closed" not in out and "kawesh" not in out
    assert out.count("legal now: pass (Pass (بس)), hokum (Hokum (حكم)), sun (Sun (صن))") == 2


def test_a_match_won_is_announced_before_the_record_is_saved(capsys, tmp_path):
    path = tmp_path / "match.json"
    argv = play_args("--seed", "3", "--bots", BOTS, "--match", "--rule", "target=20", "--save", str(path))
    assert play_command.main(argv, read=first_legal) == 0
    out = capsys.readouterr().out
    assert out.index("wins the match") < out.index("Record saved")


def test_a_hand_over_refuses_an_action_without_an_empty_legal_list():
    game = baloot.Game(seed=1)
    baloot.play_out(game, "random")
    with pytest.raises(baloot.IllegalAction) as error:
        game.apply("pass")
    assert str(error.value) == "'pass' cannot be played: the hand is over"


def test_a_hidden_hand_of_one_card_reads_1_card():
    game = baloot.Game(seed=1)
    player = baloot.roster.BuiltinPlayer("heuristic")
    while game.to_move is not None and not (game.phase == "playing" and len(game.tricks) == 7):
        game.apply(player.act(game, len(game.history)))
    assert game.phase == "playing"
    drawn = game.draw(viewer=game.to_move)
    assert "1 card" in drawn and "1 cards" not in drawn
