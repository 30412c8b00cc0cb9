"""Double-dummy (perfect-information) solutions of the card play.

The solver sees all four hands and assumes both teams play perfectly, each maximising its own abnat.
It searches in the C++ core (alpha-beta with a transposition table); the rules, including the host's
overtrump switches, are the core's own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Optional, Sequence, Tuple, Union, overload

from baloot import _core, validation
from baloot.cards import Cards, format_card, from_mask, parse_cards, parse_hands
from baloot.errors import BalootError
from baloot.game import Game
from baloot.rules import Rules, core_rules, resolve


@dataclass(frozen=True)
class Solution:
    """The double-dummy solution of a position.

    Attributes
    ----------
    value : tuple of int
        The abnat each team (team 0, team 1) takes *from here* under best play by both sides: the cards
        still in the hands and those already on the table, plus the 10 for the last trick. The two add up
        to everything still to be won; abnat won in earlier tricks are not included.
    moves : dict of str to int
        For every legal card of the seat to move, the abnat the *mover's team* takes from here if it plays
        that card and everyone plays perfectly afterwards. The best cards reach ``value[to_move % 2]``.
    to_move : int
        The seat to move.
    best : tuple of str
        The cards that reach the best value.
    nodes : int
        Search nodes visited.
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


def unsolvable_reason(narrow_partner: bool, closed: bool = False) -> Optional[str]:
    """Why the search cannot play a hand under these trick rules, or None when it can: it plays by the
    seed's trick rules and not the house rules that change them.

    Parameters
    ----------
    narrow_partner : bool
        The rules' ``narrow_partner`` option (R18 variant).
    closed : bool
        Whether the hand is closed by a closed double (R21 variant).

    Returns
    -------
    str or None
        The reason, a phrase starting "the double-dummy solver does not play".
    """
    if narrow_partner:
        return "the double-dummy solver does not play the narrow partner exception (narrow_partner)"
    if closed:
        return "the double-dummy solver does not play a hand closed by a closed double"
    return None


def check_solvable(narrow_partner: bool, closed: bool = False) -> None:
    """``unsolvable_reason`` as a ``BalootError``."""
    reason = unsolvable_reason(narrow_partner, closed)
    if reason is not None:
        raise BalootError(reason)


def _solution(raw: Dict[str, Any]) -> Solution:
    moves = {format_card(card): value for card, value in sorted(raw["moves"].items())}
    best = tuple(format_card(card) for card in from_mask(raw["best"]))
    return Solution(value=tuple(raw["value"]), moves=moves, to_move=raw["mover"], best=best, nodes=raw["nodes"])


@dataclass(frozen=True)
class Points:
    """A position's double-dummy value at the resolution of the score.

    ``points``: each team's game points for its card abnat (taken so far plus what it takes from here
    under best play), rounded as the score rounds them; ``ahead``: the team whose card abnat, projects
    and Baloot are the greater (the buyers' check), ``None`` on a tie; ``team0_range``: the abnat team 0
    takes from here lies in ``[lo, hi]`` (the exact value needs more probes).
    """

    points: Tuple[int, int]
    ahead: Optional[int]
    team0_range: Tuple[int, int]


def _playing_state(game: Any) -> Any:
    state = _state_of(game)
    phase = _core.phases[state.phase]
    if phase != "playing":
        raise BalootError(f"the hand is in its {phase} phase: only a hand being played can be solved")
    check_solvable(state.narrow_partner, state.closed)
    return state


@overload
def solve(game: Any, *, use_tt: bool = True, target: None = None) -> Solution: ...


@overload
def solve(game: Any, *, use_tt: bool = True, target: int) -> bool: ...


def solve(game: Any, *, use_tt: bool = True, target: Optional[int] = None) -> Union[Solution, bool]:
    """The double-dummy :class:`Solution` of a hand in its playing phase; with ``target``, only whether
    the team of the seat to move takes at least ``target`` abnat from here (one probe, far cheaper).

    Parameters
    ----------
    game : Game
        A hand in its playing phase (or the core ``HandState`` it wraps).
    use_tt : bool, default True
        False searches without the transposition table (slower; the answer is the same).
    target : int, optional
        Only ask whether the team of the seat to move takes at least this many abnat from here.

    Returns
    -------
    Solution or bool
        ``Solution.value`` is the abnat per team from here; ``Solution.moves`` maps each legal card of the
        seat to move to the abnat its team takes from here after playing it. With ``target``, a bool.

    Raises
    ------
    BalootError
        The hand is not being played (bidding, doubling or over), or a bad target.
    """
    state = _playing_state(game)
    use_tt = validation.boolean(use_tt, "use_tt")
    if target is not None:
        target = validation.integer(target, "target", -validation.INT_MAX, validation.INT_MAX)
        return _core.solve_target(state, target, use_tt)
    return _solution(_core.solve(state, True, use_tt))


def makes(game: Any, *, use_tt: bool = True) -> bool:
    """Whether the contract's buyers pass the buyers' check under best play from here: their card abnat
    (taken so far plus what they take from here), projects and Baloot beat the defenders'. One probe."""
    return _core.solve_makes(_playing_state(game), validation.boolean(use_tt, "use_tt"))


def solve_points(game: Any, *, use_tt: bool = True) -> Points:
    """The double-dummy value of a hand being played at game-point resolution (see :class:`Points`):
    probes at the edges of the score's rounding only, fewer than the exact value needs."""
    points, ahead, lo_hi = _core.solve_points(_playing_state(game), validation.boolean(use_tt, "use_tt"))
    return Points(points=tuple(points), ahead=None if ahead < 0 else ahead, team0_range=tuple(lo_hi))


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
    rules = resolve(rules)
    check_solvable(rules.narrow_partner)
    raw = _core.solve_position(masks, table, leader, mode, trump, core_rules(rules), True,
                               validation.boolean(use_tt, "use_tt"))
    return _solution(raw)


__all__ = ["Points", "Solution", "makes", "solve", "solve_points", "solve_position"]
