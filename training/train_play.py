"""Fit the strong player's card-play weights (the `play` table of baloot/strong.weights).

    python training/train_play.py [--hands N] [--worlds W] [--calls C] [--player P] [--playout Q] [--seed S]
                                    [--threads T] [--ridge R] [--data FILE] [--out FILE]

``--hands`` hands are dealt and called and played by ``--player`` (default: expert). At every card decision
with a choice, the rollout player (``--worlds`` worlds per decision, its ``calls`` option ``--calls``) gives
each card the seat may play its value: the mean game points the seat's team takes over the other when the
card is played and the hand played out by ``--playout`` (default: expert). The core describes each card by
the features of ``_core.play_feature_names()``; a card's value is modelled as quadratic in them (each
feature, and each product of two), with separate weights per kind of decision (Sun or Hokum, place in the
trick, buying team or not), fitted by ridge least squares to each card's value less the mean of its
decision's cards (only the differences between a decision's cards matter to a choice). The strong player
plays the card of the highest value.

``--data`` caches the labels in a .npz file: written when missing, else read instead of labelling the hands
again. A fifth of the decisions are held out of a first fit, and the script prints the mean game points per
decision its choices gain over the expert's on them; the weights written are fitted on every decision.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Dict, Iterator, Tuple

import numpy as np
import weights_file

from baloot import _core
from baloot.rules import Rules, core_rules
from baloot.simulate import core_players

FEATURES = len(_core.play_feature_names())
PAIRS = np.triu_indices(FEATURES)
CHUNK = 4_000  # decisions expanded at a time


def collect(hands: int, worlds: int, calls: int, player: str, playout: str, seed: int,
            threads: int) -> Dict[str, np.ndarray]:
    labeller = _core.Player("rollout", {"worlds": worlds, "calls": calls})
    players, _ = core_players([player, playout, player, playout], Rules())
    return _core.play_labels(hands, seed, players[0], labeller, core_rules(Rules()), threads, players[1])


def chunks(data: Dict[str, np.ndarray], decisions: np.ndarray) -> Iterator[Tuple[np.ndarray, ...]]:
    """For chunks of the chosen decisions (in their order): each card's expanded features and value less
    its decision's means, its decision's context, its decision (numbered within the chunk), and its raw
    features."""
    count = data["count"].astype(np.int64)
    starts = np.concatenate(([0], np.cumsum(count)))
    for at in range(0, len(decisions), CHUNK):
        chosen = decisions[at:at + CHUNK]
        sizes = count[chosen]
        decision = np.repeat(np.arange(len(chosen)), sizes)
        first = np.concatenate(([0], np.cumsum(sizes)[:-1]))
        cards = np.repeat(starts[chosen] - first, sizes) + np.arange(sizes.sum())
        f = data["features"][cards].astype(np.float64)
        x = np.concatenate([f, f[:, PAIRS[0]] * f[:, PAIRS[1]]], axis=1)
        y = data["value"][cards].astype(np.float64)
        x -= (np.add.reduceat(x, first) / sizes[:, None])[decision]
        y -= (np.add.reduceat(y, first) / sizes)[decision]
        yield x, y, data["context"][chosen].astype(np.int64)[decision], decision, f


def fit(data: Dict[str, np.ndarray], decisions: np.ndarray, ridge: float) -> np.ndarray:
    """Per context (the core's play table): the linear weights, then the weights of the products of PAIRS."""
    contexts, size = _core.play_contexts(), _core.play_weights()
    gram = np.zeros((contexts, size, size))
    moment = np.zeros((contexts, size))
    # Decisions grouped by context, so that most chunks hold one context.
    decisions = decisions[np.argsort(data["context"][decisions], kind="stable")]
    for x, y, context, _, _ in chunks(data, decisions):
        bounds = np.flatnonzero(np.diff(context)) + 1
        for part in np.split(np.arange(len(y)), bounds):
            c, rows = context[part[0]], slice(part[0], part[-1] + 1)
            gram[c] += x[rows].T @ x[rows]
            moment[c] += x[rows].T @ y[rows]
    return np.stack([np.linalg.solve(gram[c] + ridge * np.eye(size), moment[c]) for c in range(contexts)])


def gain(data: Dict[str, np.ndarray], decisions: np.ndarray, table: np.ndarray) -> Tuple[float, float]:
    """Mean and 95% half-width of the value the table's choice gains over the expert's, per decision."""
    gains = []
    for _, y, context, decision, f in chunks(data, decisions):
        usual = f[:, 0] > 0
        expanded = np.concatenate([f, f[:, PAIRS[0]] * f[:, PAIRS[1]]], axis=1)
        # Ties go to the expert's card, as in the core.
        score = np.einsum("ij,ij->i", expanded, table[context]) + 1e-6 * usual
        first = np.flatnonzero(np.diff(decision, prepend=-1))
        top = np.maximum.reduceat(score, first)
        best = score == top[decision]
        picked = np.add.reduceat(np.where(best, y, 0.0), first) / np.add.reduceat(best.astype(float), first)
        gains.append(picked - np.add.reduceat(np.where(usual, y, 0.0), first))
    g = np.concatenate(gains)
    return float(g.mean()), float(1.96 * g.std() / np.sqrt(len(g)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--worlds", type=int, default=100, help="rollout worlds per decision (default 100)")
    parser.add_argument("--calls", type=int, default=1, help="the rollout's calls option (default 1)")
    parser.add_argument("--player", default="expert", help="the player whose hands are labelled (default expert)")
    parser.add_argument("--playout", default="expert", help="the player of the rollouts' play-outs (default expert)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--ridge", type=float, default=100.0)
    parser.add_argument("--data", help="save (or, if it exists, reuse) the labels in this .npz file")
    parser.add_argument("--out", default="baloot/strong.weights")
    args = parser.parse_args()
    began = time.perf_counter()
    data = weights_file.cached(args.data, lambda: collect(args.hands, args.worlds, args.calls, args.player,
                                                          args.playout, args.seed, args.threads))
    print(f"{len(data['count']):,} decisions, {len(data['value']):,} cards in {time.perf_counter() - began:.0f} s",
          flush=True)
    held_out = np.random.default_rng(args.seed).random(len(data["count"])) < 0.2
    table = fit(data, np.flatnonzero(~held_out), args.ridge)
    mean, half = gain(data, np.flatnonzero(held_out), table)
    print(f"held out: {mean:+.3f} ± {half:.3f} game points per decision over the expert's card", flush=True)
    table = fit(data, np.arange(len(data["count"])), args.ridge)
    note = (f"python training/train_play.py --hands {args.hands} --worlds {args.worlds} --calls {args.calls} "
            f"--player {args.player} --playout {args.playout} --seed {args.seed} --ridge {args.ridge}")
    weights_file.update(args.out, {"play": table}, note)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
