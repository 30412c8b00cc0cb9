"""Cards as strings: parsing every accepted spelling, canonical formatting, and card sets as bit masks.

A card is rank then suit: ranks ``7 8 9 10 J Q K A`` (``T`` also means 10), suits ``S H D C`` or
``♠ ♥ ♦ ♣``, any case. Output is always canonical (``"10H"``). Inside, card ``i`` is ``suit * 8 + rank``
with ranks 7..A numbered 0..7 and suits S H D C numbered 0..3, the core's numbering.
"""

from __future__ import annotations

from typing import Dict, Iterable, List, Optional, Sequence, Tuple, Union

from baloot.errors import BalootError

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)

_RANK_INDEX = {rank: i for i, rank in enumerate(RANKS)}
_RANK_INDEX["T"] = _RANK_INDEX["10"]
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
_SUIT_INDEX.update({symbol: i for i, symbol in enumerate(SUIT_SYMBOLS)})

Cards = Union[str, Iterable[str]]


def parse_suit(suit: object) -> int:
    """Index 0..3 of a suit letter or symbol (``"S"``, ``"h"``, ``"♦"``)."""
    if not isinstance(suit, str) or suit.strip().upper() not in _SUIT_INDEX:
        raise BalootError(f"unknown suit {suit!r}: use one of S H D C or ♠ ♥ ♦ ♣")
    return _SUIT_INDEX[suit.strip().upper()]


def parse_card(card: object) -> int:
    """Index 0..31 of one card string."""
    if not isinstance(card, str):
        raise BalootError(f"a card must be a string like '10H', not {card!r}")
    text = card.strip().upper()
    rank, suit = text[:-1], text[-1:]
    if rank not in _RANK_INDEX or suit not in _SUIT_INDEX:
        raise BalootError(f"bad card {card!r}: expected a rank 7 8 9 10 J Q K A then a suit S H D C")
    return _SUIT_INDEX[suit] * 8 + _RANK_INDEX[rank]


def parse_cards(cards: Cards, what: str = "cards") -> List[int]:
    """Card indices of a list of card strings or one space-separated string; duplicates are an error."""
    if isinstance(cards, str):
        items: Sequence[object] = cards.replace(",", " ").split()
    elif isinstance(cards, (bytes, bytearray)):
        raise BalootError(f"{what} {cards!r} are bytes: give cards as text, e.g. 'AS 10H' or ['AS', '10H']")
    elif isinstance(cards, Iterable):
        items = list(cards)
    else:
        raise BalootError(f"{what} must be a list of cards or a space-separated string, not {cards!r}")
    indices = [parse_card(c) for c in items]
    seen = set()
    for card, index in zip(items, indices):
        if index in seen:
            raise BalootError(f"{format_card(index)} appears twice in {what} (from {card!r})")
        seen.add(index)
    return indices


def parse_hands(hands: Sequence[Cards], where: str = "") -> Tuple[List[int], Dict[int, int]]:
    """Four hands in seat order as card masks, and the seat holding each card; a card in two hands is an
    error. ``where`` starts every message (e.g. ``"deal 3: "``)."""
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != 4:
        raise BalootError(f"{where}need four hands in seat order, got {hands!r}")
    masks = []
    seen: Dict[int, int] = {}
    for seat, hand in enumerate(hands):
        cards = parse_cards(hand, f"{where}hand {seat}")
        for card in cards:
            if card in seen:
                raise BalootError(f"{where}{format_card(card)} is in hand {seen[card]} and hand {seat}")
            seen[card] = seat
        masks.append(to_mask(cards))
    return masks, seen


def format_card(index: int) -> str:
    """The canonical string of card ``index``."""
    return DECK[index]


def format_cards(indices: Iterable[int]) -> List[str]:
    return [DECK[i] for i in indices]


def to_mask(indices: Iterable[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def from_mask(mask: int) -> List[int]:
    """Card indices of a mask, in index order (by suit S H D C, then rank 7..A)."""
    return [i for i in range(32) if mask >> i & 1]


def suit_of(index: int) -> int:
    return index >> 3


def rank_of(index: int) -> int:
    return index & 7


def suit_letter(suit: Optional[int]) -> Optional[str]:
    return None if suit is None or suit < 0 else SUITS[suit]
