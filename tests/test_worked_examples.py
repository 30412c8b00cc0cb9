"""Worked examples for rules that a one-line change of the core could break without any other test noticing
(found by tests/mutation/run.py). Each plays one fixed deal to the end under the rule and its opposite."""

import pytest

from baloot import Game, Rules

# Seat 0 (team 0) holds A K Q J 10 of hearts, a Hundred that contains the Baloot (K and Q of trump) when
# seat 1 buys Hokum in hearts; team 0 wins the projects and every abnat (the buyers fail).
HUNDRED_WITH_BALOOT = {
    "deck": ["7D", "QS", "JC", "JD", "8S", "9D", "10S", "AC", "7H", "QH", "JH", "QD", "QC", "KS", "KD", "8D",
             "10D", "9C", "10H", "AS", "8H", "9S", "KC", "AD", "7S", "JS", "10C", "7C", "9H", "KH", "AH", "8C"],
    "actions": ["hokum", "pass", "pass", "pass", "pass", "pass", "JC", "9D", "9C", "8C", "7D", "AD", "10D", "QD",
                "JS", "10S", "AS", "KS", "QH", "8H", "7S", "9H", "AC", "AH", "KC", "JD", "KH", "QC", "KD", "7H",
                "10H", "9S", "8S", "7C", "JH", "QS", "8D", "10C"],
}


def play(example, rules):
    game = Game(deck=example["deck"], dealer=0, rules=rules)
    for action in example["actions"]:
        game.apply(action)
    return game


@pytest.mark.parametrize("inside,baloot,points", [(True, (1, 0), (28, 0)), (False, (0, 0), (26, 0))])
def test_a_hundred_holding_the_baloot(inside, baloot, points):
    """R28 variant (baloot_in_hundred=False): with the option off, a Hundred (not only a Four Hundred) that contains the K and Q
    of trump absorbs the Baloot: its 2 points are not scored again."""
    game = play(HUNDRED_WITH_BALOOT, Rules(baloot_in_hundred=inside))
    assert game.contract.mode == "hokum" and game.contract.trump == "H" and game.contract.buyer == 1
    assert [p.kind for p in game.projects[0]] == ["hundred"]
    assert {"KH", "QH"} <= set(game.projects[0][0].cards)
    assert game.result.projects == (100, 0) and game.result.made is False
    assert game.result.baloot == baloot
    assert game.result.points == points
