"""Bad input to the pure functions: a BalootError (ValueError) naming the bad value, never a crash.

Also the accepted input spellings of docs/api.md (list or one space-separated string, "T" for 10,
lower case, suit symbols), whose output is always canonical.
"""

import operator
import string

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import baloot
from baloot import BalootError, Rules

HAND8 = ["AS", "KS", "QS", "JS", "7H", "8H", "9D", "10C"]
DEAL = [
    ["7S", "9S", "JS", "KS", "7H", "9H", "JH", "KH"],
    ["8S", "10S", "QS", "AS", "8H", "10H", "QH", "AH"],
    ["7D", "9D", "JD", "KD", "7C", "9C", "JC", "KC"],
    ["8D", "10D", "QD", "AD", "8C", "10C", "QC", "AC"],
]


def raises_naming(fn, *needles):
    """fn() raises a BalootError whose message contains at least one of ``needles``."""
    with pytest.raises(BalootError) as info:
        fn()
    msg = str(info.value)
    assert any(str(n) in msg for n in needles), (msg, needles)
    return info.value


# ----- the error classes ----------------------------------------------------------------

def test_error_classes():
    assert issubclass(baloot.BalootError, ValueError)
    assert issubclass(baloot.IllegalAction, baloot.BalootError)


# ----- malformed cards ------------------------------------------------------------------

@pytest.mark.parametrize("bad", ["1H", "AX", "10", "11S", "KK", "A", "0H", "10HH", "7SS",
                                 "JOKER"])
def test_malformed_card(bad):
    raises_naming(lambda: baloot.card_points(bad, "sun"), bad)
    raises_naming(lambda: baloot.legal_moves(["AS", bad], [], "sun"), bad)
    raises_naming(lambda: baloot.legal_moves(["AS"], [bad], "sun"), bad)
    raises_naming(lambda: baloot.trick_winner(["AS", bad], "sun"), bad)
    raises_naming(lambda: baloot.find_projects(HAND8[:7] + [bad], "sun"), bad)


def test_empty_card_string():
    with pytest.raises(BalootError):
        baloot.card_points("", "sun")
    with pytest.raises(BalootError):
        baloot.legal_moves(["AS", ""], [], "sun")


def test_malformed_card_in_space_separated_string():
    raises_naming(lambda: baloot.legal_moves("AS 1H KD", "", "sun"), "1H")
    raises_naming(lambda: baloot.trick_winner("AS AX", "sun"), "AX")


# ----- duplicates and impossible positions ----------------------------------------------

def test_duplicate_card_in_hand():
    raises_naming(lambda: baloot.legal_moves(["AS", "KH", "AS"], [], "sun"), "AS")
    # Duplicates written differently are still the same card.
    raises_naming(lambda: baloot.legal_moves(["10H", "TH"], [], "sun"), "10H", "TH")
    raises_naming(lambda: baloot.find_projects(["AS"] * 2 + HAND8[1:7], "sun"), "AS")


def test_duplicate_card_in_trick():
    raises_naming(lambda: baloot.legal_moves(["KH"], ["AS", "AS"], "sun"), "AS")
    raises_naming(lambda: baloot.trick_winner(["AS", "7D", "AS"], "sun"), "AS")


def test_card_in_hand_and_on_table():
    raises_naming(lambda: baloot.legal_moves(["AS", "KH"], ["AS"], "sun"), "AS")
    raises_naming(lambda: baloot.legal_moves(["7D", "KH"], ["7H", "KH"], "hokum", "S"), "KH")


def test_full_trick_to_legal_moves():
    trick = ["7H", "8H", "9H", "10H"]
    raises_naming(lambda: baloot.legal_moves(["AS"], trick, "sun"), "4", *trick)


def test_trick_winner_sizes():
    with pytest.raises(BalootError):
        baloot.trick_winner([], "sun")
    raises_naming(lambda: baloot.trick_winner(["7H", "8H", "9H", "10H", "JH"], "sun"), "5", "JH")


