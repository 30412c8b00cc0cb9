"""Checkpoints are checked on resume: every chunk carries a SHA-256 of its counts and of its rows file, and a
damaged, tampered or inconsistent checkpoint is refused with a BalootError naming the chunk, never applied.
The rows files beside a checkpoint go once the run's --out file is written; a resumed run says so."""

import glob
import json
import os

import pytest

import baloot
from baloot import BalootError
from baloot.cli import main

HANDS, CHUNK = 3_000, 1_000


def checkpointed(tmp_path, keep=True):
    """A complete checkpoint of a 3-chunk run (with rows files when ``keep``) and the run's result."""
    path = str(tmp_path / "run.json")
    result = baloot.simulate(HANDS, seed=5, threads=1, keep=keep, checkpoint=path, chunk=CHUNK)
    return path, result


def rewrite(path, change):
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    data = change(data)
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle)


def resume(path, keep=True):
    return baloot.simulate(HANDS, seed=5, threads=1, keep=keep, checkpoint=path, chunk=CHUNK)


def refused(path, keep=True):
    with pytest.raises(BalootError) as info:
        resume(path, keep)
    return str(info.value)


def test_an_untouched_checkpoint_resumes_to_the_same_result(tmp_path):
    path, first = checkpointed(tmp_path)
    again = resume(path)
    assert again.counts == first.counts and again.resumed == HANDS
    assert (again.points == first.points).all()


def add_points(data):
    data["chunks"]["1000"]["payload"]["points"][0] += 5
    return data


def claim_five_hands(data):
    """A chunk recording 5 hands in a 1,000-hand slot: refused, not summed into a wrong total."""
    data["chunks"]["2000"]["hands"] = 5
    return data


@pytest.mark.parametrize("change,words", [(add_points, ("chunk 1000", "checksum")),
                                          (claim_five_hands, ("chunk 2000", "5 hands"))])
def test_tampered_chunks_are_refused(tmp_path, change, words):
    path, _ = checkpointed(tmp_path, keep=False)
    rewrite(path, change)
    message = refused(path, keep=False)
    assert all(word in message for word in words), message


def test_counts_that_disagree_with_their_chunk_are_refused_even_with_a_recomputed_checksum(tmp_path):
    from baloot.distributed import _digest

    path, _ = checkpointed(tmp_path, keep=False)

    def change(data):
        entry = data["chunks"]["0"]
        entry["payload"]["hands"] = 5
        entry["sha256"] = _digest(entry["payload"])
        return data

    rewrite(path, change)
    message = refused(path, keep=False)
    assert "chunk 0" in message and "5" in message


@pytest.mark.parametrize("change,words", [
    (lambda data: [], "not a baloot checkpoint"),
    (lambda data: {**data, "chunks": []}, "'chunks'"),
    (lambda data: {**data, "chunks": {**data["chunks"], "1000": [1, 2]}}, "chunk 1000"),
    (lambda data: {**data, "chunks": {**data["chunks"], "1500": data["chunks"]["1000"]}}, "chunk 1500"),
    (lambda data: {**data, "chunks": {k: {f: v for f, v in e.items() if f != "sha256"}
                                      for k, e in data["chunks"].items()}}, "'sha256'"),
    (lambda data: {k: v for k, v in data.items() if k != "version"}, "format"),
])
def test_malformed_checkpoints_are_refused(tmp_path, change, words):
    path, _ = checkpointed(tmp_path, keep=False)
    rewrite(path, change)
    assert words in refused(path, keep=False)


def test_a_missing_count_is_refused(tmp_path):
    from baloot.distributed import _digest

    path, _ = checkpointed(tmp_path, keep=False)

    def change(data):
        entry = data["chunks"]["1000"]
        del entry["payload"]["baloot"]
        entry["sha256"] = _digest(entry["payload"])
        return data

    rewrite(path, change)
    message = refused(path, keep=False)
    assert "chunk 1000" in message and "baloot" in message


def test_a_missing_rows_file_is_refused(tmp_path):
    path, _ = checkpointed(tmp_path)
    os.unlink(f"{path}.rows-1000.npz")
    message = refused(path)
    assert "chunk 1000" in message and "rows-1000.npz" in message and "cannot be read" in message


def test_a_garbled_rows_file_is_refused(tmp_path):
    path, _ = checkpointed(tmp_path)
    with open(f"{path}.rows-2000.npz", "r+b") as handle:
        handle.seek(100)
        handle.write(b"garbage")
    message = refused(path)
    assert "chunk 2000" in message and "checksum" in message


def test_a_different_run_names_the_setting_that_differs(tmp_path):
    path, _ = checkpointed(tmp_path, keep=False)
    with pytest.raises(BalootError) as info:
        baloot.simulate(HANDS, seed=6, threads=1, keep=False, checkpoint=path, chunk=CHUNK,
                        rules=baloot.Rules(target=101))
    message = str(info.value)
    assert "seed 6 here, 5 in the checkpoint" in message
    assert "rules.target 101 here, 152 in the checkpoint" in message
    assert "kaboot" not in message  # the settings that agree are not dumped


