"""The core's two builds on x86-64 (a baseline and x86-64-v3, chosen on import by the CPU): the choice made
where the CPU allows it, BALOOT_CPU=baseline forcing the baseline, and both builds giving identical
results on seeded inputs (random, heuristic and search players, legal moves, the solver), the same as
recorded on x86-64, so that a build for another CPU (aarch64) is checked against them too."""

import functools
import os
import platform
import re
import subprocess
import sys
import tempfile

import pytest

import baloot

DISPATCHED = re.fullmatch(r"(x86-64-v2) \(dispatch: (x86-64-v[23])\)", baloot._core.build_target)
needs_dispatch = pytest.mark.skipif(DISPATCHED is None, reason=f"a build without dispatch: {baloot._core.build_target}")

# What each build computes, one digest a line, so that a difference names the work that differs.
DIGESTS = r"""
import hashlib, random
import numpy as np
import baloot

def digest(*values):
    h = hashlib.sha256()
    for v in values:
        h.update(np.ascontiguousarray(v).tobytes() if isinstance(v, np.ndarray) else repr(v).encode())
    return h.hexdigest()[:16]

def rows(run):
    return digest(*(run.table()[name] for name in sorted(run.table())))

print("target", baloot._core.build_target)
print("random", rows(baloot.simulate(20_000, players="random", seed=11, threads=2)))
print("random hokum", rows(baloot.simulate(20_000, players="random", seed=12, threads=2, contract="hokum:H")))
print("heuristic", rows(baloot.simulate(4_000, players="heuristic", seed=13, threads=2)))
print("expert", rows(baloot.simulate(2_000, players="expert", seed=14, threads=2)))
print("pimc", rows(baloot.simulate(8, players=["pimc:samples=4", "heuristic"] * 2, seed=15, threads=2)))
print("neural", rows(baloot.simulate(2_000, players="neural", seed=19, threads=2)))
print("rollout neural", rows(baloot.simulate(8, players=["rollout:worlds=4:call_worlds=0:neural_playout=1", "heuristic"] * 2,
                                             seed=20, threads=2)))
rng, moves = random.Random(16), []
for _ in range(3_000):
    deck = list(baloot.DECK)
    rng.shuffle(deck)
    mode, trump = rng.choice([("sun", None), ("hokum", "S"), ("hokum", "D")])
    moves.append(baloot.legal_moves(deck[:8], deck[8:8 + rng.randrange(4)], mode, trump))
print("legal moves", digest(moves))
print("dd tables", digest(baloot.dd_tables(baloot.random_deals(12, seed=17), [i % 4 for i in range(12)], threads=2)))
bid = baloot.analyze_bid("JH 9H AH 7S 8C", "8H", 1, 0, samples=300, seed=18, threads=2)
print("bid analysis", digest(*(row.margins for row in bid.rows)))
"""


def run_core(code: str, cpu: str) -> subprocess.CompletedProcess:
    """Python running code with BALOOT_CPU=cpu, importing the baloot under test."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(baloot.__file__)))
    env = dict(os.environ, BALOOT_CPU=cpu, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300,
                          cwd=tempfile.gettempdir())


def cpu_has_fast_path() -> bool:
    """x86-64-v3 with a fast pdep, from Linux's /proc/cpuinfo: the CPU's flags, and AMD's family 17h
    (Zen 1 and 2, whose pdep is microcoded) left out."""
    with open("/proc/cpuinfo") as info:
        fields = dict(line.split(":", 1) for line in info.read().split("\n\n")[0].splitlines() if ":" in line)
    fields = {key.strip(): value.strip() for key, value in fields.items()}
    v3 = {"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "abm", "movbe", "xsave"} <= set(fields["flags"].split())
    zen_1_or_2 = fields.get("vendor_id") == "AuthenticAMD" and fields.get("cpu family") == "23"
    return v3 and not zen_1_or_2


def test_core_names_its_baseline_and_the_build_running():
    assert DISPATCHED or baloot._core.build_target in ("x86-64-v2", "native", "default")
    on_x86 = platform.machine().lower() in ("x86_64", "amd64")
    assert on_x86 or baloot._core.build_target in ("native", "default")


@needs_dispatch
@pytest.mark.skipif(not os.path.exists("/proc/cpuinfo"), reason="reads the CPU's flags from Linux's /proc/cpuinfo")
def test_the_fast_build_runs_where_the_cpu_has_it_and_only_there():
    running = run_core("import baloot; print(baloot._core.build_target)", "auto")
    assert running.returncode == 0, running.stderr
    expected = "x86-64-v3" if cpu_has_fast_path() else "x86-64-v2"
    assert running.stdout.strip() == f"x86-64-v2 (dispatch: {expected})"


@needs_dispatch
def test_baloot_cpu_baseline_forces_the_baseline_and_other_values_are_refused():
    forced = run_core("import baloot; print(baloot._core.build_target)", "baseline")
    assert forced.returncode == 0, forced.stderr
    assert forced.stdout.strip() == "x86-64-v2 (dispatch: x86-64-v2)"
    refused = run_core("import baloot", "fastest")
    assert refused.returncode != 0
    assert "ValueError: BALOOT_CPU=fastest is not 'baseline' or 'auto'" in refused.stderr


# DIGESTS as the x86-64 builds print them: every platform's build must print the same (a change to a
# player's decisions changes them on purpose; print DIGESTS to record the new ones).
RECORDED = """\
random cf44a92b67d682e3
random hokum efaa439da7f9b3b1
heuristic e60381806b9cbdcb
expert 1113d54066201608
pimc 4758c260d926be1a
neural 5f93b96d36a7e0ee
rollout neural 706cbc6143da28a9
legal moves a81eb812981dffc1
dd tables c57e235ed28623ff
bid analysis 15b54f349003cb9d""".splitlines()


@functools.lru_cache(maxsize=None)
def digests(cpu: str) -> tuple:
    """DIGESTS' lines as the build chosen by BALOOT_CPU=cpu prints them."""
    run = run_core(DIGESTS, cpu)
    assert run.returncode == 0, run.stderr
    return tuple(run.stdout.splitlines())


@needs_dispatch
def test_both_builds_give_identical_results():
    baseline, chosen = digests("baseline"), digests("auto")
    assert baseline[0] == "target x86-64-v2 (dispatch: x86-64-v2)"
    assert len(baseline) == len(chosen) == len(RECORDED) + 1  # the target line, then one a digest
    assert baseline[1:] == chosen[1:]


def test_the_build_gives_the_results_recorded_on_x86_64():
    assert list(digests("auto")[1:]) == RECORDED
