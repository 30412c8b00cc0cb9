"""``baloot solve``: the double-dummy value of every legal card, from a game record or from four hands;
with ``--table``, what every contract is worth on a deal, or on random deals around one hand."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Dict, List, Tuple

import numpy as np

from baloot.cards import format_cards
from baloot.commands.common import add_rule_option, print_json, rules_from
from baloot.errors import BalootError
from baloot.simulate import resolve_threads
from baloot.solver import Solution, parse_contract_text, solve, solve_position
from baloot.stats import estimate, rate
from baloot.tables import TABLE_CONTRACTS, abnat_to_win, dd_table, dd_tables, random_deals


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
                    "the mean over random deals of the other cards (--deals).")
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--record", metavar="FILE",
                        help="a game record (JSON, as written by Game.to_json); '-' reads stdin")
    source.add_argument("--hands", nargs=4, metavar="HAND",
                        help='the four hands in seat order, e.g. "AS 10S KS 7H" "..." "..." "..."')
    source.add_argument("--hand", help="with --table: one seat's eight cards; the others are dealt at random")
    parser.add_argument("--table", action="store_true",
                        help="the double-dummy table: every contract's abnat from the first lead")
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
    parser.set_defaults(run=run)


def _read_record(path: str) -> Any:
    from baloot.game import Game

    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as error:
        raise BalootError(f"cannot read the game record {path!r}: {error.strerror}") from None
    return Game.from_json(text)


def _from_hands(args: argparse.Namespace) -> Solution:
    if not args.contract:
        raise BalootError("--hands needs --contract (sun or hokum:S)")
    parse_contract_text(args.contract)
    return solve_position(args.hands, args.contract, args.leader, args.trick, rules_from(args))


def _record_deal(path: str) -> Tuple[List[List[str]], int, Any]:
    """The hands of a recorded game when its card play began, the first leader and the game."""
    game = _read_record(path)
    hands = game._hands_at_play()
    if hands is None:
        raise BalootError(f"the game in {path!r} never reached the card play (it is {game.phase} or thrown in): "
                          "no deal to tabulate")
    return [format_cards(cards) for cards in hands], (game.dealer + 1) % 4, game


def _played_line(game: Any, table: Dict[str, Tuple[int, int]]) -> str:
    """The recorded contract's double-dummy abnat beside what its buyers took in play."""
    contract = game.contract
    name = "sun" if contract.mode == "sun" else f"hokum:{contract.trump}"
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
    table = dd_table(hands, leader, rules=rules)
    if args.json:
        print_json({"leader": leader, "table": {contract: list(value) for contract, value in table.items()}})
        return 0
    print(f"double-dummy abnat from the first lead (seat {leader} leads):")
    print("contract   team 0  team 1")
    for contract, (team0, team1) in table.items():
        print(f"{contract:<9} {team0:7d} {team1:7d}")
    if game is not None:
        print(_played_line(game, table))
    return 0


def _sample_tables(args: argparse.Namespace) -> int:
    if args.seat not in (0, 1, 2, 3):
        raise BalootError(f"--seat {args.seat} is not a seat 0..3")
    deals = random_deals(args.deals, args.seed, fixed={args.seat: args.hand})
    threads = resolve_threads(args.threads)
    start = time.perf_counter()
    table = dd_tables(deals, args.leader, rules=rules_from(args), threads=threads, progress=not args.json)
    seconds = time.perf_counter() - start
    team = args.seat % 2
    ours = table[:, :, team].astype(np.int64)
    totals = abnat_to_win(deals)[0]
    means, cis = estimate(ours.sum(axis=0), (ours**2).sum(axis=0), len(ours))
    majority = [rate(int((ours[:, k] * 2 > totals[k]).sum()), len(ours)) for k in range(len(TABLE_CONTRACTS))]
    if args.json:
        print_json({"seat": args.seat, "team": team, "deals": args.deals, "seed": args.seed, "leader": args.leader,
                    "contracts": {contract: {"mean": float(means[k]), "ci": float(cis[k]), "of": int(totals[k]),
                                             "more_than_half": majority[k].mean}
                                  for k, contract in enumerate(TABLE_CONTRACTS)}})
        return 0
    print(f"seat {args.seat}'s hand in {args.deals:,} random deals, seat {args.leader} leading, double dummy:")
    print(f"contract   team {team}'s abnat (mean, 95% CI)   deals where it takes more than half")
    for k, contract in enumerate(TABLE_CONTRACTS):
        print(f"{contract:<9} {means[k]:8.1f} ± {cis[k]:4.1f} of {totals[k]:3d}"
              f"   {100 * majority[k].mean:5.1f}% ± {100 * majority[k].ci:.1f}")
    solves = args.deals * len(TABLE_CONTRACTS)
    print(f"{solves:,} solves in {seconds:.2f} s ({solves / seconds:,.0f}/s on {threads} "
          f"thread{'s' if threads > 1 else ''})")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.record and not args.table and (args.contract or args.trick or args.rule or args.rules != "seed"):
        raise BalootError("--contract, --leader, --trick, --rule and --rules go with --hands; a record carries its own")
    if args.hand and not args.table:
        raise BalootError("--hand goes with --table (random deals around one hand)")
    if args.table:
        return _sample_tables(args) if args.hand else _print_table(args)
    solution = solve(_read_record(args.record)) if args.record else _from_hands(args)
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
