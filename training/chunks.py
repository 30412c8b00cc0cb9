"""The row files of the training scripts: each chunk of hands one file, so that a run may be stopped at any
time, the trainers read every chunk written, and a rerun writes only the chunks missing."""

from __future__ import annotations

import glob
import os
import time
from typing import Callable, Dict, Sequence

import numpy as np


def write_chunks(out: str, prefix: str, seed: int, hands: int, chunk: int,
                 rows_of: Callable[[int, int], Dict[str, np.ndarray]]) -> None:
    """Writes ``rows_of(first, count)`` for hands first .. first+count-1, ``chunk`` hands at a time, to
    out/PREFIX-SEED-FIRST.npz, skipping the files already there, and prints the rate after each."""
    os.makedirs(out, exist_ok=True)
    began, rows = time.perf_counter(), 0
    for first in range(0, hands, chunk):
        path = os.path.join(out, f"{prefix}-{seed}-{first:09d}.npz")
        if os.path.exists(path):
            continue
        count = min(chunk, hands - first)
        data = rows_of(first, count)
        np.savez(path + ".tmp.npz", **data)
        os.replace(path + ".tmp.npz", path)
        rows += len(next(iter(data.values())))
        elapsed = time.perf_counter() - began
        print(f"{first + count:,} hands, {rows:,} rows this run, {rows / elapsed:.1f} rows/s", flush=True)


def load_chunks(folders: Sequence[str], prefix: str) -> Dict[str, np.ndarray]:
    """Every finished PREFIX-*.npz file in the folders, folder by folder, each in file-name order."""
    files = []
    for folder in folders:
        found = sorted(f for f in glob.glob(os.path.join(folder, f"{prefix}-*.npz")) if not f.endswith(".tmp.npz"))
        if not found:
            raise SystemExit(f"no {prefix} files in {folder}")
        files += found
    parts = [dict(np.load(f)) for f in files]
    return {key: np.concatenate([p[key] for p in parts]) for key in parts[0]}
