"""Ctrl-C keeps what is finished (docs/api.md "Command line"): ``baloot bid`` and ``baloot solve --table``
print the samples or deals done with an "interrupted after N of M" line (valid JSON with ``--json``),
``baloot play --save`` saves the record, and ``baloot simulate --checkpoint`` (hands or ``--matches``) prints
the summary of the finished chunks and says that the same command resumes. Each test runs the command in a
subprocess and sends SIGINT once it has shown that it is at work. In Python, ``simulate_matches`` and
``analyze_bid`` raise ``baloot.Interrupted`` carrying what was finished."""

import dataclasses
import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

import baloot

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(baloot.__file__)))


def interrupt(argv, cwd, *, ready, stdin=None, stream="stderr", timeout=120):
    """Run ``baloot argv...``, send SIGINT once ``ready`` (a text, or a test of the text so far) is seen on
    ``stream``; (exit code, stdout, stderr)."""
    process = subprocess.Popen([sys.executable, "-u", "-m", "baloot.cli", *argv], cwd=cwd,
                               env=dict(os.environ, PYTHONPATH=ROOT), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        if stdin is not None:
            process.stdin.write(stdin.encode())
            process.stdin.flush()
        watched = process.stderr if stream == "stderr" else process.stdout
        seen = b""
        deadline = time.monotonic() + timeout
        os.set_blocking(watched.fileno(), False)
        while not (ready(seen.decode(errors="replace")) if callable(ready) else ready.encode() in seen):
            assert process.poll() is None, f"the command ended before it was ready: {seen.decode(errors='replace')}"
            assert time.monotonic() < deadline, f"never ready: {seen.decode(errors='replace')}"
            chunk = watched.read()
            if chunk:
                seen += chunk
            else:
                time.sleep(0.02)
        process.send_signal(signal.SIGINT)
        os.set_blocking(watched.fileno(), True)
        out, err = process.communicate(timeout=timeout)
    finally:  # a failed or timed-out wait must not leave the run going
        if process.poll() is None:
            process.kill()
            process.wait()
    if stream == "stderr":
        err = seen + err
    else:
        out = seen + out
    return process.returncode, out.decode(), err.decode()


def test_ctrl_c_at_a_play_prompt_saves_the_record_on_a_new_line(tmp_path):
    code, out, err = interrupt(["play", "--seed", "3", "--save", "hand.json"], tmp_path, ready="Seat 3: ",
                               stdin="pass\n", stream="stdout")
    assert code == 130, err
    assert "\nLeft the game.\nRecord saved to hand.json" in out
    game = baloot.Game.from_json((tmp_path / "hand.json").read_text(encoding="utf-8"))
    assert game.history[0] == "pass" and game.result is None


def shown_at_least(count):
    """A test of a progress bar's text: has it counted ``count`` or more (tqdm writes 40.0k, 2.00M)?"""
    scale = {"": 1, "k": 1e3, "M": 1e6, "G": 1e9}

    def ready(text):
        counts = re.findall(r"\| *([\d.]+)([kMG]?)/", text)
        return bool(counts) and float(counts[-1][0]) * scale[counts[-1][1]] >= count

    return ready


# (command, what it counts, how many it was asked for, the items in one block)
BLOCKED_RUNS = {
    "bid": (["bid", "JH 9H 7H 8D 7C", "--up", "8H", "--seat", "1", "--samples", "2000000", "--threads", "2",
             "--players", "random"], "samples", 2_000_000, 2_000_000 // 64),
    "solve --table": (["solve", "--table", "--hand", "AS 10S KS QS JS 9S 8S 7S", "--deals", "8192", "--threads", "2"],
                      "deals", 8192, 128),
}


@pytest.mark.parametrize("as_json", [False, True])
@pytest.mark.parametrize("name", BLOCKED_RUNS)
def test_ctrl_c_prints_the_blocks_finished(tmp_path, name, as_json):
    argv, unit, total, block = BLOCKED_RUNS[name]
    code, out, err = interrupt(argv + ["--json"] * as_json, tmp_path, ready=shown_at_least(block + block // 10))
    assert code == 130, err
    if as_json:
        data = json.loads(out)
        assert data["interrupted"] is True and data["requested"] == total
        done = data[unit]
    else:
        line = next(line for line in out.splitlines() if line.startswith("interrupted after "))
        assert line.split()[3:6] == ["of", f"{total:,}", f"{unit}:"]
        done = int(line.split()[2].replace(",", ""))
        assert f"{done:,} {unit}" in out or f"{done:,} random {unit}" in out
    assert 0 < done < total and done % block == 0


def test_an_interrupted_analysis_equals_a_run_of_the_samples_finished():
    def stop_after_a_block(done):
        if done >= 5000:
            raise KeyboardInterrupt

    with pytest.raises(baloot.Interrupted) as stop:
        baloot.analyze_bid("JH 9H 7H 8D 7C", "8H", 1, 0, samples=50_000, players="random", threads=2,
                           progress=stop_after_a_block)
    partial = stop.value.result
    assert partial.interrupted and partial.requested == 50_000 and 0 < partial.samples < 50_000
    whole = baloot.analyze_bid("JH 9H 7H 8D 7C", "8H", 1, 0, samples=partial.samples, players="random", threads=1)
    assert not whole.interrupted
    for a, b in zip(partial.rows, whole.rows):
        assert a.action == b.action and (a.margins == b.margins).all()
    assert "interrupted after" in partial.table()


def test_an_interrupted_sample_table_equals_a_run_of_the_deals_solved():
    from baloot.tables import sample_table

    def stop_after_a_block(done):
        if done >= 130:
            raise KeyboardInterrupt

    with pytest.raises(baloot.Interrupted) as stop:
        sample_table("AS 10S KS QS JS 9S 8S 7S", deals=5000, seed=2, progress=stop_after_a_block)
    partial = stop.value.result
    assert partial.interrupted and partial.requested == 5000 and partial.deals % 128 == 0 and partial.deals > 0
    # The deals solved are the run's first ones: those of a run of that many deals.
    whole = sample_table("AS 10S KS QS JS 9S 8S 7S", deals=partial.deals, seed=2)
    assert dataclasses.replace(partial, requested=partial.deals) == whole


def test_ctrl_c_before_any_bid_sample_is_finished_still_prints_json(capsys, monkeypatch):
    from baloot.cli import main
    from baloot.commands import bid

    def stopped(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(bid, "analyze_bid", stopped)
    assert main(BLOCKED_RUNS["bid"][0] + ["--json", "--no-progress"]) == 130
    assert json.loads(capsys.readouterr().out) == {"interrupted": True, "samples": 0, "requested": 2_000_000}


def test_ctrl_c_during_matches_raises_interrupted_with_the_matches_finished():
    import threading

    numpy = pytest.importorskip("numpy")
    threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT)).start()
    try:
        baloot.simulate_matches(2_000_000, players="random", seed=5, threads=1)
        stop = None
    except KeyboardInterrupt as caught:
        stop = caught
    assert isinstance(stop, baloot.Interrupted), repr(stop)
    partial = stop.result
    assert partial.interrupted and 0 < partial.matches < 2_000_000 and len(partial.winner) == partial.matches
    numbers = partial.table()["match"]
    whole = baloot.simulate_matches(int(numbers.max()) + 1, players="random", seed=5, threads=2)
    for name in ("winner", "scores", "hands", "end"):
        assert numpy.array_equal(getattr(partial, name), getattr(whole, name)[numbers])


def test_an_interrupted_checkpointed_match_run_is_its_chunks_finished(tmp_path):
    def stop_after_two_chunks(done):
        if done >= 20:
            raise KeyboardInterrupt

    with pytest.raises(baloot.Interrupted) as stop:
        baloot.simulate_matches(50, players="random", seed=8, checkpoint=str(tmp_path / "run.json"), chunk=10,
                                progress=stop_after_two_chunks)
    partial = stop.value.result
    assert partial.interrupted and partial.matches == 20
    assert partial.summary() == baloot.simulate_matches(20, players="random", seed=8).summary()
    again = baloot.simulate_matches(50, players="random", seed=8, checkpoint=str(tmp_path / "run.json"), chunk=10)
    assert again.resumed == 20 and again.summary() == baloot.simulate_matches(50, players="random", seed=8).summary()


@pytest.mark.parametrize("out", [False, True])
def test_ctrl_c_during_a_checkpointed_match_run_prints_the_summary_and_how_to_resume(tmp_path, out):
    argv = ["simulate", "--matches", "100000000", "--chunk", "2000", "--checkpoint", "run.json", "--threads", "2",
            "--players", "random"] + ["--out", "rows.csv"] * out
    code, printed, err = interrupt(argv, tmp_path, ready=shown_at_least(4000))
    assert code == 130, err
    head = printed.splitlines()[0]
    done = int(head.split()[2].replace(",", ""))
    assert done >= 4000 and done % 2000 == 0 and "(interrupted: matches finished so far)" in head
    assert "team 0 wins" in printed
    assert f"interrupted after {done:,} of 100,000,000 matches" in err
    assert "run the same command again to resume from the checkpoint run.json" in err
    assert (tmp_path / "run.json").exists() and not (tmp_path / "rows.csv").exists()
    if out:
        assert "rows.csv is not written yet" in printed
