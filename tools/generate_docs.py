"""Write, or with --check compare, the files generated from the core's declarations: the host-options
table of docs/rules.md, the player lists of docs/players.md and docs/api.md, and the stub baloot/_core.pyi.

    python tools/generate_docs.py           # rewrite them
    python tools/generate_docs.py --check   # exit 1 naming each file that differs (tests/test_declarations.py)

A generated part of a Markdown page sits between ``<!-- generated: NAME -->`` and ``<!-- end generated -->``;
the rest of the page is written by hand.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from typing import Callable, Dict, List, Tuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if __name__ == "__main__":  # run from the checkout: its baloot; imported by the tests: theirs, sys.path untouched
    sys.path.insert(0, ROOT)

import baloot  # noqa: E402
from baloot.rules import OPTIONS  # noqa: E402

END = "<!-- end generated -->"


def _value(value: object) -> str:
    return f'`"{value}"`' if isinstance(value, str) else f"`{value}`"


def rule_options() -> str:
    """The host-options table: every field of ``Rules``, from ``_core.rule_options``."""
    rows = ["| field | default | other values | rulings |", "|---|---|---|---|"]
    for option in OPTIONS:
        if option.kind == "bool":
            others = f"`{not option.default}`"
        elif option.kind == "int":
            others = f"{option.low} to {option.high:,}"
        else:
            others = ", ".join(_value(choice) for choice in option.choices if choice != option.default)
        rows.append(f"| `{option.name}` | {_value(option.default)} | {others}: {option.help} | {option.ruling} |")
    return "\n".join(rows)


def _number(value: float) -> str:
    return f"{value:g}"


def _options(player: baloot.PlayerInfo) -> str:
    """Each option with its default and help, the heuristic's many weights (which share one help) counted."""
    helps = [option.help for option in player.options]
    shared = max(set(helps), key=helps.count) if helps else None
    weights = [option for option in player.options if option.help == shared] if helps.count(shared) > 3 else []
    own = [f"`{option.name}={_number(option.default)}` {option.help}" for option in player.options
           if option not in weights]
    if weights:
        own.append(f"the {len(weights)} weights and thresholds of {shared.removeprefix('a weight or threshold of ')}")
    return "; ".join(own) or "none"


def player_table() -> str:
    """docs/players.md: every registered player, weakest first, with its options and defaults."""
    rows = ["| player | what it does | strength | speed | options (defaults) |", "|---|---|---|---|---|"]
    for player in baloot.players():
        rows.append(f"| `{player.name}` | {player.summary} | {player.strength} | {player.speed} | {_options(player)} |")
    return "\n".join(rows)


def player_list() -> str:
    """docs/api.md: the players' names and what each does, one line each."""
    return "\n".join(f"- `\"{player.name}\"`: {player.summary}" for player in baloot.players())


def stub() -> str:
    """baloot/_core.pyi as pybind11-stubgen writes it, with module constants' values left out (they depend
    on the build, e.g. ``build_target``)."""
    # The baloot imported here (the source tree's, or the installed one when the tests run on an install).
    home = os.path.dirname(os.path.dirname(os.path.abspath(baloot.__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [home, os.environ.get("PYTHONPATH")])))
    with tempfile.TemporaryDirectory() as out:
        subprocess.run([sys.executable, "-m", "pybind11_stubgen", "baloot._core", "-o", out, "--exit-code"],
                       check=True, cwd=out, env=env, capture_output=True)
        with open(os.path.join(out, "baloot", "_core.pyi"), encoding="utf-8") as f:
            text = f.read()
    return re.sub(r"^(\w+: [^=\n]+) = .*$", r"\1", text, flags=re.M)


# Markdown parts: (page, name) -> generator.
PARTS: Dict[Tuple[str, str], Callable[[], str]] = {
    ("docs/rules.md", "rule options"): rule_options,
    ("docs/players.md", "players"): player_table,
    ("docs/api.md", "players"): player_list,
}
STUB = "baloot/_core.pyi"


def rendered(path: str, text: str) -> str:
    """``text`` (a page) with each of its generated parts written anew."""
    for (page, name), make in PARTS.items():
        if page != path:
            continue
        begin = f"<!-- generated: {name} -->"
        pattern = re.compile(re.escape(begin) + r"\n.*?" + re.escape(END), re.S)
        if not pattern.search(text):
            raise SystemExit(f"{path}: no '{begin}' ... '{END}' part")
        text = pattern.sub(lambda _: f"{begin}\n{make()}\n{END}", text)
    return text


def expected(*, pages: bool = True, stubs: bool = True) -> Dict[str, str]:
    """The generated files' texts as they should be, by path from the repository's root: the Markdown
    pages, the stub (which needs pybind11-stubgen), or both."""
    out: Dict[str, str] = {}
    for path in sorted({page for page, _ in PARTS}) if pages else []:
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            out[path] = rendered(path, f.read())
    if stubs:
        out[STUB] = stub()
    return out


def stale(*, pages: bool = True, stubs: bool = True) -> List[str]:
    """The generated files whose text differs from what the declarations give."""
    differ = []
    for path, text in expected(pages=pages, stubs=stubs).items():
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            if f.read() != text:
                differ.append(path)
    return differ


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 when a file differs")
    args = parser.parse_args()
    if args.check:
        differ = stale()
        for path in differ:
            print(f"{path} differs from the core's declarations: run python tools/generate_docs.py")
        return 1 if differ else 0
    for path, text in expected().items():
        with open(os.path.join(ROOT, path), "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
