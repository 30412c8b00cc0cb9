"""Checks a match equity table against direct match simulation at random score pairs and dealers:
for each, ``simulate_matches`` from that score, and the difference to the table with its 95% interval.

    python tools/check_equity.py --pairs 30 --matches 20000
"""

from __future__ import annotations

import argparse
import math
import random
import time

from baloot import Rules, match_equity, simulate_matches
from baloot.stats import Z95


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pairs", type=int, default=30)
    parser.add_argument("--matches", type=int, default=20_000, help="matches simulated from each score pair")
    parser.add_argument("--players", default="strong")
    parser.add_argument("--target", type=int, default=152)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = Rules(target=args.target)
    began = time.perf_counter()
    table = match_equity(players=args.players, rules=rules, cache=False)
    print(f"table: {time.perf_counter() - began:.1f} s from scratch; largest standard error "
          f"{100 * table.error.max():.2f} points")
    rng = random.Random(args.seed)
    worst, inside, within_1 = 0.0, 0, 0
    print(f"{'scores':>9} {'dealer':>6} {'table %':>8} {'direct %':>9} {'diff':>6} {'95% CI':>7}")
    for k in range(args.pairs):
        scores = (rng.randrange(args.target), rng.randrange(args.target))
        dealer = rng.randrange(4)
        direct = simulate_matches(args.matches, players=args.players, rules=rules, scores=scores, dealer=dealer,
                                  seed=1000 + k)
        p = direct.counts["wins"][0] / args.matches
        predicted = table.at(scores, dealer)
        ci = Z95 * math.hypot(math.sqrt(p * (1 - p) / args.matches), table.error[scores[0], scores[1], dealer])
        diff = predicted - p
        worst = max(worst, abs(diff))
        inside += abs(diff) <= ci
        within_1 += abs(diff) <= 0.01
        print(f"{scores[0]:>4},{scores[1]:<4} {dealer:>6} {100 * predicted:8.2f} {100 * p:9.2f} "
              f"{100 * diff:+6.2f} {100 * ci:7.2f}")
    print(f"{within_1} of {args.pairs} within 1 point; {inside} of {args.pairs} inside their 95% interval; "
          f"largest difference {100 * worst:.2f} points; {time.perf_counter() - began:.0f} s in all")


if __name__ == "__main__":
    main()
