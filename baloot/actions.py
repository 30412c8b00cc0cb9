"""Action strings and the core's action numbers: cards 0..31, then the calls."""

from __future__ import annotations

from typing import List

from baloot import _core
from baloot.cards import SUITS, format_card, parse_card, parse_suit
from baloot.errors import IllegalAction

NUM_ACTIONS: int = _core.num_actions
HOKUM_SUIT: int = _core.actions["hokum_suit"]  # round 2: HOKUM_SUIT + suit
_CALLS = {name: number for name, number in _core.actions.items() if name != "hokum_suit"}
_CALL_NAMES = {number: name for name, number in _CALLS.items()}


def format_action(action: int) -> str:
    if action < _core.num_cards:
        return format_card(action)
    if HOKUM_SUIT <= action < HOKUM_SUIT + 4:
        return f"hokum:{SUITS[action - HOKUM_SUIT]}"
    return _CALL_NAMES[action]


def parse_action(action: object) -> int:
    """The core's number for an action string: a call ("pass", "hokum:H", ...) or a card ("10H")."""
    if not isinstance(action, str):
        raise IllegalAction(f"an action must be a string such as 'pass' or '10H', not {action!r}")
    text = action.strip().lower()
    if text in _CALLS:
        return _CALLS[text]
    if text.startswith("hokum:"):
        try:
            return HOKUM_SUIT + parse_suit(text[len("hokum:"):])
        except ValueError:
            raise IllegalAction(f"unknown action {action!r}: name the Hokum suit, e.g. 'hokum:H'") from None
    try:
        return parse_card(action)
    except ValueError:
        raise IllegalAction(f"unknown action {action!r}: a call (pass, hokum, hokum:S, sun, ashkal, double, three, "
                            f"four, gahwa, double:closed, four:closed, kawesh) or a card such as '10H'") from None


def is_card(action: str) -> bool:
    """Whether an action string is a card rather than a call.

    Parameters
    ----------
    action : str
        A card such as ``"10H"`` or a call such as ``"hokum:S"``.

    Returns
    -------
    bool

    Raises
    ------
    IllegalAction
        When ``action`` is neither.
    """
    return parse_action(action) < _core.num_cards


def actions_of(mask: int) -> List[str]:
    return [format_action(a) for a in range(NUM_ACTIONS) if mask >> a & 1]
