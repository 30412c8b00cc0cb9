"""The house rules of the popular apps (``Rules`` options beyond the seed): a worked example of each, the
seed's behaviour and the variant's side by side; the named rule sets; the conditions of the bidding and
match variants checked against tests/reference.py on random hands; and random play under every option
(every action legal, the records round-trip).
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import reference as ref  # noqa: E402
from deals import order_from  # noqa: E402

from baloot import DECK, BalootError, Game, Match, Rules, legal_moves, score_hand  # noqa: E402
from baloot.cli import main  # noqa: E402
from baloot.roster import play_out  # noqa: E402
from baloot.rules import PRESETS  # noqa: E402

# One variant of every house option (the seed's value is the default).
VARIANTS = {
    "closed_double": True, "narrow_partner": True, "gahwa": "152", "tie": "split", "doubled_tie": "last_raiser",
    "kaboot_multiplied": False, "reverse_kaboot": "88", "kaboot_projects": False, "sun_double_at_100": "both",
    "round2_sun": "ace_after_dealer", "priority_to": "hokum_caller", "double_after_deal": True,
    "target_tie": "another_hand", "kawesh": True,
}


def deck_with(first, dealer=0, up="7D"):
    """A deck (dealing order) giving each seat in ``first`` those five cards first; the rest in DECK order."""
    taken = {c for cards in first.values() for c in cards} | {up}
    rest = [c for c in DECK if c not in taken]
    hands = {seat: list(first.get(seat, ())) for seat in range(4)}
    for seat in range(4):
        while len(hands[seat]) < 5:
            hands[seat].append(rest.pop(0))
    order = order_from(dealer)
    return [c for s in order for c in hands[s][:3]] + [c for s in order for c in hands[s][3:]] + [up] + rest


def hokum_bought(rules, dealer=0, scores=(0, 0)):
    """A hand where dealer+1 calls Hokum and everyone declines: the doubling chain is next."""
    g = Game(rules=rules, dealer=dealer, deck=deck_with({}, dealer), scores=scores)
    g.apply("hokum")
    for _ in range(3):
        g.apply("pass")
    return g


# ---- closed double (R21 variant) ---------------------------------------------------------------------


def test_closed_double_calls_and_who_may_close():
    assert hokum_bought(Rules()).legal_actions() == ["pass", "double"]
    g = hokum_bought(Rules(closed_double=True))
    assert g.legal_actions() == ["pass", "double", "double:closed"]
    g.apply("double:closed")
    assert g.contract.closed and g.contract.multiplier == 2
    assert g.legal_actions() == ["pass", "three"]  # the buyer's Three cannot close
    g.apply("three")
    assert not g.contract.closed  # ... and opens the hand again
    assert g.legal_actions() == ["pass", "four", "four:closed"]  # the doubler's Four may close it again
    g.apply("four:closed")
    assert g.contract.closed and g.contract.multiplier == 4
    g.apply("gahwa")
    assert g.contract.gahwa and not g.contract.closed  # Gahwa is always open


def test_closed_double_forbids_a_trump_lead_while_holding_another_suit():
    # Pure rule: the leader holds trumps and a side card, or trumps only.
    closing = Rules(closed_double=True)
    assert legal_moves("JH 9H AS", [], "hokum", "H", rules=closing, closed=True) == ["AS"]
    assert legal_moves("JH 9H AS", [], "hokum", "H", rules=closing) == ["JH", "9H", "AS"]
    assert legal_moves("JH 9H", [], "hokum", "H", rules=closing, closed=True) == ["JH", "9H"]
    with pytest.raises(BalootError, match="closed=True in Sun"):  # a Sun is never closed
        legal_moves("JH 9H AS", [], "sun", None, rules=closing, closed=True)
    # In a hand: the first leader under a closed double may lead no trump.
    g = hokum_bought(Rules(closed_double=True))
    g.apply("double:closed")
    g.apply("pass")
    trump = g.contract.trump
    hand = g.hands[g.to_move]
    assert any(c[-1] == trump for c in hand) and any(c[-1] != trump for c in hand)
    assert sorted(g.legal_actions()) == sorted(c for c in hand if c[-1] != trump)


def test_sun_double_is_never_closed():
    g = Game(rules=Rules(closed_double=True), deck=deck_with({}, dealer=3), dealer=3, scores=(101, 99))
    g.apply("sun")
    assert g.phase == "doubling" and g.legal_actions() == ["pass", "double"]


# ---- narrow partner exception (R18 variant) ------------------------------------------------------------


def test_narrow_partner_exception():
    narrow = Rules(narrow_partner=True)
    # The partner led KH (AH and 10H still out) and is winning; the third seat is void in hearts.
    hand, trick = "7S 8D", ["KH", "7H"]
    assert legal_moves(hand, trick, "hokum", "S") == ["7S", "8D"]  # R18a: any card
    assert legal_moves(hand, trick, "hokum", "S", rules=narrow) == ["7S"]  # not sure to win: trump
    assert legal_moves(hand, trick, "hokum", "S", rules=narrow, played=["AH", "10H"]) == ["7S", "8D"]  # KH is master
    # Playing fourth, the partner's winning card is sure: any card.
    assert legal_moves(hand, ["8H", "KH", "7H"], "hokum", "S", rules=narrow) == ["7S", "8D"]
    # An opponent winning: no change (R18b/c).
    assert legal_moves("7S JS 8D", ["KH", "8S"], "hokum", "S", rules=narrow) == legal_moves("7S JS 8D", ["KH", "8S"], "hokum", "S")


# ---- Gahwa, ties, kaboot: scoring ----------------------------------------------------------------------


def test_gahwa_flat_152():
    args = ("hokum", 0, (100, 62), (5, 3), (0, 0), (0, 1), 4)
    assert score_hand(*args, gahwa=True).points == (64, 2)  # x4, and the defenders keep their Baloot
    assert score_hand(*args, rules=Rules(gahwa="152"), gahwa=True).points == (152, 0)  # flat, no Baloot
    assert score_hand(*args, rules=Rules(gahwa="152")).points == (64, 2)  # a Four that is no Gahwa


def test_undoubled_tie():
    assert score_hand("hokum", 0, (81, 81), (4, 4)).points == (0, 16)  # R39 khasra
    split = score_hand("hokum", 0, (81, 81), (4, 4), rules=Rules(tie="split"))
    assert split.points == (8, 8) and split.made
    assert score_hand("sun", 1, (65, 65), (4, 4), rules=Rules(tie="split")).points == (13, 13)
    assert score_hand("sun", 1, (65, 65), (4, 4)).points == (26, 0)


def test_doubled_tie_against_the_last_raiser():
    last = Rules(doubled_tie="last_raiser")
    # Doubled by the defenders: R32 puts the tie against the buyers; the variant against the doublers.
    assert score_hand("hokum", 0, (81, 81), (4, 4), multiplier=2).points == (0, 32)
    assert score_hand("hokum", 0, (81, 81), (4, 4), multiplier=2, rules=last).points == (32, 0)
    # The buyers raised last with Three or Gahwa: against them either way.
    assert score_hand("hokum", 0, (81, 81), (4, 4), multiplier=3, rules=last).points == (0, 48)
    assert score_hand("hokum", 0, (81, 81), (4, 4), multiplier=4, rules=last).points == (64, 0)
    assert score_hand("hokum", 0, (81, 81), (4, 4), multiplier=4, rules=last, gahwa=True).points == (0, 64)
    # The tie split applies only undoubled.
    assert score_hand("hokum", 0, (81, 81), (4, 4), multiplier=2, rules=Rules(tie="split")).points == (0, 32)


def test_kaboot_variants():
    assert score_hand("hokum", 0, (162, 0), (8, 0), multiplier=2).points == (50, 0)
    assert score_hand("hokum", 0, (162, 0), (8, 0), multiplier=2, rules=Rules(kaboot_multiplied=False)).points == (25, 0)
    # Reverse kaboot (the defenders sweep) in Sun: 44, or 88 in the variant; the buyers' sweep stays 44.
    assert score_hand("sun", 0, (0, 130), (0, 8)).points == (0, 44)
    assert score_hand("sun", 0, (0, 130), (0, 8), rules=Rules(reverse_kaboot="88")).points == (0, 88)
    assert score_hand("sun", 0, (130, 0), (8, 0), rules=Rules(reverse_kaboot="88")).points == (44, 0)
    assert score_hand("hokum", 0, (0, 162), (0, 8), rules=Rules(reverse_kaboot="88")).points == (0, 25)
    # Projects kept (a Sira: 2 in Hokum) or dropped on a kaboot.
    assert score_hand("hokum", 0, (162, 0), (8, 0), (20, 0)).points == (27, 0)
    assert score_hand("hokum", 0, (162, 0), (8, 0), (20, 0), rules=Rules(kaboot_projects=False)).points == (25, 0)


@pytest.mark.parametrize("projects", [(10, 0), (0, 30), (5, 0), (0, 410)])
def test_score_hand_rejects_impossible_project_abnat(projects):
    with pytest.raises(BalootError, match="projects"):
        score_hand("sun", 0, (65, 65), (4, 4), projects)


def test_score_hand_project_abnat_by_mode():
    assert score_hand("sun", 0, (100, 30), (6, 2), (200, 0)).points == (60, 6)  # a Four Hundred: 40
    assert score_hand("sun", 0, (100, 30), (6, 2), (500, 0)).points == (120, 6)  # 400+100 and 100+100: 100
    with pytest.raises(BalootError, match="550 is not the project abnat of any set of projects in Sun"):
        score_hand("sun", 0, (100, 30), (6, 2), (550, 0))  # 300 + 250: two Four Hundreds, one deck
    with pytest.raises(BalootError, match="in Hokum"):
        score_hand("hokum", 0, (100, 62), (6, 2), (500, 0))  # needs a Four Hundred: Sun only


def test_score_hand_gahwa_needs_hokum_at_four():
    with pytest.raises(BalootError, match="gahwa"):
        score_hand("hokum", 0, (100, 62), (6, 2), multiplier=3, gahwa=True)


# ---- bidding and doubling --------------------------------------------------------------------------------


# Whether the defenders may double a Sun bought by team 0 at these scores, under each reading of exactly 100:
# the seed's (neither), baloot-arena's (buyers at 100 or more, defenders below 100), majlis-baloot's
# (buyers above 100, defenders at 100 or less), and both.
@pytest.mark.parametrize("scores, neither, buyers, defenders, both", [
    ((100, 100), False, False, False, True), ((101, 99), True, True, True, True),
    ((100, 99), False, True, False, True), ((101, 100), False, False, True, True),
    ((99, 50), False, False, False, False), ((120, 101), False, False, False, False)])
def test_sun_doubling_at_exactly_100(scores, neither, buyers, defenders, both):
    for at_100, allowed in (("neither", neither), ("buyers", buyers), ("defenders", defenders), ("both", both)):
        rules = Rules(sun_double_at_100=at_100)
        g = Game(rules=rules, deck=deck_with({}, dealer=3), dealer=3, scores=scores)  # seat 0 (team 0) buys
        g.apply("sun")
        assert (g.phase == "doubling") == allowed, at_100
        assert allowed == ref.sun_double_allowed(scores[0], scores[1], rules.sun_double_at_100)


def test_sun_double_at_100_reads_its_former_true_and_false():
    assert Rules(sun_double_at_100=True) == Rules(sun_double_at_100="both")
    assert Rules(sun_double_at_100=False) == Rules()
    with pytest.raises(BalootError, match="sun_double_at_100 'yes' must be one of neither, buyers, defenders, both"):
        Rules(sun_double_at_100="yes")


def round_two(rules, first):
    g = Game(rules=rules, deck=deck_with(first), dealer=0)
    for _ in range(4):
        g.apply("pass")
    return g


def test_round2_sun_only_after_the_dealer_with_an_ace():
    # sakkah-baloot: dealer NORTH, and "counter-clockwise next is WEST", the first to speak, may buy a
    # round-two Sun holding an ace. Here the dealer is seat 0: seat 1 speaks first in each round.
    variant = Rules(round2_sun="ace_after_dealer")
    first = {1: ["AS", "7H", "8H", "9H", "7C"], 3: ["AH", "8D", "9D", "10D", "8C"]}
    g = round_two(Rules(), first)
    assert g.to_move == 1 and "sun" in g.legal_actions()
    g.apply("pass")
    assert "sun" in g.legal_actions()  # seed: anyone
    g = round_two(variant, first)
    assert g.to_move == 1 and "sun" in g.legal_actions() and "hokum:S" in g.legal_actions()
    for seat in (2, 3, 0):  # the others, the ace-holding seat before the dealer among them: no Sun
        g.apply("pass")
        assert g.to_move == seat and "sun" not in g.legal_actions() and "ashkal" not in g.legal_actions()
    g = round_two(variant, {1: ["KS", "7H", "8H", "9H", "7C"]})  # no ace: no Sun
    assert g.to_move == 1 and "sun" not in g.legal_actions()


def test_round2_sun_old_name_points_to_the_new():
    with pytest.raises(BalootError, match="round2_sun 'ace_before_dealer' is no longer an option: .*'ace_after_dealer'"):
        Rules(round2_sun="ace_before_dealer")


def test_sun_priority_to_the_hokum_caller_only():
    # Seat 1 passes, seat 2 calls Hokum, seat 3 calls Sun over it: who is asked first to take the Sun?
    for rules, asked in ((Rules(), 1), (Rules(priority_to="hokum_caller"), 2)):
        g = Game(rules=rules, deck=deck_with({}), dealer=0)
        for action in ("pass", "hokum", "sun"):
            g.apply(action)
        assert g.to_move == asked and g.legal_actions() == ["pass", "sun"]
    # With no Hokum there is no Hokum caller: a Sun after passes asks nobody.
    g = Game(rules=Rules(priority_to="hokum_caller"), deck=deck_with({}), dealer=0)
    for action in ("pass", "pass", "sun"):
        g.apply(action)
    assert g.phase == "playing" and g.contract.buyer == 3


def test_doubling_after_the_full_deal():
    assert [len(h) for h in hokum_bought(Rules()).hands] == [5, 5, 5, 5]
    g = hokum_bought(Rules(double_after_deal=True))
    assert g.phase == "doubling" and [len(h) for h in g.hands] == [8, 8, 8, 8]
    g.apply("double")
    g.apply("pass")
    assert g.phase == "playing" and [len(h) for h in g.hands] == [8, 8, 8, 8]


def test_kawesh_redeal():
    first = {1: ["7S", "8H", "9D", "10C", "10S"]}
    assert "kawesh" not in Game(deck=deck_with(first)).legal_actions()
    g = Game(rules=Rules(kawesh=True), deck=deck_with(first))
    assert g.legal_actions() == ["pass", "hokum", "sun", "kawesh"]
    g.apply("kawesh")
    assert g.phase == "over" and g.result.made is None and g.contract is None
    # A jack spoils it; and it is asked for before any call.
    assert "kawesh" not in Game(rules=Rules(kawesh=True), deck=deck_with({1: ["7S", "8H", "9D", "10C", "JS"]})).legal_actions()
    g = Game(rules=Rules(kawesh=True), deck=deck_with({2: ["7S", "8H", "9D", "10C", "10S"]}))
    g.apply("hokum")
    assert "kawesh" not in g.legal_actions()


# ---- the match -------------------------------------------------------------------------------------------


def finished_gahwa(match):
    game = match.new_hand()
    for action in ("hokum", "pass", "pass", "pass", "double", "three", "four", "gahwa"):
        game.apply(action)
    return play_out(game, "random")


def test_gahwa_wins_the_match_or_scores_152():
    match = Match(rules=Rules(target=500))
    match.record(finished_gahwa(match))
    assert match.winner is not None
    match = Match(rules=Rules(target=500, gahwa="152"))
    match.record(finished_gahwa(match))
    assert match.winner is None and sorted(match.scores) == [0, 152]


def test_match_from_given_scores():
    match = Match(scores=(120, 95), dealer=2)
    assert match.scores == (120, 95) and match.new_hand().scores == (120, 95)
    for bad in [(152, 0), (0, 200), (-1, 5), (1, 2, 3), "ab", (True, 0)]:
        with pytest.raises(BalootError, match="scores"):
            Match(scores=bad)


def test_both_past_the_target_with_equal_totals():
    """Hands from (150, 150) until one leaves the teams equal past 152: the buyers win, or (variant) the
    match goes on."""
    for seed in range(400):
        match = Match(seed=seed, scores=(150, 150))
        game = play_out(match.new_hand(), "random", seed=seed)
        points = game.result.points
        if game.result.made is None or points[0] != points[1] or points[0] < 2 or game.contract.gahwa:
            continue
        match.record(game)
        assert match.winner == game.contract.buyers
        other = Match(rules=Rules(target_tie="another_hand"), seed=seed, scores=(150, 150))
        other.record(play_out(other.new_hand(), "random", seed=seed))
        assert other.winner is None and other.scores == match.scores
        return
    pytest.fail("no equal hand found")


def test_random_matches_end_as_the_reference_says():
    rng = random.Random(7)
    for i in range(60):
        rules = Rules(target=rng.choice((30, 101, 152)), gahwa=rng.choice(("match", "152")),
                      target_tie=rng.choice(("buyers", "another_hand")), tie=rng.choice(("khasra", "split")))
        match = Match(rules=rules, seed=i)
        while match.winner is None and len(match.hands) < 60:
            before = match.scores
            game = play_out(match.new_hand(), "heuristic", seed=i)
            match.record(game)
            if game.result.made is None:
                continue
            c = game.contract
            assert match.scores == (before[0] + game.result.points[0], before[1] + game.result.points[1])
            assert match.winner == ref.match_winner(match.scores, rules.target, c.buyers, game.result.made,
                                                    c.gahwa, rules.gahwa, rules.target_tie)


# ---- named rule sets, the command line, records -------------------------------------------------------------


def test_presets():
    assert Rules.preset("seed") == Rules()
    kammelna = Rules.preset("kammelna")
    assert (kammelna.sun_tens_first, kammelna.tie, kammelna.closed_double, kammelna.gahwa) == (True, "split_sun", True, "152")
    majlis = Rules.preset("majlis")
    assert majlis.narrow_partner and majlis.double_after_deal and not majlis.kaboot_multiplied
    with pytest.raises(BalootError, match="known rule sets are seed, kammelna, majlis, sakkah, arena"):
        Rules.preset("jawaker")
    for name, changes in PRESETS.items():
        assert {k: v for k, v in Rules.preset(name).to_dict().items() if Rules().to_dict()[k] != v} == changes


def test_kammelna_ties_as_its_validated_scoring():
    """tazjel/baloot-ai's validator of 1,095 Kammelna hands: an exact Sun tie splits, an exact Hokum tie is
    khasra, and a doubled Hokum tie goes against the doubler's team (the defenders at Double)."""
    kammelna = Rules.preset("kammelna")
    assert tuple(score_hand("sun", 0, (65, 65), (4, 4), rules=kammelna).points) == (13, 13)
    assert tuple(score_hand("hokum", 0, (81, 81), (4, 4), rules=kammelna).points) == (0, 16)
    assert tuple(score_hand("hokum", 0, (81, 81), (4, 4), multiplier=2, rules=kammelna).points) == (32, 0)
    split = Rules(tie="split")
    assert tuple(score_hand("hokum", 0, (81, 81), (4, 4), rules=split).points) == (8, 8)


