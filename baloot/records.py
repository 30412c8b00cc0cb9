"""What every versioned record (games, matches) checks first: its JSON, its header, its rules."""

from __future__ import annotations

import json
import sys
from typing import Any, Dict, FrozenSet

from baloot.errors import BalootError
from baloot.rules import Rules

# Leading bytes of files that are often given for a record by mistake, and what to call them.
_NOT_TEXT = ((b"\x1f\x8b", "a gzip file (decompress it first)"), (b"\xff\xfe", "UTF-16 text (save it as UTF-8)"),
             (b"\xfe\xff", "UTF-16 text (save it as UTF-8)"), (b"PK\x03\x04", "a zip file"),
             (b"\x89PNG", "a PNG image"))


def parse_json(text: object, what: str) -> Any:
    """The JSON value of a record's text, or a ``BalootError`` naming ``what`` ("game record")."""
    if not isinstance(text, (str, bytes)):
        raise BalootError(f"from_json needs the JSON text of a record, not {type(text).__name__}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise BalootError(f"{what} is not valid JSON: {error}") from None
    except UnicodeDecodeError as error:
        raise BalootError(f"{what} is not JSON text: {error.reason} at byte {error.start}") from None
    except RecursionError:
        raise BalootError(f"{what} is nested too deeply to be a baloot record") from None


def read_text(path: str, what: str) -> str:
    """The UTF-8 text of a record file.

    Parameters
    ----------
    path : str
        The file, or '-' for stdin.
    what : str
        The record's kind, as messages name it ("game record").

    Returns
    -------
    str

    Raises
    ------
    BalootError
        When the file cannot be read, or is not UTF-8 text (a gzip or zip file, UTF-16, an image ...).
    """
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                data = handle.read()
    except OSError as error:
        raise BalootError(f"cannot read the {what} {path!r}: {error.strerror}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        kind = next((name for magic, name in _NOT_TEXT if data.startswith(magic)), "a binary file")
        raise BalootError(f"the {what} {path!r} is not UTF-8 JSON text: it looks like {kind}") from None


def check_header(record: object, what: str, form: str, version: int, fields: FrozenSet[str]) -> Dict[str, Any]:
    """The record as a dict, once its format and version are ``form`` and ``version`` and it has no
    fields beyond ``fields``."""
    if not isinstance(record, dict):
        raise BalootError(f"a {what} is a JSON object, not {type(record).__name__}")
    if record.get("format") != form:
        raise BalootError(f"not a baloot {what}: format {record.get('format')!r}")
    if record.get("version") != version:
        raise BalootError(f"{what} version {record.get('version')!r} is not supported (need {version})")
    unknown = set(record) - fields
    if unknown:
        raise BalootError(f"{what} has unknown fields {sorted(unknown)}")
    return record


def record_rules(record: Dict[str, Any], what: str) -> Rules:
    data = record.get("rules", {})
    if isinstance(data, str):
        data = Rules.preset(data).to_dict()
    if not isinstance(data, dict):
        raise BalootError(f"{what} rules {data!r} must be an object or the name of a rule set")
    try:
        return Rules(**data)
    except TypeError as error:
        raise BalootError(f"{what} rules {data!r}: {error}") from None
