"""``baloot review``: what every bid, double and card of a recorded hand or match cost."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from baloot.commands.common import add_players_option, draw_plot, players_from
from baloot.plotting import check_plot_target
from baloot.records import read_text
from baloot.review import DEFAULT_SAMPLES, INFERENCE, review
from baloot.roster import DEFAULT_PLAYERS


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "review", help="the cost of every decision of a recorded hand or match",
        description="Replay a game or match record (baloot play --save, Game.to_json, Match.to_json) and, at every "
                    "decision, play each legal action out from worlds the deciding seat could not tell from the "
                    "true one; print the loss of the action taken against the best, in game points with a 95% "
                    "confidence interval, and the double-dummy best cards of the true deal. Ctrl-C prints the "
                    "decisions finished so far.")
    parser.add_argument("record", metavar="FILE.json", help="a game or match record; '-' reads stdin")
    parser.add_argument("--seat", type=int, help="review only this seat's decisions, 0-3")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES,
                        help=f"worlds per decision (default {DEFAULT_SAMPLES})")
    add_players_option(parser, DEFAULT_PLAYERS, "who plays the worlds out")
    parser.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    parser.add_argument("--threads", type=int, default=0, help="worker threads, 0 = every core")
    parser.add_argument("--objective", choices=("points", "match"),
                        help="match: each action's chance to win the match beside its game points; points: game "
                             "points only (default: match when a hand starts from scores other than 0-0)")
    parser.add_argument("--inference", choices=INFERENCE, default=INFERENCE[0],
                        help="network: deal the worlds of a card decision in proportion to how likely the neural "
                             "network finds the other seats' plays in them; uniform: every consistent world alike "
                             f"(default {INFERENCE[0]})")
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    parser.add_argument("--plot", metavar="FILE.png",
                        help="draw the expected margin through the hand with the mistakes marked (matplotlib)")
    parser.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    if args.plot is not None:
        check_plot_target(args.plot)  # before the review, not after it
    result = review(read_text(args.record, "record"), players=players_from(args.players), samples=args.samples,
                    seat=args.seat, seed=args.seed, threads=args.threads,
                    progress=not args.no_progress and not args.json, objective=args.objective,
                    inference=args.inference)
    if args.json:
        print(result.to_json(indent=2), flush=True)
    else:
        print(result.table(), flush=True)
    if args.plot is not None:
        from baloot.review_plot import plot_review

        plotted = draw_plot(plot_review, result, args.plot, "review")
        if plotted:
            print(f"baloot review: error: {plotted}", file=sys.stderr)
            return 2
        if not args.json:
            print(f"plot written to {args.plot}")
    return 130 if result.interrupted else 0
