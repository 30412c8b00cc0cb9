"""Writing files so that a reader never sees half of one, and checking before a long run that they can be written."""

from __future__ import annotations

import os
import secrets
from typing import Callable, Sequence

from baloot.errors import BalootError


def _folder_of(path: str) -> str:
    return os.path.dirname(os.path.abspath(path))


def _create_temporary(folder: str, suffix: str) -> str:
    """A new empty file in ``folder`` with the permissions of any new file (the umask applies)."""
    while True:
        temporary = os.path.join(folder, f".baloot-{secrets.token_hex(4)}{suffix}")
        try:
            os.close(os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            return temporary
        except FileExistsError:
            continue


def check_writable(path: str, what: str, extensions: Sequence[str] = ()) -> None:
    """Refuse, before any work, a file that could not be written: a wrong extension, a missing folder, a
    directory, or a folder where no file can be created (read-only, /proc ...). A file is created there
    and removed again, exactly as ``write_atomically`` will do."""
    if not path:
        raise BalootError(f"{what} needs a file name")
    if extensions and not path.lower().endswith(tuple(extensions)):
        raise BalootError(f"{what} {path!r}: use a {', '.join(extensions[:-1])} or {extensions[-1]} file name"
                          if len(extensions) > 1 else f"{what} {path!r}: use a {extensions[0]} file name")
    folder = _folder_of(path)
    if not os.path.isdir(folder):
        raise BalootError(f"{what} {path!r}: the folder {folder!r} does not exist")
    if os.path.isdir(path):
        raise BalootError(f"{what} {path!r} is a folder, not a file")
    try:
        os.unlink(_create_temporary(folder, os.path.splitext(path)[1]))
    except OSError as error:
        raise BalootError(f"{what} {path!r} cannot be written: {error.strerror}") from None


def write_atomically(path: str, write: Callable[[str], None]) -> None:
    """Write through a temporary file in the same folder, then rename: complete or absent, never partial.
    The temporary file is removed whatever stops the write (an error, Ctrl-C, or SIGTERM under the CLI)."""
    folder = _folder_of(path)
    if not os.path.isdir(folder):
        raise BalootError(f"cannot write {path!r}: the folder {folder!r} does not exist")
    try:
        temporary = _create_temporary(folder, os.path.splitext(path)[1])
    except OSError as error:
        raise BalootError(f"cannot write {path!r}: {error.strerror}") from None
    try:
        write(temporary)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise


def remove_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
