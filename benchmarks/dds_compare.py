"""Baloot's solver against bridge's DDS on 32-card deals (``python benchmarks/dds_compare.py``).

Needs ``pip install endplay`` (DDS 2.9 in a Python package); it is not a dependency of baloot. Both sides
run on one thread (DDS is told ``SetMaxThreads(1)``; the CPU time of each run over its wall time is printed
to show it). Each round times DDS and then baloot on the same number of deals, query by query, and the
medians over rounds give the ratios:

- exact: DDS's exact trick count with one best card (target -1, solutions 1) against baloot's exact abnat
  with its best first cards (``time_solver`` query ``solve``);
- value: the same DDS solve against baloot's exact abnat alone (query ``value``);
- points: the same DDS solve against baloot's value at game-point resolution (query ``points``);
- make/fail: DDS in target mode (does the side on lead take more than half the tricks, 5 of 8?) against
  baloot's one probe (does the leader's team take more than half the abnat?, query ``make``);
- tables: DDS's ``CalcDDtable`` (20 solves a deal: 5 strains by 4 declarers) against ``dd_tables`` (5
  contracts a deal), compared per solve.

Bridge deals hold the ranks 7 to ace of each suit, 8 cards a hand; the strain is no-trump and a random suit
in turn, as baloot's contracts are Sun and Hokum in a random suit in turn. Baloot's solves are timed in C++,
DDS's through ctypes (a few microseconds a call of the per-call figures).
"""

from __future__ import annotations

import argparse
import ctypes
import random
import statistics
import time
from typing import Callable, Dict, List, Tuple

import numpy as np

import baloot
from baloot import _core

try:
    from endplay import _dds
except ImportError:  # pragma: no cover - optional
    _dds = None

NO_TRUMP = 4
MORE_THAN_HALF = 5  # tricks of 8


