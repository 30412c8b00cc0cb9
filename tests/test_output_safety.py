"""Nothing finished is lost: output targets are checked before the work, a write that fails at the end
still prints the summary and says where the rows went, Ctrl-C and SIGTERM during a write leave the summary
and no temporary file; JSON is strict; files get the umask's permissions; edge inputs give a BalootError.

The tests run as root, so an unwritable target is a path no process can create (under /proc) or a folder
where a file is expected, never a chmod.
"""

import glob
import gzip
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import baloot
from baloot import BalootError
from baloot.cli import main
from baloot.commands import bid as bid_command

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(baloot.__file__)))
PNG_BYTES = b"\x89PNG\r\n\x1a\n"
BID = ("bid", "JH 9H 7H 8D 7C", "--up", "8H", "--seat", "1", "--players", "random", "--no-progress")


def run_cli(capsys, *argv):
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = stop.code
    out, err = capsys.readouterr()
    return code, out, err


def strict_loads(text):
    def refuse(constant):
        raise AssertionError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


# ---- output targets, checked before the run -------------------------------------------------------

@pytest.mark.parametrize("target", ["/proc/baloot-rows.csv", "/proc/self/baloot.npz"])
def test_an_unwritable_out_is_refused_before_the_run(capsys, target):
    code, out, err = run_cli(capsys, "simulate", "--hands", "20000", "--out", target, "--no-progress")
    assert code == 2 and out == ""
    assert target in err and "cannot be written" in err and "Traceback" not in err


def test_an_out_that_is_a_folder_is_refused_before_the_run(capsys, tmp_path):
    folder = tmp_path / "rows.csv"
    folder.mkdir()
    code, out, err = run_cli(capsys, "simulate", "--hands", "20000", "--out", str(folder), "--no-progress")
    assert code == 2 and out == "" and "is a folder" in err


def test_an_empty_out_is_refused_not_ignored(capsys):
    code, out, err = run_cli(capsys, "simulate", "--hands", "10", "--out", "", "--no-progress")
    assert code == 2 and out == "" and "--out needs a file name" in err


def test_an_unwritable_checkpoint_is_refused_before_the_run(capsys):
    code, out, err = run_cli(capsys, "simulate", "--hands", "20000", "--checkpoint", "/proc/run.json",
                             "--no-progress")
    assert code == 2 and out == "" and "--checkpoint" in err and "cannot be written" in err


def test_a_write_failing_at_the_end_prints_the_summary_and_rescues_the_rows(capsys, tmp_path, monkeypatch):
    """The target passed the check, then failed: the summary is printed, the rows saved under a named file."""
    from baloot.simulate import SimResult

    real = SimResult.save
    target = str(tmp_path / "rows.csv")

    def fails_for_the_target(self, path):
        if path == target:
            raise BalootError(f"cannot write {path!r}: Read-only file system")
        real(self, path)

    monkeypatch.setattr(SimResult, "save", fails_for_the_target)
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli(capsys, "simulate", "--hands", "500", "--seed", "2", "--out", target, "--no-progress")
    assert code == 2 and "Hands" in out and "Read-only file system" in err
    rescued = glob.glob(str(tmp_path / "baloot-rows-*-rows.npz"))
    assert len(rescued) == 1 and os.path.basename(rescued[0]) in err
    with np.load(rescued[0]) as data:
        assert len(data["hand"]) == 500


def test_files_get_the_umask_permissions(capsys, tmp_path):
    previous = os.umask(0o022)
    try:
        out, checkpoint = tmp_path / "rows.npz", tmp_path / "run.json"
        code, _, _ = run_cli(capsys, "simulate", "--hands", "2000", "--chunk", "1000", "--out", str(out),
                             "--checkpoint", str(checkpoint), "--keep-checkpoint", "--no-progress")
        assert code == 0
        for path in (out, checkpoint, tmp_path / "run.json.rows-0.npz"):
            assert os.stat(path).st_mode & 0o777 == 0o644, path
    finally:
        os.umask(previous)


# ---- --plot ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("target,words", [("bid.txt", "use a"), ("/no/such/folder/bid.png", "does not exist"),
                                          ("/proc/bid.png", "cannot be written")])
def test_a_bad_plot_target_is_refused_before_the_analysis(capsys, target, words):
    pytest.importorskip("matplotlib")
    code, out, err = run_cli(capsys, *BID, "--samples", "200", "--plot", target)
    assert code == 2 and out == "" and words in err and "Traceback" not in err


