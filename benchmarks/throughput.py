"""Throughput of the engine through its public Python API: hands/s, ns/hand and thread scaling.

    python benchmarks/throughput.py [--hands N] [--repeats R] [--players random,heuristic] [--threads 1,2]

Every figure is the median of R runs; ratios are taken between medians of the same invocation.
Kernel micro-benchmarks (legal moves, best project set) are timed inside C++.
"""

from __future__ import annotations

import argparse
import statistics
import time

import baloot
from baloot import _core


def median_rate(repeats: int, work) -> float:
    return median_rates(repeats, {None: work})[None]


def median_rates(repeats: int, works: dict) -> dict:
    """The median rate of each work over `repeats` rounds. The works take turns within each round, so a
    moment when the machine runs slow hurts them alike and the ratios between them stay fair."""
    rates: dict = {key: [] for key in works}
    for _ in range(repeats):
        for key, work in works.items():
            began = time.perf_counter()
            count = work()
            rates[key].append(count / (time.perf_counter() - began))
    return {key: statistics.median(values) for key, values in rates.items()}


def vector_env_rate(repeats: int, steps: int) -> float:
    """Learner steps per second of baloot.rl.BalootVectorEnv (0 without the rl extra)."""
    try:
        from baloot.rl import BalootVectorEnv
    except ImportError:
        return 0.0
    vector = BalootVectorEnv(64, others="heuristic", copy=False)

    def run() -> int:
        _, info = vector.reset(seed=1)
        for _ in range(steps):
            _, _, _, _, info = vector.step(info["action_mask"].argmax(axis=1))
        return steps * vector.num_envs

    return median_rate(repeats, run)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--players", default="random,heuristic")
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--solver-deals", type=int, default=300, help="full deals to solve (0: skip)")
    args = parser.parse_args()
    threads = [int(t) for t in args.threads.split(",")]

    print(f"core built for:    {_core.build_target}")
    legal = statistics.median(_core.time_legal_moves(4096, 2000, seed) for seed in range(args.repeats))
    projects = statistics.median(_core.time_best_projects(4096, 500, seed) for seed in range(args.repeats))
    print(f"legal moves:       {legal:6.2f} ns per call (median of {args.repeats}, timed in C++)")
    print(f"best project set:  {projects:6.2f} ns per hand (median of {args.repeats}, timed in C++)")

    cases = [("random, forced Sun", "random", "sun"), ("random, forced Hokum", "random", "hokum:H"),
             ("random, full bidding", "random", None)]
    if "heuristic" in args.players.split(","):
        cases.append(("heuristic, full bidding", "heuristic", None))
    for name, players, contract in cases:
        hands = args.hands if players == "random" else max(args.hands // 4, 1)
        def run(t: int, keep: bool = False):
            return lambda: baloot.simulate(hands, players=players, seed=1, threads=t, contract=contract,
                                           keep=keep).hands

        works = {t: run(t) for t in threads}
        works["kept"] = run(threads[0], keep=True)
        rates = median_rates(args.repeats, works)
        kept = rates.pop("kept")
        line = "  ".join(f"{t} thread{'s' if t > 1 else ''}: {r / 1e6:5.2f} M hands/s ({1e9 / r:6.0f} ns/hand)"
                         for t, r in rates.items())
        scaling = f"  scaling {threads[-1]}/{threads[0]}: {rates[threads[-1]] / rates[threads[0]]:.2f}x" \
            if len(threads) > 1 else ""
        keep_cost = f"  keep=True costs {100 * (rates[threads[0]] / kept - 1):+.1f}%"
        print(f"{name:<24} {line}{scaling}{keep_cost}")

    decisions = _core.time_heuristic(100_000, 1)
    print(f"heuristic player:  {decisions['ns_per_decision']:6.1f} ns per decision, "
          f"{decisions['decisions_per_hand']:.1f} decisions per hand")
    samples = max(args.hands // 250, 1)
    rate = median_rate(args.repeats, lambda: baloot.analyze_bid("JH 9H AH 7S 8C", "8H", 1, 0, samples=samples,
                                                                players="heuristic", threads=1).samples)
    print(f"bid analysis:      {rate:,.0f} samples/s on 1 thread, heuristic players, 3 calls played out per sample")
    rl_rate = vector_env_rate(args.repeats, max(args.hands // 500, 10))
    if rl_rate:
        print(f"RL vector env:     {rl_rate / 1e6:.2f} M steps/s, 64 hands from one seat, 3 heuristic bots, 1 thread")
    if args.solver_deals:
        for label, all_moves in (("value and best first cards", False), ("value of every first card", True)):
            t = _core.time_solver(args.solver_deals, 1, all_moves, -1)
            print(f"solver, {label}: {t['solves_per_second']:6.0f} full deals/s, median {t['median_us'] / 1e3:.2f} ms, "
                  f"p99 {t['p99_us'] / 1e3:.1f} ms, {t['mean_nodes']:,.0f} nodes")
        deals = baloot.random_deals(max(args.solver_deals // 5, 1), seed=1)
        rates = median_rates(args.repeats, {t: lambda t=t: 5 * len(baloot.dd_tables(deals, 1, threads=t))
                                            for t in threads})
        line = "  ".join(f"{t} thread{'s' if t > 1 else ''}: {r:6.0f} solves/s" for t, r in rates.items())
        scaling = f"  scaling {threads[-1]}/{threads[0]}: {rates[threads[-1]] / rates[threads[0]]:.2f}x" \
            if len(threads) > 1 else ""
        print(f"dd tables (values of 5 contracts a deal): {line}{scaling}")


if __name__ == "__main__":
    main()
