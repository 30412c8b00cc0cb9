"""analyze_bid and analyze_decision: the rows offered, .best, determinism across threads, common random
numbers, the result's views, doubling decisions, bad input, and validation from the seed's tips with
the heuristic players.

docs/api.md "Many hands" (analyze_bid).
"""

import json

import numpy as np
import pytest

import baloot
from baloot import BalootError, Rules
from baloot.roster import DEFAULT_PLAYERS
from baloot.stats import Z95

# the players for the structural tests: the default
PLAYER = "heuristic"

HAND = "JH 9H 7S 8D 7C"


def paired(analysis, x, y):
    """Mean and 95% CI half-width of the paired difference margin(x) - margin(y)."""
    d = analysis[x].margins.astype(np.float64) - analysis[y].margins.astype(np.float64)
    return d.mean(), Z95 * d.std(ddof=1) / np.sqrt(len(d))


def actions(analysis):
    return [row.action for row in analysis.rows]


def assert_same_analysis(a, b):
    assert actions(a) == actions(b)
    assert a.best == b.best
    for x, y in zip(a.rows, b.rows):
        assert np.array_equal(x.margins, y.margins), x.action
        assert x.to_dict() == y.to_dict()
    assert a.to_dict() == b.to_dict()


# ---------------------------------------------------------------------------------------------
# the rows: one per legal call
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("offset", [1, 2, 3, 0])
@pytest.mark.parametrize("dealer", [0, 2])
@pytest.mark.parametrize("up", ["8H", "AH"])
def test_row_per_legal_call(offset, dealer, up):
    seat = (dealer + offset) % 4
    a = baloot.analyze_bid(HAND, up, seat, dealer, samples=200, players=PLAYER, seed=1, threads=1)
    assert isinstance(a, baloot.BidAnalysis)
    assert a.seat == seat and a.samples == 200
    eligible = offset in (0, 3) and up[0] != "A"  # the dealer or the player before him, no ace up
    expected = ["pass", "hokum", "sun"] + (["ashkal"] if eligible else [])
    assert sorted(actions(a)) == sorted(expected)
    # the same as the legal calls of the game at that point
    game = baloot.Game(dealer=dealer, deck=deck_for(HAND, up, seat, dealer))
    while game.to_move != seat:
        game.apply("pass")
    assert sorted(game.legal_actions()) == sorted(expected)
    for row in a.rows:
        assert len(row.margins) == 200
        assert row.action in expected


def test_no_ashkal_when_host_switches_it_off():
    a = baloot.analyze_bid(HAND, "8H", 0, 0, samples=100, players=PLAYER, rules=Rules(ashkal=False), threads=1)
    assert sorted(actions(a)) == ["hokum", "pass", "sun"]


def deck_for(hand, up, seat, dealer):
    """A full deck in dealing order with ``hand`` in the seat's first five positions."""
    own = hand.split()
    deck = [None] * 32
    for position, card in zip(baloot._core.first_card_positions(seat, dealer), own):
        deck[position] = card
    deck[baloot._core.up_card_position] = up
    rest = iter(c for c in baloot.DECK if c not in own and c != up)
    return [c if c is not None else next(rest) for c in deck]


def test_best_is_highest_mean():
    for seed in range(4):
        a = baloot.analyze_bid(HAND, "8H", 0, 0, samples=500, players=PLAYER, seed=seed, threads=2)
        means = {row.action: row.margin.mean for row in a.rows}
        assert a.best == max(means, key=means.get)
        assert a[a.best].margin.mean == max(means.values())
        # the best row's difference to itself is exactly zero
        assert a[a.best].versus_best.mean == 0.0 and a[a.best].versus_best.ci == 0.0
        for row in a.rows:
            assert row.versus_best.mean <= 0.0
            assert row.versus_best.mean == pytest.approx(row.margin.mean - a[a.best].margin.mean, abs=1e-9)
            assert row.margin.mean == pytest.approx(row.margins.mean())


def test_row_estimates_against_numpy():
    a = baloot.analyze_bid(HAND, "8H", 1, 0, samples=3000, players=PLAYER, seed=4, threads=2)
    for row in a.rows:
        m = row.margins.astype(np.float64)
        assert row.margin.mean == pytest.approx(m.mean())
        assert row.margin.ci == pytest.approx(Z95 * m.std(ddof=1) / np.sqrt(len(m)))
        for e in (row.buy, row.made, row.khasra, row.kaboot, row.kaboot_against):
            assert 0.0 <= e.mean <= 1.0 and e.ci >= 0.0
        # made and khasra split the hands the own team bought
        assert row.made.mean + row.khasra.mean <= 1.0 + 1e-12
        # a margin is a whole number of game points, bounded by a gahwa kaboot (50 x 4 + projects)
        assert np.all(np.abs(row.margins) <= 1000)
    # calling Sun in round 1 with nobody before able to take it over (seat 1 speaks first) buys it
    assert a["sun"].buy.mean == 1.0


