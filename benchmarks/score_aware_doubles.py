"""Do doubles that read the match equity table win more matches? A duplicate test with simulate_matches.

    python benchmarks/score_aware_doubles.py [--players heuristic] [--matches N] [--scores 100,120 130,140 ...]

From each start, the same N matches (same seed: the same first deal, the same streams) are played three
times: four plain players; the score-aware player (option ``match_equity=1``) on team 0's seats; and on
team 1's. The gain of a team is its winning rate with the score-aware doubles minus that with the plain
ones, match by match, with a 95% interval.
"""

from __future__ import annotations

import argparse

import numpy as np

import baloot


def gain(aware: np.ndarray, plain: np.ndarray) -> tuple:
    """The mean of the paired differences and its 95% half-interval."""
    diff = aware.astype(float) - plain.astype(float)
    return diff.mean(), 1.96 * diff.std(ddof=1) / np.sqrt(len(diff))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", default="heuristic")
    parser.add_argument("--matches", type=int, default=20_000)
    parser.add_argument("--scores", nargs="+", default=["100,120", "120,100", "130,140", "140,110", "60,130", "0,0"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=0)
    args = parser.parse_args()
    plain, aware = args.players, f"{args.players}:match_equity=1"
    print(f"{args.players}: {args.matches:,} matches from each start, seed {args.seed}; gain in winning rate, "
          "percentage points, 95% CI")
    print(f"{'start':>9} {'team 0 wins (plain)':>20} {'team 0 aware':>16} {'team 1 aware':>16}")
    for text in args.scores:
        scores = tuple(int(s) for s in text.split(","))

        def wins(players: list) -> np.ndarray:
            return baloot.simulate_matches(args.matches, players=players, scores=scores, seed=args.seed,
                                           threads=args.threads).winner

        base = wins([plain] * 4)
        team0 = gain(wins([aware, plain] * 2) == 0, base == 0)
        team1 = gain(wins([plain, aware] * 2) == 1, base == 1)
        print(f"{text:>9} {100 * np.mean(base == 0):19.2f}% " +
              " ".join(f"{100 * mean:+8.2f} ± {100 * ci:4.2f}" for mean, ci in (team0, team1)))


if __name__ == "__main__":
    main()
