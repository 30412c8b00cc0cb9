"""How often a player's own first-round call is the one an analysis with the same players advises.

    python benchmarks/call_agreement.py [PLAYER] [--hands 400] [--seed 2027] [--samples 2000] [--threads 0]

Draws ``--hands`` first-round hands at random from ``--seed`` as benchmarks/agreement.py does (seats 0-3 in
turn, dealer 0), asks PLAYER (default: the analyses' default player) for its call on each, and runs
``analyze_bid`` with PLAYER in every seat. Prints the share of hands where the two agree, the same share
among the hands where the analysis's best call beats its second best by more than that difference's CI,
and the mean game points per hand that the player's call loses to the analysis's best (its regret on these
samples), then the hands where they differ by more than 2 points.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from agreement import clearly_best, drawn_hands

import baloot
from baloot.analysis import DEFAULT_PLAYERS, first_turn
from baloot.roster import BuiltinPlayer
from baloot.stats import mean_estimate

DEALER = 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("player", nargs="?", default=DEFAULT_PLAYERS)
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--threads", type=int, default=0)
    args = parser.parse_args()
    player = BuiltinPlayer(args.player)
    began = time.perf_counter()
    agree = clear = clear_agree = 0
    regrets, far = [], []
    for index, (hand, up, seat) in enumerate(drawn_hands(args.hands, args.seed)):
        analysis = baloot.analyze_bid(hand, up, seat, DEALER, samples=args.samples, players=args.player, seed=index,
                                      threads=args.threads)
        own = player.act(first_turn(hand, up, seat, DEALER), index)
        loss = mean_estimate((analysis[analysis.best].margins - analysis[own].margins).astype(np.float64))
        regrets.append(loss.mean)
        agree += own == analysis.best
        if clearly_best(analysis) is not None:
            clear += 1
            clear_agree += own == analysis.best
        if loss.mean > 2:
            far.append(f"  {hand} up {up} seat {seat}: calls {own}, the analysis {analysis.best} by {loss}")
    print(f"{args.player}: its own call is the analysis's best on {agree} of {args.hands} hands "
          f"({agree / args.hands:.0%}), on {clear_agree} of the {clear} where the best is clear; regret "
          f"{np.mean(regrets):.3f} game points per hand ({args.samples:,} samples each, "
          f"{time.perf_counter() - began:.0f} s)")
    if far:
        print(f"calls more than 2 points from the analysis's best ({len(far)}):")
        print("\n".join(far))


if __name__ == "__main__":
    main()
