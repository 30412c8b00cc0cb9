"""The cost of a bid analysis at match level against the same analysis in game points only.

    python benchmarks/match_analysis.py [--samples N] [--repeats R] [--players strong] [--scores 100,120]

``analyze_bid`` of one hand from the same scores, seed and samples, with ``objective="points"`` and with
``objective="match"`` (the chance to win the match after each sample, read from the shipped table, which
is loaded once before the timing), taking turns in each of R rounds; the figures are the medians and the
fastest of the rounds.
"""

from __future__ import annotations

import argparse
import statistics
import time

import baloot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--samples", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--players", default="strong")
    parser.add_argument("--scores", default="100,120")
    parser.add_argument("--threads", type=int, default=0, help="worker threads, 0 = every core")
    args = parser.parse_args()
    scores = tuple(int(s) for s in args.scores.split(","))
    equity = baloot.match_equity(players=args.players)
    seconds: dict = {"points": [], "match": []}
    for _ in range(args.repeats):
        for objective in seconds:
            began = time.perf_counter()
            baloot.analyze_bid("JH 9H 7H 8D 7C", "8H", 1, 0, samples=args.samples, players=args.players,
                               scores=scores, threads=args.threads, objective=objective, equity=equity)
            seconds[objective].append(time.perf_counter() - began)
    for name, pick in (("median", statistics.median), ("fastest", min)):
        points, match = (pick(seconds[objective]) for objective in ("points", "match"))
        print(f"analyze_bid, {args.samples:,} samples, {args.players} players, scores {scores[0]}-{scores[1]}, "
              f"{name} of {args.repeats}: points {points:.3f} s, match {match:.3f} s, match level costs "
              f"{100 * (match / points - 1):+.1f}%")


if __name__ == "__main__":
    main()
