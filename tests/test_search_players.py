"""The search players (pimc, rollout) see only their seat's view, replay the hand faithfully in their
worlds, and follow the seed whatever the thread count."""

import random

import numpy as np
import pytest

import baloot
from baloot import _core
from baloot.errors import BalootError
from baloot.roster import parse_spec
from baloot.rules import Rules, core_rules

BIDDING, DOUBLING, PLAYING, OVER = 0, 1, 2, 3
RULES = core_rules(Rules())
HEURISTIC = _core.Player("heuristic")


def cards_of(mask):
    return [c for c in range(32) if mask >> c & 1]


def played_hand(seed, plays, player=HEURISTIC):
    """A hand from deal `seed` played by `player` in every seat, stopped after `plays` cards; with the actions
    that led there."""
    state = _core.HandState.random(seed, seed % 4, (0, 0), RULES)
    actions = []
    while state.phase != OVER and (state.phase != PLAYING or state.tricks_played * 4 + len(state.trick) < plays):
        action = player.choose(state, len(actions))
        actions.append(action)
        state.apply(action)
    return state, actions


def twin(state, actions, a, b):
    """The same hand with cards a and b exchanged in the deal, or None if the same actions no longer fit."""
    deck = list(state.deck)
    i, j = deck.index(a), deck.index(b)
    deck[i], deck[j] = deck[j], deck[i]
    other = _core.HandState(deck, state.dealer, (0, 0), RULES)
    for action in actions:
        if not other.legal_actions() >> action & 1:
            return None
        other.apply(action)
    return other


def twins(count, seed=0):
    """Positions and twins that differ only in cards the seat to move cannot see."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state, actions = played_hand(rng.randrange(1 << 30), rng.randrange(1, 29))
        if state.phase != PLAYING or len(cards_of(state.legal_actions())) < 2:
            continue
        seat = state.to_move
        s, t = rng.sample([o for o in range(4) if o != seat], 2)
        hidden = [cards_of(state.hands[s] & ~(1 << state.up_card)), cards_of(state.hands[t] & ~(1 << state.up_card))]
        if not all(hidden):
            continue
        other = twin(state, actions, rng.choice(hidden[0]), rng.choice(hidden[1]))
        if other is not None and other.hands != state.hands:
            found.append((state, other))
    return found


@pytest.mark.parametrize("options", [{"samples": 3}, {"samples": 3, "tries": 4}, {"samples": 2, "points": 0}])
def test_pimc_decides_on_what_its_seat_sees(options):
    player = _core.Player("pimc", options)
    for i, (state, other) in enumerate(twins(25)):
        assert player.choose(state, i) == player.choose(other, i)


def test_the_real_deal_replays_without_surprise():
    for state, _ in twins(40, seed=1):
        assert _core.world_surprises(state, list(state.hands)) == 0


def test_a_world_where_the_heuristic_would_have_played_otherwise_surprises():
    surprised = 0
    for i, (state, _) in enumerate(twins(40, seed=2)):
        hands, _ = _core.hidden_deal(state, i)
        surprised += _core.world_surprises(state, list(hands)) > 0
    assert surprised > 0


def test_worlds_whose_calls_the_heuristic_would_not_have_made_surprise_more_than_the_real_deal():
    def call_surprises(state, hands):
        return _core.world_surprises(state, hands, calls=10) - _core.world_surprises(state, hands) >= 10

    positions = twins(100, seed=4)
    real = sum(call_surprises(state, list(state.hands)) for state, _ in positions)
    drawn = sum(call_surprises(state, list(_core.hidden_deal(state, i)[0])) for i, (state, _) in enumerate(positions))
    assert real < drawn


def test_pimc_options():
    for bad in ({"tries": 0}, {"tries": 1.5}, {"points": 2}, {"samples": 0}, {"depth": 1}):
        with pytest.raises(BalootError):
            _core.Player("pimc", bad)


def test_pimc_follows_the_seed_for_any_thread_count():
    spec = "pimc:samples=3:tries=4"
    one = baloot.simulate(12, players=spec, seed=5, threads=1)
    two = baloot.simulate(12, players=spec, seed=5, threads=2)
    assert np.array_equal(one.points, two.points) and np.array_equal(one.abnat, two.abnat)


ROLLOUT = "rollout:worlds=8:tries=4:call_worlds=8"
# Enough worlds for the race to drop cards (it first looks after 50).
RACING = "rollout:worlds=60:tries=2:call_worlds=8"
# A race that runs out of card plays before it has played its worlds.
LIMITED = RACING + ":plays=3000"
# The worlds of a card decision with the calls checked (the default) and not, a race between the cards, and a
# race with a limit of card plays.
ROLLOUTS = [ROLLOUT, ROLLOUT + ":calls=0", RACING, LIMITED]


def calling_twins(count, seed=0):
    """Bidding and doubling decisions and twins that differ only in cards the seat to move cannot see."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        deal = rng.randrange(1 << 30)
        state = _core.HandState.random(deal, deal % 4, (0, 0), RULES)
        actions = []
        for _ in range(rng.randrange(0, 6)):
            if state.phase not in (BIDDING, DOUBLING):
                break
            action = HEURISTIC.choose(state, len(actions))
            actions.append(action)
            state.apply(action)
        if state.phase not in (BIDDING, DOUBLING) or bin(state.legal_actions()).count("1") < 2:
            continue
        seen = state.hands[state.to_move] | 1 << state.up_card
        hidden = [c for c in range(32) if not seen >> c & 1]
        other = twin(state, actions, *rng.sample(hidden, 2))
        if other is not None:
            found.append((state, other))
    return found


