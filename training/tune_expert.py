"""Tunes the expert player's weights by duplicate self-play against the heuristic player.

    python training/tune_expert.py [--deals N] [--sweeps K] [--seed S]

A seeded coordinate search over every HeuristicParams field, starting from the heuristic's values with
the expert's rule switches (it never takes its partner's pending Sun): each sweep takes one fresh seed,
and for every field tries a step up and a step down, each candidate played on the same ``--deals`` deals
twice (seat layouts swapped) against the heuristic; a step is kept when it gains more than twice the
standard error of the paired difference. Deterministic for a given seed; prints the fields that differ
from the heuristic's, as C++ for expert.cpp.
"""

from __future__ import annotations

import argparse
from typing import Dict, Tuple

import numpy as np

from baloot import _core
from baloot.roster import player


def margins(params: Dict[str, float], deals: int, seed: int) -> np.ndarray:
    """Per deal: the candidate's game points minus the heuristic's, averaged over both seat layouts."""
    return np.asarray(_core.heuristic_duel(deals, seed, params, {}), dtype=np.float64).reshape(-1, 2).mean(axis=1)


def step_of(value: float) -> float:
    return max(0.25 * abs(value), 0.5)


def sweep(params: Dict[str, float], deals: int, seed: int) -> Tuple[Dict[str, float], float]:
    current = margins(params, deals, seed)
    for name in sorted(params):
        best, best_gain = None, 0.0
        for value in (params[name] + step_of(params[name]), params[name] - step_of(params[name])):
            trial = margins({**params, name: value}, deals, seed)
            diff = trial - current
            gain, se = diff.mean(), diff.std(ddof=1) / np.sqrt(len(diff))
            if gain > 2 * se and gain > best_gain:
                best, best_gain, best_margins = value, gain, trial
        if best is not None:
            print(f"  {name}: {params[name]:g} -> {best:g} ({best_gain:+.3f})", flush=True)
            params = {**params, name: round(best, 4)}
            current = best_margins
    return params, float(current.mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=50_000, help="deals per candidate (default 50000)")
    parser.add_argument("--sweeps", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    start = {**player("heuristic").defaults(), "take_partner_priority": 0.0}
    params = dict(start)
    for k in range(args.sweeps):
        params, margin = sweep(params, args.deals, args.seed + k)
        print(f"sweep {k + 1}: {margin:+.3f} game points per hand against the heuristic", flush=True)
    check = margins(params, 4 * args.deals, args.seed + 10_000)
    print(f"fresh deals: {check.mean():+.3f} ± {1.96 * check.std(ddof=1) / np.sqrt(len(check)):.3f} "
          f"({len(check):,} deals, both layouts)")
    for name in sorted(params):
        if params[name] != player("heuristic").defaults()[name]:
            print(f"  p.{name} = {params[name]:g};")


if __name__ == "__main__":
    main()
