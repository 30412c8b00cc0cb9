"""Writes docs/performance.md: runs every benchmark of the page and records the machine it ran on.

    python benchmarks/performance.py                           # full sizes, rewrites docs/performance.md
    python benchmarks/performance.py --smoke --out /tmp/p.md   # tiny sizes: does every benchmark still run?

To regenerate the page, run the first command on an otherwise idle machine (about 15 minutes on 2 cores;
with ``pip install endplay`` for the comparison with DDS, and the Cython example built first for the native
player: ``cd examples/native_player && python setup.py build_ext --inplace``). Each section of the page is
one command of BENCHMARKS, run in a process of its own, its output copied verbatim under the command, so
every figure names the command that reproduces it. A benchmark whose optional requirement is missing is
recorded as skipped, with the reason. ``--smoke`` runs the same commands with tiny sizes (the test suite
does, so a benchmark that stops working fails there); its figures mean nothing.
"""

from __future__ import annotations

import argparse
import datetime
import glob
import importlib.util
import os
import platform
import subprocess
import sys
from dataclasses import dataclass, field

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PAGE = os.path.join(ROOT, "docs", "performance.md")


@dataclass(frozen=True)
class Benchmark:
    """One section of the page: a benchmark script, its arguments at full size and for a smoke run."""

    title: str
    what: str
    script: str
    args: tuple = ()
    smoke_args: tuple = ()
    env: dict = field(default_factory=dict)
    needs_module: str | None = None  # an optional package the script imports
    needs_built: str | None = None  # a glob, from the repository root, of what must be built first

    def command(self, *, smoke: bool) -> str:
        """The command line as a reader types it."""
        prefix = "".join(f"{key}={value} " for key, value in self.env.items())
        args = self.smoke_args if smoke else self.args
        return " ".join([f"{prefix}python benchmarks/{self.script}", *args])

    def missing(self) -> str | None:
        """Why the benchmark cannot run here, or None."""
        if self.needs_module and importlib.util.find_spec(self.needs_module) is None:
            return f"{self.needs_module} is not installed (pip install {self.needs_module})"
        if self.needs_built and not glob.glob(os.path.join(ROOT, self.needs_built)):
            return f"{self.needs_built} is not built (see the benchmark's docstring)"
        return None


BENCHMARKS = (
    Benchmark("Throughput", "Hands, decisions, bid-analysis samples and solves per second through the public API, "
              "on 1 and 2 threads, and what keeping the per-hand rows costs.",
              "throughput.py", smoke_args=("--hands", "2000", "--repeats", "1", "--solver-deals", "5")),
    Benchmark("The baseline build", "The same on the x86-64-v2 build, which every x86-64 CPU runs; compare with "
              "the section above.",
              "throughput.py", ("--repeats", "3"), ("--hands", "2000", "--repeats", "1", "--solver-deals", "5"),
              env={"BALOOT_CPU": "baseline"}),
    Benchmark("Against bridge's DDS", "The double-dummy solver against DDS 2.9 (through endplay) on 32-card bridge "
              "deals, one thread each side, timed in turn.",
              "dds_compare.py", smoke_args=("--deals", "4", "--rounds", "1"), needs_module="endplay"),
    Benchmark("Learning environments", "Steps per second of the one-hand environments of baloot.rl, one thread.",
              "rl_envs.py", smoke_args=("--repeats", "1", "--hands", "5")),
    Benchmark("PettingZoo against OpenSpiel", "Microseconds per decision stepping a hand from Python: "
              "baloot.rl.env() against OpenSpiel's C++ hearts.",
              "env_stepping.py", ("--hands", "500", "--repeats", "3"), ("--hands", "5", "--repeats", "1"),
              needs_module="pyspiel"),
    Benchmark("Native players", "A player compiled from Cython against the built-in random player in simulate.",
              "native_player.py", smoke_args=("--hands", "2000", "--repeats", "1"),
              needs_built="examples/native_player/highest_card*.so"),
    Benchmark("Dask", "A two-worker LocalCluster against local threads, and the cost of one chunk.",
              "dask_scaling.py", ("--hands", "2000000"), ("--hands", "20000", "--repeats", "1"),
              needs_module="distributed"),
)


def machine() -> str:
    """The machine, the build and the moment, as one line of the page."""
    import numpy

    import baloot

    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            model = next(line.split(":", 1)[1].strip() for line in cpuinfo if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                                check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    return (f"{os.cpu_count()} logical CPUs ({model}), {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}, numpy {numpy.__version__}, core `{baloot._core.build_target}`, "
            f"commit {commit}, {when}")


def run(benchmark: Benchmark, *, smoke: bool) -> str:
    """The benchmark's output, or why it was skipped; a benchmark that fails stops the script."""
    reason = benchmark.missing()
    if reason:
        return f"skipped: {reason}"
    args = benchmark.smoke_args if smoke else benchmark.args
    done = subprocess.run([sys.executable, os.path.join(ROOT, "benchmarks", benchmark.script), *args], cwd=ROOT,
                          env={**os.environ, **benchmark.env}, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{benchmark.command(smoke=smoke)} failed (exit {done.returncode}):\n{done.stderr}")
    return done.stdout.rstrip("\n")


def page(outputs: list, *, smoke: bool) -> str:
    """The page: what wrote it and where, then each benchmark's command and output."""
    how = "python benchmarks/performance.py" + (" --smoke" if smoke else "")
    parts = ["# Performance", "",
             f"Written by `{how}`, which runs each command below and copies its output, on this machine:",
             f"{machine()}.", ""]
    for benchmark, output in zip(BENCHMARKS, outputs):
        parts += [f"## {benchmark.title}", "", benchmark.what, "", "```",
                  f"$ {benchmark.command(smoke=smoke)}", output, "```", ""]
    return "\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, to check that every benchmark runs")
    parser.add_argument("--out", default=PAGE, help="the page to write (default docs/performance.md)")
    args = parser.parse_args()
    if args.smoke and args.out == PAGE:
        parser.error("--smoke writes figures that mean nothing: give --out another file")
    outputs = []
    for benchmark in BENCHMARKS:
        print(f"running: {benchmark.command(smoke=args.smoke)}", file=sys.stderr, flush=True)
        outputs.append(run(benchmark, smoke=args.smoke))
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(page(outputs, smoke=args.smoke))
    print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
