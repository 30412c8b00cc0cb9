"""The fitting scripts of training/ run end to end on tiny sizes: each writes what it fits (a weights file
the core reads back, or the tuned parameters), so that a change to the core's players or to the weights
format cannot leave them broken."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from baloot import _core
from baloot.roster import SHIPPED_WEIGHTS

TRAINING = Path(__file__).resolve().parent.parent / "training"


def run(script, *args, cwd):
    done = subprocess.run([sys.executable, str(TRAINING / script), *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.fixture
def weights(tmp_path):
    out = tmp_path / "strong.weights"
    shutil.copy(SHIPPED_WEIGHTS, out)
    return out


def test_train_play_rewrites_the_play_table(tmp_path, weights):
    out = run("train_play.py", "--hands", 4, "--worlds", 2, "--calls", 0, "--threads", 1, "--data", tmp_path / "labels.npz",
              "--out", weights, cwd=tmp_path)
    assert f"wrote {weights}" in out and (tmp_path / "labels.npz").exists()
    notes = [line for line in weights.read_text().splitlines() if line.startswith("#")]
    assert [note.split()[2] for note in notes] == ["training/train_strong.py", "training/train_play.py"]
    assert notes[1].startswith("# python training/train_play.py --hands 4 ")
    _core.StrongWeights(str(weights))  # the core reads what it wrote


def test_train_strong_rewrites_the_bid_tables(tmp_path, weights):
    out = run("train_strong.py", "--rows", 40, "--samples", 1, "--players", "heuristic", "--out", weights,
              cwd=tmp_path)
    assert f"wrote {weights}" in out
    assert "# python training/train_strong.py --rows 40" in weights.read_text()
    _core.StrongWeights(str(weights))


def test_tune_expert_prints_its_parameters(tmp_path):
    out = run("tune_expert.py", "--deals", 8, "--sweeps", 1, cwd=tmp_path)
    assert "sweep 1:" in out and "fresh deals:" in out


def test_generate_writes_rows_against_an_opponent_and_skips_the_chunks_written(tmp_path):
    args = ("--out", tmp_path / "rows", "--hands", 8, "--chunk", 4, "--player", "neural", "--opponent", "heuristic",
            "--labeller", "rollout:worlds=2:neural_playout=1:model_playout=1", "--seed", 3)
    out = run("generate.py", *args, cwd=tmp_path)
    files = sorted((tmp_path / "rows").glob("rows-3-*.npz"))
    assert [f.name for f in files] == ["rows-3-000000000.npz", "rows-3-000000004.npz"] and "8 hands" in out
    first = files[0].read_bytes()
    assert run("generate.py", *args, cwd=tmp_path) == "" and files[0].read_bytes() == first
