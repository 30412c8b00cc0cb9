"""The core's record of suits each seat has shown it lacks, against what the hidden hands really held."""

import random

import pytest

import baloot
from baloot.cards import from_mask, suit_of


def _voids_from_history(game):
    """Expected flags, bit 4 * seat + suit, derived from the tricks by the rules alone (R17, R18)."""
    contract = game.contract
    trump = None if contract.trump is None else "SHDC".index(contract.trump)
    rules = game.rules
    expected = 0
    for trick in game.tricks + ([] if not game.trick else [None]):
        cards = trick.cards if trick is not None else game.trick
        leader = trick.leader if trick is not None else game.core_state().leader
        led = "SHDC".index(cards[0][-1])
        for i in range(1, len(cards)):
            seat = (leader + i) % 4
            suit = "SHDC".index(cards[i][-1])
            if suit == led:
                continue
            expected |= 1 << (4 * seat + led)
            partner_winning = baloot.trick_winner(cards[:i], contract.mode, contract.trump) == i - 2
            excused = partner_winning and not rules.trump_over_partner
            if trump is not None and suit != trump and not excused:
                expected |= 1 << (4 * seat + trump)
    return expected


@pytest.mark.parametrize("rules", [baloot.Rules(), baloot.Rules(trump_over_partner=True),
                                   baloot.Rules(must_overtrump=False)])
def test_shown_voids_follow_the_rules_and_never_lie(rules):
    picker = random.Random(11)
    for seed in range(300):
        game = baloot.Game(rules=rules, seed=seed, dealer=seed % 4)
        while game.phase != "over":
            if game.phase == "playing":
                flags = game.core_state().shown_voids
                assert flags == _voids_from_history(game)
                hands = [from_mask(mask) for mask in game.core_state().hands]
                for seat in range(4):
                    for suit in range(4):
                        if flags >> (4 * seat + suit) & 1:
                            assert all(suit_of(c) != suit for c in hands[seat]), (seed, seat, suit)
            game.apply(picker.choice(game.legal_actions()))
