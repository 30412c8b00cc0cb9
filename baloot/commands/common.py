"""Pieces shared by the subcommands: rule options, players, atomic file output, JSON printing."""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any, Callable, Tuple

import numpy as np

from baloot.errors import BalootError
from baloot.roster import player_names
from baloot.rules import OPTIONS, PRESETS, Rules


def add_rule_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rules", default="seed", metavar="NAME",
                        help="a named rule set to start from: " + ", ".join(PRESETS) + " (default seed)")
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                        help="a host option, e.g. --rule kaboot=double --rule target=101 (repeatable, over "
                             "--rules); the options: " + "; ".join(option.describe() for option in OPTIONS))


def add_players_option(parser: argparse.ArgumentParser, default: str, what: str) -> None:
    """``--players``, whose help lists the built-in players from the core's registry."""
    parser.add_argument("--players", default=default,
                        help=f"{what}: one player for all seats or four separated by commas, of {player_names()} "
                             f"(options as pimc:samples=20; docs/players.md lists them) (default {default})")


def rules_from(args: argparse.Namespace) -> Rules:
    options = {}
    for item in args.rule:
        key, eq, value = item.partition("=")
        if not eq:
            raise BalootError(f"--rule {item!r} must be KEY=VALUE")
        options[key.strip()] = value.strip()
    return Rules.from_options(options, base=Rules.preset(args.rules))


def players_from(text: str) -> Any:
    """``"heuristic"`` for every seat or ``"random,heuristic,random,heuristic"`` for seats 0-3."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) == 1:
        return parts[0]
    if len(parts) != 4:
        raise BalootError(f"--players {text!r}: give one player or four separated by commas")
    return parts


def strict_json(data: Any) -> Any:
    """``data`` with every float that JSON cannot hold (NaN, infinity: a statistic undefined for so few
    hands) as None, and numpy numbers as Python ones."""
    if isinstance(data, dict):
        return {key: strict_json(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [strict_json(value) for value in data]
    if isinstance(data, np.generic):
        data = data.item()
    if isinstance(data, float) and not math.isfinite(data):
        return None
    return data


def print_json(data: Any) -> None:
    """Strict JSON on stdout: an undefined statistic is null, never a bare NaN."""
    json.dump(strict_json(data), sys.stdout, ensure_ascii=False, indent=2, allow_nan=False)
    sys.stdout.write("\n")


def parse_pair(text: str, what: str) -> Tuple[int, int]:
    try:
        values = [int(v) for v in text.split(",")]
    except ValueError:
        raise BalootError(f"{what} {text!r} must be two integers like 0,0") from None
    if len(values) != 2:
        raise BalootError(f"{what} {text!r} must be two integers like 0,0")
    return values[0], values[1]


def draw_plot(plot: Callable[[Any, str], None], result: Any, path: str, what: str) -> str:
    """``plot(result, path)``, once the result is printed; the reason it could not be written (saying the
    ``what`` printed is complete), or "" when it was."""
    try:
        plot(result, path)
    except BalootError as error:
        return f"{error} (the {what} above is complete)"
    return ""
