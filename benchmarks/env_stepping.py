"""Stepping a hand from Python: baloot's PettingZoo environment against an OpenSpiel game written in C++.

    python benchmarks/env_stepping.py [--hands N] [--repeats R] [--game hearts]

Every environment plays whole hands with the same random legal policy, in two versions: Python's
``random.Random().choice`` over the legal action numbers as a list (the list OpenSpiel's
``legal_actions()`` gives; ``mask.nonzero()[0].tolist()`` of the mask PettingZoo's observation gives),
and numpy's ``Generator.choice`` (over OpenSpiel's list, over ``np.flatnonzero`` of the mask). The clock runs from
the end of the deal to the end of the hand and is divided by the decisions taken: for PettingZoo that is
``agent_iter``, ``last()`` (the observation and its action mask) and ``step()``, the closing steps of the
finished agents included; for OpenSpiel ``legal_actions()`` and ``apply_action()``. OpenSpiel's game is
``hearts`` by default (four players, tricks, a C++ implementation; ``bridge`` scores every deal
double-dummy at its end and would measure that instead). ``python_baloot`` (``baloot.openspiel``) runs
too when open_spiel is installed. The runs take turns; each figure is the median of R runs.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from typing import Callable, Dict, Tuple

import numpy as np

POLICIES = {
    "random": (lambda seed: random.Random(seed).choice, lambda mask: mask.nonzero()[0].tolist()),
    "numpy": (lambda seed: np.random.default_rng(seed).choice, np.flatnonzero),
}


def pettingzoo_run(policy: str) -> Callable[[int, int], Tuple[int, float]]:
    from baloot.rl import env

    make_choice, legal_of = POLICIES[policy]
    aec = env()

    def run(hands: int, seed: int) -> Tuple[int, float]:
        choose = make_choice(seed)
        decisions, seconds = 0, 0.0
        for hand in range(hands):
            aec.reset(seed=seed + hand)
            began = time.perf_counter()
            for _ in aec.agent_iter():
                observation, _, terminated, truncated, _ = aec.last()
                if terminated or truncated:
                    aec.step(None)
                    continue
                aec.step(int(choose(legal_of(observation["action_mask"]))))
                decisions += 1
            seconds += time.perf_counter() - began
        return decisions, seconds

    return run


def openspiel_run(name: str, policy: str) -> Callable[[int, int], Tuple[int, float]]:
    import pyspiel

    make_choice = POLICIES[policy][0]
    game = pyspiel.load_game(name)

    def run(hands: int, seed: int) -> Tuple[int, float]:
        choose = make_choice(seed)
        decisions, seconds = 0, 0.0
        for _ in range(hands):
            state = game.new_initial_state()
            while state.is_chance_node():
                state.apply_action(int(choose(state.legal_actions())))
            began = time.perf_counter()
            while not state.is_terminal():
                state.apply_action(int(choose(state.legal_actions())))
                decisions += 1
            seconds += time.perf_counter() - began
        return decisions, seconds

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--game", default="hearts", help="OpenSpiel's C++ game to compare with (default hearts)")
    args = parser.parse_args()

    runs: Dict[Tuple[str, str], Callable[[int, int], Tuple[int, float]]] = {}
    for policy in POLICIES:
        runs["baloot.rl.env() (PettingZoo)", policy] = pettingzoo_run(policy)
        try:
            runs[f"OpenSpiel {args.game} (C++)", policy] = openspiel_run(args.game, policy)
            import baloot.openspiel  # noqa: F401  (registers python_baloot)

            runs["OpenSpiel python_baloot", policy] = openspiel_run("python_baloot", policy)
        except ImportError:
            print("open_spiel is not installed: PettingZoo only")
    micros: Dict[Tuple[str, str], list] = {key: [] for key in runs}
    for repeat in range(args.repeats):
        for key, run in runs.items():
            decisions, seconds = run(args.hands, repeat * args.hands)
            micros[key].append(seconds / decisions * 1e6)
    print(f"{platform.python_implementation()} {platform.python_version()}, {args.hands} hands per run, "
          f"median of {args.repeats} runs, microseconds per decision")
    for policy in POLICIES:
        reference = statistics.median(micros.get((f"OpenSpiel {args.game} (C++)", policy), [0.0]))
        for (name, each), values in micros.items():
            if each == policy:
                median = statistics.median(values)
                ratio = f"{median / reference:6.2f}x {args.game}" if reference else ""
                print(f"{policy:7} {name:30} {median:7.2f} us  {ratio}")


if __name__ == "__main__":
    main()