def test_getitem_unknown_call():
    a = baloot.analyze_bid(HAND, "8H", 1, 0, samples=50, players=PLAYER, threads=1)
    with pytest.raises(KeyError):
        a["gahwa"]


# ---------------------------------------------------------------------------------------------
# determinism and common random numbers
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", ["random", "heuristic"])
def test_same_seed_same_analysis_for_threads_1_and_2(players):
    a = baloot.analyze_bid(HAND, "8H", 3, 0, samples=3000, players=players, seed=17, threads=1)
    b = baloot.analyze_bid(HAND, "8H", 3, 0, samples=3000, players=players, seed=17, threads=2)
    assert_same_analysis(a, b)
    c = baloot.analyze_bid(HAND, "8H", 3, 0, samples=3000, players=players, seed=18, threads=2)
    assert not all(np.array_equal(x.margins, y.margins) for x, y in zip(a.rows, c.rows))


def test_duplicate_candidates_see_identical_samples():
    """Common random numbers: the same call listed twice is played on the same deals with the same
    player streams, so its two columns are identical sample by sample."""
    game = baloot.Game(dealer=0, deck=deck_for(HAND, "8H", 1, 0))
    a = baloot.analyze_decision(game, samples=2000, players=PLAYER, seed=5, candidates=["hokum", "sun", "hokum"],
                                threads=2)
    assert np.array_equal(a.rows[0].margins, a.rows[2].margins)
    assert not np.array_equal(a.rows[0].margins, a.rows[1].margins)


def test_candidate_subset_gives_the_same_columns():
    """A call's column does not depend on which other calls are analysed beside it."""
    game = baloot.Game(dealer=0, deck=deck_for(HAND, "8H", 0, 0))
    full = baloot.analyze_decision(game, samples=1500, players=PLAYER, seed=6, threads=2)
    part = baloot.analyze_decision(game, samples=1500, players=PLAYER, seed=6, threads=1, candidates=["sun"])
    assert np.array_equal(full["sun"].margins, part["sun"].margins)
    assert actions(part) == ["sun"] and part.best == "sun"


def test_analyze_bid_equals_analyze_decision_on_the_same_state():
    game = baloot.Game(dealer=2, deck=deck_for(HAND, "8H", 0, 2))
    game.apply("pass")  # seat 3
    assert game.to_move == 0
    by_decision = baloot.analyze_decision(game, samples=1000, players=PLAYER, seed=8, threads=2)
    by_bid = baloot.analyze_bid(HAND, "8H", 0, 2, samples=1000, players=PLAYER, seed=8, threads=1)
    assert_same_analysis(by_decision, by_bid)


@pytest.mark.parametrize("players", ["random", "heuristic"])
def test_common_random_numbers_sharpen_differences(players):
    a = baloot.analyze_bid(HAND, "8H", 0, 0, samples=6000, players=players, seed=23, threads=2)
    best = a[a.best]
    for row in a.rows:
        if row.action == a.best:
            continue
        independent = np.hypot(row.margin.ci, best.margin.ci)
        # paired CI narrower than independent sampling would give
        assert row.versus_best.ci < independent, (row.action, row.versus_best.ci, independent)
        # computed from the paired differences
        m, ci = paired(a, row.action, a.best)
        assert row.versus_best.mean == pytest.approx(m) and row.versus_best.ci == pytest.approx(ci)
        # the margins of two calls on the same deals are positively correlated
        assert np.corrcoef(row.margins, best.margins)[0, 1] > 0.0, row.action


def test_common_random_numbers_sharpen_the_differences():
    """Calls are compared on the same deals, so the paired difference to the best call has a
    clearly narrower interval than two independent estimates would give. (Different calls lead to
    different contracts, so the correlation is about 0.3-0.5, not near 1: the paired interval is about
    the size of one call's own interval, not far below it.)"""
    a = baloot.analyze_bid(HAND, "8H", 0, 0, samples=6000, players="heuristic", seed=23, threads=2)
    best = a[a.best]
    for row in a.rows:
        if row.action != a.best:
            independent = (row.margin.ci ** 2 + best.margin.ci ** 2) ** 0.5
            assert row.versus_best.ci < 0.9 * independent, (row.action, row.versus_best.ci, independent)
            assert abs(row.versus_best.mean) > 3 * row.versus_best.ci, (row.action, row.versus_best)


