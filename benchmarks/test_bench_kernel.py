"""pytest-benchmark suites: ``pytest benchmarks --benchmark-enable``."""

import pytest

import baloot
from baloot import _core


@pytest.mark.parametrize("contract", ["sun", "hokum:H", None])
def test_random_hands(benchmark, contract):
    result = benchmark(baloot.simulate, 100_000, "random", seed=1, threads=1, contract=contract, keep=False)
    assert result.hands == 100_000


def test_legal_moves_kernel(benchmark):
    ns = benchmark(_core.time_legal_moves, 4096, 200, 0)
    benchmark.extra_info["ns_per_call"] = ns


def test_best_projects_kernel(benchmark):
    ns = benchmark(_core.time_best_projects, 4096, 50, 0)
    benchmark.extra_info["ns_per_hand"] = ns


def test_legal_moves_python(benchmark):
    benchmark(baloot.legal_moves, "7H 9S JS AD 10D", ["10S", "KS", "AS"], "hokum", "S")


def test_bid_analysis(benchmark):
    analysis = benchmark(baloot.analyze_bid, "JH 9H 7H 8D 7C", "8H", 1, 0, samples=1000, players="random", threads=1)
    assert analysis.samples == 1000
