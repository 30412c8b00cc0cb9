"""How often a player's own calls are the ones an analysis with the same players advises.

    python benchmarks/call_agreement.py [PLAYER] [--hands 400] [--seed 2027] [--samples 2000]
                                        [--doubles 2000] [--threads 0]

Bids: draws ``--hands`` first-round hands at random from ``--seed`` as benchmarks/agreement.py does (seats
0-3 in turn, dealer 0), asks PLAYER (default: the analyses' default player) for its call on each, and runs
``analyze_bid`` with PLAYER in every seat. Doubles: deals ``--doubles`` hands from the same seed, bid by
PLAYER in every seat, and at every doubling turn with a choice compares PLAYER's action with
``analyze_decision``'s best (PLAYER in every seat). For each, prints the share of decisions where the two
agree, the same share among those where the analysis's best beats its second best by more than that
difference's CI, and the mean game points per decision that the player's action loses to the analysis's
best (its regret on these samples), then the decisions where they differ by more than 2 points.
"""

from __future__ import annotations

import argparse
import time
from typing import Iterator, List, Tuple

import numpy as np
from agreement import clearly_best, drawn_hands

import baloot
from baloot.analysis import DEFAULT_PLAYERS, first_turn
from baloot.roster import BuiltinPlayer
from baloot.stats import mean_estimate

DEALER = 0


class Agreement:
    """The player's actions against the analyses' best, decision by decision."""

    def __init__(self) -> None:
        self.decisions = self.agree = self.clear = self.clear_agree = 0
        self.regrets: List[float] = []
        self.far: List[str] = []

    def add(self, analysis: baloot.BidAnalysis, own: str, where: str) -> None:
        loss = mean_estimate((analysis[analysis.best].margins - analysis[own].margins).astype(np.float64))
        self.decisions += 1
        self.regrets.append(loss.mean)
        self.agree += own == analysis.best
        if clearly_best(analysis) is not None:
            self.clear += 1
            self.clear_agree += own == analysis.best
        if loss.mean > 2:
            self.far.append(f"  {where}: {own}, the analysis {analysis.best} by {loss}")

    def report(self, player: str, what: str, samples: int, seconds: float) -> str:
        share = self.agree / max(self.decisions, 1)
        lines = [f"{player}: its own {what} is the analysis's best on {self.agree} of {self.decisions} ({share:.0%}), "
                 f"on {self.clear_agree} of the {self.clear} where the best is clear; regret "
                 f"{np.mean(self.regrets) if self.regrets else 0:.3f} game points per decision ({samples:,} samples "
                 f"each, {seconds:.0f} s)"]
        if self.far:
            lines += [f"more than 2 points from the analysis's best ({len(self.far)}):", *self.far]
        return "\n".join(lines)


def doubling_turns(player: BuiltinPlayer, hands: int, seed: int) -> Iterator[Tuple[int, baloot.Game]]:
    """Each doubling turn with a choice in ``hands`` hands dealt from ``seed`` (the dealer in turn) and
    called by ``player`` in every seat, with its hand's index."""
    for index in range(hands):
        game = baloot.Game(dealer=index % 4, seed=seed * 1_000_003 + index)
        while game.phase in ("bidding", "doubling"):
            if game.phase == "doubling" and len(game.legal_actions()) > 1:
                yield index, game.clone()
            game.apply(player.act(game, index))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("player", nargs="?", default=DEFAULT_PLAYERS)
    parser.add_argument("--hands", type=int, default=400, help="first-round hands for the bids (0: none)")
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument("--samples", type=int, default=2000)
    parser.add_argument("--doubles", type=int, default=2000, help="hands dealt for the doubling turns (0: none)")
    parser.add_argument("--threads", type=int, default=0)
    args = parser.parse_args()
    player = BuiltinPlayer(args.player)

    began, bids = time.perf_counter(), Agreement()
    for index, (hand, up, seat) in enumerate(drawn_hands(args.hands, args.seed)):
        analysis = baloot.analyze_bid(hand, up, seat, DEALER, samples=args.samples, players=args.player, seed=index,
                                      threads=args.threads)
        bids.add(analysis, player.act(first_turn(hand, up, seat, DEALER), index), f"{hand} up {up} seat {seat}")
    if args.hands:
        print(bids.report(args.player, "first-round call", args.samples, time.perf_counter() - began))

    began, doubles = time.perf_counter(), Agreement()
    for index, game in doubling_turns(player, args.doubles, args.seed):
        analysis = baloot.analyze_decision(game, samples=args.samples, players=args.player, seed=index,
                                           threads=args.threads)
        contract = game.contract
        doubles.add(analysis, player.act(game, index),
                    f"hand {index}, seat {game.to_move} facing {contract.name} x{contract.multiplier}")
    if args.doubles:
        print(doubles.report(args.player, "doubling action", args.samples, time.perf_counter() - began))


if __name__ == "__main__":
    main()
