"""A search player against an opponent in duplicate, and its time per card decision on one core.

    python benchmarks/search_player.py [--hands N] [--seed S] [--start K] [--timing N]
                                       [--save FILE] [--paired FILE] [--threads T] A [B]

Plays the same N deals twice, A on seats 0/2 then on seats 1/3 (B, default "heuristic", on the
others), and reports A's game-point margin per hand with a 95% CI over the deals (each deal's two
layouts averaged: the luck of the cards cancels, so the CI is the duplicate one). Then times A's
card decisions (only those with a choice) over the first --timing deals on one thread: median, mean
and 90th percentile. --save writes the per-deal margins (numpy .npy); --paired reads such a file, made
on the same deals by another player, and reports A's gain over it per hand, paired deal by deal.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import baloot
from baloot import _core
from baloot.roster import BuiltinPlayer
from baloot.rules import Rules, core_rules

PLAYING, OVER = 2, 3


def decision_times(spec: str, deals: int, seed: int) -> np.ndarray:
    """Seconds per card decision with more than one legal card, the player on every seat."""
    player = BuiltinPlayer(spec).core
    rules = core_rules(Rules())
    times = []
    for deal in range(deals):
        state = _core.HandState.random(seed + deal, deal % 4, (0, 0), rules)
        step = 0
        while state.phase != OVER:
            step += 1
            legal = state.legal_actions()
            timed = state.phase == PLAYING and legal & (legal - 1)
            began = time.perf_counter()
            action = player.choose(state, seed * 1000 + step)
            if timed:
                times.append(time.perf_counter() - began)
            state.apply(action)
    return np.array(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=500, help="deals, each played in both layouts (default 500)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="first deal of the seed's sequence")
    parser.add_argument("--timing", type=int, default=20, help="deals whose decisions are timed (0: none)")
    parser.add_argument("--save", help="write the per-deal margins to this .npy file")
    parser.add_argument("--threads", type=int, default=0, help="threads of the match (default 0: every core)")
    parser.add_argument("--paired", help="a --save file of another player on the same deals: report the gain over it")
    parser.add_argument("player")
    parser.add_argument("opponent", nargs="?", default="heuristic")
    args = parser.parse_args()
    if args.hands:
        began = time.perf_counter()
        match = baloot.duplicate(args.player, args.opponent, args.hands, seed=args.seed, start=args.start,
                                 threads=args.threads)
        m = match.margins
        print(f"{match}, seed {args.seed}, {time.perf_counter() - began:.0f} s")
        if args.save:
            np.save(args.save, m)
        if args.paired:
            d = m - np.load(args.paired)
            print(f"gain over {args.paired}: {d.mean():+.2f} ± {1.96 * d.std(ddof=1) / np.sqrt(len(d)):.2f} "
                  f"game points per hand (paired)")
    if args.timing:
        t = decision_times(args.player, args.timing, args.seed) * 1e3
        print(f"{args.player}: {len(t)} card decisions, median {np.median(t):.2f} ms, mean {t.mean():.2f} ms, "
              f"p90 {np.percentile(t, 90):.2f} ms (one thread)")


if __name__ == "__main__":
    main()
