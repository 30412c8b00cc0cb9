"""How much the network's inference improves a review's answer to card decisions.

    python benchmarks/inference.py [--decisions N] [--players P] [--samples S] [--worlds W] [--seed K]
                                   [--from-play M]

Each of N seeded hands is dealt, called and played by P (default the analysis default) on every seat; one
card decision with a choice is drawn at random among those after the first M cards of play (default 4),
and reviewed twice from the deciding seat's information with the same seed: once with the other hands
dealt uniformly among those consistent with what the seat saw, once with each world picked of W by the
shipped network's likelihood of the other seats' plays. Where the two reviews' best cards differ, each is
played in the true deal and the hand played out by P; the report is the mean game points per decision by
which the inference's card beats the uniform one's there (95% CI over the decisions), how often they
differ, and each review's time per decision on one thread.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from baloot import _core
from baloot.roster import DEFAULT_PLAYERS, neural_network
from baloot.rules import Rules, core_rules
from baloot.simulate import core_players

PLAYING, OVER = 2, 3


def played_out(state, players, seed: int) -> list:
    """Plays `state` to its end by `players`; the actions taken."""
    actions = []
    while state.phase != OVER:
        action = players[state.to_move].choose(state, seed + len(actions))
        actions.append(action)
        state.apply(action)
    return actions


def margin_after(state, card: int, players, seed: int) -> int:
    """The mover's team's game points over the other's when it plays `card` and the hand is played out."""
    team = state.to_move % 2
    state = state.copy()
    state.apply(card)
    played_out(state, players, seed)
    points = state.points
    return points[team] - points[1 - team]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=1000)
    parser.add_argument("--players", default=DEFAULT_PLAYERS)
    parser.add_argument("--samples", type=int, default=200, help="worlds per review (default 200)")
    parser.add_argument("--worlds", type=int, default=_core.inference_worlds,
                        help=f"worlds dealt per world kept (default {_core.inference_worlds})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--from-play", type=int, default=4, help="cards of play before the decision, at least")
    args = parser.parse_args()
    rules = core_rules(Rules())
    players, _ = core_players(args.players, Rules())
    network = neural_network()
    gains, differ, seconds = [], 0, {None: 0.0, "network": 0.0}
    for i in range(args.decisions):
        start = _core.HandState.random(args.seed * 1_000_003 + i, i % 4, (0, 0), rules)
        actions = played_out(start.copy(), players, i)
        state, choices = start.copy(), []
        for k, action in enumerate(actions):
            legal = state.legal_actions()
            cards_played = sum(state.tricks_won) * 4 + len(state.trick)
            if state.phase == PLAYING and legal & (legal - 1) and cards_played >= args.from_play:
                choices.append(k)
            state.apply(action)
        if not choices:
            continue
        k = choices[np.random.default_rng((args.seed, i)).integers(len(choices))]
        at = start.copy()
        for action in actions[:k]:
            at.apply(action)
        legal = [c for c in range(32) if at.legal_actions() >> c & 1]
        best = {}
        for inference in (None, "network"):
            began = time.perf_counter()
            margins = _core.review_decision(start.deck, start.dealer, (0, 0), rules, actions[:k], legal, players,
                                            args.seed + i, args.samples, 1, None,
                                            network if inference else None, args.worlds)[0]
            seconds[inference] += time.perf_counter() - began
            best[inference] = legal[int(np.argmax(margins.mean(axis=0)))]
        gain = 0
        if best[None] != best["network"]:
            differ += 1
            gain = margin_after(at, best["network"], players, i) - margin_after(at, best[None], players, i)
        gains.append(gain)
    g = np.array(gains, dtype=float)
    n = len(g)
    print(f"{args.players}, {n} decisions, {args.samples} samples, {args.worlds} worlds per kept world, "
          f"seed {args.seed}: "
          f"inference's card {g.mean():+.3f} ± {1.96 * g.std(ddof=1) / np.sqrt(n):.3f} game points per decision "
          f"over the uniform one's, {differ} of {n} differ; seconds per review: uniform {seconds[None] / n:.3f}, "
          f"inference {seconds['network'] / n:.3f}")


if __name__ == "__main__":
    main()
