"""``baloot simulate``: many hands in the core, a summary table or JSON, per-hand rows to a file."""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import numpy as np

from baloot import validation
from baloot.commands.common import add_rule_option, players_from, print_json, rules_from
from baloot.errors import BalootError
from baloot.files import write_atomically
from baloot.progress import progress_bar
from baloot.simulate import SimResult, run


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate", help="play many hands in the C++ core and summarise them",
        description="Play many full hands (deal, bidding, doubling, projects, 8 tricks, scoring) in the C++ core "
                    "and print means with 95%% confidence intervals and rates. Ctrl-C stops within a second and "
                    "prints the summary of the hands finished so far.")
    parser.add_argument("--hands", type=int, default=100_000, help="number of hands (default 100000)")
    parser.add_argument("--players", default="random",
                        help="one player for all seats or four separated by commas: random, heuristic, dd, "
                             "pimc (options as pimc:samples=20)")
    parser.add_argument("--seed", type=int, default=0, help="the run's seed (default 0)")
    parser.add_argument("--start", type=int, default=0, help="index of the first hand (default 0)")
    parser.add_argument("--threads", type=int, default=0, help="worker threads, 0 = every core (default)")
    parser.add_argument("--contract", help="force the contract, 'sun' or 'hokum:S' (first bidder buys, no bidding)")
    add_rule_option(parser)
    parser.add_argument("--out", help="write per-hand rows to FILE.csv, FILE.npz or FILE.parquet (needs pyarrow)")
    parser.add_argument("--scheduler", help="run on a Dask cluster, e.g. tcp://host:8786 (pip install 'baloot[dist]')")
    parser.add_argument("--checkpoint", metavar="FILE",
                        help="record finished chunks in FILE; the same command run again resumes from it")
    parser.add_argument("--chunk", type=int, help="hands per chunk with --scheduler/--checkpoint (default: auto)")
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON")
    parser.add_argument("--no-progress", action="store_true", help="never show a progress bar")
    parser.set_defaults(run=main)


def save_rows(result: SimResult, path: str) -> None:
    columns = result.table()
    lower = path.lower()
    if lower.endswith(".npz"):
        write_atomically(path, lambda tmp: np.savez_compressed(tmp, **columns))  # type: ignore[arg-type]
    elif lower.endswith(".csv"):
        header = ",".join(columns)
        data = np.column_stack([c.astype(np.int64) for c in columns.values()])
        write_atomically(path, lambda tmp: np.savetxt(tmp, data, fmt="%d", delimiter=",", header=header, comments=""))
    elif lower.endswith(".parquet"):
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError:
            raise BalootError("writing Parquet needs pyarrow: pip install pyarrow (or use .csv or .npz)") from None
        table = pa.table(columns)
        write_atomically(path, lambda tmp: pq.write_table(table, tmp))
    else:
        raise BalootError(f"--out {path!r}: use a .csv, .npz or .parquet file name")


def check_out(path: str) -> None:
    """Refuse an output the run could not write, before the run rather than after it."""
    lower = path.lower()
    if not lower.endswith((".csv", ".npz", ".parquet")):
        raise BalootError(f"--out {path!r}: use a .csv, .npz or .parquet file name")
    if lower.endswith(".parquet"):
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise BalootError("writing Parquet needs pyarrow: pip install pyarrow (or use .csv or .npz)") from None
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise BalootError(f"--out {path!r}: the folder {folder!r} does not exist")


def main(args: argparse.Namespace) -> int:
    if args.out:
        check_out(args.out)
    rules = rules_from(args)
    threads = validation.threads(args.threads)
    began = time.perf_counter()
    with progress_bar(args.hands, not args.no_progress, delay=1.0) as progress:
        result = run(args.hands, players_from(args.players), args.seed, threads, rules, args.contract,
                     keep=bool(args.out), progress=progress, start=args.start, scheduler=args.scheduler,
                     checkpoint=args.checkpoint, chunk=args.chunk)
    seconds = time.perf_counter() - began
    if args.out:
        save_rows(result, args.out)
    summary = result.summary()
    speed = result.hands / seconds if seconds > 0 else float("inf")
    if args.json:
        print_json({"hands": result.hands, "seed": args.seed, "start": args.start, "players": result.players,
                    "contract": args.contract, "threads": threads, "seconds": seconds, "hands_per_second": speed,
                    "interrupted": result.interrupted, "rules": rules.to_dict(), "out": args.out,
                    "summary": summary.to_dict()})
    else:
        note = " (interrupted: hands finished so far)" if result.interrupted else ""
        print(f"baloot simulate: {result.hands:,} hands{note}, players {', '.join(result.players)}, seed {args.seed}, "
              f"{threads} thread{'s' if threads != 1 else ''}, {seconds:.2f} s, {speed:,.0f} hands/s")
        if args.contract:
            print(f"contract forced: {args.contract} (bought by the first bidder)")
        print(summary)
        if args.out:
            print(f"per-hand rows written to {args.out}")
    return 130 if result.interrupted else 0
