"""The neural player's integer networks in numpy, and its call network's features in plain Python: an
independent statement of csrc/players/neural_net.hpp's arithmetic and neural_call_input.cpp's numbering, to
check the core against."""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

import numpy as np

CALL_CARDS, CALL_UP, CALL_PLACE, CALL_STAGE, CALL_BIDS, CALL_HOKUM, CALL_PENDING = 0, 32, 40, 48, 52, 82, 87
PASS, HOKUM, HOKUM_SUIT, SUN, ASHKAL = 32, 33, 34, 38, 39


def hidden(net: Dict[str, np.ndarray], active: Sequence[int], shift: int) -> np.ndarray:
    """The last hidden layer's activations (0..127) for the active features."""
    acc = net["b1"].astype(np.int16).copy()
    for f in active:
        acc += net["w1"][f]  # int16, wrapping as the core's accumulator does
    a = np.clip(acc.astype(np.int32), 0, 127)
    for w, b in (("w2", "b2"), ("w3", "b3")):
        a = np.clip((net[w].astype(np.int32) @ a + net[b]) >> shift, 0, 127)
    return a


def forward(net: Dict[str, np.ndarray], active: Sequence[int], shift: int) -> Tuple[np.ndarray, int]:
    """The int32 logits of the 32 canonical cards and the value, for the active features."""
    a = hidden(net, active, shift)
    return net["wp"].astype(np.int32) @ a + net["bp"], int(net["wv"].astype(np.int32) @ a + net["bv"])


def call_values(calls: Dict[str, np.ndarray], active: Sequence[int], shift: int) -> np.ndarray:
    """The call network's int32 value of each call for the active features."""
    return calls["wc"].astype(np.int32) @ hidden(calls, active, shift) + calls["bc"]


def call_features(hand: Sequence[int], up_card: int, seat: int, dealer: int, round_: int, stage: int,
                  bids: List[Tuple[int, int]], hokum_caller: int, pending_caller: int) -> Tuple[List[int], List[int]]:
    """The active features of a bidding turn and each actual suit's canonical number: the up-card's suit is 0,
    the others follow in order. ``bids`` are the (seat, action) pairs of the bidding so far."""
    up_suit = up_card // 8
    others = [s for s in range(4) if s != up_suit]
    canonical = [0 if s == up_suit else 1 + others.index(s) for s in range(4)]
    latest = {}
    for bidder, action in bids:
        latest[bidder] = action

    def kind(action):
        if action is None:
            return 0
        if HOKUM_SUIT <= action < HOKUM_SUIT + 4:
            return 3 + canonical[action - HOKUM_SUIT]
        return {PASS: 1, HOKUM: 2, SUN: 7, ASHKAL: 8}.get(action, 9)

    features = sorted(CALL_CARDS + canonical[c // 8] * 8 + c % 8 for c in hand)
    features += [CALL_UP + up_card % 8, CALL_PLACE + 4 * (round_ - 1) + (seat - dealer - 1) % 4, CALL_STAGE + stage]
    features += [CALL_BIDS + 10 * (step - 1) + kind(latest.get((seat + step) % 4)) for step in (1, 2, 3)]
    features += [CALL_HOKUM + (0 if hokum_caller < 0 else 1 + (hokum_caller - seat) % 4),
                 CALL_PENDING + (0 if pending_caller < 0 else 1 + (pending_caller - seat) % 4)]
    return features, canonical
