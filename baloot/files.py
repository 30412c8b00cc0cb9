"""Writing files so that a reader never sees half of one, and checking before a long run that they can be written."""

from __future__ import annotations

import os
import secrets
from typing import Callable, List, Sequence

from baloot.errors import BalootError


def _folder_of(path: str) -> str:
    return os.path.dirname(os.path.abspath(path))


def _temporary_name(folder: str, suffix: str) -> str:
    return os.path.join(folder, f".baloot-{secrets.token_hex(4)}{suffix}")


def _create_temporary(folder: str, suffix: str, name: List[str]) -> None:
    """Creates a new empty file in ``folder`` with the permissions of any new file (the umask applies) and
    leaves its path in ``name[0]``. The path is chosen before the file is created, so that a caller
    interrupted at any point knows which file may exist."""
    while True:
        try:
            os.close(os.open(name[0], os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            return
        except FileExistsError:
            name[0] = _temporary_name(folder, suffix)


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
    suffix = os.path.splitext(path)[1]
    name = [_temporary_name(folder, suffix)]
    try:
        _create_temporary(folder, suffix, name)
        os.unlink(name[0])
    except OSError as error:
        raise BalootError(f"{what} {path!r} cannot be written: {error.strerror}") from None


def write_atomically(path: str, write: Callable[[str], None]) -> None:
    """Write through a temporary file in the same folder, then rename: complete or absent, never partial.
    The temporary file is removed whatever stops the write (an error, Ctrl-C, or SIGTERM under the CLI)."""
    folder = _folder_of(path)
    if not os.path.isdir(folder):
        raise BalootError(f"cannot write {path!r}: the folder {folder!r} does not exist")
    suffix = os.path.splitext(path)[1]
    temporary = [_temporary_name(folder, suffix)]
    try:
        try:
            _create_temporary(folder, suffix, temporary)
        except OSError as error:
            raise BalootError(f"cannot write {path!r}: {error.strerror}") from None
        write(temporary[0])
        os.replace(temporary[0], path)
    except BaseException:
        if os.path.exists(temporary[0]):
            os.unlink(temporary[0])
        raise


def remove_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
