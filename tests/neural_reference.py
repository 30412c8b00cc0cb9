"""The neural player's integer network in numpy: an independent statement of csrc/players/neural_net.hpp's
arithmetic, to check the core against."""

from __future__ import annotations

from typing import Dict, Sequence, Tuple

import numpy as np


def forward(net: Dict[str, np.ndarray], active: Sequence[int], shift: int) -> Tuple[np.ndarray, int]:
    """The int32 logits of the 32 canonical cards and the value, for the active features."""
    acc = net["b1"].astype(np.int16).copy()
    for f in active:
        acc += net["w1"][f]  # int16, wrapping as the core's accumulator does
    a = np.clip(acc.astype(np.int32), 0, 127)
    for w, b in (("w2", "b2"), ("w3", "b3")):
        a = np.clip((net[w].astype(np.int32) @ a + net[b]) >> shift, 0, 127)
    return net["wp"].astype(np.int32) @ a + net["bp"], int(net["wv"].astype(np.int32) @ a + net["bv"])
