"""``baloot simulate``: many hands in the core, a summary table or JSON, per-hand rows to a file."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Tuple

from baloot import validation
from baloot.commands.common import add_players_option, add_rule_option, players_from, print_json, rules_from
from baloot.commands.simulate_matches import add_match_options, run_matches
from baloot.distributed import remove_checkpoint
from baloot.errors import BalootError
from baloot.files import check_writable
from baloot.progress import progress_bar
from baloot.rowfiles import check_rows_target, rescue_rows
from baloot.simulate import SimResult, run


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate", help="play many hands in the C++ core and summarise them",
        description="Play many full hands (deal, bidding, doubling, projects, 8 tricks, scoring) in the C++ core "
                    "and print means with 95% confidence intervals and rates. Ctrl-C stops within a second and "
                    "prints the summary of the hands finished so far.")
    parser.add_argument("--hands", type=int, default=100_000, help="number of hands (default 100000)")
    add_match_options(parser)
    add_players_option(parser, "random", "who plays")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument("--start", type=int, default=0, help="index of the first hand (default 0)")
    parser.add_argument("--threads", type=int, default=0, help="worker threads, 0 = every core (default)")
    parser.add_argument("--contract", help="force the contract, 'sun' or 'hokum:S' (first bidder buys, no bidding)")
    add_rule_option(parser)
    parser.add_argument("--out", help="write per-hand rows to FILE.csv, FILE.npz or FILE.parquet (needs pyarrow)")
    parser.add_argument("--scheduler", help="run on a Dask cluster, e.g. tcp://host:8786 (pip install 'baloot[dist]')")
    parser.add_argument("--checkpoint", metavar="FILE",
                        help="record finished chunks in FILE (with --out, their rows in FILE.rows-N.npz beside it); "
                             "the same command run again resumes from it")
    parser.add_argument("--keep-checkpoint", action="store_true",
                        help="keep the checkpoint and its rows files after --out is written (default: removed)")
    parser.add_argument("--chunk", type=int, help="hands per chunk with --scheduler/--checkpoint (default: auto)")
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    parser.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    parser.set_defaults(run=main)


def save_rows(result: SimResult, args: argparse.Namespace) -> Tuple[int, str]:
    """Write the rows to --out, or when that fails to a rescue file whose name is said: (exit status, message)."""
    kept = f"; they are still in the checkpoint {args.checkpoint!r}" if args.checkpoint else ""
    if result.interrupted and args.checkpoint:
        return 0, (f"{args.out} is not written yet: the per-hand rows of the chunks finished are in the checkpoint "
                   f"{args.checkpoint}, and {args.out} is written once the run completes")
    try:
        result.save(args.out)
    except KeyboardInterrupt:
        return 130, f"interrupted while writing {args.out!r}: the per-hand rows were not written{kept}"
    except BalootError as error:
        try:
            rescued = rescue_rows(result.table(), args.out)
        except (BalootError, KeyboardInterrupt) as second:
            return 2, f"{error}; the per-hand rows of {result.hands:,} hands were NOT saved ({second}){kept}"
        return 2, f"{error}; the per-hand rows were saved to {rescued!r} instead{kept}"
    if args.checkpoint and not args.keep_checkpoint and not result.interrupted:
        removed = remove_checkpoint(args.checkpoint)
        return 0, (f"per-hand rows written to {args.out}; the run is complete, so the checkpoint {args.checkpoint} "
                   f"and its {removed} rows files were removed (--keep-checkpoint keeps them)")
    return 0, f"per-hand rows written to {args.out}"


def main(args: argparse.Namespace) -> int:
    if args.matches is not None:
        return run_matches(args)
    if args.out is not None:
        check_rows_target(args.out)
    if args.checkpoint is not None:
        check_writable(args.checkpoint, "--checkpoint")
    rules = rules_from(args)
    threads = validation.threads(args.threads)
    began = time.perf_counter()
    with progress_bar(args.hands, not args.no_progress, delay=1.0) as progress:
        result = run(args.hands, players_from(args.players), args.seed, threads, rules, args.contract,
                     keep=args.out is not None, progress=progress, start=args.start, scheduler=args.scheduler,
                     checkpoint=args.checkpoint, chunk=args.chunk)
    seconds = time.perf_counter() - began
    summary = result.summary()
    ran = result.hands - result.resumed
    speed = ran / seconds if seconds > 0 else float("inf")
    status = 130 if result.interrupted else 0
    failed, message = 0, ""
    if args.json:
        if args.out is not None:
            failed, message = save_rows(result, args)
        print_json({"hands": result.hands, "resumed": result.resumed, "seed": args.seed, "start": args.start,
                    "players": result.players, "contract": args.contract, "threads": threads, "seconds": seconds,
                    "hands_per_second": speed, "interrupted": result.interrupted, "rules": rules.to_dict(),
                    "out": args.out if args.out is not None and not failed else None,
                    "out_message": message or None,
                    "summary": summary.to_dict()})
    else:
        note = " (interrupted: hands finished so far)" if result.interrupted else ""
        print(f"baloot simulate: {result.hands:,} hands{note}, players {', '.join(result.players)}, seed {args.seed}, "
              f"{threads} thread{'s' if threads != 1 else ''}, {seconds:.2f} s, {speed:,.0f} hands/s")
        if result.resumed:
            print(f"resumed from {args.checkpoint}: {result.resumed:,} hands read from it, {ran:,} played now "
                  "(the rate counts those)")
        if args.contract:
            print(f"contract forced: {args.contract} (bought by the first bidder)")
        print(summary, flush=True)
        if args.out is not None:
            failed, message = save_rows(result, args)
            if failed:
                print(f"baloot simulate: error: {message}", file=sys.stderr)
            else:
                print(message)
    if result.interrupted and args.checkpoint is not None:
        print(f"baloot simulate: interrupted after {result.hands:,} of {args.hands:,} hands (the chunks finished); "
              f"run the same command again to resume from the checkpoint {args.checkpoint}", file=sys.stderr)
    return failed or status
