"""``baloot simulate --matches N``: whole matches in the core, a summary or JSON, per-match rows to a file."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from baloot import validation
from baloot.commands.common import parse_pair, players_from, print_json, rules_from
from baloot.distributed import remove_checkpoint
from baloot.errors import BalootError
from baloot.files import check_writable
from baloot.matches import run_matches as play_matches
from baloot.progress import progress_bar
from baloot.rowfiles import check_rows_target


def add_match_options(parser: Any) -> None:
    parser.add_argument("--matches", type=int,
                        help="play N whole matches instead of hands (to the target, R41; a Gahwa ends one, R33)")
    parser.add_argument("--scores", default="0,0", help="with --matches: the scores every match starts from "
                                                         "(default 0,0)")
    parser.add_argument("--dealer", type=int, default=0, help="with --matches: the first dealer (default 0)")


def run_matches(args: argparse.Namespace) -> int:
    if args.contract is not None:
        raise BalootError("--contract is for hands: --matches plays whole hands, bidding included")
    if args.out is not None:
        check_rows_target(args.out)
    if args.checkpoint is not None:
        check_writable(args.checkpoint, "--checkpoint")
    rules = rules_from(args)
    threads = validation.threads(args.threads)
    scores = parse_pair(args.scores, "--scores")
    began = time.perf_counter()
    with progress_bar(validation.count(args.matches, "matches"), not args.no_progress, unit="match",
                      delay=1.0) as progress:
        result = play_matches(args.matches, players=players_from(args.players), rules=rules, scores=scores,
                              dealer=args.dealer, seed=args.seed, threads=threads, progress=progress, start=args.start,
                              keep=args.out is not None, scheduler=args.scheduler, checkpoint=args.checkpoint,
                              chunk=args.chunk)
    seconds = time.perf_counter() - began
    speed = (result.matches - result.resumed) / seconds if seconds > 0 else float("inf")
    summary = result.summary()
    failed, message = 0, ""
    if args.out is not None and result.interrupted and args.checkpoint:
        message = (f"{args.out} is not written yet: the per-match rows of the chunks finished are in the checkpoint "
                   f"{args.checkpoint}, and {args.out} is written once the run completes")
    elif args.out is not None:
        try:
            result.save(args.out)
            message = f"per-match rows written to {args.out}"
        except BalootError as error:
            failed, message = 2, str(error)
    if args.out is not None and args.checkpoint and not args.keep_checkpoint and not failed and not result.interrupted:
        removed = remove_checkpoint(args.checkpoint)
        message += (f"; the run is complete, so the checkpoint {args.checkpoint} and its {removed} rows files were "
                    "removed (--keep-checkpoint keeps them)")
    if args.json:
        print_json({"matches": result.matches, "resumed": result.resumed, "seed": args.seed, "start": args.start,
                    "scores": list(scores),
                    "dealer": args.dealer, "players": result.players, "threads": threads, "seconds": seconds,
                    "matches_per_second": speed, "interrupted": result.interrupted, "rules": rules.to_dict(),
                    "out": args.out if args.out is not None and not failed else None,
                    "out_message": message or None, "summary": summary})
    else:
        note = " (interrupted: matches finished so far)" if result.interrupted else ""
        print(f"baloot simulate: {result.matches:,} matches{note} from {scores[0]}-{scores[1]}, players "
              f"{', '.join(result.players)}, seed {args.seed}, {threads} thread{'s' if threads != 1 else ''}, "
              f"{seconds:.2f} s, {speed:,.1f} matches/s")
        if result.resumed:
            print(f"resumed from {args.checkpoint}: {result.resumed:,} matches read from it "
                  "(the rate counts the others)")
        rows = [("team 0 wins", summary["team0_wins"], True), ("hands per match", summary["hands_per_match"], False)]
        rows += [(f"ended by {name}", share, True) for name, share in summary["ends"].items()]
        for name, value, percent in rows:
            scale, unit = (100, "%") if percent else (1, " ")
            print(f"{name:<23}{scale * value['mean']:6.2f}{unit} ± {scale * value['ci95']:.2f}")
        if failed:
            print(f"baloot simulate: error: {message}", file=sys.stderr)
        elif message:
            print(message)
    if result.interrupted and args.checkpoint is not None:
        print(f"baloot simulate: interrupted after {result.matches:,} of {args.matches:,} matches (the chunks "
              f"finished); run the same command again to resume from the checkpoint {args.checkpoint}",
              file=sys.stderr)
    return failed or (130 if result.interrupted else 0)