@pytest.fixture(scope="module")
def hand_record(tmp_path_factory):
    """A finished hand's game record on disk."""
    game = baloot.Game(seed=1)
    baloot.play_out(game, "heuristic", seed=1)
    path = tmp_path_factory.mktemp("record") / "hand.json"
    path.write_text(game.to_json(), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("target,words", [("r.txt", "use a"), ("/no/such/folder/r.png", "does not exist"),
                                          ("", "needs a file name")])
def test_a_bad_review_plot_target_is_refused_before_the_review(capsys, hand_record, target, words):
    pytest.importorskip("matplotlib")
    code, out, err = run_cli(capsys, "review", hand_record, "--samples", "20", "--no-progress", "--plot", target)
    assert code == 2 and out == "" and words in err and "Traceback" not in err


@pytest.mark.parametrize("command", ["bid", "review"])
def test_a_plot_failing_after_the_work_still_prints_it(capsys, tmp_path, monkeypatch, hand_record, command):
    pytest.importorskip("matplotlib")
    from baloot import review_plot

    def fails(result, path):
        raise BalootError(f"cannot write the plot {path!r}: disk full")

    if command == "bid":
        monkeypatch.setattr(bid_command, "plot_bid_analysis", fails)
        argv, shown, what = [*BID, "--samples", "50"], "samples/s", "analysis"
    else:
        monkeypatch.setattr(review_plot, "plot_review", fails)
        argv, shown, what = ["review", hand_record, "--samples", "20", "--no-progress"], "decisions:", "review"
    code, out, err = run_cli(capsys, *argv, "--plot", str(tmp_path / "plot.png"))
    assert code == 2 and shown in out and "disk full" in err and f"the {what} above is complete" in err


def test_a_plot_in_a_missing_folder_is_named_once(tmp_path):
    pytest.importorskip("matplotlib")
    from baloot.plotting import figure_class, save_figure

    target = str(tmp_path / "gone" / "bid.png")
    with pytest.raises(BalootError) as error:
        save_figure(figure_class()(), target)
    assert str(error.value).count(target) == 1 and "does not exist" in str(error.value)


# ---- Ctrl-C and SIGTERM while the rows are written ---------------------------------------------------

def signal_during_write(tmp_path, signum):
    """Run a simulation writing a large CSV, send ``signum`` once the summary is out and the temporary
    file exists; (exit code, stdout, stderr)."""
    env = dict(os.environ, PYTHONPATH=ROOT)
    command = [sys.executable, "-m", "baloot.cli", "simulate", "--hands", "600000", "--threads", "2",
               "--out", "rows.csv", "--no-progress"]
    process = subprocess.Popen(command, cwd=tmp_path, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    lines = []
    while not lines or not lines[-1].startswith("Seat 3 as buyer"):
        line = process.stdout.readline()
        assert line, "the summary never appeared"
        lines.append(line)
    deadline = time.monotonic() + 60
    while not glob.glob(str(tmp_path / ".baloot-*.csv")) and process.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.005)
    process.send_signal(signum)
    rest, err = process.communicate(timeout=60)
    return process.returncode, "".join(lines) + rest, err


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_during_the_write_keeps_the_summary_and_leaves_no_temporary_file(tmp_path, signum):
    code, out, err = signal_during_write(tmp_path, signum)
    assert code == 130, err
    assert "Hands" in out and "600,000" in out
    assert "interrupted while writing 'rows.csv'" in err
    assert os.listdir(tmp_path) == []


# ---- strict JSON --------------------------------------------------------------------------------------

def test_simulate_json_of_three_hands_is_strict(capsys):
    code, out, _ = run_cli(capsys, "simulate", "--hands", "3", "--json", "--no-progress")
    data = strict_loads(out)
    assert code == 0 and data["summary"]["hands"] == 3
    assert data["summary"]["points"][0]["ci95"] is None or data["summary"]["points"][0]["ci95"] >= 0


def test_bid_json_of_one_sample_is_strict(capsys):
    code, out, _ = run_cli(capsys, *BID, "--samples", "1", "--json")
    assert code == 0 and strict_loads(out)["samples"] == 1


def test_solve_table_json_is_strict(capsys):
    code, out, _ = run_cli(capsys, "solve", "--table", "--hand", "AS 10S KS QS JS 9S 8S 7S", "--deals", "1",
                           "--json")
    assert code == 0 and strict_loads(out)["deals"] == 1


# ---- tracebacks that are now errors ------------------------------------------------------------------

def test_solve_table_with_no_deals_is_a_clear_error(capsys):
    code, _, err = run_cli(capsys, "solve", "--table", "--hand", "AS 10S KS QS JS 9S 8S 7S", "--deals", "0")
    assert code == 2 and "--deals 0" in err and "Traceback" not in err


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000,
                                  '{"format": "baloot-game", "rules": ' + "[" * 100_000 + "]" * 100_000 + "}"])