def run_cli(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rows_files_are_removed_once_out_is_written(capsys, tmp_path):
    path, out = str(tmp_path / "run.json"), str(tmp_path / "rows.npz")
    args = ("simulate", "--hands", str(HANDS), "--chunk", str(CHUNK), "--no-progress", "--out", out,
            "--checkpoint", path)
    code, stdout, _ = run_cli(capsys, *args)
    assert code == 0 and os.path.exists(out)
    assert "3 rows files were removed" in stdout
    assert sorted(os.listdir(tmp_path)) == ["rows.npz"]
    code, stdout, _ = run_cli(capsys, *args, "--keep-checkpoint")
    assert code == 0
    assert len(glob.glob(path + ".rows-*.npz")) == 3 and os.path.exists(path)


def test_a_resumed_run_says_so_and_rates_only_the_hands_it_played(capsys, tmp_path):
    path = str(tmp_path / "run.json")
    args = ("simulate", "--hands", str(HANDS), "--chunk", str(CHUNK), "--no-progress", "--checkpoint", path)
    run_cli(capsys, *args)
    code, out, _ = run_cli(capsys, *args)
    assert code == 0
    assert f"resumed from {path}: 3,000 hands read from it, 0 played now" in out
    assert " 0 hands/s" in out
    code, out, _ = run_cli(capsys, *args, "--json")
    data = json.loads(out)
    assert data["resumed"] == HANDS and data["hands_per_second"] == 0


# ---- edits that recompute the SHA-256: the sums are checked against each other and against the rows ----

def edit_and_reseal(path, first, change):
    """Change chunk ``first``'s sums and recompute its SHA-256, as a careful editor would."""
    from baloot.distributed import _digest

    def edit(data):
        entry = data["chunks"][str(first)]
        change(entry["payload"])
        entry["sha256"] = _digest(entry["payload"])
        return data

    rewrite(path, edit)


def test_resealed_points_that_differ_from_the_rows_are_refused(tmp_path):
    path, _ = checkpointed(tmp_path)

    def more_points(payload):
        payload["points"][0] += 100_000
        payload["points_sq"][0] += 10**12  # kept consistent with the points, so only the rows can tell

    edit_and_reseal(path, 1000, more_points)
    message = refused(path)
    assert "chunk 1000" in message and "points" in message and "rows give" in message


@pytest.mark.parametrize("keep", [True, False])
def test_resealed_made_above_the_hands_is_refused(tmp_path, keep):
    path, _ = checkpointed(tmp_path, keep=keep)

    def made_too_many(payload):
        payload["made"] = CHUNK + 500

    edit_and_reseal(path, 2000, made_too_many)
    message = refused(path, keep=keep)
    assert "chunk 2000" in message and "made" in message


@pytest.mark.parametrize("change,words", [
    (lambda p: p.__setitem__("buys", [0, 0, 0, 0]), "buys add up to 0"),
    (lambda p: p.__setitem__("points_sq", [0, 0]), "cannot have the squares"),
    (lambda p: p.__setitem__("thrown_in", -1), "negative"),
    (lambda p: p.__setitem__("points", ["a", "b"]), "not integers"),
])
def test_resealed_sums_that_contradict_each_other_are_refused_without_rows(tmp_path, change, words):
    path, _ = checkpointed(tmp_path, keep=False)
    edit_and_reseal(path, 0, change)
    message = refused(path, keep=False)
    assert "chunk 0" in message and words in message


def interrupt_checkpointed_run(tmp_path, extra=()):
    import signal
    import subprocess
    import sys
    import time

    root = os.path.dirname(os.path.dirname(os.path.abspath(baloot.__file__)))
    command = [sys.executable, "-u", "-m", "baloot.cli", "simulate", "--hands", "400000000", "--chunk", "100000",
               "--checkpoint", "run.json", "--threads", "2", "--no-progress", *extra]
    process = subprocess.Popen(command, cwd=tmp_path, env=dict(os.environ, PYTHONPATH=root),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    try:
        while len(json.loads((tmp_path / "run.json").read_text())["chunks"]) < 2 if (tmp_path / "run.json").exists() \
                else True:
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=120)
    finally:  # a failed or timed-out wait must not leave the 400M-hand run going
        if process.poll() is None:
            process.kill()
            process.wait()
    return process.returncode, out, err


@pytest.mark.parametrize("out", [False, True])
def test_ctrl_c_during_a_checkpointed_run_prints_the_summary_and_how_to_resume(tmp_path, out):
    code, printed, err = interrupt_checkpointed_run(tmp_path, ["--out", "rows.npz"] * out)
    assert code == 130, err
    done = int(printed.split()[2].replace(",", ""))
    assert done >= 200_000 and done % 100_000 == 0 and "(interrupted: hands finished so far)" in printed
    assert "Seat 3 as buyer" in printed
    assert f"interrupted after {done:,} of 400,000,000 hands" in err
    assert "run the same command again to resume from the checkpoint run.json" in err
    assert not (tmp_path / "rows.npz").exists()
    if out:
        assert "rows.npz is not written yet" in printed