# ---------------------------------------------------------------------------------------------
# views: to_dict, table
# ---------------------------------------------------------------------------------------------

def test_to_dict_is_json():
    a = baloot.analyze_bid(HAND, "8H", 0, 0, samples=800, players=PLAYER, seed=2, threads=2, scores=(30, 40))
    d = a.to_dict()
    back = json.loads(json.dumps(d, allow_nan=False, ensure_ascii=False))
    assert back["best"] == a.best and back["seat"] == 0 and back["samples"] == 800 and back["seed"] == 2
    assert [c["action"] for c in back["calls"]] == actions(a)
    assert back["context"]["up_card"] == "8H"
    assert back["context"]["scores"] == [30, 40]
    assert sorted(back["context"]["hand"]) == sorted(HAND.split())
    for call, row in zip(back["calls"], a.rows):
        assert call["margin"]["mean"] == pytest.approx(row.margin.mean)
        assert call["margin"]["ci95"] == pytest.approx(row.margin.ci)
        assert sum(call["margin_distribution"].values()) == 800
        values = np.array([int(k) for k in call["margin_distribution"]])
        counts = np.array(list(call["margin_distribution"].values()))
        assert (values * counts).sum() == row.margins.astype(np.int64).sum()
        for key in ("versus_best", "p_buy", "p_made", "p_khasra", "p_kaboot", "p_kaboot_against"):
            assert set(call[key]) == {"mean", "ci95"}


def test_table_has_english_and_arabic_labels():
    a = baloot.analyze_bid(HAND, "8H", 0, 0, samples=300, players=PLAYER, seed=2, threads=1)
    text = a.table()
    assert str(a) == text
    for english, arabic in (("Pass", "بس"), ("Hokum", "حكم"), ("Sun", "صن"), ("Ashkal", "أشكل")):
        assert english in text and arabic in text, english
    assert f"best: {a.best}" in text
    assert "300" in text
    assert f"{a[a.best].margin.mean:+.2f}" in text
    plain = baloot.analyze_bid(HAND, "8H", 0, 0, samples=300, players=PLAYER, seed=2, threads=1,
                               rules=Rules(arabic_labels=False)).table()
    assert "Pass" in plain and "بس" not in plain and "حكم" not in plain


# ---------------------------------------------------------------------------------------------
# any decision: round 2, Sun over Hokum, doubling
# ---------------------------------------------------------------------------------------------

def hokum_bought_game():
    """Seat 1 buys a round-1 Hokum; the doubling chain begins with defender seat 2."""
    game = baloot.Game(dealer=0, seed=5)
    game.apply("hokum")
    while game.phase == "bidding":
        game.apply("pass")
    assert game.phase == "doubling"
    return game


def test_analyze_decision_doubling_defender_facing_hokum():
    game = hokum_bought_game()
    seat = game.to_move
    assert seat % 2 != game.contract.buyer % 2
    a = baloot.analyze_decision(game, samples=2000, players=PLAYER, seed=3, threads=2)
    assert sorted(actions(a)) == ["double", "pass"]
    assert a.seat == seat
    assert a.best in ("double", "pass")
    assert a.context["history"] == game.history
    # the defenders never buy here
    for row in a.rows:
        assert row.buy.mean == 0.0 and row.made.mean == 0.0
    # doubling makes the hand winner-takes-all at x2: every margin is a larger spread
    assert np.abs(a["double"].margins).mean() > np.abs(a["pass"].margins).mean()
    # the game itself is untouched
    assert game.phase == "doubling" and game.to_move == seat


def test_analyze_decision_buyer_answering_a_double():
    game = hokum_bought_game()
    game.apply("double")
    a = baloot.analyze_decision(game, samples=1500, players=PLAYER, seed=3, threads=2)
    assert sorted(actions(a)) == ["pass", "three"]
    for row in a.rows:
        assert row.buy.mean == 1.0  # the seat to move is the buyer


