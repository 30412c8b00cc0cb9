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


@contextlib.contextmanager
def progress_callback(progress: object, total: int, unit: str = "hand") -> Iterator[Optional[Callable[[int], None]]]:
    """The callback of a ``progress`` option: True draws a bar, False or None shows nothing, and a callable
    is called with the count done; anything else is a ``BalootError``."""
    from baloot.validation import progress as check_progress

    chosen = check_progress(progress)
    if callable(chosen):
        yield chosen
        return
    with progress_bar(total, bool(chosen), unit=unit) as update:
        yield update
