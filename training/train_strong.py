"""Fit the strong player's bid values (baloot/strong.weights) by least squares on played-out bids.

    python training/train_strong.py [--rows N] [--samples S] [--players P] [--seed S] [--out FILE]

Each row is one bidding turn: a seat (its place in the round and the round drawn at random), five random
cards and an up-card. Every call open to the seat is played out on ``--samples`` deals of the other cards
that agree with the earlier passes (``analyze_decision``: the same deals and random streams for every call),
and the row's labels are each call's mean margin minus the pass's. The model gives a call's gain over passing
as a sum of per-suit values indexed by the suit's holding among the buyer's known cards (trump suit and side
suits of a Hokum, suits of a Sun; Ashkal: the seat's five cards and the up-card's rank), a value per round and
place, and a value per project abnat. Each per-suit table is a per-rank and per-length part plus a per-holding
correction, the correction penalised harder (ridge) so that a rare holding falls back to its ranks. ``--players``
play the deals out (default: "strong" with the weights it ships, so that refits follow the player's own play).
"""

from __future__ import annotations

import argparse
import time
from typing import Dict, List, Tuple

import numpy as np
import scipy.sparse as sparse
import weights_file

from baloot import _core
from baloot.actions import parse_action
from baloot.cards import format_card
from baloot.game import Game
from baloot.rules import Rules, core_rules
from baloot.simulate import core_players

TABLES = ("hokum_trump", "hokum_side", "sun")
BASES = ("hokum_base", "sun_base", "ashkal_base")
PASS = parse_action("pass")
HOKUM, SUN, ASHKAL = parse_action("hokum"), parse_action("sun"), parse_action("ashkal")
HOKUM_SUIT = [parse_action(f"hokum:{suit}") for suit in "SHDC"]


def packet_positions(seat: int, dealer: int) -> List[int]:
    packet = (seat - dealer - 1) % 4
    return [3 * packet, 3 * packet + 1, 3 * packet + 2, 12 + 2 * packet, 12 + 2 * packet + 1]


def legal_calls(rules: Rules, round_: int, place: int, up: int) -> List[int]:
    """The calls open to the seat at `place` on its turn in `round_` after everyone before it passed, with
    the up-card `up`."""
    deck = [c for c in range(32) if c != up]
    deck.insert(20, up)
    game = Game(rules=rules, dealer=0, deck=[format_card(c) for c in deck])
    for _ in range(4 * (round_ - 1) + place):
        game.apply("pass")
    return [parse_action(action) for action in game.legal_actions()]


def collect(rows: int, samples: int, players: str, seed: int) -> Dict[str, np.ndarray]:
    """Rows of (round, place, hand mask, up-card) and each call's mean gain over passing (NaN: not open)."""
    rules = Rules()
    core, _ = core_players(players, rules)
    crules = core_rules(rules)
    rng = np.random.default_rng(seed)
    calls = {(r, p, u): legal_calls(rules, r, p, u) for r in (1, 2) for p in range(4) for u in range(32)}
    out = {"round": np.zeros(rows, np.int8), "place": np.zeros(rows, np.int8), "hand": np.zeros(rows, np.uint32),
           "up": np.zeros(rows, np.int8), "gain": np.full((rows, 47), np.nan, np.float32)}
    for row in range(rows):
        round_, place = int(rng.integers(1, 3)), int(rng.integers(0, 4))
        seat = (place + 1) % 4
        deck = [int(c) for c in rng.permutation(32)]
        known = 1 << 20
        for position in packet_positions(seat, 0):
            known |= 1 << position
        history = [PASS] * (4 * (round_ - 1) + place)
        candidates = calls[(round_, place, deck[20])]
        margin, _flags, _mult, _draws, _done, _own = _core.analyze_decision(
            deck, known, 0, (0, 0), crules, history, candidates, core, seed * 1_000_003 + row, 0, samples, 1, None)
        mean = margin.astype(np.float64).mean(axis=0)
        base = mean[candidates.index(PASS)]
        for c, action in enumerate(candidates):
            if action != PASS:
                out["gain"][row, action] = mean[c] - base
        out["round"][row], out["place"][row], out["up"][row] = round_, place, deck[20]
        out["hand"][row] = sum(1 << deck[p] for p in packet_positions(seat, 0))
    return out


# ---- The model's columns ----------------------------------------------------------------------------
# Per table: 8 rank columns, 9 length columns (0..8 cards) and 256 holding columns.
TABLE_WIDTH = 8 + 9 + 256
COL_TABLE = {name: i * TABLE_WIDTH for i, name in enumerate(TABLES)}
COL_BASE = {name: 3 * TABLE_WIDTH + i * 8 for i, name in enumerate(BASES)}
COL_ASHKAL_UP = 3 * TABLE_WIDTH + 24
COL_HOKUM_PROJECT = COL_ASHKAL_UP + 8
COL_SUN_PROJECT = COL_HOKUM_PROJECT + 1
COLUMNS = COL_SUN_PROJECT + 1
HOLDING_COLUMNS = np.concatenate([np.arange(COL_TABLE[t] + 17, COL_TABLE[t] + TABLE_WIDTH) for t in TABLES])


