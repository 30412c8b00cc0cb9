"""Matches/s against hands/s with the same players, from the same run: the speed target of whole matches.

    python benchmarks/match_throughput.py [--players heuristic,strong] [--hands N] [--repeats R] [--threads T]

For each player, ``simulate`` (hands) and ``simulate_matches`` (matches from 0-0) take turns in each of R
rounds, so that a moment when the machine runs slow hurts both alike; every figure is a median of the R
rounds. The ratio is matches/s divided by hands/s. A match of H hands on average can reach 1/H of the hand
rate only by playing its hands as fast as ``simulate`` does, so the line also gives the rate of the hands
played inside matches and that rate against ``simulate``'s.
"""

from __future__ import annotations

import argparse
import statistics
import time

import baloot


def rounds(repeats: int, works: dict) -> dict:
    """Each work's (count, seconds) of every round, the works taking turns within a round."""
    runs: dict = {key: [] for key in works}
    for _ in range(repeats):
        for key, work in works.items():
            began = time.perf_counter()
            count = work()
            runs[key].append((count, time.perf_counter() - began))
    return runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", default="heuristic,strong")
    parser.add_argument("--hands", type=int, default=200_000, help="hands per round (matches: hands / 13)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--threads", type=int, default=0, help="worker threads, 0 = every core")
    args = parser.parse_args()
    for players in args.players.split(","):
        matches = max(args.hands // 13, 1)
        hands_in_matches = []

        def play_matches(players: str = players) -> int:
            result = baloot.simulate_matches(matches, players=players, seed=1, threads=args.threads, keep=False)
            hands_in_matches.append(result.counts["hands"])
            return result.matches

        runs = rounds(args.repeats, {
            "hands": lambda players=players: baloot.simulate(args.hands, players=players, seed=1,
                                                             threads=args.threads, keep=False).hands,
            "matches": play_matches})
        hand_rate = statistics.median(count / seconds for count, seconds in runs["hands"])
        match_rate = statistics.median(count / seconds for count, seconds in runs["matches"])
        inside = statistics.median(played / seconds for played, (_, seconds) in zip(hands_in_matches, runs["matches"]))
        per_match = hands_in_matches[0] / matches
        ratio = match_rate / hand_rate
        print(f"{players:<10} {hand_rate:10,.0f} hands/s  {match_rate:9,.1f} matches/s  ratio 1/{1 / ratio:.2f}  "
              f"{per_match:.2f} hands per match  hands inside matches {inside:10,.0f}/s "
              f"({100 * (inside / hand_rate - 1):+.1f}% against simulate)  "
              f"median of {args.repeats}, {args.hands:,} hands and {matches:,} matches a round")


if __name__ == "__main__":
    main()
