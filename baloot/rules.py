"""Host options: one frozen dataclass, defaults the seed's, validated on creation."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, Dict, Optional

from baloot import _core
from baloot.errors import BalootError
from baloot.validation import POINTS_MAX, boolean, integer

DIRECTIONS = ("counterclockwise", "clockwise")
KABOOT_BONUSES = ("normal", "double", "off")


@dataclass(frozen=True)
class Rules:
    """Every host option. The defaults are the seed's defaults.

    ``direction`` only changes how seats are drawn at the table, never who plays after whom.
    ``trump_over_partner=True`` makes a player trump even when the partner is winning (R20).
    ``kaboot``: ``"normal"`` (44 Sun / 25 Hokum), ``"double"`` (88 / 50) or ``"off"``.
    ``target``: match points to win, 152 by default (101 or any positive integer up to 10**9).
    House variants beyond the seed, each off by default: ``hokum_to_sun`` (R8: an unchallenged Hokum
    caller may switch to Sun), ``sun_tens_first`` (R34 variant: round Sun abnat to tens first), and
    ``baloot_in_hundred=False`` (R28 variant: no Baloot inside a scored Hundred or four K/Q).
    """

    direction: str = "counterclockwise"
    ashkal: bool = True
    sun_priority: bool = True
    must_overtrump: bool = True
    trump_over_partner: bool = False
    kaboot: str = "normal"
    target: int = 152
    arabic_labels: bool = True
    hokum_to_sun: bool = False
    sun_tens_first: bool = False
    baloot_in_hundred: bool = True

    def __post_init__(self) -> None:
        if self.direction not in DIRECTIONS:
            raise BalootError(f"direction {self.direction!r} must be one of {', '.join(DIRECTIONS)}")
        if self.kaboot not in KABOOT_BONUSES:
            raise BalootError(f"kaboot {self.kaboot!r} must be one of {', '.join(KABOOT_BONUSES)}")
        # Stored as plain Python values, so that the rules compare, hash and serialise alike.
        object.__setattr__(self, "target", integer(self.target, "target", 1, POINTS_MAX))
        for field in dataclasses.fields(self):
            if field.type in ("bool", bool):
                object.__setattr__(self, field.name, boolean(getattr(self, field.name), field.name))

    @classmethod
    def from_options(cls, options: Dict[str, Any]) -> "Rules":
        """Rules from ``{"name": value}``; values may be strings as typed on a command line."""
        known = {f.name: f for f in dataclasses.fields(cls)}
        values: Dict[str, Any] = {}
        for name, value in options.items():
            if name not in known:
                raise BalootError(f"unknown rule {name!r}: known rules are {', '.join(known)}")
            values[name] = _coerce(name, known[name].type, value)
        return cls(**values)

    def to_dict(self) -> Dict[str, Any]:
        return dataclasses.asdict(self)


def _coerce(name: str, kind: Any, value: Any) -> Any:
    if not isinstance(value, str):
        return value
    if kind in ("bool", bool):
        lowered = value.strip().lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise BalootError(f"rule {name}={value!r} must be true or false")
    if kind in ("int", int):
        try:
            return int(value)
        except ValueError:
            raise BalootError(f"rule {name}={value!r} must be an integer") from None
    return value


def resolve(rules: Optional[Rules]) -> Rules:
    """``rules`` itself, or the defaults for None; anything else is an error."""
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        raise BalootError(f"rules must be a baloot.Rules, not {rules!r}")
    return rules


@functools.lru_cache(maxsize=256)
def core_rules(rules: Rules) -> _core.Rules:
    """The core's view of the options that change play and scoring."""
    core = _core.Rules()
    for name in ("ashkal", "sun_priority", "must_overtrump", "trump_over_partner", "target", "hokum_to_sun",
                 "sun_tens_first", "baloot_in_hundred"):
        setattr(core, name, getattr(rules, name))
    core.kaboot = getattr(_core.KabootBonus, rules.kaboot)
    return core
