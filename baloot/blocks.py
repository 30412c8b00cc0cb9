"""Long computations in consecutive blocks, so that Ctrl-C keeps every block already finished.

Sample or deal ``i`` of a run depends only on the run's seed and ``i``, so a run split into blocks gives
the same answers as one call; only the block at work when Ctrl-C comes is lost.
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Tuple

# A run is split into this many blocks at most, and no block is smaller than the caller's minimum: the
# cost of starting a block (threads, a replay of the position) stays small against its work.
BLOCKS = 64


def block_size(total: int, minimum: int) -> int:
    """Items per block for a run of ``total``: ``total / BLOCKS`` rounded up, at least ``minimum``."""
    return max(minimum, -(-total // BLOCKS))


def in_blocks(total: int, size: int, work: Callable[[int, int, Optional[Callable[[int], None]]], Any],
              progress: Optional[Callable[[int], None]] = None) -> Tuple[List[Any], int]:
    """Run ``work`` over consecutive blocks, keeping the blocks finished when Ctrl-C comes.

    Parameters
    ----------
    total : int
        Items of the run, numbered ``0 .. total-1``.
    size : int
        Items per block.
    work : callable
        ``work(first, count, update)`` computes items ``first .. first+count-1`` and returns their result;
        ``update(n)`` reports ``n`` items of the block done (None without ``progress``).
    progress : callable, optional
        Told the run's count of items done.

    Returns
    -------
    (list, int)
        The finished blocks' results in order, and how many items they cover: fewer than ``total`` when
        Ctrl-C stopped the run.
    """
    results: List[Any] = []
    done = 0
    try:
        for first in range(0, total, size):
            count = min(size, total - first)
            update = (lambda n, before=first: progress(before + n)) if progress is not None else None
            results.append(work(first, count, update))
            done += count
    except KeyboardInterrupt:
        pass
    return results, done
