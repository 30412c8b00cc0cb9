"""``baloot solve``: the double-dummy value of every legal card, from a game record or from four hands."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from baloot.commands.common import add_rule_option, print_json, rules_from
from baloot.errors import BalootError
from baloot.solver import Solution, parse_contract_text, solve, solve_position


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "solve", help="double-dummy value of every legal card",
        description="Solve the card play with every hand visible, both teams playing perfectly, and print the "
                    "abnat the seat to move's team takes from here after each of its legal cards (the cards still "
                    "in the hands and on the table, plus the last-trick 10). The position is either a game record "
                    "in its playing phase (--record, as written by Game.to_json) or four hands (--hands) with "
                    "--contract and --leader.")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--record", metavar="FILE",
                        help="a game record (JSON, as written by Game.to_json); '-' reads stdin")
    source.add_argument("--hands", nargs=4, metavar="HAND",
                        help='the four hands in seat order, e.g. "AS 10S KS 7H" "..." "..." "..."')
    parser.add_argument("--contract", help="with --hands: sun, or hokum:S (trump suit S H D C)")
    parser.add_argument("--leader", type=int, default=0,
                        help="with --hands: the seat leading the trick, 0-3 (default 0)")
    parser.add_argument("--trick", default="",
                        help='with --hands: cards already on the table from the leader, e.g. "AS 7S"')
    add_rule_option(parser)
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    parser.set_defaults(run=run)


def _from_record(path: str) -> Solution:
    from baloot.game import Game

    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        raise BalootError(f"cannot read the game record {path!r}: {error.strerror}") from None
    return solve(Game.from_json(text))


def _from_hands(args: argparse.Namespace) -> Solution:
    if not args.contract:
        raise BalootError("--hands needs --contract (sun or hokum:S)")
    parse_contract_text(args.contract)
    return solve_position(args.hands, args.contract, args.leader, args.trick, rules_from(args))


def run(args: argparse.Namespace) -> int:
    if args.record and (args.contract or args.trick or args.rule):
        raise BalootError("--contract, --leader, --trick and --rule go with --hands; a record carries its own")
    solution = _from_record(args.record) if args.record else _from_hands(args)
    if args.json:
        data = {"to_move": solution.to_move, "team": solution.team, "value": list(solution.value),
                "moves": solution.moves, "best": list(solution.best)}
        print_json(data)
        return 0
    team = solution.team
    print(f"seat {solution.to_move} to move (team {team}); abnat from here under best play: "
          f"team 0 {solution.value[0]}, team 1 {solution.value[1]}")
    print(f"abnat team {team} takes after each card:")
    for card, value in sorted(solution.moves.items(), key=lambda item: -item[1]):
        print(f"  {card:>3}  {value:3d}{'  best' if card in solution.best else ''}")
    return 0
