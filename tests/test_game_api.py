"""Game's stepping API (step, stepper, reward) that the environments use, and the deal's layout the core
exports."""

import pytest

import baloot
from baloot import BalootError, Game, IllegalAction, _core
from baloot.actions import format_action, parse_action
from baloot.cards import DECK


def lowest_legal(game):
    mask = game.legal_mask()
    return (mask & -mask).bit_length() - 1


def test_step_plays_numbers_and_says_who_is_next():
    game, twin = Game(seed=11), Game(seed=11)
    while game.to_move is not None:
        number = lowest_legal(game)
        twin.apply(format_action(number))
        assert game.step(number) == twin.to_move
    assert game.history == twin.history and game.calls == twin.calls
    assert game.to_record() == twin.to_record()


def test_an_illegal_step_changes_nothing():
    game = Game(seed=3)
    before = game.to_record()
    for bad in (parse_action("double"), -1, 47, 1000):
        with pytest.raises(IllegalAction):
            game.step(bad)
    assert game.to_record() == before and game.history == []


def test_the_stepper_is_the_games_own():
    """What is stepped through ``stepper`` (as the PettingZoo environment does) is the game's history."""
    game = Game(seed=5)
    stepper = game.stepper
    first = lowest_legal(game)
    assert stepper.apply(first) == game.to_move
    assert game.history == [format_action(first)] and stepper.actions == [first]
    assert stepper.movers == [game.calls[0][0]]
    twin = game.clone()
    game.step(lowest_legal(game))
    assert len(twin.history) == 1 and len(game.history) == 2


@pytest.mark.parametrize("seed", range(8))
def test_reward_is_the_result_from_each_seat(seed):
    game = Game(seed=seed)
    with pytest.raises(BalootError, match="not over"):
        game.reward(0)
    while game.to_move is not None:
        game.step(lowest_legal(game))
    points = game.result.points
    for seat in range(4):
        team = seat % 2
        assert game.reward(seat) == points[team] - points[1 - team]
        assert game.reward(seat, kind="points") == points[team]
    with pytest.raises(BalootError, match="'gain'"):
        game.reward(0, kind="gain")
    with pytest.raises(BalootError, match="seat"):
        game.reward(4)


@pytest.mark.parametrize("dealer", range(4))
def test_the_deal_layout_comes_from_the_core(dealer):
    """A seat's first five cards and the up-card sit where the core says in a deck in dealing order."""
    game = Game(deck=list(DECK), dealer=dealer)
    assert game.up_card == DECK[_core.up_card_position]
    for seat in range(4):
        assert sorted(DECK[p] for p in _core.first_card_positions(seat, dealer)) == sorted(game.hands[seat])


def test_a_python_player_game_without_its_actions_says_what_it_cannot_do():
    seen = []

    def player(game):
        seen.append(game)
        return game.legal_actions()[0]

    baloot.simulate(1, players=[player, "heuristic", "heuristic", "heuristic"], seed=3)
    later = [game for game in seen if game.phase != "bidding" or game.round == 2]
    assert later and not any(game.history_complete for game in later)
    for game in later[:3]:
        for action in (game.to_record, lambda: baloot.review(game, samples=2)):
            with pytest.raises(BalootError, match="made from a core state mid-hand"):
                action()
        if game.phase in ("bidding", "doubling"):
            with pytest.raises(BalootError, match="made from a core state mid-hand"):
                baloot.analyze_decision(game, samples=2)
        with pytest.raises(BalootError, match="made from a core state mid-hand"):
            game.clone().to_record()
    fresh = baloot.Game(seed=3)
    state_game = baloot.Game.from_core_state(fresh.core_state(), fresh.rules)  # at the deal: nothing unknown
    state_game.apply(state_game.legal_actions()[0])
    assert state_game.history_complete and state_game.clone().history_complete
    assert baloot.Game.from_record(state_game.to_record()).history == state_game.history
