"""The pure rule functions of the public API: points, legal moves, tricks, projects and scoring."""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

from baloot import _core, validation
from baloot.cards import RANKS, SUITS, Cards, format_card, from_mask, parse_card, parse_cards, parse_suit, to_mask
from baloot.errors import BalootError
from baloot.rules import Rules, core_rules, resolve

MODES: Tuple[str, ...] = _core.modes
PROJECT_KINDS: Tuple[str, ...] = _core.project_kinds
TOTAL_ABNAT = dict(zip(MODES, _core.total_abnat))


def parse_mode(mode: object) -> str:
    """``"sun"`` or ``"hokum"`` from any case and spacing."""
    if not isinstance(mode, str) or mode.strip().lower() not in MODES:
        raise BalootError(f"unknown mode {mode!r}: use 'sun' or 'hokum'")
    return mode.strip().lower()


def parse_contract(mode: object, trump: object = None) -> Tuple[int, int]:
    """The core's (mode, trump) numbers for a mode string and a trump suit letter or None."""
    name = parse_mode(mode)
    if name == "sun":
        if trump is not None:
            raise BalootError(f"Sun has no trump, but trump {trump!r} was given")
        return 0, -1
    if trump is None:
        raise BalootError("Hokum needs a trump suit (S, H, D or C), got None")
    return 1, parse_suit(trump)


@dataclass(frozen=True)
class Project:
    """One declared project.

    Attributes
    ----------
    kind : {"sira", "fifty", "hundred", "four_hundred"}
        What it is.
    cards : tuple of str
        Its cards, high to low.
    abnat : int
        20, 50, 100 or 200.
    points : int
        Its game points in the hand's mode.
    """

    kind: str
    cards: Tuple[str, ...]
    abnat: int
    points: int

    @property
    def is_run(self) -> bool:
        """A run of one suit, not four of a kind."""
        return len({c[-1] for c in self.cards}) == 1


def project_from_core(raw: Tuple[int, bool, int, int, int, int], mode: int) -> Project:
    kind, is_run, _top, _length, mask, abnat = raw
    cards = from_mask(mask)
    if is_run:
        cards.sort(key=lambda c: -(c & 7))  # one suit: high to low in sequence order
    return Project(PROJECT_KINDS[kind], tuple(format_card(c) for c in cards), abnat, _core.project_points(abnat, mode))


@dataclass(frozen=True)
class Declaration:
    """The projects of four hands after the comparison (R26, R27).

    Attributes
    ----------
    by_seat : tuple of tuple of Project
        Each seat's projects, best first.
    team : int or None
        The team that scores projects; None when nobody holds one.
    abnat : tuple of int
        The project abnat each team scores.
    """

    by_seat: Tuple[Tuple[Project, ...], ...]
    team: Optional[int]
    abnat: Tuple[int, int]


@dataclass(frozen=True)
class HandResult:
    """The score of one hand, with what went into it.

    Attributes
    ----------
    points : tuple of int
        Game points per team.
    made : bool or None
        Whether the buyers made it; None for a thrown-in hand.
    kaboot : int or None
        The team that took every trick, or None.
    abnat, tricks, projects, baloot : tuple of int
        Per team: card abnat, tricks, project abnat scored and Baloot held (0 or 1).
    multiplier : int
        1 to 4.
    """

    points: Tuple[int, int]
    made: Optional[bool]
    kaboot: Optional[int]
    abnat: Tuple[int, int]
    tricks: Tuple[int, int] = (0, 0)
    projects: Tuple[int, int] = (0, 0)
    baloot: Tuple[int, int] = (0, 0)
    multiplier: int = 1


THROWN_IN = HandResult(points=(0, 0), made=None, kaboot=None, abnat=(0, 0))


def card_points(card: str, mode: str, trump: Optional[str] = None) -> int:
    """The abnat (card points) of one card: Sun and plain suits A 11, 10 10, K 4, Q 3, J 2; trump J 20,
    9 14, A 11, 10 10, K 4, Q 3.

    Parameters
    ----------
    card : str
        A card such as ``"JH"`` or ``"10♠"``.
    mode : {"sun", "hokum"}
        The contract's mode, any case.
    trump : str, optional
        Hokum's trump suit (``"S"``, ``"♥"``, ...); None in Sun.

    Returns
    -------
    int
        0 to 20.

    Raises
    ------
    BalootError
        An unknown card, mode or suit, or a trump given in Sun.
    """
    index = parse_card(card)
    return _core.card_abnat(index, *parse_contract(mode, trump))


