"""The solver's signature: nodes searched over fixed deals, and how fast (``python benchmarks/solver_bench.py``).

Like a chess engine's ``bench``: the node count and the checksum of the answers depend only on the search,
not on the machine, so a change to the search shows what it did (the same count: nothing changed the
search; a different checksum: an answer changed). Deals/s depend on the machine and its load.
"""

import argparse
import time
import zlib

import baloot
from baloot import _core


def fixed_positions(n: int):
    """n full deals from the first lead (seed 2024), contracts in turn Sun and Hokum in each suit."""
    deals = baloot.random_deals(n, seed=2024)
    return [(list(map(int, deal)), i % 4, (0, -1) if i % 5 == 0 else (1, i % 5 - 1)) for i, deal in enumerate(deals)]


def run(positions, all_moves: bool):
    """(total nodes, answers checksum, seconds) of one fresh solver over the positions."""
    solver = _core.Solver()
    rules = _core.Rules()
    nodes, answers = 0, []
    start = time.perf_counter()
    for hands, leader, (mode, trump) in positions:
        r = solver.solve_position(hands, [], leader, mode, trump, rules, all_moves)
        nodes += r["nodes"]
        answers += [*r["value"], r["best"], *sorted(r["moves"].items())]
    return nodes, zlib.crc32(repr(answers).encode()), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="fixed full deals (default 200)")
    args = parser.parse_args()
    positions = fixed_positions(args.deals)
    total = 0
    for label, all_moves in (("value and best cards", False), ("every first card", True)):
        nodes, checksum, seconds = run(positions, all_moves)
        total += nodes
        print(f"{label:22s} {nodes:>12,} nodes  answers {checksum:08x}  {len(positions) / seconds:8.0f} deals/s")
    print(f"signature: {total} nodes over {args.deals} deals")


if __name__ == "__main__":
    main()
