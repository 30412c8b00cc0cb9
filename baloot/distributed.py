"""Long and large runs: work split into chunks of hand (or sample) indices, run on a Dask cluster or
locally, merged exactly, and optionally checkpointed so that an interrupted run resumes.

Hand ``i`` of a run depends only on (seed, i), so any split into chunks, any scheduler and any resume
gives the same hands as one uninterrupted local run, bit for bit.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from baloot.errors import BalootError
from baloot.files import write_atomically

Chunk = Tuple[int, int]  # (first index, count)

CONNECT_TIMEOUT = 10.0


def chunk_ranges(start: int, total: int, size: int) -> List[Chunk]:
    """Consecutive (first, count) ranges covering ``start .. start+total-1``."""
    return [(first, min(size, start + total - first)) for first in range(start, start + total, size)]


def connect(scheduler: Any) -> Any:
    """A Dask ``Client`` from a client or a scheduler address such as ``tcp://host:8786``."""
    try:
        from distributed import Client
    except ImportError:
        raise BalootError('running on a cluster needs Dask: pip install "baloot[dist]"') from None
    if isinstance(scheduler, Client):
        return scheduler
    if not isinstance(scheduler, str):
        raise BalootError(f"scheduler {scheduler!r} must be a dask.distributed Client or an address like tcp://host:8786")
    _probe(scheduler)
    try:
        return Client(scheduler, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as error:
        raise BalootError(f"cannot reach the Dask scheduler at {scheduler!r}: {error}") from None


def _probe(address: str) -> None:
    """Fail at once, not after the client's timeout, when nothing listens at a tcp:// address."""
    if not address.startswith("tcp://"):
        return
    host, _, port = address[len("tcp://"):].rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT).close()
    except ValueError:
        raise BalootError(f"scheduler address {address!r} must look like tcp://host:8786") from None
    except OSError as error:
        raise BalootError(f"cannot reach the Dask scheduler at {address!r}: {error}") from None


class Checkpoint:
    """Finished chunks of one run, kept in a JSON file (and ``.npz`` files beside it for per-hand rows).

    The file names the run it belongs to (a fingerprint of every argument that changes the results), so
    a checkpoint is never applied to a different run. Each chunk is recorded atomically on arrival.
    """

    def __init__(self, path: str, run: Dict[str, Any]) -> None:
        self.path = path
        self.run = run
        self.fingerprint = hashlib.sha256(json.dumps(run, sort_keys=True, default=str).encode()).hexdigest()
        self.chunks: Dict[str, Any] = {}
        if os.path.exists(path):
            try:
                with open(path, encoding="utf-8") as handle:
                    data = json.load(handle)
            except (OSError, json.JSONDecodeError) as error:
                raise BalootError(f"checkpoint {path!r} cannot be read: {error}") from None
            if data.get("fingerprint") != self.fingerprint:
                raise BalootError(f"checkpoint {path!r} belongs to a different run ({data.get('run')}); "
                                  "remove it or use another file")
            self.chunks = data.get("chunks", {})

    def _rows_path(self, first: int) -> str:
        return f"{self.path}.rows-{first}.npz"

    def done(self, chunk: Chunk) -> bool:
        return str(chunk[0]) in self.chunks

    def load(self, chunk: Chunk) -> Tuple[Any, Optional[Dict[str, np.ndarray]]]:
        rows_path = self._rows_path(chunk[0])
        rows = None
        if os.path.exists(rows_path):
            with np.load(rows_path) as data:
                rows = {name: data[name] for name in data.files}
        return self.chunks[str(chunk[0])], rows

    def record(self, chunk: Chunk, payload: Any, rows: Optional[Dict[str, np.ndarray]] = None) -> None:
        if rows is not None:
            write_atomically(self._rows_path(chunk[0]), lambda tmp: np.savez(tmp, **rows))  # type: ignore[arg-type]
        self.chunks[str(chunk[0])] = payload
        text = json.dumps({"fingerprint": self.fingerprint, "run": self.run, "chunks": self.chunks})
        write_atomically(self.path, lambda tmp: _write_text(tmp, text))


def _write_text(path: str, text: str) -> None:
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


def run_chunks(task: Callable[[int, int], Any], chunks: Sequence[Chunk], *, scheduler: Any = None,
               checkpoint: Optional[Checkpoint] = None, split: Optional[Callable[[Any], Tuple[Any, Any]]] = None,
               join: Optional[Callable[[Any, Any], Any]] = None, progress: Optional[Callable[[int], None]] = None,
               retries: int = 3) -> List[Any]:
    """``task(first, count)`` for every chunk, in chunk order; on a Dask cluster when ``scheduler`` is
    given (a lost worker costs only its chunk, retried up to ``retries`` times), else here in turn.
    With a checkpoint, finished chunks are skipped and new ones recorded; ``split(result)`` gives the
    (JSON payload, arrays) to record and ``join(payload, arrays)`` rebuilds a result from them."""
    results: Dict[int, Any] = {}
    pending: List[int] = []
    finished = 0
    for i, chunk in enumerate(chunks):
        if checkpoint is not None and checkpoint.done(chunk):
            payload, rows = checkpoint.load(chunk)
            results[i] = join(payload, rows) if join else payload
            finished += chunk[1]
        else:
            pending.append(i)
    if progress:
        progress(finished)

    def arrived(i: int, result: Any) -> None:
        nonlocal finished
        results[i] = result
        if checkpoint is not None:
            payload, rows = split(result) if split else (result, None)
            checkpoint.record(chunks[i], payload, rows)
        finished += chunks[i][1]
        if progress:
            progress(finished)

    if scheduler is None:
        for i in pending:
            arrived(i, task(*chunks[i]))
    else:
        client = connect(scheduler)
        from distributed import as_completed

        futures = {client.submit(task, *chunks[i], pure=False, retries=retries): i for i in pending}
        try:
            for future in as_completed(futures):
                arrived(futures[future], future.result())
        finally:
            for future in futures:
                future.cancel()
            if client is not scheduler:
                client.close()
    return [results[i] for i in range(len(chunks))]
