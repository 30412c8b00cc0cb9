"""A native player's throughput in simulate: the Cython example (examples/native_player, built first
with its setup.py) against the built-in random player, hands/s on 1 and 2 threads.

    (cd examples/native_player && python setup.py -q build_ext --inplace)
    python benchmarks/native_player.py [--hands N] [--repeats R]

Figures are medians of R rounds in which the players take turns; ratios are between those medians.
"""

from __future__ import annotations

import argparse
import os
import sys

from throughput import median_rates

import baloot

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples",
                                "native_player"))
import highest_card  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    native = baloot.NativePlayer(highest_card.player(), name="highest")

    def run(players, threads):
        return lambda: baloot.simulate(args.hands, players=players, seed=1, threads=threads, keep=False).hands

    rates = median_rates(args.repeats, {(name, threads): run(players, threads)
                                        for threads in (1, 2) for name, players in (("random", "random"),
                                                                                    ("native", native))})
    for threads in (1, 2):
        print(f"{threads} thread(s): random {rates['random', threads]:,.0f} hands/s, "
              f"native {rates['native', threads]:,.0f} hands/s "
              f"({rates['native', threads] / rates['random', threads]:.0%} of random)")
    print(f"native on 2 threads: {rates['native', 2] / rates['native', 1]:.2f}x its 1-thread rate")


if __name__ == "__main__":
    main()
