"""Long and large runs: work split into chunks of hand (or sample) indices, run on a Dask cluster or
locally, merged exactly, and optionally checkpointed so that an interrupted run resumes.

Hand ``i`` of a run depends only on (seed, i), so any split into chunks, any scheduler and any resume
gives the same hands as one uninterrupted local run, bit for bit.
"""

from __future__ import annotations

import glob
import hashlib
import io
import json
import os
import socket
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from baloot.errors import BalootError, Interrupted
from baloot.files import remove_quietly, write_atomically

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
    """Finished chunks of one run, kept in a JSON file (and, for per-hand rows, one ``FILE.rows-FIRST.npz``
    beside it per chunk).

    The file names the run it belongs to (every argument that changes the results), so a checkpoint is
    never applied to a different run. Each chunk is recorded atomically on arrival with a SHA-256 of its
    payload and of its rows file; on resume every chunk is checked against them and against the run's
    chunk list, and anything corrupt or inconsistent is refused with a BalootError naming the chunk.
    """

    VERSION = 2

    def __init__(self, path: str, run: Dict[str, Any], chunks: Sequence[Chunk] = ()) -> None:
        self.path = path
        self.run = run
        self.fingerprint = _digest(run)
        self.counts = {str(first): count for first, count in chunks}
        self.chunks: Dict[str, Any] = {}
        if os.path.exists(path):
            self.chunks = self._read()

    def _read(self) -> Dict[str, Any]:
        try:
            with open(self.path, encoding="utf-8") as handle:
                data = json.load(handle)
        except (OSError, ValueError, RecursionError) as error:
            raise BalootError(f"checkpoint {self.path!r} cannot be read: {error}") from None
        if not isinstance(data, dict) or not isinstance(data.get("run"), dict):
            raise BalootError(f"checkpoint {self.path!r} is not a baloot checkpoint (no run recorded in it)")
        if data.get("fingerprint") != self.fingerprint:
            raise BalootError(f"checkpoint {self.path!r} belongs to a different run "
                              f"({_differences(data['run'], self.run)}); remove it or use another file")
        if data.get("version") != self.VERSION:
            raise BalootError(f"checkpoint {self.path!r} was written in another format "
                              f"(version {data.get('version')!r}, expected {self.VERSION}); remove it to run again")
        chunks = data.get("chunks")
        if not isinstance(chunks, dict):
            raise BalootError(f"checkpoint {self.path!r}: 'chunks' must map each chunk's first index to its record")
        for key, entry in chunks.items():
            self._check(key, entry)
        return chunks

    def _check(self, key: str, entry: Any) -> None:
        where = f"checkpoint {self.path!r}, chunk {key}"
        if self.counts and key not in self.counts:
            raise BalootError(f"{where}: no chunk of this run starts there")
        if not isinstance(entry, dict) or not {"hands", "payload", "sha256"} <= entry.keys():
            raise BalootError(f"{where}: the record must have 'hands', 'payload' and 'sha256'")
        if self.counts and entry["hands"] != self.counts[key]:
            raise BalootError(f"{where}: records {entry['hands']!r} hands where the run has {self.counts[key]}")
        if entry["sha256"] != _digest(entry["payload"]):
            raise BalootError(f"{where}: its payload does not match its checksum (the file was changed or damaged)")

    def _rows_path(self, first: int) -> str:
        return f"{self.path}.rows-{first}.npz"

    def done(self, chunk: Chunk) -> bool:
        return str(chunk[0]) in self.chunks

    def load(self, chunk: Chunk) -> Tuple[Any, Optional[Dict[str, np.ndarray]]]:
        entry = self.chunks[str(chunk[0])]
        expected = entry.get("rows_sha256")
        if expected is None:
            return entry["payload"], None
        rows_path = self._rows_path(chunk[0])
        where = f"checkpoint {self.path!r}, chunk {chunk[0]}: its rows file {rows_path!r}"
        try:
            with open(rows_path, "rb") as handle:
                content = handle.read()
        except OSError as error:
            raise BalootError(f"{where} cannot be read ({error.strerror}); "
                              "remove the checkpoint to run again") from None
        if hashlib.sha256(content).hexdigest() != expected:
            raise BalootError(f"{where} does not match its checksum (changed or damaged); "
                              "remove the checkpoint to run again")
        with np.load(io.BytesIO(content), allow_pickle=False) as data:
            rows = {name: data[name] for name in data.files}
        if any(len(values) != chunk[1] for values in rows.values()):
            raise BalootError(f"{where} does not hold {chunk[1]} rows")
        return entry["payload"], rows

    def record(self, chunk: Chunk, payload: Any, rows: Optional[Dict[str, np.ndarray]] = None) -> None:
        entry: Dict[str, Any] = {"hands": chunk[1], "payload": payload, "sha256": _digest(payload)}
        if rows is not None:
            buffer = io.BytesIO()
            np.savez(buffer, **rows)  # type: ignore[arg-type]
            content = buffer.getvalue()
            write_atomically(self._rows_path(chunk[0]), lambda tmp: _write_bytes(tmp, content))
            entry["rows_sha256"] = hashlib.sha256(content).hexdigest()
        self.chunks[str(chunk[0])] = entry
        text = json.dumps({"version": self.VERSION, "fingerprint": self.fingerprint, "run": self.run,
                           "chunks": self.chunks}, allow_nan=False)
        write_atomically(self.path, lambda tmp: _write_bytes(tmp, text.encode("utf-8")))


