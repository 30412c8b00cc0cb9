"""No module but baloot/game.py reaches into a Game's private state: the environments, players and tests
use Game's public API (``step``, ``stepper``, ``reward``, ``core_state`` ...)."""

import re
from pathlib import Path

from baloot.game import Game

ROOT = Path(__file__).resolve().parent.parent
OWNER = ROOT / "baloot" / "game.py"
SOURCES = ("baloot", "benchmarks", "csrc", "examples", "tests", "training")
SUFFIXES = {".py", ".pyx", ".cpp", ".hpp", ".h"}


def private_names() -> set:
    """The names a Game keeps to itself: its private attributes and methods (not Python's dunders, nor the
    ``_repr_*_`` methods that Jupyter calls)."""
    game = Game(seed=1)
    names = set(vars(game)) | set(vars(Game))
    return {name for name in names if name.startswith("_") and not name.startswith("__")
            and not (name.startswith("_repr_") and name.endswith("_"))}


def source_files() -> list:
    return [path for folder in SOURCES for path in sorted((ROOT / folder).rglob("*"))
            if path.suffix in SUFFIXES and path != OWNER and path.is_file()]


def reach_ins(paths: list) -> list:
    pattern = re.compile(r"\.(" + "|".join(sorted(map(re.escape, private_names()))) + r")\b")
    found = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{path.name}:{number}: {line.strip()}")
    return found


def test_game_has_private_state_to_guard():
    assert {"_state", "_stepper"} <= private_names()


def test_no_module_reaches_into_a_games_private_state():
    assert reach_ins(source_files()) == []


def test_the_check_sees_a_reach_in(tmp_path):
    planted = tmp_path / "peek.py"
    private = "_state"  # not written after a dot here, so that this file passes its own check
    planted.write_text(f"def peek(game):\n    return game.stepper, game.{private}.round\n", encoding="utf-8")
    assert reach_ins([planted]) == [f"peek.py:2: return game.stepper, game.{private}.round"]
