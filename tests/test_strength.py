"""The strength ladder holds: each rung beats the one below it on the same deals, both seat layouts, by
more than the 95% confidence interval (benchmarks/strength.py measures the whole ladder). The search
rung plays with few worlds, so that its few hundred deals take seconds."""

import pytest

import baloot


@pytest.mark.parametrize(
    "above, below, deals",
    [("heuristic", "random", 2_000), ("expert", "heuristic", 200_000), ("strong", "expert", 20_000),
     ("neural", "strong", 20_000), ("rollout:worlds=40:call_worlds=80", "expert", 300)],
)
def test_each_rung_beats_the_one_below(above, below, deals):
    match = baloot.duplicate(above, below, deals, seed=11)
    assert match.margin - match.ci > 0, str(match)
