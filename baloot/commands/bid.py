"""``baloot bid``: the Monte Carlo answer to "what should I call with these five cards?"."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from baloot import validation
from baloot.analysis import DEFAULT_PLAYERS, analyze_bid
from baloot.commands.common import (
    add_players_option,
    add_rule_option,
    draw_plot,
    parse_pair,
    players_from,
    print_json,
    rules_from,
)
from baloot.errors import Interrupted
from baloot.plotting import check_plot_target, plot_bid_analysis
from baloot.progress import progress_bar


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bid", help="compare the calls open to a seat by Monte Carlo",
        description="Deal the unseen cards at random many times and play every call open to the seat (pass, "
                    "hokum, sun, ashkal) on the same deals; print each call's expected game-point margin with a "
                    "95% confidence interval. Ctrl-C prints the samples finished so far.")
    parser.add_argument("hand", help='the five cards, e.g. "JH 9H 7H 8D 7C"')
    parser.add_argument("--up", required=True, help="the up-card, e.g. 8H")
    parser.add_argument("--seat", type=int, required=True, help="the seat to advise, 0-3")
    parser.add_argument("--dealer", type=int, default=0, help="the dealer's seat (default 0)")
    parser.add_argument("--samples", type=int, default=2000, help="sampled deals (default 2000)")
    add_players_option(parser, DEFAULT_PLAYERS, "who makes the other calls and plays the hand")
    parser.add_argument("--scores", default="0,0",
                        help="match scores before the hand, team 0,team 1 (default 0,0); other than 0,0 each call "
                             "also gets its chance to win the match")
    parser.add_argument("--objective", choices=("points", "match"),
                        help="match: each call's chance to win the match beside its game points even at 0,0; "
                             "points: game points only (default: match when --scores is not 0,0)")
    parser.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    parser.add_argument("--threads", type=int, default=0, help="worker threads, 0 = every core")
    add_rule_option(parser)
    parser.add_argument("--scheduler", help="run on a Dask cluster, e.g. tcp://host:8786 (pip install 'baloot[dist]')")
    parser.add_argument("--chunk", type=int, help="samples per chunk with --scheduler (default: auto)")
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    parser.add_argument("--plot", metavar="FILE.png", help="draw each call's margin and its distribution (matplotlib)")
    parser.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    parser.set_defaults(run=main)


def main(args: argparse.Namespace) -> int:
    if args.plot is not None:
        check_plot_target(args.plot)  # before the analysis, not after it
    rules = rules_from(args)
    began = time.perf_counter()
    try:
        with progress_bar(args.samples, not args.no_progress, unit="sample", delay=1.0) as progress:
            analysis = analyze_bid(args.hand, args.up, args.seat, args.dealer, samples=args.samples,
                                   players=players_from(args.players), seed=args.seed, rules=rules,
                                   scores=parse_pair(args.scores, "--scores"),
                                   threads=validation.threads(args.threads), progress=progress,
                                   scheduler=args.scheduler, chunk=args.chunk, objective=args.objective)
    except Interrupted as stop:  # Ctrl-C: the samples finished so far are shown, the plot is not drawn
        analysis = stop.result
    except KeyboardInterrupt:  # before the first block of samples was finished
        if not args.json:
            raise
        print_json({"interrupted": True, "samples": 0, "requested": args.samples})
        return 130
    seconds = time.perf_counter() - began
    plotted = draw_plot(plot_bid_analysis, analysis, args.plot, "analysis") \
        if args.plot is not None and not analysis.interrupted else None
    if args.json:
        data = analysis.to_dict()
        data["seconds"] = seconds
        if plotted is not None:
            data["plot"] = args.plot if not plotted else None
            data["plot_error"] = plotted or None
        print_json(data)
    else:
        print(f"seat {args.seat}, dealer {args.dealer}, hand {args.hand}, up-card {args.up}, scores {args.scores}")
        print(analysis.table())
        print(f"{seconds:.2f} s, {analysis.samples / seconds:,.0f} samples/s")
        if plotted == "":
            print(f"plot written to {args.plot}")
    if plotted:
        print(f"baloot bid: error: {plotted}", file=sys.stderr)
        return 2
    return 130 if analysis.interrupted else 0

