"""Writing files so that a reader never sees half of one."""

from __future__ import annotations

import os
import tempfile
from typing import Callable

from baloot.errors import BalootError


def write_atomically(path: str, write: Callable[[str], None]) -> None:
    """Write through a temporary file in the same folder, then rename: complete or absent, never partial."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise BalootError(f"cannot write {path!r}: the folder {folder!r} does not exist")
    suffix = os.path.splitext(path)[1]
    fd, temporary = tempfile.mkstemp(dir=folder, prefix=".baloot-", suffix=suffix)
    os.close(fd)
    try:
        write(temporary)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