def _parse_trick(trick: Cards, max_len: int) -> List[int]:
    cards = parse_cards(trick, "the trick")
    if len(cards) > max_len:
        raise BalootError(f"the trick {[format_card(c) for c in cards]} has {len(cards)} cards; at most {max_len} here")
    return cards


def legal_moves(hand: Cards, trick: Cards, mode: str, trump: Optional[str] = None, *,
                rules: Optional[Rules] = None, played: Cards = (), closed: bool = False) -> List[str]:
    """The cards of ``hand`` that may be played onto ``trick`` (R17-R20 in docs/rules.md).

    Parameters
    ----------
    hand : cards
        The mover's 1 to 8 cards, as a list or a space-separated string.
    trick : cards
        The 0 to 3 cards already on the table, in play order; the mover plays next, so a partner's card
        is ``trick[-2]``.
    mode, trump : str
        The contract, as ``card_points`` takes it.
    rules : Rules, optional
        The host options; None for the seed's defaults.
    played : cards, default ()
        The cards of the earlier tricks (the narrow partner exception asks whether the partner led the
        master of its suit).
    closed : bool, default False
        The Hokum is under a closed double: no trump lead while holding another suit; needs ``rules``
        with ``closed_double=True``.

    Returns
    -------
    list of str
        The legal cards, in the order of ``hand``.

    Raises
    ------
    BalootError
        A malformed card, a card twice, a bad mode, suit or rule, or ``closed`` without closed doubles
        or in Sun.
    """
    cards = parse_cards(hand, "the hand")
    if not 1 <= len(cards) <= 8:
        raise BalootError(f"a hand of {len(cards)} cards: a player holds 1 to 8 cards")
    table = _parse_trick(trick, 3)
    clash = set(cards) & set(table)
    if clash:
        raise BalootError(f"{format_card(min(clash))} is both in the hand and on the table")
    earlier = parse_cards(played, "the played cards")
    again = set(earlier) & (set(cards) | set(table))
    if again:
        raise BalootError(f"{format_card(min(again))} is among the played cards and still in the hand or on the table")
    closed = validation.boolean(closed, "closed")
    mode_id, trump_id = parse_contract(mode, trump)
    rules = resolve(rules)
    if closed and not rules.closed_double:
        raise BalootError("closed=True needs rules with closed_double=True: without closed doubles no hand is closed")
    if closed and trump_id < 0:
        raise BalootError("closed=True in Sun: only a Hokum is closed")
    allowed = _core.legal_moves(to_mask(cards), table, mode_id, trump_id, core_rules(rules),
                                to_mask(earlier), closed)
    return [format_card(c) for c in cards if allowed >> c & 1]


def trick_winner(trick: Cards, mode: str, trump: Optional[str] = None) -> int:
    """Which card is winning a trick.

    Parameters
    ----------
    trick : cards
        1 to 4 cards in play order.
    mode, trump : str
        The contract, as ``card_points`` takes it.

    Returns
    -------
    int
        The index in ``trick`` of the winning card.

    Raises
    ------
    BalootError
        An empty or malformed trick, or a bad mode or suit.
    """
    table = _parse_trick(trick, 4)
    if not table:
        raise BalootError("an empty trick has no winner")
    return _core.trick_winner(table, *parse_contract(mode, trump))


def _eight_cards(hand: Cards, what: str) -> List[int]:
    cards = parse_cards(hand, what)
    if len(cards) != 8:
        raise BalootError(f"{what} has {len(cards)} cards; projects are declared from 8")
    return cards


def find_projects(hand: Cards, mode: str, trump: Optional[str] = None) -> List[Project]:
    """The best card-disjoint set of projects of an 8-card hand (R23, R25).

    Parameters
    ----------
    hand : cards
        Eight cards.
    mode, trump : str
        The contract, as ``card_points`` takes it.

    Returns
    -------
    list of Project
        Best first.

    Raises
    ------
    BalootError
        Not eight distinct cards, or a bad mode or suit.
    """
    mode_id, _ = parse_contract(mode, trump)
    mask = to_mask(_eight_cards(hand, "the hand"))
    return [project_from_core(p, mode_id) for p in _core.best_projects(mask, mode_id)]


