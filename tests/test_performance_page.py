"""docs/performance.md and the script that writes it (benchmarks/performance.py): every benchmark still runs
(at tiny sizes), and the page has one section per benchmark, naming its command."""

import importlib.util
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "benchmarks", "performance.py")


def performance_script():
    spec = importlib.util.spec_from_file_location("performance_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_page_has_a_section_per_benchmark_naming_its_command():
    with open(os.path.join(ROOT, "docs", "performance.md"), encoding="utf-8") as f:
        page = f.read()
    script = performance_script()
    assert "python benchmarks/performance.py" in page
    for benchmark in script.BENCHMARKS:
        assert f"\n## {benchmark.title}\n" in page, benchmark.title
        assert benchmark.command(smoke=False) in page, benchmark.title


@pytest.mark.slow
def test_every_benchmark_runs_at_tiny_sizes(tmp_path):
    out = tmp_path / "performance.md"
    subprocess.run([sys.executable, SCRIPT, "--smoke", "--out", str(out)], cwd=ROOT, check=True,
                   capture_output=True, text=True)
    page = out.read_text(encoding="utf-8")
    assert page.startswith("# Performance\n")
    assert "logical CPUs" in page and "core `" in page  # the machine and the build
    for benchmark in performance_script().BENCHMARKS:
        assert f"## {benchmark.title}\n" in page
        assert f"$ {benchmark.command(smoke=True)}\n" in page
    assert "Traceback" not in page


def test_a_smoke_run_never_overwrites_the_page():
    done = subprocess.run([sys.executable, SCRIPT, "--smoke"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2
    assert "--out" in done.stderr
