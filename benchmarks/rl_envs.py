"""Steps per second of the one-hand RL environments, as the examples of docs/rl.md drive them.

    python benchmarks/rl_envs.py [--repeats R] [--hands N]

Every figure is the median of R runs on one thread; the learner takes a random legal action drawn in numpy.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from baloot.rl import BalootSeatEnv, BalootVectorEnv, env


def seat_env_run(hands: int) -> tuple:
    """(steps, hands) of BalootSeatEnv at seat 0 against three heuristic bots."""
    seat_env = BalootSeatEnv(seat=0, others="heuristic")
    rng = np.random.default_rng(0)
    steps = 0
    for hand in range(hands):
        _, info = seat_env.reset(seed=hand)
        over = False
        while not over:
            _, _, over, _, info = seat_env.step(rng.choice(np.flatnonzero(info["action_mask"])))
            steps += 1
    return steps, hands


def aec_run(hands: int) -> tuple:
    """(steps, hands) of the PettingZoo environment, every seat a random legal policy."""
    aec = env()
    rng = np.random.default_rng(0)
    steps = 0
    for hand in range(hands):
        aec.reset(seed=hand)
        for _ in aec.agent_iter():
            obs, _, terminated, truncated, _ = aec.last()
            aec.step(None if terminated or truncated else rng.choice(np.flatnonzero(obs["action_mask"])))
            steps += 1
    return steps, hands


def vector_run(steps: int) -> tuple:
    """(learner steps, hands ended) of BalootVectorEnv, 64 hands, a random legal action drawn in numpy."""
    vector = BalootVectorEnv(num_envs=64, seat=0, others="heuristic")
    _, info = vector.reset(seed=0)
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(steps):
        actions = (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(axis=1)
        _, _, terminated, _, info = vector.step(actions)
        ended += int(terminated.sum())
    return steps * vector.num_envs, ended


def median_rates(repeats: int, run, size: int) -> tuple:
    """Median steps/s and hands/s over `repeats` runs."""
    steps, hands = [], []
    for _ in range(repeats):
        began = time.perf_counter()
        n_steps, n_hands = run(size)
        seconds = time.perf_counter() - began
        steps.append(n_steps / seconds)
        hands.append(n_hands / seconds)
    return statistics.median(steps), statistics.median(hands)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--hands", type=int, default=1000, help="hands per run of the one-hand environments")
    args = parser.parse_args()
    for name, run, size in (("BalootVectorEnv, random legal action in numpy", vector_run, 20 * args.hands),
                            ("BalootSeatEnv, 3 heuristic bots", seat_env_run, args.hands),
                            ("env() (PettingZoo), 4 random seats", aec_run, args.hands // 4)):
        steps, hands = median_rates(args.repeats, run, size)
        print(f"{name:<48} {steps:12,.0f} steps/s {hands:10,.0f} hands/s")


if __name__ == "__main__":
    main()
