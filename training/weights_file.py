"""Read and write the strong player's weights file (baloot/strong.weights), whose tables two scripts fit:
train_strong.py the bid values, train_play.py the card-play weights. Each rewrites its own tables and its
own note (the command that made them) and keeps the rest."""

from __future__ import annotations

import os
from typing import Callable, Dict, List, Optional, Tuple

import numpy as np

from baloot import _core

HEADER = "baloot-strong-weights 2"
# The tables in the order the core reads them, and their sizes.
TABLES = (("hokum_trump", 256), ("hokum_side", 256), ("sun", 256), ("hokum_base", 8), ("sun_base", 8),
          ("ashkal_base", 8), ("ashkal_up", 8), ("hokum_project", 1), ("sun_project", 1),
          ("play", _core.play_contexts() * _core.play_weights()))


def read(path: str) -> Tuple[List[str], Dict[str, np.ndarray]]:
    """The notes (comment lines) and tables of a weights file; empty when it does not exist."""
    if not os.path.exists(path):
        return [], {}
    notes: List[str] = []
    words: List[str] = []
    with open(path) as f:
        if f.readline().strip() != HEADER:
            raise ValueError(f"{path} does not begin with {HEADER!r}")
        for line in f:
            if line.startswith("#"):
                notes.append(line[1:].strip())
            else:
                words += line.split()
    tables: Dict[str, np.ndarray] = {}
    at = 0
    while at < len(words) and words[at] != "end":
        name, size = words[at], int(words[at + 1])
        tables[name] = np.array(words[at + 2:at + 2 + size], dtype=np.float64)
        at += 2 + size
    return notes, tables


def cached(path: Optional[str], make: Callable[[], Dict[str, np.ndarray]]) -> Dict[str, np.ndarray]:
    """The training rows saved in the .npz file `path` if it exists, else make()'s, saved there when `path`
    is given."""
    if path and os.path.exists(path):
        return dict(np.load(path))
    data = make()
    if path:
        np.savez_compressed(path, **data)
    return data


def update(path: str, tables: Dict[str, np.ndarray], note: str) -> None:
    """Rewrites `path` with `tables` in place of its own (zeros for a table neither has) and `note` in
    place of the note of the same script."""
    notes, old = read(path)
    script = note.split()[1]
    notes = [n for n in notes if n.split()[1:2] != [script]] + [note]
    lines = [HEADER] + [f"# {n}" for n in notes]
    for name, size in TABLES:
        values = np.asarray(tables.get(name, old.get(name, np.zeros(size))), dtype=np.float64).ravel()
        if len(values) != size:
            raise ValueError(f"table {name} has {len(values)} values, not {size}")
        lines.append(f"{name} {size}")
        for start in range(0, size, 8):
            lines.append(" ".join(f"{v:.4f}" for v in values[start:start + 8]))
    lines.append("end")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
