"""Double-dummy solver benchmarks: ``pytest benchmarks --benchmark-enable``.
Plain figures (timed in C++, one thread): ``python benchmarks/throughput.py``."""

import pytest

import baloot
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


@pytest.mark.parametrize("threads", [1, 2])
def test_dd_tables(benchmark, threads):
    """Double-dummy tables (the value of each of the 5 contracts from the first lead) of 40 random deals."""
    deals = baloot.random_deals(40, seed=1)
    table = benchmark.pedantic(baloot.dd_tables, args=(deals, 1), kwargs={"threads": threads}, rounds=3, iterations=1)
    assert table.shape == (40, 5, 2)
