"""benchmarks/dds_compare.py runs end to end on a few deals (only where endplay, which brings DDS, is installed)."""

import os
import subprocess
import sys

import pytest

pytest.importorskip("endplay")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_dds_compare_prints_every_ratio():
    out = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", "dds_compare.py"), "--deals", "8",
                          "--rounds", "1"], cwd=ROOT, env={**os.environ, "PYTHONPATH": ROOT},
                         capture_output=True, text=True, check=True).stdout
    for query in ("exact + best card", "exact value", "game points", "make/fail", "tables per solve"):
        assert any(line.startswith(query) and line.rstrip().endswith("x") for line in out.splitlines()), query
    assert "p99/median" in out
