"""Mutation check of the rules core: apply one-line mutants (a comparison flipped, a constant moved by one)
to the rules sources one at a time, build each in a scratch copy of the repository (the working tree is
never touched), run the rules tests against it and report the mutants no test caught.

    python tests/mutation/run.py --list                 # every candidate mutant, numbered
    python tests/mutation/run.py --sample 20 --seed 1   # build and test 20 of them, chosen by the seed
    python tests/mutation/run.py --only 12 40           # just these

Each build and test run takes the shared CPU lock (/tmp/baloot-cpu.lock) on its own, so other builds can run
between mutants. Not collected by pytest (no test_ prefix). A survivor is a rule no test pins down: turn it
into a worked example.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from typing import List, NamedTuple

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCES = ("csrc/kernel/rules.hpp", "csrc/kernel/scoring.cpp", "csrc/kernel/projects.cpp", "csrc/kernel/hand.cpp")
RULES_TESTS = ("tests/test_rulings_kernel.py", "tests/test_crosscheck_kernel.py", "tests/test_hand_random.py",
               "tests/test_bidding.py", "tests/test_shown_voids.py", "tests/test_random_play.py",
               "tests/test_game_records.py", "tests/test_worked_examples.py",
               "tests/test_solved_deals.py", "tests/test_bad_input.py")
LOCK = "/tmp/baloot-cpu.lock"
SWAPS = {"<=": "<", "<": "<=", ">=": ">", ">": ">=", "==": "!=", "!=": "=="}
COMPARISON = re.compile(r"(?<![<>=!&|-])(<=|>=|==|!=|<|>)(?![<>=])")
CONSTANT = re.compile(r"(?<![\w.])(\d+)(?![\w.])")


class Mutant(NamedTuple):
    path: str
    line: int  # 1-based
    original: str
    mutated: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.original.strip()}  ->  {self.mutated.strip()}"


def _code_lines(text: str) -> List[int]:
    """Indices of lines worth mutating: code, not comments, includes, templates' angle brackets or asserts
    (compiled only into the sanitizer build, so a mutant there is invisible to the tests of a normal one)."""
    keep = []
    for i, line in enumerate(text.splitlines()):
        stripped = line.strip()
        if not stripped or stripped.startswith(("//", "#", "*", "/*", "template", "static_assert", "assert(")):
            continue
        keep.append(i)
    return keep


def candidates() -> List[Mutant]:
    found = []
    for path in SOURCES:
        with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
            lines = handle.read().splitlines()
        for i in _code_lines("\n".join(lines)):
            line = lines[i].split("//")[0]
            if "<" in line and re.search(r"\w<\w|std::|>\s*&|>\s*\w+\s*\(", line):
                comparisons = []  # template arguments or casts, not comparisons
            else:
                comparisons = list(COMPARISON.finditer(line))
            for match in comparisons:
                mutated = line[:match.start()] + SWAPS[match.group(1)] + line[match.end():]
                found.append(Mutant(path, i + 1, lines[i], mutated))
            for match in CONSTANT.finditer(line):
                value = int(match.group(1))
                mutated = line[:match.start()] + str(value + 1) + line[match.end():]
                found.append(Mutant(path, i + 1, lines[i], mutated))
    return found


def _locked(command: List[str], cwd: str) -> subprocess.CompletedProcess:
    return subprocess.run(["flock", LOCK, *command], cwd=cwd, capture_output=True, text=True)


def scratch_copy() -> str:
    folder = tempfile.mkdtemp(prefix="baloot-mutation-")
    shutil.copytree(ROOT, os.path.join(folder, "repo"), symlinks=True,
                    ignore=shutil.ignore_patterns(".git", "build", "__pycache__", "*.so", ".pytest_cache"))
    return os.path.join(folder, "repo")


def try_mutant(mutant: Mutant, repo: str) -> str:
    """"killed", "survived" or "no build" (the mutant does not compile)."""
    path = os.path.join(repo, mutant.path)
    with open(path, encoding="utf-8") as handle:
        original = handle.read()
    lines = original.splitlines(keepends=True)
    lines[mutant.line - 1] = mutant.mutated + "\n"
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("".join(lines))
    try:
        build = _locked([sys.executable, "setup.py", "-q", "build_ext", "--inplace", "-j", "2"], repo)
        if build.returncode != 0:
            return "no build"
        tests = _locked([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *RULES_TESTS], repo)
        return "survived" if tests.returncode == 0 else "killed"
    finally:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(original)


def main() -> int:
    parser = argparse.ArgumentParser(description="one-line mutants of the rules core against the rules tests")
    parser.add_argument("--list", action="store_true", help="print the numbered candidates and stop")
    parser.add_argument("--sample", type=int, help="try this many candidates, chosen by --seed")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sample (default 0)")
    parser.add_argument("--only", type=int, nargs="+", help="try these candidate numbers")
    args = parser.parse_args()
    mutants = candidates()
    if args.list:
        for number, mutant in enumerate(mutants):
            print(f"{number:4d}  {mutant}")
        return 0
    numbers = args.only or sorted(random.Random(args.seed).sample(range(len(mutants)),
                                                                 min(args.sample or len(mutants), len(mutants))))
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # stopped like Ctrl-C: the scratch copy goes
    repo = scratch_copy()
    survivors = []
    try:
        for number in numbers:
            outcome = try_mutant(mutants[number], repo)
            print(f"{number:4d}  {outcome:8s}  {mutants[number]}", flush=True)
            if outcome == "survived":
                survivors.append(number)
    finally:
        shutil.rmtree(os.path.dirname(repo))
    print(f"{len(numbers)} mutants tried, {len(survivors)} survived: {survivors}")
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
