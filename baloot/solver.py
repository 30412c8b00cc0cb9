"""Double-dummy (perfect-information) solutions of the card play.

The solver sees all four hands and assumes both teams play perfectly, each maximising its own abnat.
It searches in the C++ core (alpha-beta with a transposition table); the rules, including the host's
overtrump switches, are the core's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Optional, Sequence, Tuple

from baloot import _core, validation
from baloot.cards import Cards, format_card, from_mask, parse_cards, parse_hands
from baloot.errors import BalootError
from baloot.game import Game
from baloot.rules import Rules, core_rules, resolve


@dataclass(frozen=True)
class Solution:
    """The double-dummy solution of a position.

    ``value``: the abnat each team (team 0, team 1) takes *from here* under best play by both sides:
    the cards still in the hands and those already on the table, plus the 10 for the last trick. The
    two add up to everything still to be won; abnat won in earlier tricks are not included.

    ``moves``: for every legal card of the seat to move, the abnat the *mover's team* takes from here
    if it plays that card and everyone plays perfectly afterwards. The best cards reach
    ``value[to_move % 2]``.

    ``to_move``: the seat to move; ``best``: the cards that reach the best value; ``nodes``: search
    nodes visited.
    """

    value: Tuple[int, int]
    moves: Dict[str, int]
    to_move: int
    best: Tuple[str, ...]
    nodes: int = 0

    @property
    def team(self) -> int:
        """The team of the seat to move (the team whose abnat ``moves`` holds)."""
        return self.to_move % 2


def _state_of(game: Any) -> Any:
    state = game.core_state() if isinstance(game, Game) else game
    if not isinstance(state, _core.HandState):
        raise BalootError(f"solve needs a baloot.Game (or a core HandState), not {game!r}")
    return state


def _solution(raw: Dict[str, Any]) -> Solution:
    moves = {format_card(card): value for card, value in sorted(raw["moves"].items())}
    best = tuple(format_card(card) for card in from_mask(raw["best"]))
    return Solution(value=tuple(raw["value"]), moves=moves, to_move=raw["mover"], best=best, nodes=raw["nodes"])


def solve(game: Any, *, use_tt: bool = True) -> Solution:
    """The double-dummy :class:`Solution` of a hand in its playing phase.

    ``game`` is a :class:`baloot.Game` (or the core ``HandState`` it wraps). ``Solution.value`` is the
    abnat per team from here; ``Solution.moves`` maps each legal card of the seat to move to the abnat
    its team takes from here after playing it. Raises :class:`baloot.BalootError` when the hand is not
    being played (bidding, doubling or over). ``use_tt=False`` searches without the transposition
    table (slower; the answer is the same).
    """
    state = _state_of(game)
    phase = _core.phases[state.phase]
    if phase != "playing":
        raise BalootError(f"the hand is in its {phase} phase: only a hand being played can be solved")
    return _solution(_core.solve(state, True, validation.boolean(use_tt, "use_tt")))


def solve_position(hands: Sequence[Cards], contract: str, leader: int, *, trick: Cards = (),
                   rules: Optional[Rules] = None, use_tt: bool = True) -> Solution:
    """The double-dummy :class:`Solution` of a position given by hand: four hands in seat order,
    ``contract`` ``"sun"`` or ``"hokum:S"``, the ``leader`` of the trick in progress and the cards
    already on the table in play order from the leader (``trick``). Hands may be of any size that fits
    the trick: seats that have played to it hold one card fewer."""
    masks, seen = parse_hands(hands)
    table = parse_cards(trick, "the trick")
    for card in table:
        if card in seen:
            raise BalootError(f"{format_card(card)} is both on the table and in hand {seen[card]}")
    leader = validation.seat(leader, "leader")
    mode, trump = validation.contract(contract)
    raw = _core.solve_position(masks, table, leader, mode, trump, core_rules(resolve(rules)), True,
                               validation.boolean(use_tt, "use_tt"))
    return _solution(raw)


__all__ = ["Solution", "solve", "solve_position"]