def test_analyze_decision_round_two():
    game = baloot.Game(dealer=0, deck=deck_for(HAND, "8H", 1, 0))
    for _ in range(4):
        game.apply("pass")
    assert game.to_move == 1
    legal = game.legal_actions()
    a = baloot.analyze_decision(game, samples=800, players=PLAYER, seed=1, threads=2)
    assert sorted(actions(a)) == sorted(legal)
    assert "hokum:H" not in actions(a)  # never the up-card's suit in round 2
    assert {"hokum:S", "hokum:D", "hokum:C", "pass", "sun"} <= set(actions(a))


def test_match_scores_are_an_input():
    """At 120-0 for the seat's team, its Sun may be doubled (R30): the Sun row changes."""
    base = baloot.analyze_bid(HAND, "8H", 1, 0, samples=2000, players="random", seed=9, threads=2, scores=(0, 0))
    leading = baloot.analyze_bid(HAND, "8H", 1, 0, samples=2000, players="random", seed=9, threads=2,
                                 scores=(0, 120))
    assert leading.context["scores"] == [0, 120]
    assert not np.array_equal(base["sun"].margins, leading["sun"].margins)


# ---------------------------------------------------------------------------------------------
# errors
# ---------------------------------------------------------------------------------------------

def python_player(game):
    return game.legal_actions()[0]


@pytest.mark.parametrize("change,needles", [
    (dict(hand="JH 9H 7S 8D"), ["4"]),
    (dict(hand="JH 9H 7S 8D 7C AS"), ["6"]),
    (dict(hand=["JH", "9H", "7S", "8D", "8H"]), ["8H"]),
    (dict(hand="JH 9H 7S 8D 8D"), ["8D"]),
    (dict(hand="JH 9H 7S 8D ZZ"), ["ZZ"]),
    (dict(up_card="XX"), ["XX"]),
    (dict(seat=4), ["4"]),
    (dict(seat=-1), ["-1"]),
    (dict(seat=True), ["True"]),
    (dict(seat="1"), ["'1'"]),
    (dict(dealer=5), ["5"]),
    (dict(samples=0), ["0"]),
    (dict(samples=-3), ["-3"]),
    (dict(seed=-1), ["-1"]),
    (dict(players="nobody"), ["nobody"]),
    (dict(players=["random"] * 3), ["['random', 'random', 'random']"]),
    (dict(scores=(-1, 0)), ["-1"]),
    (dict(rules="x"), ["'x'"]),
    (dict(threads=-1), ["-1"]),
])
def test_analyze_bid_bad_input(change, needles):
    kwargs = dict(hand=HAND, up_card="8H", seat=1, dealer=0, samples=50, players=PLAYER)
    kwargs.update(change)
    with pytest.raises(BalootError) as info:
        baloot.analyze_bid(**kwargs)
    assert any(n in str(info.value) for n in needles), str(info.value)


@pytest.mark.parametrize("players", [python_player, ["random", python_player, "random", "random"]])
def test_python_callable_players_are_accepted_and_deterministic(players):
    """docs/api.md: a Python callable is accepted wherever a policy name is (it runs at Python speed)."""
    first = baloot.analyze_bid(HAND, "8H", 1, 0, samples=50, players=players, seed=4)
    again = baloot.analyze_bid(HAND, "8H", 1, 0, samples=50, players=players, seed=4, threads=2)
    assert first.to_dict() == again.to_dict()
    assert [row.action for row in first.rows] == ["pass", "hokum", "sun"]


def test_python_callable_player_choosing_illegally_is_named():
    def stubborn(game):
        return "gahwa"

    with pytest.raises(baloot.IllegalAction) as info:
        baloot.analyze_bid(HAND, "8H", 1, 0, samples=5, players=stubborn)
    assert "gahwa" in str(info.value)


def test_analyze_decision_playing_phase_refused():
    game = baloot.Game(dealer=0, seed=5)
    game.apply("sun")
    while game.phase != "playing":
        game.apply(game.legal_actions()[0])
    with pytest.raises(BalootError, match="playing"):
        baloot.analyze_decision(game, samples=10, players=PLAYER)
    while game.phase != "over":
        game.apply(game.legal_actions()[0])
    with pytest.raises(BalootError, match="over"):
        baloot.analyze_decision(game, samples=10, players=PLAYER)


def test_analyze_decision_bad_arguments():
    with pytest.raises(BalootError, match="'x'"):
        baloot.analyze_decision("x", samples=10, players=PLAYER)
    game = baloot.Game(dealer=0, seed=5)
    with pytest.raises(BalootError, match="double"):
        baloot.analyze_decision(game, samples=10, players=PLAYER, candidates=["double"])
    with pytest.raises(BalootError):
        baloot.analyze_decision(game, samples=10, players=PLAYER, candidates=[])
    with pytest.raises(BalootError, match="-5"):
        baloot.analyze_decision(game, samples=-5, players=PLAYER)