def bridge_deals(n: int, seed: int) -> List[Tuple[object, object]]:
    """n random 32-card deals as (DDS deal with its strain and first seat, DDS table deal)."""
    rng = random.Random(seed)
    cards = [(suit, rank) for suit in range(4) for rank in range(7, 15)]
    out = []
    for i in range(n):
        rng.shuffle(cards)
        deal, table = _dds.deal(), _dds.ddTableDeal()
        for k, (suit, rank) in enumerate(cards):
            deal.remainCards[k // 8][suit] |= 1 << rank
            table.cards[k // 8][suit] |= 1 << rank
        deal.trump = NO_TRUMP if i % 2 == 0 else rng.randrange(4)
        deal.first = rng.randrange(4)
        out.append((deal, table))
    return out


class Run:
    """Wall and CPU seconds of one timed run, and the per-call microseconds where calls are timed."""

    def __init__(self) -> None:
        self.wall = self.cpu = 0.0
        self.micros: List[float] = []
        self.timing: Dict[str, float] = {}

    def __enter__(self) -> "Run":
        self._wall, self._cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc) -> None:
        self.wall = time.perf_counter() - self._wall
        self.cpu = time.process_time() - self._cpu


def dds_solves(deals, target: int) -> Run:
    """SolveBoard on each deal from its first lead: exact (target -1) or target mode, one best card."""
    future = _dds.futureTricks()
    solve = _dds._dll.SolveBoard
    ref = ctypes.byref(future)
    with Run() as run:
        for deal, _ in deals:
            t0 = time.perf_counter()
            if solve(deal, target, 1, 1, ref, 0) != 1:
                raise RuntimeError("DDS SolveBoard failed")
            run.micros.append((time.perf_counter() - t0) * 1e6)
    return run


def dds_tables(deals) -> Run:
    results = _dds.ddTableResults()
    ref = ctypes.byref(results)
    with Run() as run:
        for _, table in deals:
            if _dds._dll.CalcDDtable(table, ref) != 1:
                raise RuntimeError("DDS CalcDDtable failed")
    return run


def ours(n: int, seed: int, query: str) -> Run:
    with Run() as run:
        run.timing = _core.time_solver(n, seed, False, -1, query)
    run.wall = run.timing["seconds"]
    return run


def our_tables(hands: np.ndarray, leaders: np.ndarray) -> Run:
    with Run() as run:
        baloot.dd_tables(hands, leaders, threads=1)
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="deals a side and query in each round (default 300)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if _dds is None:
        raise SystemExit("dds_compare needs endplay: pip install endplay")
    _dds.SetMaxThreads(1)
    n = args.deals
    deals = bridge_deals(n, args.seed)
    table_n = max(n // 4, 1)
    hands = baloot.random_deals(table_n, seed=args.seed)
    leaders = np.random.default_rng(args.seed).integers(0, 4, table_n)

    # (name, DDS run, solves a DDS call, baloot run, solves a baloot deal)
    pairs: List[Tuple[str, Callable[[], Run], int, Callable[[], Run], int]] = [
        ("exact + best card", lambda: dds_solves(deals, -1), 1, lambda: ours(n, args.seed, "solve"), 1),
        ("exact value", lambda: dds_solves(deals, -1), 1, lambda: ours(n, args.seed, "value"), 1),
        ("game points", lambda: dds_solves(deals, -1), 1, lambda: ours(n, args.seed, "points"), 1),
        ("make/fail", lambda: dds_solves(deals, MORE_THAN_HALF), 1, lambda: ours(n, args.seed, "make"), 1),
        ("tables per solve", lambda: dds_tables(deals[:table_n]), 20, lambda: our_tables(hands, leaders), 5),
    ]
    rates: Dict[str, List[Tuple[float, float]]] = {name: [] for name, *_ in pairs}
    load: Dict[str, List[float]] = {"DDS": [], "baloot": []}
    dds_micros: List[float] = []
    our_exact: List[Dict[str, float]] = []
    for _ in range(args.rounds):
        for name, dds_run, dds_per, our_run, our_per in pairs:
            count = table_n if dds_per == 20 else n
            d = dds_run()
            o = our_run()
            rates[name].append((count * dds_per / d.wall, count * our_per / o.wall))
            load["DDS"].append(d.cpu / d.wall)
            load["baloot"].append(o.cpu / o.wall if o.cpu else 1.0)
            if name == "exact + best card":
                dds_micros = sorted(dds_micros + d.micros)
                our_exact.append(o.timing)

    print(f"{n} deals a query ({table_n} for tables), {args.rounds} alternating rounds, one thread each side")
    print(f"{'query':18s} {'DDS solves/s':>13s} {'baloot solves/s':>16s} {'ratio':>7s}   (medians over rounds)")
    for name, *_ in pairs:
        dds_rate = statistics.median(r[0] for r in rates[name])
        our_rate = statistics.median(r[1] for r in rates[name])
        ratio = statistics.median(r[1] / r[0] for r in rates[name])
        print(f"{name:18s} {dds_rate:13,.0f} {our_rate:16,.0f} {ratio:6.2f}x")
    print(f"CPU/wall (1.0 = one thread): DDS {max(load['DDS']):.2f}, baloot {max(load['baloot']):.2f} at most")

    def percentiles(median: float, p99: float) -> str:
        return f"median {median:7.0f} us  p99 {p99:7.0f} us  p99/median {p99 / median:5.2f}"

    at = [dds_micros[min(len(dds_micros) - 1, len(dds_micros) * p // 100)] for p in (50, 99)]
    print(f"DDS exact solve per deal:    {percentiles(*at)}")
    median, p99, nodes = (statistics.median(t[k] for t in our_exact) for k in ("median_us", "p99_us", "mean_nodes"))
    print(f"baloot exact solve per deal: {percentiles(median, p99)}  ({nodes:,.0f} nodes a deal; medians over rounds)")


if __name__ == "__main__":
    main()
