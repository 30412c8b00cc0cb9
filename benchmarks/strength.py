"""How much one player beats another: game points per hand, both seat layouts, 95% CI.

    python benchmarks/strength.py [--hands N] [--seed S] A B [A B ...]

e.g. ``python benchmarks/strength.py --hands 5000 heuristic random dd heuristic "pimc:samples=8" heuristic``
plays each pair on the same deals twice, A on seats 0/2 then on seats 1/3.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import baloot


def margins(a: str, b: str, hands: int, seed: int) -> np.ndarray:
    """A's game-point margin per hand over both layouts of the same deals."""
    parts = []
    for layout, team in (([a, b, a, b], 0), ([b, a, b, a], 1)):
        result = baloot.simulate(hands, layout, seed=seed)
        parts.append(result.points[:, team].astype(np.int64) - result.points[:, 1 - team])
    return np.concatenate(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=5000, help="deals per layout (default 5000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("players", nargs="+", help="pairs of players: A B [A B ...]")
    args = parser.parse_args()
    if len(args.players) % 2:
        parser.error("give players in pairs")
    for a, b in zip(args.players[::2], args.players[1::2]):
        began = time.perf_counter()
        m = margins(a, b, args.hands, args.seed)
        ci = 1.96 * m.std(ddof=1) / np.sqrt(len(m))
        print(f"{a} vs {b}: {m.mean():+.2f} ± {ci:.2f} game points per hand for {a} "
              f"({len(m):,} hands, {time.perf_counter() - began:.0f} s)")


if __name__ == "__main__":
    main()
