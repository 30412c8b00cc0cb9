"""The neural player's weights file: float parameters quantised to the integers the core computes with
(csrc/players/neural_net.hpp describes the scheme and the format), and written as a file it reads.

Needs numpy alone, so the tests can write weights files without PyTorch.
"""

from __future__ import annotations

from typing import Dict, Optional, Tuple

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


# The call network's arrays (written after the card network's in a file with calls).
CALL_LAYOUT = (
    ("w1", np.int16, (SIZES["call_inputs"], SIZES["call_l1"])),
    ("b1", np.int16, (SIZES["call_l1"],)),
    ("w2", np.int8, (SIZES["call_l2"], SIZES["call_l1"])),
    ("b2", np.int32, (SIZES["call_l2"],)),
    ("w3", np.int8, (SIZES["call_l3"], SIZES["call_l2"])),
    ("b3", np.int32, (SIZES["call_l3"],)),
    ("wc", np.int8, (SIZES["calls"], SIZES["call_l3"])),
    ("bc", np.int32, (SIZES["calls"],)),
)
CARD_SIZES = (SIZES["inputs"], SIZES["l1"], SIZES["l2"], SIZES["l3"], 32)
CALL_SIZES = (SIZES["call_inputs"], SIZES["call_l1"], SIZES["call_l2"], SIZES["call_l3"], SIZES["calls"])


# Each kind of array's scale (the integer of 1.0) and the integers' bound: the first layer's columns and bias,
# later layers' weights, later layers' biases.
_SCALES = {"first": (ONE, 32767), "weight": (WEIGHT_ONE, INT8), "bias": (ONE * WEIGHT_ONE, 1 << 24)}


def _kind_of(name: str) -> str:
    return "first" if name in ("w1", "b1") else "weight" if name.startswith("w") else "bias"


def quantise(params: Dict[str, np.ndarray], layout: Tuple = LAYOUT) -> Dict[str, np.ndarray]:
    """The integer network of float parameters (the names of LAYOUT, same shapes).

    Parameters
    ----------
    params : dict of str to numpy.ndarray
        The float network: first-layer columns ``w1`` (inputs x l1) and bias ``b1``, then each later
        layer's weights (out x in) and bias.

    Returns
    -------
    dict of str to numpy.ndarray
        The integers of each array, in the types of ``layout`` (LAYOUT, or CALL_LAYOUT for the call
        network): the first layer scaled by 127, later weights by 64 (clipped to +-127), later biases by
        127 * 64.
    """
    out = {}
    for name, kind, shape in layout:
        scale, bound = _SCALES[_kind_of(name)]
        scaled = np.clip(np.rint(np.asarray(params[name], dtype=np.float64).reshape(shape) * scale), -bound, bound)
        out[name] = scaled.astype(kind)
    return out


def dequantise(net: Dict[str, np.ndarray], layout: Tuple = LAYOUT) -> Dict[str, np.ndarray]:
    """The float parameters that ``quantise`` turns back into the integer network ``net`` exactly.

    Parameters
    ----------
    net : dict of str to numpy.ndarray
        The integer arrays of ``layout``, as ``read_networks`` returns them.

    Returns
    -------
    dict of str to numpy.ndarray
        Each array divided by its scale in ``quantise`` (float64).
    """
    return {name: np.asarray(net[name], dtype=np.float64) / _SCALES[_kind_of(name)][0] for name, _, _ in layout}


def fnv1a(data: bytes) -> int:
    """The 64-bit FNV-1a hash of data."""
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def _arrays(net: Dict[str, np.ndarray], sizes: Tuple[int, ...], layout: Tuple) -> bytes:
    return np.array(sizes, dtype="<i4").tobytes() + b"".join(
        np.asarray(net[name]).astype(np.dtype(kind).newbyteorder("<")).reshape(shape).tobytes()
        for name, kind, shape in layout)


def write_weights(path: str, net: Dict[str, np.ndarray], calls: Optional[Dict[str, np.ndarray]] = None) -> None:
    """Writes the integer network ``net`` (quantise's result), and the call network ``calls`` where given, as a
    weights file the core reads.

    Parameters
    ----------
    path : str
        The file to write.
    net : dict of str to numpy.ndarray
        The integer arrays of LAYOUT.
    calls : dict of str to numpy.ndarray, optional
        The integer arrays of CALL_LAYOUT.
    """
    body = _arrays(net, CARD_SIZES, LAYOUT)
    if calls is not None:
        body += _arrays(calls, CALL_SIZES, CALL_LAYOUT)
    header = SIZES["header" if calls is None else "header_with_calls"]
    with open(path, "wb") as f:
        f.write(header.encode() + b"\n" + body + fnv1a(body).to_bytes(8, "little"))


def _read_arrays(data: bytes, at: int, layout: Tuple) -> Tuple[Dict[str, np.ndarray], int]:
    net = {}
    for name, kind, shape in layout:
        dtype = np.dtype(kind).newbyteorder("<")
        count = int(np.prod(shape, dtype=np.int64))
        net[name] = np.frombuffer(data, dtype, count, at).reshape(shape).astype(kind)
        at += count * dtype.itemsize
    return net, at


def read_networks(path: str) -> Tuple[Dict[str, np.ndarray], Optional[Dict[str, np.ndarray]]]:
    """The integer card network of a weights file and its call network (None where the file holds none),
    the file checked by the core first."""
    has_calls = _core.NeuralWeights(path).has_calls
    with open(path, "rb") as f:
        data = f.read()
    cards, at = _read_arrays(data, data.index(b"\n") + 1 + 4 * len(CARD_SIZES), LAYOUT)
    calls = _read_arrays(data, at + 4 * len(CALL_SIZES), CALL_LAYOUT)[0] if has_calls else None
    return cards, calls


def read_card_network(path: str) -> Dict[str, np.ndarray]:
    """The integer card network of a weights file (with or without calls), checked by the core first."""
    return read_networks(path)[0]


def read_call_network(path: str) -> Dict[str, np.ndarray]:
    """The integer call network of a weights file, checked by the core first; a file without one is an error."""
    calls = read_networks(path)[1]
    if calls is None:
        raise ValueError(f"{path} holds no call network")
    return calls
