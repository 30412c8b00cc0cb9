"""What every versioned record (games, matches) checks first: its JSON, its header, its rules."""

from __future__ import annotations

import json
from typing import Any, Dict, FrozenSet

from baloot.errors import BalootError
from baloot.rules import Rules


def parse_json(text: object, what: str) -> Any:
    """The JSON value of a record's text, or a ``BalootError`` naming ``what`` ("game record")."""
    if not isinstance(text, (str, bytes)):
        raise BalootError(f"from_json needs the JSON text of a record, not {type(text).__name__}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise BalootError(f"{what} is not valid JSON: {error}") from None
    except RecursionError:
        raise BalootError(f"{what} is nested too deeply to be a baloot record") from None


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
