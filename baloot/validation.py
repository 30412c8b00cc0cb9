"""Argument checks, one per kind: every public function checks its arguments here, so that a bad value
gets the same ``BalootError`` wherever it is passed.

Integers go through ``operator.index``: Python and numpy integers are accepted, while floats (also
whole-number ones such as ``1.0``), strings and booleans are refused. Ranges are checked here, before
any value reaches the C++ core, against the largest values the core takes.
"""

from __future__ import annotations

import operator
import os
import secrets
from collections.abc import Mapping, Set
from typing import Any, Callable, Optional, Tuple, Union

import numpy as np

from baloot import _core
from baloot.cards import SUITS, parse_suit
from baloot.errors import BalootError

INT_MAX: int = _core.int_max  # targets, scores, seats, threads: a C int
COUNT_MAX: int = _core.count_max  # hands, samples and the first hand's number: an int64
SEED_MAX: int = _core.seed_max  # seeds: a uint64
MODES: Tuple[str, ...] = _core.modes
# Match points (targets, scores): far below INT_MAX, so that a hand's points added in the core never overflow.
POINTS_MAX = 10**9


def integer(value: Any, what: str, low: int = 0, high: int = INT_MAX) -> int:
    """``value`` as an int in ``low..high``; anything else (a float, a bool, a string) is refused."""
    try:
        if isinstance(value, (bool, np.bool_)):
            raise TypeError
        number = operator.index(value)
    except TypeError:
        raise BalootError(f"{what} {value!r} must be an integer {_span(low, high)}") from None
    if not low <= number <= high:
        raise BalootError(f"{what} {value!r} is out of range: it must be an integer {_span(low, high)}")
    return number


def _span(low: int, high: int) -> str:
    return f"from {low} to {high}" if high - low > 9 else f"{low}..{high}"


def seat(value: Any, what: str = "seat") -> int:
    """A seat 0..3."""
    try:
        return integer(value, what, 0, 3)
    except BalootError:
        raise BalootError(f"{what} {value!r} is not a seat 0..3") from None


def team(value: Any, what: str = "team") -> int:
    """A team 0 or 1."""
    try:
        return integer(value, what, 0, 1)
    except BalootError:
        raise BalootError(f"{what} {value!r} must be a team, 0 or 1") from None


def seed(value: Any) -> int:
    """A seed 0 <= seed < 2**64."""
    try:
        return integer(value, "seed", 0, SEED_MAX)
    except BalootError:
        raise BalootError(f"seed {value!r} must be an integer 0 <= seed < 2**64") from None


def seed_or_random(value: Any) -> int:
    """A checked seed, or a random one for None."""
    return secrets.randbits(63) if value is None else seed(value)


def count(value: Any, what: str, minimum: int = 0, maximum: int = COUNT_MAX) -> int:
    """A count of hands, samples or deals (or a first hand's number), ``minimum`` or more."""
    return integer(value, what, minimum, maximum)


def pair(value: Any, what: str, low: int = 0, high: int = INT_MAX) -> Tuple[int, int]:
    """Two integers (team 0, team 1), each ``low..high``; a string, a mapping or a set is not a pair."""
    try:
        if isinstance(value, (str, bytes, Mapping, Set)):
            raise TypeError
        a, b = value
    except (TypeError, ValueError):
        raise BalootError(f"{what} {value!r} must be a pair of integers (team 0, team 1)") from None
    try:
        return integer(a, "team 0", low, high), integer(b, "team 1", low, high)
    except BalootError as error:
        raise BalootError(f"{what} {_plain(value)!r}: {error}") from None


def _plain(value: Any) -> Any:
    return tuple(value) if isinstance(value, (list, tuple)) else value


def scores(value: Any) -> Tuple[int, int]:
    """Match scores before a hand: two non-negative integers."""
    return pair(value, "scores", 0, POINTS_MAX)


def threads(value: Any) -> int:
    """A thread count; 0 means every core."""
    return integer(value, "threads", 0, INT_MAX) or os.cpu_count() or 1


def boolean(value: Any, what: str) -> bool:
    """True or False (a numpy bool too); ``"no"``, 0 or None are refused, not taken for a truth value."""
    if not isinstance(value, (bool, np.bool_)):
        raise BalootError(f"{what} {value!r} must be True or False")
    return bool(value)


Progress = Union[bool, Callable[[int], None], None]


def progress(value: Any) -> Progress:
    """A progress option: True/False for a bar or none, or a callable taking the count done."""
    if value is None or callable(value):
        return value
    return boolean(value, "progress")


def contract(text: Any, what: str = "contract") -> Tuple[int, int]:
    """The core's (mode, trump) for ``"sun"`` or ``"hokum:S"`` (any case, any accepted suit spelling)."""
    if isinstance(text, str):
        mode, colon, trump = text.strip().partition(":")
        mode = mode.strip().lower()
        if mode == "sun" and not colon:
            return 0, -1
        if mode == "hokum" and trump.strip():
            try:
                return 1, parse_suit(trump)
            except BalootError:
                raise BalootError(f"{what} {text!r}: unknown trump suit {trump.strip()!r}; use one of "
                                  f"S H D C or ♠ ♥ ♦ ♣") from None
    names = ", ".join(contract_name(mode, trump) for mode, trump in _core.contracts)
    raise BalootError(f"{what} {text!r} is not one of {names} (Hokum names its trump suit)")


def contract_name(mode: int, trump: int) -> str:
    """``"sun"`` or ``"hokum:S"`` for the core's (mode, trump)."""
    return MODES[mode] if trump < 0 else f"{MODES[mode]}:{SUITS[trump]}"


def optional(check: Callable[..., Any], value: Any, *args: Any) -> Optional[Any]:
    """``check(value, *args)``, or None for None."""
    return None if value is None else check(value, *args)


def memory(needed: int, what: str) -> None:
    """Refuse, before any work, arrays larger than this machine's memory.

    Parameters
    ----------
    needed : int
        Bytes the arrays would take.
    what : str
        The work, as the message names it ("an analysis of 1,000 samples").

    Raises
    ------
    BalootError
        When ``needed`` is more than the physical memory (not checked where the system does not say).
    """
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return
    if needed > total:
        raise BalootError(f"{what} needs {needed:,} bytes of memory, more than the {total:,} this machine has: "
                          "ask for fewer")
