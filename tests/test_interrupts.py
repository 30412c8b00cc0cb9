"""Ctrl-C keeps what is finished (docs/api.md "Command line"): ``baloot bid`` and ``baloot solve --table``
print the samples or deals done with an "interrupted after N of M" line (valid JSON with ``--json``),
``baloot play --save`` saves the record, and ``baloot simulate --checkpoint`` prints the summary of the
finished chunks and says that the same command resumes. Each test runs the command in a subprocess and
sends SIGINT once it has shown that it is at work."""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

import baloot

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(baloot.__file__)))


def interrupt(argv, cwd, *, ready, stdin=None, stream="stderr", timeout=120):
    """Run ``baloot argv...``, send SIGINT once ``ready`` appears on ``stream``; (exit code, stdout, stderr)."""
    process = subprocess.Popen([sys.executable, "-u", "-m", "baloot.cli", *argv], cwd=cwd,
                               env=dict(os.environ, PYTHONPATH=ROOT), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if stdin is not None:
        process.stdin.write(stdin.encode())
        process.stdin.flush()
    watched = process.stderr if stream == "stderr" else process.stdout
    seen = b""
    deadline = time.monotonic() + timeout
    os.set_blocking(watched.fileno(), False)
    while ready.encode() not in seen:
        assert process.poll() is None, f"the command ended before {ready!r}: {seen.decode(errors='replace')}"
        assert time.monotonic() < deadline, f"{ready!r} never appeared: {seen.decode(errors='replace')}"
        chunk = watched.read()
        if chunk:
            seen += chunk
        else:
            time.sleep(0.02)
    process.send_signal(signal.SIGINT)
    os.set_blocking(watched.fileno(), True)
    out, err = process.communicate(timeout=timeout)
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