def test_find_projects_needs_eight_cards():
    raises_naming(lambda: baloot.find_projects(HAND8[:7], "sun"), "7", *HAND8[:7])
    raises_naming(lambda: baloot.find_projects(HAND8 + ["AH"], "sun"), "9", "AH")
    with pytest.raises(BalootError):
        baloot.find_projects([], "sun")


def test_declare_projects_bad_hands():
    # The message names the count or shows the hands it got.
    raises_naming(lambda: baloot.declare_projects(DEAL[:3], "sun"), "3", "7S")
    raises_naming(lambda: baloot.declare_projects(DEAL + [HAND8], "sun"), "5", "AS")
    short = [DEAL[0], DEAL[1][:7], DEAL[2], DEAL[3]]
    raises_naming(lambda: baloot.declare_projects(short, "sun"), "7", *DEAL[1][:7])
    twice = [DEAL[0], DEAL[1][:7] + ["7S"], DEAL[2], DEAL[3]]  # 7S also in seat 0
    raises_naming(lambda: baloot.declare_projects(twice, "sun"), "7S")
    # 32 distinct cards are not required: any four disjoint 8-card hands are fine.
    ok = baloot.declare_projects(DEAL, "sun", first=1)
    assert ok.team is None
    for first in (-1, 4):
        raises_naming(lambda: baloot.declare_projects(DEAL, "sun", first=first), str(first))


# ----- modes and trumps -----------------------------------------------------------------

def test_unknown_mode():
    raises_naming(lambda: baloot.legal_moves(["AS"], [], "suun"), "suun")
    raises_naming(lambda: baloot.card_points("AS", "suun"), "suun")
    raises_naming(lambda: baloot.trick_winner(["AS"], "suun"), "suun")
    raises_naming(lambda: baloot.find_projects(HAND8, "suun"), "suun")
    raises_naming(lambda: baloot.declare_projects(DEAL, "suun"), "suun")
    raises_naming(lambda: baloot.game_points(50, "suun"), "suun")
    raises_naming(lambda: baloot.score_hand("suun", 0, (65, 65), (4, 4)), "suun")


def test_unknown_trump():
    raises_naming(lambda: baloot.legal_moves(["AS"], [], "hokum", "X"), "X")
    raises_naming(lambda: baloot.card_points("AS", "hokum", "X"), "X")
    raises_naming(lambda: baloot.trick_winner(["AS"], "hokum", "X"), "X")
    raises_naming(lambda: baloot.find_projects(HAND8, "hokum", "X"), "X")


def test_hokum_without_trump_and_sun_with_trump():
    raises_naming(lambda: baloot.legal_moves(["AS"], [], "hokum"), "None", "trump", "hokum")
    raises_naming(lambda: baloot.card_points("AS", "hokum", None), "None", "trump", "hokum")
    raises_naming(lambda: baloot.trick_winner(["AS", "KS"], "hokum"), "None", "trump", "hokum")
    raises_naming(lambda: baloot.find_projects(HAND8, "hokum"), "None", "trump", "hokum")
    raises_naming(lambda: baloot.legal_moves(["AS"], [], "sun", "H"), "H")
    raises_naming(lambda: baloot.card_points("AS", "sun", "H"), "H")
    raises_naming(lambda: baloot.trick_winner(["AS"], "sun", "H"), "H")
    raises_naming(lambda: baloot.find_projects(HAND8, "sun", "H"), "H")


# ----- Rules ----------------------------------------------------------------------------

def test_rules_bad_options():
    raises_naming(lambda: Rules(kaboot="triple"), "triple")
    raises_naming(lambda: Rules(direction="up"), "up")
    raises_naming(lambda: Rules(target=0), "0")
    raises_naming(lambda: Rules(target=-5), "-5")


