"""Writes baloot/equity_default.npz, the match equity table shipped for the default players and rules
(``match_equity()`` returns it at once while its players, rules, hands, seed and EQUITY_VERSION match).

    python tools/make_equity_table.py
"""

from __future__ import annotations

import time

from baloot.equity import SHIPPED, match_equity


def main() -> None:
    began = time.perf_counter()
    table = match_equity(cache=False, progress=True)
    table.save(SHIPPED)
    print(f"{SHIPPED}: players {table.players[0]}, target {table.target}, {table.hands:,} hands per score class "
          f"and dealer, {time.perf_counter() - began:.1f} s, largest standard error {100 * table.error.max():.2f} "
          "percentage points")


if __name__ == "__main__":
    main()
