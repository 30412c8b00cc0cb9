"""How far the default analysis players' bidding answers are from the search player's.

    python benchmarks/agreement.py [--hands 24] [--seed 2026] [--samples 4000] [--search rollout:worlds=400:race=0]
                                   [--search-samples 400] [--threads 0] [--search-cache FILE] [HAND UP SEAT ...]

Draws ``--hands`` first-round hands at random from ``--seed`` (seats 0, 1, 2, 3 in turn, dealer 0: five
cards and an up-card from a shuffled deck), plus any ``HAND UP SEAT`` triples given (e.g. ``"JH 9H AH 7S
8C" 8H 1``), and prints for each Hokum - Pass and Sun - Pass (paired differences, 95% CI) from
``analyze_bid`` with the default players and with the search player, then the RMS of the differences
between the two, and the hands where the two best calls differ while the search's best beats its second
best by more than that difference's CI. Hands are drawn, never chosen: do not tune to them.

The search's side does not depend on the default players and costs minutes a hand: ``--search-cache FILE``
keeps each hand's search answers (JSON, keyed by the hand, the search player, its samples, the seed and
baloot's version) and reads them back instead of searching again. By default that file is
benchmarks/agreement_search.json, which holds the searches of the hands docs/bid-analysis.md shows (those
computed so far), so that a change of the default players reruns them in seconds.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np

import baloot
from baloot.analysis import DEFAULT_PLAYERS
from baloot.cards import DECK
from baloot.stats import Z95, Estimate, mean_estimate

COMPARED = ("hokum", "sun")
SEARCH_CACHE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "agreement_search.json")
DEALER = 0


def drawn_hands(count: int, seed: int) -> List[Tuple[str, str, int]]:
    """``count`` first-round hands (cards, up-card, seat) from a seeded shuffle, the seats in turn."""
    rng = np.random.default_rng(seed)
    hands = []
    for index in range(count):
        deck = [DECK[i] for i in rng.permutation(len(DECK))]
        hands.append((" ".join(deck[:5]), deck[5], index % 4))
    return hands


def over_pass(analysis: baloot.BidAnalysis, action: str) -> Optional[Estimate]:
    """The call's margin minus passing's on the same samples; None where the call was not open."""
    if action not in (row.action for row in analysis.rows):
        return None
    return mean_estimate((analysis[action].margins - analysis["pass"].margins).astype(np.float64))


def clearly_best(analysis: baloot.BidAnalysis) -> Optional[str]:
    """The best call where it beats the second best by more than the paired difference's CI, else None."""
    second = sorted(analysis.rows, key=lambda row: row.margin.mean)[-2]
    gap = mean_estimate((analysis[analysis.best].margins - second.margins).astype(np.float64))
    return analysis.best if gap.mean > gap.ci else None


def search_answers(analysis: baloot.BidAnalysis) -> Dict[str, Any]:
    """What the comparison reads of the search's analysis: each compared call over passing, the best
    call and the clearly best one."""
    estimates = {action: over_pass(analysis, action) for action in COMPARED}
    answers: Dict[str, Any] = {action: None if e is None else [e.mean, e.ci] for action, e in estimates.items()}
    return {**answers, "best": analysis.best, "clear": clearly_best(analysis)}


def cached_search(cache: Dict[str, Any], key: str, analyse: Callable[[], baloot.BidAnalysis]) -> Dict[str, Any]:
    if key not in cache:
        cache[key] = search_answers(analyse())
    return cache[key]


def show(estimate: Optional[Estimate]) -> str:
    return "—" if estimate is None else f"{estimate.mean:+6.2f} ± {estimate.ci:4.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=24, help="hands drawn at random (default 24)")
    parser.add_argument("--seed", type=int, default=2026, help="the draw's seed and the analyses' (default 2026)")
    parser.add_argument("--samples", type=int, default=4000, help="samples with the default players")
    parser.add_argument("--search", default="rollout:worlds=400:race=0", help="the search player")
    parser.add_argument("--search-samples", type=int, default=400, help="samples with the search player")
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--search-cache", default=SEARCH_CACHE,
                        help="a JSON file of the search's answers, read and extended ('': none; default: %(default)s)")
    parser.add_argument("extra", nargs="*", help="more hands: HAND UP SEAT triples")
    args = parser.parse_args()
    if len(args.extra) % 3:
        parser.error("extra hands come as HAND UP SEAT triples")
    hands = drawn_hands(args.hands, args.seed) + [
        (args.extra[i], args.extra[i + 1], int(args.extra[i + 2])) for i in range(0, len(args.extra), 3)]
    differences: Dict[str, List[float]] = {action: [] for action in COMPARED}
    noise: Dict[str, List[float]] = {action: [] for action in COMPARED}  # each difference's sampling variance
    disagreements = 0
    print(f"default players {DEFAULT_PLAYERS!r} ({args.samples:,} samples) vs {args.search!r} "
          f"({args.search_samples:,} samples), dealer {DEALER}, seed {args.seed}")
    print(f"{'hand':<18} {'up':<3} seat | " + " | ".join(
        f"{a} - pass: default, search, diff" for a in COMPARED) + " | best: default, search")
    cache: Dict[str, Any] = {}
    if args.search_cache and os.path.exists(args.search_cache):
        with open(args.search_cache) as f:
            cache = json.load(f)
    for hand, up, seat in hands:
        began = time.perf_counter()

        def analyse(players: str, samples: int) -> baloot.BidAnalysis:
            return baloot.analyze_bid(hand, up, seat, DEALER, samples=samples, players=players, seed=args.seed,
                                      threads=args.threads)

        ours = analyse(DEFAULT_PLAYERS, args.samples)
        key = f"{hand}|{up}|{seat}|{args.search}|{args.search_samples}|{args.seed}|{baloot.__version__}"
        theirs = cached_search(cache, key, lambda: analyse(args.search, args.search_samples))
        if args.search_cache:
            with open(args.search_cache, "w") as f:
                json.dump(cache, f, indent=1)
        columns = []
        for action in COMPARED:
            a = over_pass(ours, action)
            b = None if theirs[action] is None else Estimate(*theirs[action])
            difference = None if a is None or b is None else a.mean - b.mean
            if difference is not None:
                differences[action].append(difference)
                noise[action].append((a.ci / Z95) ** 2 + (b.ci / Z95) ** 2)
            columns.append(f"{show(a)}, {show(b)}, " + ("—" if difference is None else f"{difference:+5.2f}"))
        differs = theirs["clear"] is not None and theirs["clear"] != ours.best
        disagreements += differs
        print(f"{hand:<18} {up:<3} {seat:>4} | " + " | ".join(columns) +
              f" | {ours.best}, {theirs['best']}{' (differs)' if differs else ''} "
              f"[{time.perf_counter() - began:.0f} s]", flush=True)
    for action in COMPARED:
        square, variance = float(np.mean(np.array(differences[action]) ** 2)), float(np.mean(noise[action]))
        print(f"{action} - pass: RMS of default - search over {len(differences[action])} hands: "
              f"{math.sqrt(square):.2f} points (largest {np.max(np.abs(differences[action])):.2f}); "
              f"sampling error alone {math.sqrt(variance):.2f}, beyond it {math.sqrt(max(square - variance, 0.0)):.2f}")
    print(f"best calls that differ where the search's best is clear: {disagreements} of {len(hands)}")


if __name__ == "__main__":
    main()