def test_rules_defaults_and_frozen():
    r = Rules()
    assert (r.direction, r.ashkal, r.sun_priority, r.must_overtrump, r.trump_over_partner,
            r.kaboot, r.target, r.arabic_labels) == \
        ("counterclockwise", True, True, True, False, "normal", 152, True)
    with pytest.raises(Exception):
        r.kaboot = "off"
    assert Rules(target=101).target == 101
    assert Rules(direction="clockwise").direction == "clockwise"


# ----- score_hand -----------------------------------------------------------------------

def test_score_hand_abnat_total():
    raises_naming(lambda: baloot.score_hand("sun", 0, (60, 60), (4, 4)), "120", "60")
    raises_naming(lambda: baloot.score_hand("hokum", 0, (65, 65), (4, 4)), "130", "65")
    raises_naming(lambda: baloot.score_hand("sun", 0, (81, 81), (4, 4)), "162", "81")
    raises_naming(lambda: baloot.score_hand("sun", 0, (-10, 140), (4, 4)), "-10")


def test_score_hand_tricks_total():
    raises_naming(lambda: baloot.score_hand("sun", 0, (65, 65), (4, 3)), "7", "(4, 3)")
    raises_naming(lambda: baloot.score_hand("sun", 0, (65, 65), (5, 4)), "9", "(5, 4)")
    raises_naming(lambda: baloot.score_hand("hokum", 0, (81, 81), (9, -1)), "-1", "(9, -1)")


def test_score_hand_multiplier():
    for m in (0, 5):
        raises_naming(lambda: baloot.score_hand("hokum", 0, (81, 81), (4, 4), multiplier=m), str(m))
        raises_naming(lambda: baloot.score_hand("sun", 0, (65, 65), (4, 4), multiplier=m), str(m))


def test_score_hand_buyers():
    for b in (2, -1):
        raises_naming(lambda: baloot.score_hand("sun", b, (65, 65), (4, 4)), str(b))


@pytest.mark.parametrize("team", [0, 1])
def test_score_hand_checks_each_team_s_values(team):
    def pair(mine, other):
        return (mine, other) if team == 0 else (other, mine)

    raises_naming(lambda: baloot.score_hand("hokum", 0, pair(10, 152), pair(0, 8)), "no trick", str(pair(10, 152)))
    raises_naming(lambda: baloot.score_hand("hokum", 0, (81, 81), (4, 4), projects=pair(10, 0)), "10",
                  "not the project abnat")
    raises_naming(lambda: baloot.score_hand("hokum", 0, (81, 81), (4, 4), baloot=pair(2, 0)), "0 or 1")


def test_score_hand_impossible_combinations():
    # Sun can only be doubled once (R30).
    raises_naming(lambda: baloot.score_hand("sun", 0, (65, 65), (4, 4), multiplier=3), "3")
    # Baloot exists only in Hokum, once per hand, 0/1 per team (R28).
    raises_naming(lambda: baloot.score_hand("sun", 0, (65, 65), (4, 4), baloot=(1, 0)),
                  "(1, 0)", "sun", "Sun")
    raises_naming(lambda: baloot.score_hand("hokum", 0, (81, 81), (4, 4), baloot=(1, 1)), "(1, 1)")
    raises_naming(lambda: baloot.score_hand("hokum", 0, (81, 81), (4, 4), baloot=(2, 0)), "(2, 0)", "2")
    # Only one team scores projects (R27); project abnat are sums of 20/50/100/200.
    raises_naming(lambda: baloot.score_hand("hokum", 0, (81, 81), (4, 4), projects=(20, 20)),
                  "(20, 20)")
    raises_naming(lambda: baloot.score_hand("hokum", 0, (81, 81), (4, 4), projects=(25, 0)),
                  "(25, 0)", "25")
    # A team without a trick has no abnat.
    raises_naming(lambda: baloot.score_hand("hokum", 0, (81, 81), (0, 8)), "(81, 81)", "(0, 8)")


