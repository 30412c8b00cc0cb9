"""Host options: one frozen dataclass whose fields, defaults and checks come from the core's table of
options (``_core.rule_options``)."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, Dict, Mapping, Optional, Tuple, Union

from baloot import _core
from baloot.errors import BalootError
from baloot.validation import boolean, integer
from baloot.validation import scores as checked_scores


@dataclass(frozen=True)
class RuleOption:
    """One host option as the core declares it (``_core.rule_options``).

    Parameters
    ----------
    name : str
        The field of ``Rules``.
    kind : {"bool", "int", "choice"}
        What values it takes.
    default : bool, int or str
        The seed's value.
    choices : tuple of str
        A choice's values, the seed's first; empty otherwise.
    low, high : int
        An integer's range.
    ruling : str
        The rulings of docs/rules.md it changes.
    help : str
        What the values other than the default do.
    core : bool
        Whether the core reads it (False for how things are shown).
    """

    name: str
    kind: str
    default: Any
    choices: Tuple[str, ...]
    low: int
    high: int
    ruling: str
    help: str
    core: bool

    def describe(self) -> str:
        """The option's kind and default in words, e.g. ``kaboot: normal|double|off, default normal``."""
        kinds = {"bool": "true|false", "int": f"{self.low}..{self.high}", "choice": "|".join(self.choices)}
        default = str(self.default).lower() if self.kind == "bool" else self.default
        return f"{self.name}: {kinds[self.kind]}, default {default}"


# Every host option, declared once in the core, in the order the docs list them.
OPTIONS: Tuple[RuleOption, ...] = tuple(RuleOption(**row) for row in _core.rule_options)
# Choice values that were renamed or replaced: the old value is refused with a pointer to the new one.
_RETIRED = {("round2_sun", "ace_before_dealer"): "it gave the round-two Sun to the player before the dealer, where "
            "the app that plays this rule gives it to the player after the dealer: use 'ace_after_dealer'"}
# The boolean values the option had before it became a choice, as read from older records.
_FORMER_BOOLEANS = {"sun_double_at_100": {False: "neither", True: "both"}}
_TYPES = {"bool": bool, "int": int, "choice": str}


def _parameters() -> str:
    """The numpydoc Parameters section of ``Rules``, one entry an option."""
    lines = []
    for option in OPTIONS:
        values = "{" + ", ".join(repr(c) for c in option.choices) + "}" if option.choices else option.kind
        lines.append(f"    {option.name} : {values}, default {option.default!r}\n        {option.ruling}; otherwise: "
                     f"{option.help}.")
    return "\n".join(lines)


def _declared(cls: type) -> type:
    """``cls`` with a field per option of ``OPTIONS`` and its docstring's Parameters, for ``dataclass``."""
    cls.__annotations__ = {option.name: _TYPES[option.kind] for option in OPTIONS}
    for option in OPTIONS:
        setattr(cls, option.name, option.default)
    cls.__doc__ = (cls.__doc__ or "").replace("{parameters}", _parameters())
    return cls


@dataclass(frozen=True)
@_declared
class Rules:
    """Every host option, the seed's by default; docs/rules.md says what each changes.

    ``Rules.preset(name)`` gives a named rule set (``PRESETS``); ``Rules.from_options`` reads values typed on
    a command line. Options that another one makes meaningless (``reverse_kaboot="88"`` with
    ``kaboot="off"``, for one) are refused together; ``sun_double_at_100`` also reads True and False, as
    "both" and "neither".

    Parameters
    ----------
{parameters}

    Raises
    ------
    BalootError
        A value of the wrong type or outside the allowed ones, naming the option (an unknown one is a
        TypeError, as for any class; ``from_options`` names the known ones).
    """

    def __post_init__(self) -> None:
        # Stored as plain Python values, so that the rules compare, hash and serialise alike.
        for option in OPTIONS:
            value = getattr(self, option.name)
            if option.name in _FORMER_BOOLEANS and type(value) is bool:
                value = _FORMER_BOOLEANS[option.name][value]
                object.__setattr__(self, option.name, value)
            if (option.name, value) in _RETIRED:
                raise BalootError(f"{option.name} {value!r} is no longer an option: {_RETIRED[option.name, value]}")
            if option.kind == "choice" and value not in option.choices:
                raise BalootError(f"{option.name} {value!r} must be one of {', '.join(option.choices)}")
            if option.kind == "bool":
                object.__setattr__(self, option.name, boolean(value, option.name))
            if option.kind == "int":
                object.__setattr__(self, option.name, integer(value, option.name, option.low, option.high))
        for (option_name, seed_value), (other, ignored_when) in _CONTRADICTIONS.items():
            value, other_value = getattr(self, option_name), getattr(self, other)
            if value != seed_value and ignored_when(other_value):
                raise BalootError(f"{option_name}={value!r} has no effect with {other}={other_value!r}: leave "
                                  f"{option_name} at {seed_value!r} or change {other}")

    @classmethod
    def from_options(cls, options: Dict[str, Any], *, base: Union["Rules", str, None] = None) -> "Rules":
        """Rules from ``{"name": value}`` over ``base`` (a ``Rules``, the name of a rule set of ``PRESETS``,
        or None for the defaults); values may be strings as typed on a command line."""
        if isinstance(base, str):
            base = cls.preset(base)
        elif base is not None and not isinstance(base, Rules):
            raise BalootError(f"base {base!r} must be a baloot.Rules or the name of a rule set "
                              f"({', '.join(PRESETS)})")
        if not isinstance(options, Mapping):
            raise BalootError(f"options {options!r} must map rule names to values, e.g. {{'target': 101}}")
        known = {option.name: option for option in OPTIONS}
        values: Dict[str, Any] = {}
        for name, value in options.items():
            if name not in known:
                raise BalootError(f"unknown rule {name!r}: known rules are {', '.join(known)}")
            values[name] = _coerce(name, known[name].kind, value)
        return dataclasses.replace(base, **values) if base is not None else cls(**values)

    @classmethod
    def preset(cls, name: str) -> "Rules":
        """A named rule set: "seed" (the defaults) or one of ``PRESETS`` (docs/rule-sets.md gives sources)."""
        if not isinstance(name, str) or name not in PRESETS:
            raise BalootError(f"unknown rule set {name!r}: known rule sets are {', '.join(PRESETS)}")
        return cls(**PRESETS[name])

    def to_dict(self) -> Dict[str, Any]:
        """Every option's value by name.

        Returns
        -------
        dict
            ``{"ashkal": True, ...}``, which ``Rules(**d)`` reads back.
        """
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
    if kind == "bool":
        lowered = value.strip().lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise BalootError(f"rule {name}={value!r} must be true or false")
    if kind == "int":
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
    return _core.Rules(**{option.name: getattr(rules, option.name) for option in OPTIONS if option.core})