def test_a_deeply_nested_record_is_a_baloot_error(text):
    with pytest.raises(BalootError, match="nested too deeply"):
        baloot.Game.from_json(text)


def test_a_deeply_nested_record_to_review_is_a_baloot_error(capsys, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 50_000, encoding="utf-8")
    with pytest.raises(BalootError, match="nested too deeply"):
        baloot.review("[" * 50_000)
    code, out, err = run_cli(capsys, "review", str(path))
    assert code == 2 and "nested too deeply" in err and "Traceback" not in err


@pytest.mark.parametrize("content,words", [(gzip.compress(b'{"format": "baloot-game"}'), "gzip"),
                                           ('{"format": "baloot-game"}'.encode("utf-16"), "UTF-16"),
                                           (PNG_BYTES + bytes(range(256)), "PNG"),
                                           (bytes(range(128, 256)), "binary")])
@pytest.mark.parametrize("command", [("review",), ("solve", "--record")])
def test_a_record_that_is_not_utf8_text_is_a_baloot_error(capsys, tmp_path, content, words, command):
    path = tmp_path / "hand.json"
    path.write_bytes(content)
    code, out, err = run_cli(capsys, *command, str(path))
    assert code == 2 and out == "" and words in err and str(path) in err and "Traceback" not in err


def test_bytes_that_are_not_utf8_to_from_json_are_a_baloot_error():
    with pytest.raises(BalootError, match="not JSON text"):
        baloot.Game.from_json(b"\xff\x00\xfe")


# ---- help and import ---------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["simulate", "bid", "review"])
def test_help_shows_95_percent(capsys, command):
    _, out, _ = run_cli(capsys, command, "--help")
    text = " ".join(out.split())
    assert "95% confidence" in text and "%%" not in text


def test_importing_a_source_tree_without_the_core_says_how_to_build_it(tmp_path):
    shutil.copytree(os.path.join(ROOT, "baloot"), tmp_path / "baloot",
                    ignore=shutil.ignore_patterns("_core*.so", "_core*.pyd", "__pycache__"))
    result = subprocess.run([sys.executable, "-c", "import baloot"], cwd=tmp_path, capture_output=True, text=True,
                            env=dict(os.environ, PYTHONPATH=""))
    assert result.returncode == 1
    assert "python setup.py build_ext --inplace" in result.stderr and "pip install pybind11" in result.stderr
    assert "circular import" not in result.stderr


def test_summary_and_bid_analysis_dicts_hold_no_nan_for_one_hand_or_sample():
    summary = baloot.simulate(1, seed=1).summary().to_dict()
    analysis = baloot.analyze_bid("JH 9H 7H 8D 7C", "8H", 1, 0, samples=1, players="random").to_dict()
    for data in (summary, analysis):
        text = json.dumps(data, allow_nan=False)  # raises on NaN
        assert "null" in text
    assert summary["points"][0]["ci95"] is None and analysis["calls"][0]["margin"]["ci95"] is None


# ---- messages that say what to do --------------------------------------------------------------------

def test_solve_record_of_a_finished_hand_says_which_record_it_needs(capsys, hand_record):
    code, out, err = run_cli(capsys, "solve", "--record", hand_record)
    assert code == 2 and out == "" and "is over" in err and "quit at a card prompt" in err
    assert "solve --table --record" in err


def test_rows_too_big_for_memory_name_the_command_line_way_out(monkeypatch):
    simulate_module = sys.modules["baloot.simulate"]  # baloot.simulate is the function

    def no_memory(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(simulate_module.np, "zeros", no_memory)
    with pytest.raises(BalootError) as error:
        simulate_module._row_arrays(10**9)
    assert "no --out on the command line" in str(error.value) and "keep=False" in str(error.value)


def test_solve_table_has_no_progress(capsys):
    code, out, err = run_cli(capsys, "solve", "--table", "--hand", "AS 10S KS QS JS 9S 8S 7S", "--deals", "2",
                             "--no-progress")
    assert code == 0 and "2 random deals" in out and err == ""


@pytest.mark.parametrize("spec,shown", [("pimc:samples=-5", "got -5"), ("pimc:samples=0.5", "got 0.5"),
                                        ("strong:endgame_tricks=2000", "got 2000"), ("rollout:race=101", "got 101")])
def test_a_player_option_out_of_range_is_shown_as_typed(spec, shown):
    with pytest.raises(BalootError) as error:
        baloot.roster.BuiltinPlayer(spec)
    assert str(error.value).endswith(shown) and ".000000" not in str(error.value)