def test_the_apps_presets_play_their_rules():
    arena, majlis, sakkah = Rules.preset("arena"), Rules.preset("majlis"), Rules.preset("sakkah")
    assert ref.sun_double_allowed(100, 99, arena.sun_double_at_100)  # buyers at 100, defenders below
    assert not ref.sun_double_allowed(101, 100, arena.sun_double_at_100)
    assert ref.sun_double_allowed(101, 100, majlis.sun_double_at_100)  # buyers above 100, defenders at 100
    assert not ref.sun_double_allowed(100, 99, majlis.sun_double_at_100)
    first = {1: ["AS", "7H", "8H", "9H", "7C"]}
    g = round_two(sakkah, first)
    assert g.to_move == 1 and "sun" in g.legal_actions()
    g.apply("pass")
    assert "sun" not in g.legal_actions()
    assert tuple(score_hand("sun", 0, (0, 130), (0, 8), rules=arena).points) == (0, 88)  # the defenders' kaboot


def test_every_option_is_printed_and_in_json(capsys):
    text = repr(Rules())
    assert all(f"{field.name}=" in text for field in dataclasses.fields(Rules))
    assert main(["simulate", "--hands", "200", "--rules", "majlis", "--rule", "kawesh=on", "--json"]) == 0
    rules = json.loads(capsys.readouterr().out)["rules"]
    assert rules == dataclasses.asdict(dataclasses.replace(Rules.preset("majlis"), kawesh=True))