def test_hand_sizes_for_legal_moves():
    raises_naming(lambda: baloot.legal_moves([], [], "sun"), "0")
    hand9 = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "AH"]
    raises_naming(lambda: baloot.legal_moves(hand9, [], "sun"), "9")


def test_game_points_range():
    raises_naming(lambda: baloot.game_points(-5, "sun"), "-5")
    raises_naming(lambda: baloot.game_points(131, "sun"), "131")
    raises_naming(lambda: baloot.game_points(163, "hokum"), "163")


# ----- wrong Python types: a clear exception, never a crash ------------------------------

CLEAR = (BalootError, TypeError)


@pytest.mark.parametrize("call", [
    lambda: baloot.legal_moves(5, [], "sun"),
    lambda: baloot.legal_moves(["AS"], 5, "sun"),
    lambda: baloot.legal_moves(["AS"], [], 5),
    lambda: baloot.legal_moves([5], [], "sun"),
    lambda: baloot.legal_moves(["AS"], [], "hokum", 3),
    lambda: baloot.legal_moves(["AS"], [], "sun", rules="strict"),
    lambda: baloot.legal_moves(None, None, None),
    lambda: baloot.card_points(None, "sun"),
    lambda: baloot.card_points(10, "sun"),
    lambda: baloot.card_points(["AS"], "sun"),
    lambda: baloot.trick_winner(None, "sun"),
    lambda: baloot.trick_winner([1, 2], "sun"),
    lambda: baloot.find_projects(None, "sun"),
    lambda: baloot.find_projects([object()] * 8, "sun"),
    lambda: baloot.declare_projects(None, "sun"),
    lambda: baloot.declare_projects("AS KS", "sun"),
    lambda: baloot.declare_projects(DEAL, "sun", first="0"),
    lambda: baloot.game_points("50", "sun"),
    lambda: baloot.game_points(None, "hokum"),
    lambda: baloot.score_hand("sun", "0", (65, 65), (4, 4)),
    lambda: baloot.score_hand("sun", 0, None, (4, 4)),
    lambda: baloot.score_hand("sun", 0, (65, 65), None),
    lambda: baloot.score_hand("sun", 0, (65, 65, 0), (4, 4)),
    lambda: baloot.score_hand("sun", 0, ("65", 65), (4, 4)),
    lambda: baloot.score_hand("sun", 0, (65, 65), (4, 4), multiplier="2"),
    lambda: baloot.score_hand("sun", 0, (65, 65), (4, 4), projects=None),
])
def test_wrong_types(call):
    with pytest.raises(CLEAR):
        call()


# ----- accepted spellings ---------------------------------------------------------------

def test_spellings_are_accepted_and_output_canonical():
    assert baloot.card_points("TH", "sun") == 10
    assert baloot.card_points("th", "hokum", "H") == 10
    assert baloot.card_points("j♠", "hokum", "S") == 20
    assert baloot.card_points("10♥", "sun") == 10
    assert baloot.card_points("a♦", "sun") == 11
    assert baloot.card_points("Q♣", "sun") == 3
    got = baloot.legal_moves("th ks 7♦", "", "sun")
    assert sorted(got) == ["10H", "7D", "KS"]
    got = baloot.legal_moves(["th", "KS", "9h"], "ah", "sun")
    assert sorted(got) == ["10H", "9H"]
    assert baloot.trick_winner("7h ah t♥", "sun") == 1
    projs = baloot.find_projects("ks qs js ts 9♠ 7h 8h 7d", "sun")
    assert [(p.kind, tuple(p.cards)) for p in projs] == [("hundred", ("KS", "QS", "JS", "10S", "9S"))]
    d = baloot.declare_projects([" ".join(h).lower() for h in DEAL], "sun")
    assert d.team is None


# ----- fuzz -----------------------------------------------------------------------------

