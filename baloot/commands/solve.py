"""``baloot solve``: the double-dummy value of every legal card, from a game record or from four hands;
with ``--table``, what every contract is worth on a deal, or on random deals around one hand."""

from __future__ import annotations

import argparse
import time
from typing import Any, Dict, List, Tuple

from baloot import validation
from baloot.commands.common import add_rule_option, print_json, rules_from
from baloot.errors import BalootError, Interrupted
from baloot.records import read_text
from baloot.solver import Solution, solve, solve_position
from baloot.tables import RESOLUTIONS, TABLE_CONTRACTS, dd_table, sample_table


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "solve", help="double-dummy value of every legal card",
        description="Solve the card play with every hand visible, both teams playing perfectly, and print the "
                    "abnat the seat to move's team takes from here after each of its legal cards (the cards still "
                    "in the hands and on the table, plus the last-trick 10). The position is either a game record "
                    "in its playing phase (--record, as written by Game.to_json) or four hands (--hands) with "
                    "--contract and --leader. With --table: the abnat each team takes from the first lead under "
                    "every contract (Sun, Hokum in each suit) of four full hands (--hands) or of a recorded "
                    "game's deal (--record, beside what was played), or, for one seat's hand (--hand, --seat), "
                    "the mean over random deals of the other cards (--deals; Ctrl-C prints the deals solved so "
                    "far).")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--record", metavar="FILE",
                        help="a game record (JSON, as written by Game.to_json); '-' reads stdin")
    source.add_argument("--hands", nargs=4, metavar="HAND",
                        help='the four hands in seat order, e.g. "AS 10S KS 7H" "..." "..." "..."')
    source.add_argument("--hand", help="with --table: one seat's eight cards; the others are dealt at random")
    parser.add_argument("--table", action="store_true",
                        help="the double-dummy table: every contract's abnat from the first lead")
    parser.add_argument("--resolution", choices=RESOLUTIONS, default="abnat",
                        help="with --table: exact abnat (default), game points, or make: whether each team takes "
                             "more than half (fewer probes)")
    parser.add_argument("--seat", type=int, default=0, help="with --hand: the seat holding it, 0-3 (default 0)")
    parser.add_argument("--deals", type=int, default=1000, help="with --hand: random deals to solve (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="with --hand: seed of the random deals (default 0)")
    parser.add_argument("--threads", type=int, default=0, help="with --hand: worker threads, 0 = every core")
    parser.add_argument("--contract", help="with --hands: sun, or hokum:S (trump suit S H D C)")
    parser.add_argument("--leader", type=int, default=0,
                        help="with --hands: the seat leading the trick, 0-3 (default 0)")
    parser.add_argument("--trick", default="",
                        help='with --hands: cards already on the table from the leader, e.g. "AS 7S"')
    add_rule_option(parser)
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    parser.add_argument("--no-progress", action="store_true", help="with --hand: never show a progress bar")
    parser.set_defaults(run=run)


def _read_record(path: str) -> Any:
    from baloot.game import Game

    return Game.from_json(read_text(path, "game record"))


def _record_in_play(path: str) -> Any:
    """The recorded game, once it is in its card play."""
    game = _read_record(path)
    if game.phase != "playing":
        state = "over" if game.phase == "over" else f"still in the {game.phase}"
        raise BalootError(f"the hand in {path!r} is {state}: solve --record needs a hand stopped during the card "
                          "play (baloot play --save FILE.json, then quit at a card prompt); solve --table --record "
                          "tabulates the deal of any hand that reached the card play")
    return game


def _from_hands(args: argparse.Namespace) -> Solution:
    if not args.contract:
        raise BalootError("--hands needs --contract (sun or hokum:S)")
    return solve_position(args.hands, args.contract, args.leader, trick=args.trick, rules=rules_from(args))


def _record_deal(path: str) -> Tuple[List[List[str]], int, Any]:
    """The hands of a recorded game when its card play began, the first leader and the game."""
    game = _read_record(path)
    hands = game.hands_at_play
    if hands is None:
        raise BalootError(f"the game in {path!r} never reached the card play (it is {game.phase} or thrown in): "
                          "no deal to tabulate")
    return hands, (game.dealer + 1) % 4, game


def _played_line(game: Any, table: Dict[str, Tuple[int, int]]) -> str:
    """The recorded contract's double-dummy abnat beside what its buyers took in play."""
    contract = game.contract
    name = contract.name
    team = contract.buyers
    taken = game.result.abnat[team] if game.result else None
    took = f", took {taken} in play" if taken is not None else ""
    return (f"played: {name} bought by seat {contract.buyer}: team {team} takes {table[name][team]} "
            f"double dummy{took}")


def _print_table(args: argparse.Namespace) -> int:
    if args.contract or args.trick:
        raise BalootError("--table solves every contract from the first lead: leave out --contract and --trick")
    game = None
    if args.record:
        if args.rule or args.rules != "seed":
            raise BalootError("--rule and --rules go with --hands; a record carries its own rules")
        hands, leader, game = _record_deal(args.record)
        rules = game.rules
    else:
        hands, leader, rules = args.hands, args.leader, rules_from(args)
    table = dd_table(hands, leader, rules=rules, resolution=args.resolution)
    if args.json:
        print_json({"leader": leader, "resolution": args.resolution,
                    "table": {contract: list(value) for contract, value in table.items()}})
        return 0
    what = {"abnat": "abnat", "points": "game points", "make": "more than half of the abnat (1) or not (0)"}
    print(f"double-dummy {what[args.resolution]} from the first lead (seat {leader} leads):")
    print("contract   team 0  team 1")
    for contract, (team0, team1) in table.items():
        print(f"{contract:<9} {team0:7d} {team1:7d}")
    if game is not None and args.resolution == "abnat":
        print(_played_line(game, table))
    return 0


def _sample_tables(args: argparse.Namespace) -> int:
    validation.seat(args.seat, "--seat")
    validation.count(args.deals, "--deals", minimum=1)
    threads = validation.threads(args.threads)
    start = time.perf_counter()
    try:
        sampled = sample_table(args.hand, args.seat, deals=args.deals, seed=args.seed, leader=args.leader,
                               rules=rules_from(args), threads=threads,
                               progress=not args.no_progress, resolution=args.resolution)
    except Interrupted as stop:  # Ctrl-C: the deals solved so far are shown
        sampled = stop.result
    seconds = time.perf_counter() - start
    team, means = sampled.team, sampled.abnat
    status = 130 if sampled.interrupted else 0
    if args.json:
        print_json({"seat": args.seat, "team": team, "deals": sampled.deals, "requested": sampled.requested,
                    "interrupted": sampled.interrupted, "seed": args.seed, "leader": args.leader,
                    "resolution": args.resolution,
                    "contracts": {contract: {**({"mean": means[contract].mean, "ci": means[contract].ci}
                                                if means is not None else {}),
                                             "of": sampled.of[contract],
                                             "more_than_half": sampled.more_than_half[contract].mean}
                                  for contract in TABLE_CONTRACTS}})
        return status
    unit = "game points" if args.resolution == "points" else "abnat"
    print(f"seat {args.seat}'s hand in {sampled.deals:,} random deals, seat {args.leader} leading, double dummy:")
    print(f"contract   team {team}'s {unit} (mean, 95% CI)   deals where it takes more than half"
          if means is not None else f"contract   deals where team {team} takes more than half")
    for contract in TABLE_CONTRACTS:
        majority = sampled.more_than_half[contract]
        share = f"{100 * majority.mean:5.1f}% ± {100 * majority.ci:.1f}"
        of = f" of {sampled.of[contract]:3d}" if args.resolution == "abnat" else " " * 7
        print(f"{contract:<9} {means[contract].mean:8.1f} ± {means[contract].ci:4.1f}{of}   {share}"
              if means is not None else f"{contract:<9}  {share}")
    solves = sampled.deals * len(TABLE_CONTRACTS)
    print(f"{solves:,} solves in {seconds:.2f} s ({solves / seconds:,.0f}/s on {threads} "
          f"thread{'s' if threads > 1 else ''})")
    if sampled.interrupted:
        print(f"interrupted after {sampled.deals:,} of {sampled.requested:,} deals: the rows above are the deals "
              "solved")
    return status


def run(args: argparse.Namespace) -> int:
    if args.record and not args.table and (args.contract or args.trick or args.rule or args.rules != "seed"):
        raise BalootError("--contract, --leader, --trick, --rule and --rules go with --hands; a record carries its own")
    if args.hand and not args.table:
        raise BalootError("--hand goes with --table (random deals around one hand)")
    if args.table:
        return _sample_tables(args) if args.hand else _print_table(args)
    solution = solve(_record_in_play(args.record)) if args.record else _from_hands(args)
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
