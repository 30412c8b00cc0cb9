"""Hands per second on one thread: the Python package's simulate, the C library (libbaloot through its C API)
and, with --wasm, the WebAssembly build under Node (wasm/bench.js), in one run on the same machine; and the
time of a bid analysis of 4,000 samples in each.

    python benchmarks/c_api.py --hands 200000 --wasm
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

import baloot

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
from c_api import Library  # noqa: E402  (the tests' ctypes binding of baloot.h)

BID = ("JH 9H AH 7S 8C", "8H", 1, 0)


def best_of(repeats: int, run) -> float:
    """The shortest of `repeats` timings of run(), in seconds."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--wasm", action="store_true", help="also run wasm/bench.js under node")
    args = parser.parse_args()
    lib = Library(baloot.get_library())
    own = [baloot.DECK.index(card) for card in BID[0].split()]
    rows = []
    for players, hands in (("random", args.hands), ("heuristic", args.hands // 10), ("neural", args.hands // 50)):
        python = best_of(args.repeats, lambda: baloot.simulate(hands, players=players, seed=1, threads=1))
        c = best_of(args.repeats, lambda: lib.simulate(hands, [players] * 4, 1, threads=1))
        rows.append((players, hands, hands / python, hands / c))
        print(f"{players:>9}: {hands:,} hands, one thread: Python simulate {hands / python:,.0f} hands/s, "
              f"C API {hands / c:,.0f} hands/s ({python / c:.3f}x)")
    python = best_of(1, lambda: baloot.analyze_bid(*BID, samples=4000, seed=1, threads=1))
    c = best_of(1, lambda: lib.analyze_bid(own, baloot.DECK.index(BID[1]), BID[2], BID[3], 4000, 1, threads=1))
    print(f"bid analysis, 4,000 samples, one thread: Python {python:.2f} s, C API {c:.2f} s")
    if args.wasm:
        node = subprocess.run(["node", os.path.join(ROOT, "wasm", "bench.js"), str(args.hands), str(args.repeats)],
                              capture_output=True, text=True, check=True)
        wasm = json.loads(node.stdout)
        for players, hands, _python, c_rate in rows:
            rate = wasm[players]
            print(f"{players:>9}: WebAssembly under node {rate:,.0f} hands/s ({rate / c_rate:.3f}x the C API)")
        print(f"bid analysis, 4,000 samples: WebAssembly under node {wasm['bid_seconds']:.2f} s")


if __name__ == "__main__":
    main()
