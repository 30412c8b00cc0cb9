"""Writes ``solved_deals.npz``: 1,000 random full deals (seed 17) with a random leader each, and the
abnat team 0 takes from the first lead under best play in each contract (Sun, Hokum S H D C), default rules.

Run from the repository root: ``python tests/data/make_solved_deals.py``. The values are those of the
solver when the file was written; ``tests/test_solved_deals.py`` checks that it still finds every one.
"""

from pathlib import Path

import numpy as np

import baloot

DEALS = 1000
SEED = 17
PATH = Path(__file__).with_name("solved_deals.npz")


def main() -> None:
    hands = baloot.random_deals(DEALS, seed=SEED)
    leaders = np.random.default_rng(SEED).integers(0, 4, DEALS)
    team0 = baloot.dd_tables(hands, leaders, threads=0, progress=True)[:, :, 0]
    np.savez_compressed(PATH, hands=hands.astype(np.uint32), leaders=leaders.astype(np.uint8),
                        team0=team0.astype(np.uint8))
    print(f"{PATH}: {DEALS} deals, {PATH.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
