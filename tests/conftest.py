"""Helpers shared by the test modules (``from conftest import ...``; pyproject puts tests/ on the path)."""

import numpy as np


def assert_same_result(a, b):
    """Two ``SimResult``s are the same run: equal counts and bit-identical per-hand arrays."""
    assert a.hands == b.hands
    assert a.counts == b.counts
    assert (a.arrays is None) == (b.arrays is None)
    if a.arrays is not None:
        assert set(a.arrays) == set(b.arrays)
        for name in a.arrays:
            x, y = a.arrays[name], b.arrays[name]
            assert x.dtype == y.dtype and x.shape == y.shape, name
            assert np.array_equal(x, y), name
