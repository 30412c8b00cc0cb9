"""The strength ladder holds: each rung beats the one below it on the same deals, both seat layouts, by
more than the 95% confidence interval (benchmarks/strength.py measures the whole ladder). The search
rung plays with few worlds, so that its few hundred deals take seconds."""

import numpy as np
import pytest

import baloot
from baloot.stats import Z95


def margin(a, b, deals, seed):
    """A's game points minus B's per hand, A on seats 0/2 then on seats 1/3 of the same deals."""
    parts = []
    for layout, team in (([a, b, a, b], 0), ([b, a, b, a], 1)):
        points = baloot.simulate(deals, layout, seed=seed, keep=True).points.astype(np.int64)
        parts.append(points[:, team] - points[:, 1 - team])
    m = (parts[0] + parts[1]) / 2  # per deal: the two layouts paired
    return m.mean(), Z95 * m.std(ddof=1) / np.sqrt(len(m))


@pytest.mark.parametrize(
    "above, below, deals",
    [("heuristic", "random", 2_000), ("expert", "heuristic", 200_000), ("rollout:worlds=40:call_worlds=80", "expert", 300)],
)
def test_each_rung_beats_the_one_below(above, below, deals):
    mean, ci = margin(above, below, deals, seed=11)
    assert mean - ci > 0, f"{above} vs {below}: {mean:+.3f} ± {ci:.3f}"