CARDISH = st.one_of(
    st.sampled_from([r + s for r in ["7", "8", "9", "10", "T", "J", "Q", "K", "A", "1", "0", "", "t",
                                     "a", "AA"]
                     for s in ["S", "H", "D", "C", "s", "♠", "♥", "X", "", "SS"]]),
    st.text(alphabet=string.printable + "♠♥♦♣", max_size=6),
    st.text(max_size=4),
)
CARDS = st.one_of(st.lists(CARDISH, max_size=10), st.text(max_size=30),
                  st.lists(CARDISH, max_size=8).map(" ".join),
                  st.none(), st.integers(), st.lists(st.integers(), max_size=4))
MODE = st.one_of(st.sampled_from(["sun", "hokum", "Sun", "HOKUM", "", "suun"]), st.text(max_size=6),
                 st.none(), st.integers())
TRUMP = st.one_of(st.sampled_from([None, "S", "H", "D", "C", "s", "♠", "X", "", "SH"]),
                  st.text(max_size=3), st.integers())
# Integers around and far beyond what the core takes, whole-number floats and numpy numbers.
BIG = st.one_of(st.integers(), st.integers(2**31 - 2, 2**31 + 2), st.integers(-2**31 - 2, -2**31 + 2),
                st.integers(2**63 - 2, 2**64 + 2), st.integers(-5, 300).map(float),
                st.integers(-5, 300).map(np.int64), st.integers(-5, 5).map(np.float64))
NUM = st.one_of(st.integers(min_value=-300, max_value=300), st.none(), st.text(max_size=3),
                st.floats(allow_nan=True), BIG)
PAIR = st.one_of(st.tuples(NUM, NUM), st.lists(NUM, max_size=3), NUM)

ALLOWED = (BalootError, TypeError)
FUZZ = settings(max_examples=400, deadline=None, derandomize=True, database=None,
               suppress_health_check=list(HealthCheck))


@FUZZ
@given(CARDS, CARDS, MODE, TRUMP)
def test_fuzz_legal_moves(hand, trick, mode, trump):
    try:
        out = baloot.legal_moves(hand, trick, mode, trump)
    except ALLOWED:
        return
    assert all(isinstance(c, str) for c in out)


@FUZZ
@given(CARDISH | st.none() | st.integers(), MODE, TRUMP)
def test_fuzz_card_points(card, mode, trump):
    try:
        out = baloot.card_points(card, mode, trump)
    except ALLOWED:
        return
    assert isinstance(out, int) and out in (0, 2, 3, 4, 10, 11, 14, 20)


@FUZZ
@given(CARDS, MODE, TRUMP)
def test_fuzz_trick_winner_and_projects(cards, mode, trump):
    try:
        w = baloot.trick_winner(cards, mode, trump)
        assert isinstance(w, int) and 0 <= w < 4
    except ALLOWED:
        pass
    try:
        baloot.find_projects(cards, mode, trump)
    except ALLOWED:
        pass


@FUZZ
@given(st.lists(CARDS, max_size=5), MODE, TRUMP,
       st.one_of(st.integers(-2, 5), st.none(), st.text(max_size=2), BIG))
def test_fuzz_declare_projects(hands, mode, trump, first):
    try:
        baloot.declare_projects(hands, mode, trump, first=first)
    except ALLOWED:
        pass


@FUZZ
@given(MODE, NUM, PAIR, PAIR, PAIR, PAIR, NUM)
def test_fuzz_score_hand(mode, buyers, abnat, tricks, projects, baloot_, mult):
    try:
        r = baloot.score_hand(mode, buyers, abnat, tricks, projects, baloot_, mult)
    except ALLOWED:
        return
    assert len(tuple(r.points)) == 2


@FUZZ
@given(NUM, MODE)
def test_fuzz_game_points(abnat, mode):
    try:
        baloot.game_points(abnat, mode)
    except ALLOWED:
        pass