def holding_entries(table: str, holding: int) -> List[int]:
    start = COL_TABLE[table]
    ranks = [start + r for r in range(8) if holding >> r & 1]
    return ranks + [start + 8 + bin(holding).count("1"), start + 17 + holding]


def run_abnat(holding: int) -> int:
    total, rank = 0, 0
    while rank < 8:
        end = rank
        while end < 8 and holding >> end & 1:
            end += 1
        length = end - rank
        if length >= 3:
            total += 100 if length >= 5 else 50 if length == 4 else 20
        rank = end + 1
    return total


def projects(cards: int) -> int:
    """Project abnat of the runs among `cards` (the model's input; four-of-a-kinds are left out)."""
    return sum(run_abnat(cards >> (8 * s) & 0xFF) for s in range(4))


def design(data: Dict[str, np.ndarray]) -> Tuple[sparse.csr_matrix, np.ndarray]:
    """One equation per (row, call other than pass)."""
    indices: List[int] = []
    indptr = [0]
    values: List[float] = []
    target: List[float] = []
    for row in range(len(data["round"])):
        round_, place = int(data["round"][row]) - 1, int(data["place"][row])
        hand, up = int(data["hand"][row]), int(data["up"][row])
        with_up = hand | 1 << up
        for action in np.flatnonzero(~np.isnan(data["gain"][row])):
            entries: List[Tuple[int, float]] = []
            if action == SUN:
                entries += [(c, 1.0) for s in range(4) for c in holding_entries("sun", with_up >> (8 * s) & 0xFF)]
                entries += [(COL_BASE["sun_base"] + 4 * round_ + place, 1.0), (COL_SUN_PROJECT, projects(with_up))]
            elif action == ASHKAL:
                entries += [(c, 1.0) for s in range(4) for c in holding_entries("sun", hand >> (8 * s) & 0xFF)]
                entries += [(COL_BASE["ashkal_base"] + 4 * round_ + place, 1.0), (COL_ASHKAL_UP + up % 8, 1.0),
                            (COL_SUN_PROJECT, projects(hand))]
            else:
                trump = up // 8 if action == HOKUM else HOKUM_SUIT.index(action)
                for s in range(4):
                    table = "hokum_trump" if s == trump else "hokum_side"
                    entries += [(c, 1.0) for c in holding_entries(table, with_up >> (8 * s) & 0xFF)]
                entries += [(COL_BASE["hokum_base"] + 4 * round_ + place, 1.0), (COL_HOKUM_PROJECT, projects(with_up))]
            for c, v in entries:
                indices.append(c)
                values.append(v)
            indptr.append(len(indices))
            target.append(float(data["gain"][row, action]))
    x = sparse.csr_matrix((values, indices, indptr), shape=(len(indptr) - 1, COLUMNS))
    return x, np.array(target)


def fit(x: sparse.csr_matrix, y: np.ndarray, ridge: float, holding_ridge: float) -> np.ndarray:
    penalty = np.full(COLUMNS, ridge)
    penalty[HOLDING_COLUMNS] = holding_ridge
    normal = (x.T @ x).toarray() + np.diag(penalty)
    return np.linalg.solve(normal, x.T @ y)


def weights_of(beta: np.ndarray) -> Dict[str, np.ndarray]:
    """The shipped tables: each holding's value summed from its rank, length and holding columns."""
    out: Dict[str, np.ndarray] = {}
    for table in TABLES:
        out[table] = np.array([sum(beta[c] for c in holding_entries(table, h)) for h in range(256)])
    for name in BASES:
        out[name] = beta[COL_BASE[name]:COL_BASE[name] + 8]
    out["ashkal_up"] = beta[COL_ASHKAL_UP:COL_ASHKAL_UP + 8]
    out["hokum_project"] = beta[COL_HOKUM_PROJECT:COL_HOKUM_PROJECT + 1]
    out["sun_project"] = beta[COL_SUN_PROJECT:COL_SUN_PROJECT + 1]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=200_000)
    parser.add_argument("--samples", type=int, default=4, help="deals per row (default 4)")
    parser.add_argument("--players", default="strong")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ridge", type=float, default=1.0, help="penalty of the rank, length and other columns")
    parser.add_argument("--holding-ridge", type=float, default=200.0, help="penalty of the per-holding columns")
    parser.add_argument("--data", help="save (or, if it exists, reuse) the rows in this .npz file")
    parser.add_argument("--out", default="baloot/strong.weights")
    args = parser.parse_args()
    began = time.perf_counter()
    data = weights_file.cached(args.data, lambda: collect(args.rows, args.samples, args.players, args.seed))
    print(f"{len(data['round']):,} rows in {time.perf_counter() - began:.0f} s", flush=True)
    x, y = design(data)
    beta = fit(x, y, args.ridge, args.holding_ridge)
    residual = y - x @ beta
    print(f"{len(y):,} equations: label sd {y.std():.2f}, residual sd {residual.std():.2f}", flush=True)
    note = (f"python training/train_strong.py --rows {args.rows} --samples {args.samples} --players {args.players} "
            f"--seed {args.seed} --ridge {args.ridge} --holding-ridge {args.holding_ridge}")
    weights_file.update(args.out, weights_of(beta), note)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