# ---------------------------------------------------------------------------------------------
# validation from the seed's tips (heuristic players)
# ---------------------------------------------------------------------------------------------

TIP_SAMPLES = 12_000


def test_tip_jack_and_nine_of_the_up_card_suit_hokum_beats_pass():
    a = baloot.analyze_bid("JH 9H 7S 8D 7C", "8H", 1, 0, samples=TIP_SAMPLES, players="heuristic", seed=101)
    diff, ci = paired(a, "hokum", "pass")
    assert diff > ci, (diff, ci, a.table())
    if a.best == "hokum":
        assert -a["pass"].versus_best.mean > a["pass"].versus_best.ci


def test_tip_aces_and_tens_sun_beats_hokum():
    a = baloot.analyze_bid("AS AD AC 10S 10D", "7H", 1, 0, samples=TIP_SAMPLES, players="heuristic", seed=102)
    diff, ci = paired(a, "sun", "hokum")
    assert diff > ci, (diff, ci, a.table())


def test_tip_low_cards_pass_is_best():
    a = baloot.analyze_bid("7S 8S 7D 8C 9D", "7H", 1, 0, samples=TIP_SAMPLES, players="heuristic", seed=103)
    assert a.best == "pass", a.table()
    for row in a.rows:
        if row.action != "pass":
            diff, ci = paired(a, "pass", row.action)
            assert diff > ci, (row.action, diff, ci, a.table())


def test_samples_agree_with_the_earlier_calls():
    """The first speaker has no earlier call to agree with; the last speaker's deals are those on which the
    three seats before it pass, so some draws are turned down."""
    first = baloot.analyze_bid(HAND, "8H", seat=1, dealer=0, samples=300, seed=3, threads=1)
    assert first.draws == 300 and first.unchecked == 0
    last = baloot.analyze_bid(HAND, "8H", seat=0, dealer=0, samples=300, seed=3, threads=1)
    assert last.draws > 300 and last.unchecked == 0
    assert last.to_dict()["draws"] == last.draws
    assert "deals agreeing with the calls so far: 300 of" in last.table()


def test_the_default_players_are_named():
    a = baloot.analyze_bid(HAND, "8H", seat=1, dealer=0, samples=50, seed=3)
    assert a.players == [DEFAULT_PLAYERS] * 4
    assert f"players {DEFAULT_PLAYERS}, {DEFAULT_PLAYERS}, {DEFAULT_PLAYERS}, {DEFAULT_PLAYERS}" in a.table()


def test_match_level_answers_flag_a_points_best_call_that_loses_the_match():
    """Behind 130-140 near the target: passing keeps more game points, Hokum wins the match more often."""
    from baloot import analyze_bid

    analysis = analyze_bid("8S 9C KH 7C AS", "JD", 0, 3, samples=6000, scores=(130, 140), threads=2)
    assert analysis.best == "pass" and analysis.match_best == "hokum"
    hokum = analysis["hokum"]
    assert analysis["pass"].match_versus_best.high < 0 and hokum.match_versus_best.mean == 0
    assert 0 < hokum.match.mean < 1 and "best for the match" in analysis.table()
    data = analysis.to_dict()
    assert data["match_best"] == "hokum" and data["calls"][0]["p_win_match"]["mean"] > 0
    points_only = analyze_bid("8S 9C KH 7C AS", "JD", 0, 3, samples=200, scores=(130, 140), objective="points")
    assert points_only.match_best is None and points_only.rows[0].match is None
    at_zero = analyze_bid("8S 9C KH 7C AS", "JD", 0, 3, samples=200)
    assert at_zero.match_best is None
    assert analyze_bid("8S 9C KH 7C AS", "JD", 0, 3, samples=200, objective="match").match_best is not None


def test_match_level_bad_objective_or_table():
    from baloot import BalootError, Rules, analyze_bid, match_equity

    with pytest.raises(BalootError, match="objective"):
        analyze_bid("8S 9C KH 7C AS", "JD", 0, 3, samples=10, objective="glory")
    small = match_equity(players="random", rules=Rules(target=21), hands=100, cache=False)
    with pytest.raises(BalootError, match="equity must be"):
        analyze_bid("8S 9C KH 7C AS", "JD", 0, 3, samples=10, objective="match", equity=small)