@FUZZ
@given(st.fixed_dictionaries({}, optional={
    "kaboot": st.one_of(st.sampled_from(["normal", "double", "off", "triple", ""]), st.integers()),
    "direction": st.one_of(st.sampled_from(["counterclockwise", "clockwise", "up"]), st.none()),
    "target": st.one_of(st.integers(-5, 300), st.text(max_size=3), BIG),
    "must_overtrump": st.one_of(st.booleans(), st.text(max_size=2)),
}))
def test_fuzz_rules(kw):
    try:
        Rules(**kw)
    except ALLOWED:
        pass


def refused_or_small(count):
    """Whether random_deals(count) is cheap: a count it refuses, or a small one."""
    try:
        value = operator.index(count)
    except TypeError:
        return True
    return value < 50 or value >= 2**63


@FUZZ
@given(BIG, BIG, st.tuples(BIG, BIG))
def test_fuzz_numbers_give_a_baloot_error_never_a_type_error(seat, number, pair):
    """Numbers of any size or type reach no pybind11 conversion: they work or raise a BalootError."""
    calls = [
        lambda: baloot.Game(seed=number, dealer=seat, scores=pair),
        lambda: baloot.Match(seed=number, dealer=seat),
        lambda: Rules(target=number),
        lambda: baloot.score_hand("hokum", seat, pair, (4, 4), pair, (0, 0), number),
        lambda: baloot.game_points(number, "hokum"),
        lambda: baloot.declare_projects(DEAL, "sun", first=seat),
        lambda: baloot.dd_table(DEAL, seat) if seat not in range(4) else None,
        lambda: baloot.random_deals(number, seed=seat) if refused_or_small(number) else None,
    ]
    for call in calls:
        try:
            call()
        except BalootError:
            pass


# ---- options that contradict each other --------------------------------------------------------------


@pytest.mark.parametrize("options, named", [
    ({"kaboot": "off", "reverse_kaboot": "88"}, ("reverse_kaboot='88'", "kaboot='off'")),
    ({"kaboot": "off", "kaboot_multiplied": False}, ("kaboot_multiplied=False", "kaboot='off'")),
    ({"kaboot": "off", "kaboot_projects": False}, ("kaboot_projects=False", "kaboot='off'")),
    ({"sun_priority": False, "priority_to": "hokum_caller"}, ("priority_to='hokum_caller'", "sun_priority=False")),
    ({"narrow_partner": True, "trump_over_partner": True}, ("narrow_partner=True", "trump_over_partner=True")),
    ({"sun_double_at_100": "both", "target": 90}, ("sun_double_at_100='both'", "target=90")),
    ({"sun_double_at_100": "defenders", "target": 100}, ("sun_double_at_100='defenders'", "target=100")),
])
def test_an_option_another_makes_meaningless_is_refused_naming_both(options, named):
    with pytest.raises(BalootError) as error:
        Rules(**options)
    assert all(name in str(error.value) for name in named), str(error.value)
    with pytest.raises(BalootError):
        Rules.from_options({key: str(value) for key, value in options.items()})


def test_the_options_alone_and_the_presets_stay_accepted():
    Rules(kaboot="off")
    Rules(sun_priority=False)
    Rules(trump_over_partner=True)
    Rules(target=90)
    Rules(sun_double_at_100="buyers", target=101)
    for name in ("seed", "kammelna", "majlis", "sakkah", "arena"):
        Rules.preset(name)


def test_legal_moves_closed_needs_closed_doubles():
    hand = ["7S", "AH"]
    with pytest.raises(BalootError, match="closed=True needs rules with closed_double=True"):
        baloot.legal_moves(hand, [], "hokum", "S", closed=True)
    with pytest.raises(BalootError, match="closed=True in Sun"):
        baloot.legal_moves(hand, [], "sun", rules=Rules(closed_double=True), closed=True)
    assert baloot.legal_moves(hand, [], "hokum", "S", rules=Rules(closed_double=True), closed=True) == ["AH"]


