"""Per-hand rows on disk: CSV, compressed NumPy (.npz) or Parquet, chosen by the file name."""

from __future__ import annotations

import os
from typing import Dict

import numpy as np

from baloot.errors import BalootError
from baloot.files import check_writable, write_atomically

ROW_EXTENSIONS = (".csv", ".npz", ".parquet")


def _pyarrow() -> None:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise BalootError("writing Parquet needs pyarrow: pip install pyarrow (or use .csv or .npz)") from None


def check_rows_target(path: str, what: str = "--out") -> None:
    """Everything that would stop ``write_rows(..., path)``, checked before the rows exist."""
    check_writable(path, what, ROW_EXTENSIONS)
    if path.lower().endswith(".parquet"):
        _pyarrow()


def write_rows(columns: Dict[str, np.ndarray], path: str) -> None:
    """Write flat columns to ``path`` atomically; a BalootError says why when it cannot be done."""
    check_rows_target(path, "rows file")
    lower = path.lower()
    if lower.endswith(".npz"):
        def write(tmp: str) -> None:
            with open(tmp, "wb") as handle:  # a handle: numpy would add ".npz" to a name ending ".NPZ"
                np.savez_compressed(handle, **columns)  # type: ignore[arg-type]
    elif lower.endswith(".csv"):
        data = np.column_stack([c.astype(np.int64) for c in columns.values()])

        def write(tmp: str) -> None:
            np.savetxt(tmp, data, fmt="%d", delimiter=",", header=",".join(columns), comments="")
    else:
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.table(columns)

        def write(tmp: str) -> None:
            pq.write_table(table, tmp)
    try:
        write_atomically(path, write)
    except OSError as error:
        raise BalootError(f"cannot write {path!r}: {error.strerror or error}") from None


def rescue_rows(columns: Dict[str, np.ndarray], failed: str) -> str:
    """Save rows that could not go to ``failed`` under a new name in the current folder, or else in the
    temporary folder, and return that name; a BalootError when neither can be written."""
    import tempfile

    name = f"baloot-rows-{os.getpid()}-{os.path.splitext(os.path.basename(failed))[0] or 'rows'}.npz"
    reasons = []
    for folder in (os.getcwd(), tempfile.gettempdir()):
        path = os.path.join(folder, name)
        try:
            write_rows(columns, path)
            return path
        except BalootError as error:
            reasons.append(str(error))
    raise BalootError("; ".join(reasons))