@pytest.mark.parametrize("spec", ROLLOUTS)
def test_rollout_plays_on_what_its_seat_sees(spec):
    player = _core.Player(*parse_spec(spec))
    for i, (state, other) in enumerate(twins(25, seed=3)):
        assert player.choose(state, i) == player.choose(other, i)


def test_rollout_calls_on_what_its_seat_sees():
    player = _core.Player(*parse_spec(ROLLOUT))
    for i, (state, other) in enumerate(calling_twins(25)):
        assert player.choose(state, i) == player.choose(other, i)


def test_rollout_options():
    for bad in ({"worlds": 0}, {"worlds": 2.5}, {"tries": 0}, {"call_worlds": -1}, {"samples": 3}, {"calls": -1},
                {"calls": 33}, {"race": -1}, {"race": 100.5}, {"plays": -1}, {"plays": 0.5}):
        with pytest.raises(BalootError, match="rollout"):
            _core.Player("rollout", bad)


@pytest.mark.parametrize("spec", ROLLOUTS)
def test_rollout_follows_the_seed_for_any_thread_count(spec):
    one = baloot.simulate(12, players=spec, seed=5, threads=1)
    two = baloot.simulate(12, players=spec, seed=5, threads=2)
    assert np.array_equal(one.points, two.points) and np.array_equal(one.abnat, two.abnat)


def test_a_limit_of_card_plays_shortens_only_the_searches_it_binds():
    positions = [state for state, _ in twins(20, seed=6)]
    specs = (RACING, RACING + ":plays=1000000000", LIMITED)
    unlimited, roomy, limited = (_core.Player(*parse_spec(spec)) for spec in specs)
    assert all(unlimited.choose(state, i) == roomy.choose(state, i) for i, state in enumerate(positions))
    assert any(unlimited.choose(state, i) != limited.choose(state, i) for i, state in enumerate(positions))
    # Too few plays for one world: every card is the fallback's, the heuristic's.
    starved = baloot.simulate(12, players="rollout:call_worlds=0:plays=1", seed=7, threads=1)
    heuristic = baloot.simulate(12, players="heuristic", seed=7, threads=1)
    assert np.array_equal(starved.points, heuristic.points)


def test_the_race_mostly_picks_the_card_the_full_search_picks():
    raced = _core.Player(*parse_spec("rollout:worlds=200:call_worlds=8"))
    full = _core.Player(*parse_spec("rollout:worlds=200:call_worlds=8:race=0"))
    positions = [state for state, _ in twins(30, seed=5)]
    same = sum(raced.choose(state, i) == full.choose(state, i) for i, state in enumerate(positions))
    assert same >= 25
