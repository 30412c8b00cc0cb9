"""``baloot equity``: the chance to win the match from every score, as a table, JSON or a heatmap."""

from __future__ import annotations

import argparse
from typing import Any

from baloot.commands.common import add_rule_option, players_from, print_json, rules_from
from baloot.equity import DEFAULT_HANDS, DEFAULT_PLAYERS, match_equity


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "equity", help="the chance to win the match from every score (a match equity table)",
        description="Team 0's chance to win the match from every pair of scores below the target, with the "
                    "next dealer, computed from simulated hands by dynamic programming over the score grid "
                    "(cached; the table of the default players and rules ships with the package).")
    parser.add_argument("--players", default=DEFAULT_PLAYERS,
                        help="one built-in player for all seats or four separated by commas "
                             f"(default {DEFAULT_PLAYERS})")
    parser.add_argument("--hands", type=int, default=DEFAULT_HANDS,
                        help=f"hands simulated per score class and dealer (default {DEFAULT_HANDS})")
    parser.add_argument("--seed", type=int, default=0, help="the simulation's seed (default 0)")
    parser.add_argument("--threads", type=int, default=0, help="worker threads, 0 = every core (default)")
    parser.add_argument("--dealer", type=int, default=0, help="the next dealer shown in the table and plot (default 0)")
    parser.add_argument("--step", type=int, default=20, help="score step of the printed table (default 20)")
    add_rule_option(parser)
    parser.add_argument("--no-cache", action="store_true", help="compute the table afresh and keep no copy")
    parser.add_argument("--plot", metavar="FILE", help="draw a heatmap of the table to FILE (.png, .svg, .pdf)")
    parser.add_argument("--json", action="store_true", help="print the whole table as JSON")
    parser.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    from baloot.plotting import check_plot_target, plot_equity

    if args.plot is not None:
        check_plot_target(args.plot)
    rules = rules_from(args)
    table = match_equity(players=players_from(args.players), rules=rules, hands=args.hands, seed=args.seed,
                         threads=args.threads, cache=not args.no_cache, progress=not args.no_progress)
    if args.plot is not None:
        plot_equity(table, args.plot, dealer=args.dealer)
    if args.json:
        print_json(table.to_dict())
        return 0
    players = table.players[0] if len(set(table.players)) == 1 else ", ".join(table.players)
    print(f"baloot equity: team 0's chance to win the match (%), {players} players, target {table.target}, "
          f"dealer {args.dealer} deals next; largest standard error {100 * table.error.max():.2f} points "
          f"({table.hands:,} hands per score class and dealer)")
    scores = list(range(0, table.target, max(1, args.step)))
    print("team0\\team1 " + "".join(f"{s:>6}" for s in scores))
    for s0 in scores:
        print(f"{s0:>11} " + "".join(f"{100 * table.win[s0, s1, args.dealer]:6.1f}" for s1 in scores))
    if args.plot is not None:
        print(f"heatmap written to {args.plot}")
    return 0