def declare_projects(hands: Sequence[Cards], mode: str, trump: Optional[str] = None, *, first: int = 0) -> Declaration:
    """Which team scores its projects, and how much, when seat ``first`` leads trick 1 (R26, R27).

    Parameters
    ----------
    hands : sequence of cards
        Four 8-card hands in seat order.
    mode, trump : str
        The contract, as ``card_points`` takes it.
    first : int, default 0
        The seat that leads trick 1 (it speaks first when projects tie).

    Returns
    -------
    Declaration

    Raises
    ------
    BalootError
        Not four hands of eight cards, a card in two hands, or a bad mode, suit or seat.
    """
    mode_id, _ = parse_contract(mode, trump)
    if isinstance(hands, str) or len(hands) != 4:
        raise BalootError(f"declare_projects needs four hands in seat order, got {hands!r}")
    masks = [to_mask(_eight_cards(h, f"hand {seat}")) for seat, h in enumerate(hands)]
    for seat in range(4):
        for other in range(seat):
            shared = masks[seat] & masks[other]
            if shared:
                raise BalootError(f"{format_card(from_mask(shared)[0])} is in hand {other} and hand {seat}")
    by_seat, scorers, abnat = _core.declare_projects(masks, mode_id, validation.seat(first, "first"))
    return Declaration(tuple(tuple(project_from_core(p, mode_id) for p in projects) for projects in by_seat), scorers,
                       (abnat[0], abnat[1]))


def game_points(abnat: int, mode: str, *, rules: Optional[Rules] = None) -> int:
    """One team's card abnat converted to game points alone. Sun: the nearest whole number of abnat×2/10
    (R34); Hokum: abnat/10 with a last digit of 6 or more rounding up (R35).

    Parameters
    ----------
    abnat : int
        0 to the mode's total (130 Sun, 162 Hokum).
    mode : {"sun", "hokum"}
        The contract's mode.
    rules : Rules, optional
        ``sun_tens_first`` picks the R34 variant.

    Returns
    -------
    int

    Raises
    ------
    BalootError
        Abnat out of range or a bad mode.
    """
    name = parse_mode(mode)
    return _core.game_points(validation.integer(abnat, f"abnat in {name}", 0, TOTAL_ABNAT[name]), MODES.index(name),
                             resolve(rules).sun_tens_first)


def score_hand(mode: str, buyers: int, abnat: Tuple[int, int], tricks: Tuple[int, int],
               projects: Tuple[int, int] = (0, 0), baloot: Tuple[int, int] = (0, 0), multiplier: int = 1,
               *, rules: Optional[Rules] = None, gahwa: bool = False) -> HandResult:
    """Score one hand (R32, R34-R40).

    Parameters
    ----------
    mode : {"sun", "hokum"}
        The contract's mode.
    buyers : int
        The buying team, 0 or 1.
    abnat : tuple of int
        The card abnat per team, with the last-trick 10.
    tricks : tuple of int
        Tricks per team.
    projects : tuple of int, default (0, 0)
        The project abnat each team scores after the comparison (a total some set of projects gives: 10 is
        refused).
    baloot : tuple of int, default (0, 0)
        Baloot held per team, 0 or 1.
    multiplier : int, default 1
        1 to 4 (Sun: 1 or 2).
    rules : Rules, optional
        The host options.
    gahwa : bool, default False
        The buyers called Gahwa (Hokum, multiplier 4).

    Returns
    -------
    HandResult

    Raises
    ------
    BalootError
        Values that no hand gives (abnat or tricks that do not add up, a bad multiplier or project total).
    """
    name = parse_mode(mode)
    buyers = validation.team(buyers, "buyers")
    multiplier = validation.integer(multiplier, "multiplier", 1, 4)
    low = -validation.INT_MAX - 1  # the core checks what each value may be
    abnat = validation.pair(abnat, "abnat", 0, TOTAL_ABNAT[name])
    tricks = validation.pair(tricks, "tricks", 0, _core.num_cards // 4)
    projects, baloot = validation.pair(projects, "projects", low), validation.pair(baloot, "baloot", low)
    gahwa = validation.boolean(gahwa, "gahwa")
    points, made, kaboot = _core.score_hand(MODES.index(name), buyers, abnat, tricks, projects, baloot, multiplier,
                                            core_rules(resolve(rules)), gahwa)
    return HandResult(points=points, made=made, kaboot=kaboot, abnat=abnat, tricks=tricks, projects=projects,
                      baloot=baloot, multiplier=multiplier)


__all__ = ["Project", "Declaration", "HandResult", "card_points", "legal_moves", "trick_winner", "find_projects",
           "declare_projects", "game_points", "score_hand", "RANKS", "SUITS"]
