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
    """One declared project: ``kind`` (sira, fifty, hundred, four_hundred), its ``cards`` high to low,
    its ``abnat`` (20/50/100/200) and its game ``points`` in the hand's mode."""

    kind: str
    cards: Tuple[str, ...]
    abnat: int
    points: int

    @property
    def is_run(self) -> bool:
        return len({c[-1] for c in self.cards}) == 1


def project_from_core(raw: Tuple[int, bool, int, int, int, int], mode: int) -> Project:
    kind, is_run, _top, _length, mask, abnat = raw
    cards = from_mask(mask)
    if is_run:
        cards.sort(key=lambda c: -(c & 7))  # one suit: high to low in sequence order
    return Project(PROJECT_KINDS[kind], tuple(format_card(c) for c in cards), abnat, _core.project_points(abnat, mode))


@dataclass(frozen=True)
class Declaration:
    """Projects of four hands after the comparison: ``by_seat`` lists, the ``team`` that scores them
    (None when nobody holds one) and the project ``abnat`` each team scores."""

    by_seat: Tuple[Tuple[Project, ...], ...]
    team: Optional[int]
    abnat: Tuple[int, int]


@dataclass(frozen=True)
class HandResult:
    """The score of one hand: ``points`` per team, ``made`` (None for a thrown-in hand), ``kaboot``
    (the sweeping team or None) and the card ``abnat`` per team; also what went into the score."""

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
    """Abnat of one card: Sun and plain suits A 11, 10 10, K 4, Q 3, J 2; trump J 20, 9 14, A 11, 10 10, K 4, Q 3."""
    index = parse_card(card)
    return _core.card_abnat(index, *parse_contract(mode, trump))


def _parse_trick(trick: Cards, max_len: int) -> List[int]:
    cards = parse_cards(trick, "the trick")
    if len(cards) > max_len:
        raise BalootError(f"the trick {[format_card(c) for c in cards]} has {len(cards)} cards; at most {max_len} here")
    return cards


def legal_moves(hand: Cards, trick: Cards, mode: str, trump: Optional[str] = None,
                rules: Optional[Rules] = None, *, played: Cards = (), closed: bool = False) -> List[str]:
    """The cards of ``hand`` that may be played onto ``trick`` (the cards already on the table, in play
    order; the mover plays next, so a partner's card is ``trick[-2]``). R17-R20 in docs/rules.md.
    ``played``: the cards of the earlier tricks (the narrow partner exception asks whether the partner
    led the master of its suit); ``closed``: the Hokum is under a closed double (no trump lead while
    holding another suit), which needs ``rules`` with ``closed_double=True``."""
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
    """Index in ``trick`` (1 to 4 cards in play order) of the card that is winning it."""
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
    """The best card-disjoint set of projects of an 8-card hand (R23, R25), best first."""
    mode_id, _ = parse_contract(mode, trump)
    mask = to_mask(_eight_cards(hand, "the hand"))
    return [project_from_core(p, mode_id) for p in _core.best_projects(mask, mode_id)]


def declare_projects(hands: Sequence[Cards], mode: str, trump: Optional[str] = None, first: int = 0) -> Declaration:
    """Projects of four 8-card hands (seat order) when seat ``first`` leads trick 1 (R26, R27)."""
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


def game_points(abnat: int, mode: str, rules: Optional[Rules] = None) -> int:
    """One team's card abnat converted alone. Sun: nearest whole number of abnat×2/10 (R34);
    Hokum: abnat/10 with a last digit of 6 or more rounding up (R35)."""
    name = parse_mode(mode)
    return _core.game_points(validation.integer(abnat, f"abnat in {name}", 0, TOTAL_ABNAT[name]), MODES.index(name),
                             resolve(rules).sun_tens_first)


def score_hand(mode: str, buyers: int, abnat: Tuple[int, int], tricks: Tuple[int, int],
               projects: Tuple[int, int] = (0, 0), baloot: Tuple[int, int] = (0, 0), multiplier: int = 1,
               rules: Optional[Rules] = None, *, gahwa: bool = False) -> HandResult:
    """Score one hand (R32, R34-R40). ``buyers`` is a team; ``abnat`` the card abnat per team with the
    last-trick 10; ``tricks`` tricks per team; ``projects`` the project abnat each team scores after
    the comparison (a total some set of projects gives: 10 is refused); ``baloot`` Baloot held per team
    (0/1); ``multiplier`` 1 to 4 (Sun: 1 or 2); ``gahwa``: the buyers called Gahwa (Hokum, multiplier 4)."""
    name = parse_mode(mode)
    buyers = validation.team(buyers, "buyers")
    multiplier = validation.integer(multiplier, "multiplier", 1, 4)
    low = -validation.INT_MAX - 1  # the core checks what each value may be
    abnat, tricks = validation.pair(abnat, "abnat", low), validation.pair(tricks, "tricks", low)
    projects, baloot = validation.pair(projects, "projects", low), validation.pair(baloot, "baloot", low)
    gahwa = validation.boolean(gahwa, "gahwa")
    points, made, kaboot = _core.score_hand(MODES.index(name), buyers, abnat, tricks, projects, baloot, multiplier,
                                            core_rules(resolve(rules)), gahwa)
    return HandResult(points=points, made=made, kaboot=kaboot, abnat=abnat, tricks=tricks, projects=projects,
                      baloot=baloot, multiplier=multiplier)


__all__ = ["Project", "Declaration", "HandResult", "card_points", "legal_moves", "trick_winner", "find_projects",
           "declare_projects", "game_points", "score_hand", "RANKS", "SUITS"]
