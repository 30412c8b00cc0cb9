"""Helpers shared by the scripted-hand tests: decks in the dealing order of docs/api.md, and an independent
dealer that says which cards each seat must hold.

Dealing order (docs/api.md; R2/R3 in docs/rules.md): deck[0:12] are packets of 3 to dealer+1, +2, +3, dealer;
deck[12:20] packets of 2 in the same order; deck[20] is the up-card; deck[21:32] are dealt in play order
from dealer+1, 2 cards to the seat that took the up-card and 3 to each other seat.
"""

from __future__ import annotations

import random
from typing import Dict, List, Optional, Sequence

from baloot import DECK


def order_from(dealer: int) -> List[int]:
    """Seats in dealing / play order: dealer+1, dealer+2, dealer+3, dealer."""
    return [(dealer + k) % 4 for k in (1, 2, 3, 4)]


def shuffled_deck(up_card: str, seed: int = 0) -> List[str]:
    """A shuffled deck (dealing order) whose up-card (index 20) is ``up_card``."""
    cards = [c for c in DECK if c != up_card]
    random.Random(seed).shuffle(cards)
    return cards[:20] + [up_card] + cards[20:]


def deck_from_hands(final_hands: Sequence[Sequence[str]], dealer: int, up_card: str, holder: int) -> List[str]:
    """The deck (dealing order) that ends with ``final_hands[seat]`` in each seat's hand when ``holder``
    takes ``up_card``. Each seat's first five cards (up-card skipped) are its first deal."""
    assert sorted(c for h in final_hands for c in h) == sorted(DECK), "final hands must be the 32 cards"
    assert up_card in final_hands[holder]
    first: Dict[int, List[str]] = {}
    rest: Dict[int, List[str]] = {}
    for seat in range(4):
        cards = [c for c in final_hands[seat] if c != up_card]
        assert len(cards) == (7 if seat == holder else 8)
        first[seat], rest[seat] = cards[:5], cards[5:]
    order = order_from(dealer)
    deck: List[str] = []
    for seat in order:
        deck += first[seat][:3]
    for seat in order:
        deck += first[seat][3:]
    deck.append(up_card)
    for seat in order:
        deck += rest[seat]
    assert len(deck) == 32
    return deck


def first_deal(deck: Sequence[str], dealer: int) -> List[List[str]]:
    """The five cards each seat holds during the bidding."""
    hands: List[List[str]] = [[], [], [], []]
    for k, seat in enumerate(order_from(dealer)):
        hands[seat] += list(deck[3 * k:3 * k + 3]) + list(deck[12 + 2 * k:14 + 2 * k])
    return hands


def full_deal(deck: Sequence[str], dealer: int, holder: int) -> List[List[str]]:
    """The eight cards each seat holds once the deal is completed with ``holder`` taking the up-card."""
    hands = first_deal(deck, dealer)
    hands[holder].append(deck[20])
    i = 21
    for seat in order_from(dealer):
        n = 2 if seat == holder else 3
        hands[seat] += list(deck[i:i + n])
        i += n
    assert i == 32
    return hands


def same_cards(a: Sequence[str], b: Sequence[str]) -> bool:
    return sorted(a) == sorted(b)


def hands_equal(game_hands: Sequence[Sequence[str]], expected: Sequence[Sequence[str]]) -> Optional[str]:
    """None when every seat holds exactly the expected cards, else a description of the first difference."""
    for seat in range(4):
        if not same_cards(game_hands[seat], expected[seat]):
            return f"seat {seat}: holds {sorted(game_hands[seat])}, expected {sorted(expected[seat])}"
    return None
