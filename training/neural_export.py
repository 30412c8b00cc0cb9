"""The neural player's weights file: float parameters quantised to the integers the core computes with
(csrc/players/neural_net.hpp describes the scheme and the format), and written as a file it reads.

Needs numpy alone, so the tests can write weights files without PyTorch.
"""

from __future__ import annotations

from typing import Dict

import numpy as np

from baloot import _core

SIZES = _core.neural_sizes()
ONE = SIZES["one"]  # an activation of 1.0
WEIGHT_ONE = 1 << SIZES["shift"]  # a weight of 1.0 after the first layer
INT8 = 127

# Each array of the file in its order: name, integer type, shape.
LAYOUT = (
    ("w1", np.int16, (SIZES["inputs"], SIZES["l1"])),
    ("b1", np.int16, (SIZES["l1"],)),
    ("w2", np.int8, (SIZES["l2"], SIZES["l1"])),
    ("b2", np.int32, (SIZES["l2"],)),
    ("w3", np.int8, (SIZES["l3"], SIZES["l2"])),
    ("b3", np.int32, (SIZES["l3"],)),
    ("wp", np.int8, (32, SIZES["l3"])),
    ("bp", np.int32, (32,)),
    ("wv", np.int8, (SIZES["l3"],)),
    ("bv", np.int32, ()),
)


def quantise(params: Dict[str, np.ndarray]) -> Dict[str, np.ndarray]:
    """The integer network of float parameters (the names of LAYOUT, same shapes).

    Parameters
    ----------
    params : dict of str to numpy.ndarray
        The float network: first-layer columns ``w1`` (inputs x l1) and bias ``b1``, then each later
        layer's weights (out x in) and bias.

    Returns
    -------
    dict of str to numpy.ndarray
        The integers of each array, in the types of LAYOUT: the first layer scaled by 127, later weights by
        64 (clipped to +-127), later biases by 127 * 64.
    """
    out = {}
    for name, kind, shape in LAYOUT:
        value = np.asarray(params[name], dtype=np.float64).reshape(shape)
        if name in ("w1", "b1"):
            scaled = np.clip(np.rint(value * ONE), -32767, 32767)
        elif name.startswith("w"):
            scaled = np.clip(np.rint(value * WEIGHT_ONE), -INT8, INT8)
        else:
            scaled = np.clip(np.rint(value * ONE * WEIGHT_ONE), -(1 << 24), 1 << 24)
        out[name] = scaled.astype(kind)
    return out


def fnv1a(data: bytes) -> int:
    """The 64-bit FNV-1a hash of data."""
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def write_weights(path: str, net: Dict[str, np.ndarray]) -> None:
    """Writes the integer network ``net`` (quantise's result) as a weights file the core reads.

    Parameters
    ----------
    path : str
        The file to write.
    net : dict of str to numpy.ndarray
        The integer arrays of LAYOUT.
    """
    sizes = np.array([SIZES["inputs"], SIZES["l1"], SIZES["l2"], SIZES["l3"], 32], dtype="<i4")
    body = sizes.tobytes() + b"".join(
        np.asarray(net[name]).astype(np.dtype(kind).newbyteorder("<")).reshape(shape).tobytes()
        for name, kind, shape in LAYOUT)
    with open(path, "wb") as f:
        f.write(SIZES["header"].encode() + b"\n" + body + fnv1a(body).to_bytes(8, "little"))