@pytest.mark.parametrize("rule, message", [
    ("gahwa=7", "gahwa '7' must be one of match, 152"),
    ("tie=draw", "tie 'draw' must be one of khasra, split, split_sun"),
    ("round2_sun=dealer", "round2_sun 'dealer' must be one of anyone, ace_after_dealer"),
    ("closed_double=maybe", "closed_double='maybe' must be true or false"),
])
def test_bad_rule_values_name_the_field_and_its_values(capsys, rule, message):
    assert main(["simulate", "--hands", "10", "--rule", rule]) == 2
    assert message in capsys.readouterr().err


def test_records_name_a_rule_set_or_omit_new_fields():
    record = play_out(Game(rules=Rules.preset("kammelna"), seed=3), "heuristic").to_record()
    assert Game.from_record({**record, "rules": "kammelna"}).to_record() == record
    record = play_out(Game(seed=3), "heuristic").to_record()
    old = {**record, "rules": {k: v for k, v in record["rules"].items() if k not in VARIANTS}}
    assert Game.from_record(old).to_record() == record


# ---- random play under every option ------------------------------------------------------------------------


@pytest.mark.parametrize("option", sorted(VARIANTS) + sorted(set(PRESETS) - {"seed"}))
def test_random_hands_under_each_option(option):
    """Random and heuristic players, random scores: every action legal, the records replay, the result is
    the kernel's score_hand of the hand's own facts."""
    rules = Rules.preset(option) if option in PRESETS else Rules(**{option: VARIANTS[option]})
    rng = random.Random(option)
    seen = set()
    for i in range(150):
        scores = rng.choice([(0, 0), (100, 100), (101, 99), (100, 40), (140, 140)])
        game = Game(rules=rules, seed=i, dealer=i % 4, scores=scores)
        play_out(game, rng.choice(["random", "heuristic", ["heuristic", "random", "random", "heuristic"]]), seed=i)
        assert json.loads(Game.from_json(game.to_json()).to_json()) == game.to_record()
        assert Game.from_json(game.to_json()).rules == rules
        result = game.result
        seen.update(a for a in game.history if a in ("double:closed", "four:closed", "kawesh"))
        if result.made is None:
            continue
        c = game.contract
        again = score_hand(c.mode, c.buyers, result.abnat, result.tricks, result.projects, result.baloot,
                           result.multiplier, rules=rules, gahwa=c.gahwa)
        assert again == result
    if option == "closed_double":
        assert seen, "no closed double was called"
    if option == "kawesh":
        assert "kawesh" in seen


