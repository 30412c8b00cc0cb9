"""Every player of the core's registry passes the same checks, so that a new player is tested by being
registered: a seat decides the same whatever the cards it cannot see, the same seed gives the same
decisions for any thread count, every decision is legal under every named rule set (and with every house
variant on), and a bad option is a BalootError that lists the known ones. The search players run with
their whole-number options at their lowest, so that the suite stays fast; a player with flags passes the
first three checks with each flag away from its default too."""

import math
import random

import numpy as np
import pytest

import baloot
from baloot import BalootError, Game, IllegalAction, Rules
from baloot.roster import BuiltinPlayer
from baloot.rules import _CONTRADICTIONS, OPTIONS, PRESETS
from baloot.simulate import COLUMNS

PLAYERS = baloot.players()


def spec_of(player):
    """The player's name, with a search player's whole-number options at their lowest (the fastest)."""
    if not player.search:
        return player.name
    return ":".join([player.name] + [f"{o.name}={o.low:g}" for o in player.options if o.kind == "whole"])


# (player, spec): each player as spec_of gives it, and once more for each of its flags away from the default.
VARIANTS = [(p, spec_of(p)) for p in PLAYERS] + [
    (p, f"{spec_of(p)}:{o.name}={int(not o.default)}") for p in PLAYERS for o in p.options if o.kind == "flag"]


def every_variant():
    """Every house variant on: each flag away from its default, each choice at its last value, except an
    option that would make another meaningless (Rules refuses the pair), which keeps its default."""
    values = {}
    for option in OPTIONS:
        if option.kind == "bool":
            values[option.name] = not option.default
        elif option.kind == "choice":
            values[option.name] = option.choices[-1]
    defaults = {option.name: option.default for option in OPTIONS}
    for (name, seed_value), (other, voids) in _CONTRADICTIONS.items():
        if values.get(name, defaults[name]) != seed_value and voids(values.get(other, defaults[other])):
            values[other] = defaults[other]
    return Rules(**values)


RULE_SETS = {**{name: Rules.preset(name) for name in PRESETS}, "every variant": every_variant()}


def played_cards(game):
    cards = [card for trick in game.tricks for card in trick.cards]
    return cards + list(game.trick)


def twin_of(game, deck, dealer, history, rng):
    """A game with the same history in which the cards the seat to move cannot see are dealt otherwise,
    and everything it can see (its cards, the table, the calls, the declared projects) is the same; None
    when a few tries find none."""
    seat = game.to_move
    seen = set(game.hands[seat]) | set(played_cards(game)) | {game.up_card}
    places = [i for i, card in enumerate(deck) if card not in seen]
    for _ in range(30):
        cards = [deck[i] for i in places]
        rng.shuffle(cards)
        twin_deck = list(deck)
        for place, card in zip(places, cards):
            twin_deck[place] = card
        if twin_deck == deck:
            continue
        twin = Game(deck=twin_deck, dealer=dealer)
        try:
            for action in history:
                twin.apply(action)
        except IllegalAction:
            continue
        if twin.projects == game.projects and twin.baloot == game.baloot and twin.hands[seat] == game.hands[seat]:
            return twin
    return None


@pytest.mark.parametrize("player, spec", [v for v in VARIANTS if v[0].fair], ids=[s for p, s in VARIANTS if p.fair])
def test_a_seat_decides_the_same_whatever_it_cannot_see(player, spec):
    bot = BuiltinPlayer(spec)
    rng = random.Random(7)
    deals, stride = (4, 3) if player.search else (8, 2)
    checked = 0
    for deal in range(deals):
        deck = list(baloot.DECK)
        rng.shuffle(deck)
        dealer = deal % 4
        game = Game(deck=deck, dealer=dealer)
        history = []
        while game.to_move is not None:
            seed = 1000 * deal + len(history)
            action = bot.act(game, seed)
            twin = twin_of(game, deck, dealer, history, rng) if len(history) % stride == 0 else None
            if twin is not None:
                assert bot.act(twin, seed) == action, (player.name, deck, history)
                checked += 1
            game.apply(action)
            history.append(action)
    assert checked >= 4 * deals


@pytest.mark.parametrize("player, spec", VARIANTS, ids=[s for _, s in VARIANTS])
def test_the_same_seed_gives_the_same_hands_for_any_thread_count(player, spec):
    hands = 6 if player.search else 400
    one = baloot.simulate(hands, players=spec, seed=3, threads=1)
    two = baloot.simulate(hands, players=spec, seed=3, threads=2)
    for column in COLUMNS:
        assert np.array_equal(getattr(one, column), getattr(two, column)), column


@pytest.mark.parametrize("rules", RULE_SETS.values(), ids=RULE_SETS.keys())
@pytest.mark.parametrize("player, spec", VARIANTS, ids=[s for _, s in VARIANTS])
def test_every_decision_is_legal_under_every_rule_set(player, spec, rules):
    bot = BuiltinPlayer(spec)
    for deal in range(2 if player.search else 30):
        game = Game(rules=rules, seed=100 + deal, dealer=deal % 4)
        step = 0
        while game.to_move is not None:
            action = bot.act(game, step)
            assert action in game.legal_actions(), (player.name, game.history, action)
            game.apply(action)
            step += 1


@pytest.mark.parametrize("player", PLAYERS, ids=lambda p: p.name)
def test_a_bad_option_is_an_error_listing_the_known_ones(player):
    with pytest.raises(BalootError) as error:
        BuiltinPlayer(f"{player.name}:no_such_option=1")
    assert "no_such_option" in str(error.value)
    for option in player.options:
        assert option.name in str(error.value)
    for option in player.options:
        bad = [math.nan, math.inf, option.high + 1 if math.isfinite(option.high) else -math.inf]
        if option.kind != "real":
            bad.append(option.low + 0.5)
        for value in bad:
            with pytest.raises(BalootError, match=option.name):
                BuiltinPlayer(f"{player.name}:{option.name}={value}")


def test_an_unknown_player_is_an_error_listing_the_known_ones():
    with pytest.raises(BalootError) as error:
        baloot.simulate(1, players="no_such_player")
    for player in PLAYERS:
        assert player.name in str(error.value)


def test_the_defaults_are_what_a_player_plays_without_options():
    for player in PLAYERS:
        if player.search or not player.options:
            continue
        defaults = ":".join(f"{o.name}={o.default!r}" for o in player.options)
        plain = baloot.simulate(200, players=player.name, seed=4)
        spelled = baloot.simulate(200, players=f"{player.name}:{defaults}", seed=4)
        assert np.array_equal(plain.points, spelled.points), player.name
