"""Double-dummy solver benchmarks.

pytest-benchmark: ``pytest benchmarks/bench_solver.py --benchmark-enable``
plain figures (timed in C++, one thread): ``python benchmarks/bench_solver.py [deals] [seed]``
"""

import sys

import pytest

from baloot import _core

DEALS = 200


@pytest.mark.parametrize("mode", [0, 1], ids=["sun", "hokum"])
def test_full_deal_value(benchmark, mode):
    """Value and best first cards of full 8-trick deals, timed in C++ (per-solve figures in extra_info)."""
    timing = benchmark.pedantic(_core.time_solver, args=(DEALS, 1, False, mode), rounds=3, iterations=1)
    benchmark.extra_info.update({k: timing[k] for k in ("solves_per_second", "median_us", "p99_us", "mean_nodes")})


def test_full_deal_all_moves(benchmark):
    """The value of every legal first card of full deals (what `baloot.solve` returns)."""
    timing = benchmark.pedantic(_core.time_solver, args=(DEALS // 4, 2, True, -1), rounds=3, iterations=1)
    benchmark.extra_info.update({k: timing[k] for k in ("solves_per_second", "median_us", "p99_us", "mean_nodes")})


def test_solve_from_python(benchmark):
    state = _core.HandState.random(7, 0, (0, 0), _core.Rules())
    state.force_contract(1, 2)
    result = benchmark(_core.solve, state)
    assert sum(result["value"]) == 162


def report(deals: int = 1000, seed: int = 1) -> None:
    for label, all_moves, mode in (("value + best cards, Sun and Hokum", False, -1), ("value + best cards, Sun", False, 0),
                                   ("value + best cards, Hokum", False, 1), ("every first card's value", True, -1)):
        n = deals if not all_moves else max(1, deals // 4)
        t = _core.time_solver(n, seed, all_moves, mode)
        print(f"{label:36s} {n:6d} deals: {t['solves_per_second']:8.0f} solves/s  median {t['median_us'] / 1000:7.2f} ms  "
              f"p99 {t['p99_us'] / 1000:7.2f} ms  max {t['max_us'] / 1000:7.2f} ms  nodes {t['mean_nodes']:9.0f}")


if __name__ == "__main__":
    report(*(int(a) for a in sys.argv[1:3]))
