"""HandState.play_randomly, the hot loop of all-random simulations, against playing one random card at a
time: the same cards, trick winners, shown voids, score and leftover stream, for one hand or two hands
in lockstep (in the same mode or not, at the same trick or not), in Sun and Hokum under every
combination of the two overtrump switches, from the first lead or from the middle of a trick.
"""

import itertools

import pytest

from baloot import _core
from baloot.errors import BalootError

PLAYING = _core.phases.index("playing")
CONTRACTS = _core.contracts
SWITCHES = list(itertools.product((True, False), repeat=2))  # (must_overtrump, trump_over_partner)
HANDS_PER_CASE = 200


def core_rules(must_overtrump, trump_over_partner):
    rules = _core.Rules()
    rules.must_overtrump = must_overtrump
    rules.trump_over_partner = trump_over_partner
    return rules


def hand_in_play(seed, contract, rules, cards_before):
    """A dealt hand with `contract` forced and `cards_before` random cards already played, and its stream."""
    state = _core.HandState.random(seed, seed % 4, (0, 0), rules)
    state.force_contract(*contract)
    rng = _core.Rng(seed ^ 0x5EED)
    for _ in range(cards_before):
        state.play_random_card(rng)
    return state, rng


def one_card_at_a_time(state, rng):
    while state.phase == PLAYING:
        state.play_random_card(rng)


def observed(state, rng):
    """Everything a finished hand shows, and the next draw of its stream."""
    return (state.phase, state.played_cards, [state.trick_winner(t) for t in range(8)],
            [state.trick_leader(t) for t in range(8)], state.shown_voids, state.hands, state.abnat,
            state.tricks_won, state.points, state.made, state.kaboot, state.baloot_announced, state.leader,
            state.to_move, rng.next())


@pytest.mark.parametrize("must_overtrump, trump_over_partner", SWITCHES)
@pytest.mark.parametrize("contract", CONTRACTS)
def test_play_randomly_plays_the_cards_one_at_a_time_would(contract, must_overtrump, trump_over_partner):
    rules = core_rules(must_overtrump, trump_over_partner)
    for seed in range(HANDS_PER_CASE):
        cards_before = seed % 7  # from the first lead, or from inside the first two tricks
        fast, fast_rng = hand_in_play(seed, contract, rules, cards_before)
        slow, slow_rng = hand_in_play(seed, contract, rules, cards_before)
        fast.play_randomly(fast_rng)
        one_card_at_a_time(slow, slow_rng)
        assert observed(fast, fast_rng) == observed(slow, slow_rng), seed


@pytest.mark.parametrize("must_overtrump, trump_over_partner", SWITCHES)
def test_two_hands_in_lockstep_play_as_each_alone(must_overtrump, trump_over_partner):
    rules = core_rules(must_overtrump, trump_over_partner)
    for seed in range(HANDS_PER_CASE * len(CONTRACTS)):
        # pairs in the same mode and in different ones, at the same point of the play or not
        contracts = CONTRACTS[seed % 5], CONTRACTS[(seed // 5) % 5]
        starts = (0, 0) if seed % 3 else (seed % 4, seed % 9)
        pair = [hand_in_play(2 * seed + i, contracts[i], rules, starts[i]) for i in range(2)]
        alone = [hand_in_play(2 * seed + i, contracts[i], rules, starts[i]) for i in range(2)]
        _core.HandState.play_randomly_together(pair[0][0], pair[0][1], pair[1][0], pair[1][1])
        for state, rng in alone:
            one_card_at_a_time(state, rng)
        for (a, a_rng), (b, b_rng) in zip(pair, alone):
            assert observed(a, a_rng) == observed(b, b_rng), seed


def test_random_play_needs_a_hand_in_its_card_play():
    rules = _core.Rules()
    bidding = _core.HandState.random(1, 0, (0, 0), rules)
    rng = _core.Rng(1)
    with pytest.raises(BalootError, match="card play"):
        bidding.play_randomly(rng)
    with pytest.raises(BalootError, match="card play"):
        bidding.play_random_card(rng)
    assert _core.phases[bidding.phase] == "bidding"
    playing, _ = hand_in_play(3, (0, -1), rules, 0)
    with pytest.raises(BalootError, match="two hands"):
        _core.HandState.play_randomly_together(playing, rng, playing, _core.Rng(2))
    assert playing.phase == PLAYING and len(playing.played_cards) == 0