def remove_checkpoint(path: str) -> int:
    """Delete a checkpoint and the rows files beside it; the number of rows files removed."""
    rows = glob.glob(glob.escape(path) + ".rows-*.npz")
    for name in rows + [path]:
        remove_quietly(name)
    return len(rows)


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()


def _differences(recorded: Any, wanted: Any, prefix: str = "") -> str:
    """``"hands 2000 here, 1000 in the checkpoint"`` for each setting that differs (inside nested settings too)."""
    if isinstance(recorded, dict) and isinstance(wanted, dict):
        keys = list(wanted) + [key for key in recorded if key not in wanted]
        parts = [_differences(recorded.get(key), wanted.get(key), f"{prefix}{key}.") for key in keys
                 if _digest(recorded.get(key)) != _digest(wanted.get(key))]
        return "; ".join(parts) or "recorded by another version of baloot"
    return (f"{prefix.rstrip('.')} {json.dumps(wanted, default=str)} here, "
            f"{json.dumps(recorded, default=str)} in the checkpoint")


def _write_bytes(path: str, content: bytes) -> None:
    with open(path, "wb") as handle:
        handle.write(content)


def run_chunks(task: Callable[[int, int], Any], chunks: Sequence[Chunk], *, scheduler: Any = None,
               checkpoint: Optional[Checkpoint] = None, split: Optional[Callable[[Any], Tuple[Any, Any]]] = None,
               join: Optional[Callable[[Chunk, Any, Any], Any]] = None,
               progress: Optional[Callable[[int], None]] = None, retries: int = 3) -> List[Any]:
    """``task(first, count)`` for every chunk, in chunk order; on a Dask cluster when ``scheduler`` is
    given (a lost worker costs only its chunk, retried up to ``retries`` times), else here in turn.
    With a checkpoint, finished chunks are skipped and new ones recorded; ``split(result)`` gives the
    (JSON payload, arrays) to record and ``join(chunk, payload, arrays)`` rebuilds a result from them.
    Ctrl-C raises ``Interrupted`` whose ``result`` lists (chunk, result) of the finished chunks in order."""
    results: Dict[int, Any] = {}
    pending: List[int] = []
    finished = 0
    for i, chunk in enumerate(chunks):
        if checkpoint is not None and checkpoint.done(chunk):
            payload, rows = checkpoint.load(chunk)
            results[i] = join(chunk, payload, rows) if join else payload
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

    try:
        if scheduler is None:
            for i in pending:
                arrived(i, task(*chunks[i]))
        else:
            _on_cluster(task, chunks, pending, scheduler, retries, arrived)
    except KeyboardInterrupt:
        raise Interrupted([(chunks[i], results[i]) for i in sorted(results)]) from None
    return [results[i] for i in range(len(chunks))]


def finished_chunks(task: Callable[[int, int], Any], chunks: Sequence[Chunk],
                    **options: Any) -> Tuple[List[Tuple[Chunk, Any]], bool]:
    """``run_chunks`` that keeps what finished on Ctrl-C: the (chunk, result) of the chunks finished (those
    read back from a checkpoint included), in order, and whether Ctrl-C stopped the run. A run stopped
    before any chunk finished raises KeyboardInterrupt: there is nothing to show."""
    try:
        return list(zip(chunks, run_chunks(task, chunks, **options))), False
    except Interrupted as stop:
        if not stop.result:
            raise KeyboardInterrupt from None
        return stop.result, True


def _on_cluster(task: Callable[[int, int], Any], chunks: Sequence[Chunk], pending: List[int], scheduler: Any,
                retries: int, arrived: Callable[[int, Any], None]) -> None:
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
