"""Progress bars (tqdm) fed by the core's count of finished hands or samples."""

from __future__ import annotations

import contextlib
import sys
from typing import Callable, Iterator, Optional


@contextlib.contextmanager
def progress_bar(total: int, enabled: bool = True, unit: str = "hand",
                 delay: float = 0.0) -> Iterator[Optional[Callable[[int], None]]]:
    """A callback ``update(done)`` drawing a bar on stderr (None when disabled); with ``delay`` the bar
    appears only once a run has lasted that many seconds."""
    if not enabled:
        yield None
        return
    from tqdm import tqdm

    bar = tqdm(total=total, unit=unit, unit_scale=True, delay=delay, smoothing=0.1, file=sys.stderr)
    try:
        yield lambda done: bar.update(done - bar.n)
    finally:
        bar.close()