def test_bidding_variants_against_the_reference():
    """Random bidding under the bidding variants: Sun and Kawesh offered exactly when the reference says,
    Sun doubled exactly when R30 (or its variant) allows."""
    rng = random.Random(11)
    counts = {"kawesh": 0, "round2": 0, "sun_double": 0}
    for i in range(3000):
        rules = Rules(kawesh=True, round2_sun=rng.choice(("anyone", "ace_after_dealer", "ace_after_dealer")),
                      sun_double_at_100=rng.choice(("neither", "buyers", "defenders", "both")),
                      double_after_deal=rng.random() < 0.5)
        scores = rng.choice([(0, 0), (100, 100), (101, 99), (99, 101), (100, 99), (120, 100)])
        g = Game(rules=rules, seed=i, dealer=i % 4, scores=scores)
        five = [list(h) for h in g.hands]
        while g.phase == "bidding":
            actions, seat = g.legal_actions(), g.to_move
            first_turns = len(g.history) < 4 and all(a == "pass" for a in g.history)
            assert ("kawesh" in actions) == (first_turns and ref.is_kawesh(five[seat]))
            counts["kawesh"] += "kawesh" in actions
            round_ = 2 if len(g.history) >= 4 and all(a == "pass" for a in g.history[:4]) else 1
            if not ref.may_call_sun(round_, seat, g.dealer, five[seat], rules.round2_sun):
                assert "sun" not in actions and "ashkal" not in actions
                counts["round2"] += 1
            g.apply(rng.choice([a for a in actions if a != "kawesh"] * 3 + actions))
        c = g.contract
        if c is not None and c.mode == "sun":
            allowed = ref.sun_double_allowed(scores[c.buyers], scores[1 - c.buyers], rules.sun_double_at_100)
            assert (g.phase == "doubling") == allowed
            counts["sun_double"] += allowed
        if g.phase == "doubling":
            assert {len(h) for h in g.hands} == ({8} if rules.double_after_deal else {5})
    assert min(counts.values()) > 30, counts
