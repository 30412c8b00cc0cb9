"""Writes the match equity tables shipped for the default rules (baloot/equity_PLAYERS.npz for each of
baloot.equity.SHIPPED: the default players of the analyses and of review, and the players whose
score-aware doubles read a table); ``match_equity()`` returns them at once while their players, rules,
hands, seed and EQUITY_VERSION match.

    python tools/make_equity_table.py [PLAYERS ...]   (default: every shipped table)
"""

from __future__ import annotations

import sys
import time

from baloot.equity import SHIPPED, match_equity


def main() -> None:
    for players in sys.argv[1:] or SHIPPED:
        path = SHIPPED[players]
        began = time.perf_counter()
        table = match_equity(players=players, cache=False, progress=True)
        table.save(path)
        print(f"{path}: players {players}, target {table.target}, {table.hands:,} hands per score class and "
              f"dealer, {time.perf_counter() - began:.1f} s, largest standard error {100 * table.error.max():.2f} "
              "percentage points")


if __name__ == "__main__":
    main()
