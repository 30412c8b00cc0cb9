"""Host options: one frozen dataclass, defaults the seed's, validated on creation."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, Dict, Optional, Tuple

from baloot import _core
from baloot.errors import BalootError
from baloot.validation import POINTS_MAX, boolean, integer
from baloot.validation import scores as checked_scores

DIRECTIONS = ("counterclockwise", "clockwise")
KABOOT_BONUSES = ("normal", "double", "off")
# The allowed values of every option that is a choice, the seed's first; for the core, a choice is its
# index here (the core's enum of the same name numbers them in this order).
CHOICES = {
    "direction": DIRECTIONS,
    "kaboot": KABOOT_BONUSES,
    "gahwa": ("match", "152"),
    "tie": ("khasra", "split", "split_sun"),
    "doubled_tie": ("buyers", "last_raiser"),
    "reverse_kaboot": ("same", "88"),
    "round2_sun": ("anyone", "ace_after_dealer"),
    "sun_double_at_100": ("neither", "buyers", "defenders", "both"),
    "priority_to": ("earlier", "hokum_caller"),
    "target_tie": ("buyers", "another_hand"),
}
_CORE_ENUMS = {"kaboot": "KabootBonus", "gahwa": "GahwaScore", "tie": "TieRule", "doubled_tie": "DoubledTie",
               "reverse_kaboot": "ReverseKaboot", "round2_sun": "Round2Sun", "priority_to": "PriorityTo",
               "target_tie": "TargetTie", "sun_double_at_100": "SunDoubleAt100"}
# Choice values that were renamed or replaced: the old value is refused with a pointer to the new one.
_RETIRED = {("round2_sun", "ace_before_dealer"): "it gave the round-two Sun to the player before the dealer, where "
            "the app that plays this rule gives it to the player after the dealer: use 'ace_after_dealer'"}
# The boolean values the option had before it became a choice, as read from older records.
_FORMER_BOOLEANS = {"sun_double_at_100": {False: "neither", True: "both"}}


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
    The house rules of the popular apps, each the seed's by default (docs/rules.md states
    each precisely): ``closed_double`` (R21), ``narrow_partner`` (R18), ``gahwa`` ("match" or a flat
    "152"), ``tie`` ("khasra" or "split"), ``doubled_tie`` ("buyers" or "last_raiser"),
    ``kaboot_multiplied``, ``reverse_kaboot`` ("same" or "88" in Sun), ``kaboot_projects``,
    ``sun_double_at_100`` (R30: which side a score of exactly 100 counts for, "neither", "buyers",
    "defenders" or "both"; True and False read as "both" and "neither"), ``round2_sun`` ("anyone" or
    "ace_after_dealer", R13), ``priority_to`` ("earlier" or "hokum_caller", R9), ``double_after_deal``
    (R29), ``target_tie`` ("buyers" or "another_hand", R41) and ``kawesh``. Options that another one
    makes meaningless (``reverse_kaboot="88"`` with ``kaboot="off"``, for one) are refused together.
    ``Rules.preset(name)`` gives a named rule set (``PRESETS``).
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
    closed_double: bool = False
    narrow_partner: bool = False
    gahwa: str = "match"
    tie: str = "khasra"
    doubled_tie: str = "buyers"
    kaboot_multiplied: bool = True
    reverse_kaboot: str = "same"
    kaboot_projects: bool = True
    sun_double_at_100: str = "neither"
    round2_sun: str = "anyone"
    priority_to: str = "earlier"
    double_after_deal: bool = False
    target_tie: str = "buyers"
    kawesh: bool = False

    def __post_init__(self) -> None:
        for name, former in _FORMER_BOOLEANS.items():
            if type(getattr(self, name)) is bool:
                object.__setattr__(self, name, former[getattr(self, name)])
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if (name, value) in _RETIRED:
                raise BalootError(f"{name} {value!r} is no longer an option: {_RETIRED[name, value]}")
            if value not in allowed:
                raise BalootError(f"{name} {value!r} must be one of {', '.join(allowed)}")
        # Stored as plain Python values, so that the rules compare, hash and serialise alike.
        object.__setattr__(self, "target", integer(self.target, "target", 1, POINTS_MAX))
        for field in dataclasses.fields(self):
            if field.type in ("bool", bool):
                object.__setattr__(self, field.name, boolean(getattr(self, field.name), field.name))
        for (option, seed_value), (other, ignored_when) in _CONTRADICTIONS.items():
            value, other_value = getattr(self, option), getattr(self, other)
            if value != seed_value and ignored_when(other_value):
                raise BalootError(f"{option}={value!r} has no effect with {other}={other_value!r}: leave {option} "
                                  f"at {seed_value!r} or change {other}")

    @classmethod
    def from_options(cls, options: Dict[str, Any], base: Optional["Rules"] = None) -> "Rules":
        """Rules from ``{"name": value}`` over ``base`` (the defaults when None); values may be strings as
        typed on a command line."""
        known = {f.name: f for f in dataclasses.fields(cls)}
        values: Dict[str, Any] = {}
        for name, value in options.items():
            if name not in known:
                raise BalootError(f"unknown rule {name!r}: known rules are {', '.join(known)}")
            values[name] = _coerce(name, known[name].type, value)
        return dataclasses.replace(base, **values) if base is not None else cls(**values)

    @classmethod
    def preset(cls, name: str) -> "Rules":
        """A named rule set: "seed" (the defaults) or one of ``PRESETS`` (docs/rule-sets.md gives sources)."""
        if name not in PRESETS:
            raise BalootError(f"unknown rule set {name!r}: known rule sets are {', '.join(PRESETS)}")
        return cls(**PRESETS[name])

    def to_dict(self) -> Dict[str, Any]:
        return dataclasses.asdict(self)


# Options that another option's value makes meaningless, refused together (docs/rules.md, "Options that
# contradict each other"): (option, its seed value) -> (the other option, the values that void it).
_CONTRADICTIONS = {
    ("reverse_kaboot", "same"): ("kaboot", lambda kaboot: kaboot == "off"),
    ("kaboot_multiplied", True): ("kaboot", lambda kaboot: kaboot == "off"),
    ("kaboot_projects", True): ("kaboot", lambda kaboot: kaboot == "off"),
    ("priority_to", "earlier"): ("sun_priority", lambda priority: not priority),
    ("narrow_partner", False): ("trump_over_partner", lambda over_partner: over_partner),
    # A match never starts a hand with a team at exactly 100 when the target is 100 or less.
    ("sun_double_at_100", "neither"): ("target", lambda target: target <= 100),
}


# Named rule sets: the options each changes from the seed's defaults (docs/rule-sets.md, with sources).
PRESETS: Dict[str, Dict[str, Any]] = {
    "seed": {},
    "kammelna": {"sun_tens_first": True, "hokum_to_sun": True, "closed_double": True, "gahwa": "152",
                 "tie": "split_sun", "doubled_tie": "last_raiser"},
    "majlis": {"sun_tens_first": True, "hokum_to_sun": True, "closed_double": True, "narrow_partner": True,
               "tie": "split", "doubled_tie": "last_raiser", "kaboot_multiplied": False,
               "double_after_deal": True, "target_tie": "another_hand", "sun_double_at_100": "defenders"},
    "sakkah": {"sun_tens_first": True, "narrow_partner": True, "tie": "split", "kaboot_multiplied": False,
               "reverse_kaboot": "88", "round2_sun": "ace_after_dealer", "double_after_deal": True,
               "target_tie": "another_hand"},
    "arena": {"sun_tens_first": True, "gahwa": "152", "tie": "split", "doubled_tie": "last_raiser",
              "kaboot_multiplied": False, "reverse_kaboot": "88", "kaboot_projects": False,
              "sun_double_at_100": "buyers", "target_tie": "another_hand"},
}


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


def hand_scores(scores: Any, rules: Rules) -> Tuple[int, int]:
    """Match scores a hand may be played from under ``rules``: both below the target, or equal past it
    when ``target_tie="another_hand"`` plays on (R41); anything else is a match already won."""
    a, b = checked_scores(scores)
    if max(a, b) >= rules.target and not (a == b and rules.target_tie == "another_hand"):
        raise BalootError(f"scores {scores!r}: a team at or past the target {rules.target} has already won the "
                          "match, so no hand is played from them")
    return a, b


@functools.lru_cache(maxsize=256)
def core_rules(rules: Rules) -> _core.Rules:
    """The core's view of the options that change play and scoring."""
    core = _core.Rules()
    for name in ("ashkal", "sun_priority", "must_overtrump", "trump_over_partner", "target", "hokum_to_sun",
                 "sun_tens_first", "baloot_in_hundred", "closed_double", "narrow_partner", "kaboot_multiplied",
                 "kaboot_projects", "double_after_deal", "kawesh"):
        setattr(core, name, getattr(rules, name))
    for name, enum in _CORE_ENUMS.items():
        setattr(core, name, getattr(_core, enum)(CHOICES[name].index(getattr(rules, name))))
    return core