@pytest.mark.parametrize("scores", [(152, 0), (500, 0), (0, 152), (160, 152)])
def test_a_hand_is_not_played_from_a_match_already_won(scores):
    with pytest.raises(BalootError, match=r"at or past the target 152 has already won the match"):
        baloot.Game(scores=scores)
    with pytest.raises(BalootError, match=r"at or past the target 101"):
        baloot.Game(rules=Rules(target=101), scores=(101, 0))


def test_equal_scores_past_the_target_play_on_only_when_the_rules_say_so():
    baloot.Game(rules=Rules(target_tie="another_hand"), scores=(160, 160))
    with pytest.raises(BalootError, match="already won"):
        baloot.Game(scores=(160, 160))


def test_bid_command_refuses_scores_past_the_target(capsys):
    from baloot.cli import main

    assert main(["bid", "JH 9H AH 7S 8C", "--up", "10H", "--seat", "1", "--scores", "200,0", "--samples", "10"]) == 2
    assert "already won the match" in capsys.readouterr().err


def test_the_environments_refuse_scores_a_match_has_ended_on():
    from baloot.rl import BalootAECEnv, BalootSeatEnv, BalootVectorEnv

    with pytest.raises(BalootError, match="already won the match"):
        BalootSeatEnv(scores=(152, 10))
    with pytest.raises(BalootError, match="already won the match"):
        BalootAECEnv(scores=(0, 152))
    with pytest.raises(BalootError, match="already won the match"):
        BalootVectorEnv(2, scores=(10, 200))


# ----- values past what the core takes, and option containers of the wrong kind -------------------

def test_play_out_takes_the_largest_seed():
    game = baloot.Game(seed=3)
    baloot.play_out(game, "heuristic", seed=2**64 - 1)
    assert game.result is not None


def test_a_native_player_address_past_64_bits_is_refused():
    raises_naming(lambda: baloot.NativePlayer(2**70), str(2**70))
    raises_naming(lambda: baloot.NativePlayer(-1), "-1")


def test_rules_from_options_over_a_preset_name():
    assert Rules.from_options({"tie": "khasra"}, base="majlis") == Rules.preset("majlis").__class__(
        **dict(Rules.preset("majlis").to_dict(), tie="khasra"))
    raises_naming(lambda: Rules.from_options({"tie": "split"}, base="nosuch"), "'nosuch'")
    raises_naming(lambda: Rules.from_options({"tie": "split"}, base=3), "base 3")
    raises_naming(lambda: Rules.from_options([("tie", "split")]), "options [('tie', 'split')]")


@pytest.mark.parametrize("name", [["majlis"], None, 3])
def test_a_preset_name_that_is_not_a_string_is_refused(name):
    raises_naming(lambda: Rules.preset(name), repr(name))


def test_score_hand_abnat_out_of_range_names_the_real_range():
    error = raises_naming(lambda: baloot.score_hand("sun", 0, (10**10, 0), (5, 3)), str(10**10))
    assert "2147483648" not in str(error) and "0 to 130" in str(error)


@pytest.mark.parametrize("call", [
    lambda: baloot.analyze_bid("JH 9H 7H 8D 7C", "8H", 1, 0, samples=2**62),
    lambda: baloot.review(baloot.Game(seed=1), samples=2**62),
])
def test_samples_beyond_this_machine_s_memory_are_refused_up_front(call):
    raises_naming(call, "4,611,686,018,427,387,904 samples")


def test_bid_samples_beyond_memory_is_a_one_line_error(capsys):
    from baloot.cli import main

    assert main(["bid", "JH 9H 7H 8D 7C", "--up", "8H", "--seat", "1", "--samples", "100000000000"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "100,000,000,000 samples needs" in err and "ask for fewer" in err
