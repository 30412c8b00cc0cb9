"""Self-checks of tests/reference.py on hand-worked examples (seed + docs/rules.md)."""

import itertools
import random

import reference as ref


def kinds(projs):
    return sorted((p.kind, p.cards) for p in projs)


# ----- card points and totals ----------------------------------------------------------

def test_card_points_tables():
    assert [ref.card_points(r + "S", "sun") for r in ("A", "10", "K", "Q", "J", "9", "8", "7")] == \
        [11, 10, 4, 3, 2, 0, 0, 0]
    assert [ref.card_points(r + "H", "hokum", "H") for r in ("J", "9", "A", "10", "K", "Q", "8", "7")] == \
        [20, 14, 11, 10, 4, 3, 0, 0]
    # Non-trump suits in Hokum count like Sun.
    assert ref.card_points("JS", "hokum", "H") == 2
    assert ref.card_points("9S", "hokum", "H") == 0


def test_deck_totals_with_last_trick():
    assert sum(ref.card_points(c, "sun") for c in ref.DECK) + 10 == 130
    for t in "SHDC":
        assert sum(ref.card_points(c, "hokum", t) for c in ref.DECK) + 10 == 162


# ----- trick winner ---------------------------------------------------------------------

def test_trick_winner():
    assert ref.trick_winner(["KH"], "sun") == 0
    assert ref.trick_winner(["KH", "AH", "10H", "AS"], "sun") == 1
    assert ref.trick_winner(["KH", "10H", "QH", "AS"], "sun") == 1
    assert ref.trick_winner(["9H", "AS", "AD", "AC"], "sun") == 0
    # Any trump beats any plain card; trump order J 9 A 10 K Q 8 7.
    assert ref.trick_winner(["AH", "7S", "10H"], "hokum", "S") == 1
    assert ref.trick_winner(["AS", "9S", "JS", "10S"], "hokum", "S") == 2
    assert ref.trick_winner(["AS", "9S", "10S"], "hokum", "S") == 1
    assert ref.trick_winner(["JH", "9H"], "hokum", "S") == 0  # plain order: J above 9
    assert ref.trick_winner(["7H", "8S", "7S"], "hokum", "S") == 1


# ----- legal moves (R17-R20) ------------------------------------------------------------

def test_legal_lead_anything():
    hand = ["AS", "7H", "JD"]
    assert ref.legal_moves(hand, [], "hokum", "D") == set(hand)
    assert ref.legal_moves(hand, [], "sun") == set(hand)


def test_legal_follow_suit_no_duty_to_beat():
    hand = ["7H", "AH", "KS"]
    assert ref.legal_moves(hand, ["10H"], "sun") == {"7H", "AH"}
    assert ref.legal_moves(hand, ["10H"], "hokum", "S") == {"7H", "AH"}
    # Following a plain suit even though a trump is on the table.
    assert ref.legal_moves(hand, ["10H", "7S"], "hokum", "S") == {"7H", "AH"}


def test_legal_sun_void():
    hand = ["7D", "AS", "KC"]
    assert ref.legal_moves(hand, ["10H"], "sun") == set(hand)


def test_legal_hokum_void_must_trump():
    hand = ["7D", "8S", "KC"]
    assert ref.legal_moves(hand, ["10H"], "hokum", "S") == {"8S"}
    # No trump -> anything.
    assert ref.legal_moves(["7D", "KC"], ["10H"], "hokum", "S") == {"7D", "KC"}


def test_legal_hokum_void_overtrump_or_undertrump():
    # trick: 10H (opp, seat 1 relative), 9S (partner? no: trick[-2] is 10H player) ...
    # trick of 2: [10H, AS]; mover's partner played 10H; opponent's AS (trump) is winning.
    hand = ["7S", "JS", "KD"]
    assert ref.legal_moves(hand, ["10H", "AS"], "hokum", "S") == {"JS"}
    # Cannot beat AS (only 7S): must still under-trump.
    assert ref.legal_moves(["7S", "KD"], ["10H", "AS"], "hokum", "S") == {"7S"}
    # must_overtrump off: any trump.
    assert ref.legal_moves(hand, ["10H", "AS"], "hokum", "S", must_overtrump=False) == {"7S", "JS"}


def test_legal_partner_winning():
    # trick [AH, 7D]: partner (trick[-2]) led AH and is winning -> any card.
    hand = ["7S", "JS", "KD"]
    assert ref.legal_moves(hand, ["AH", "7D"], "hokum", "S") == set(hand)
    # trump_over_partner: must trump anyway.
    assert ref.legal_moves(hand, ["AH", "7D"], "hokum", "S", trump_over_partner=True) == {"7S", "JS"}
    # Partner's trump winning with trump_over_partner -> must overtrump the partner too.
    assert ref.legal_moves(hand, ["KH", "9S", "7H"], "hokum", "S") == set(hand)
    assert ref.legal_moves(hand, ["KH", "9S", "7H"], "hokum", "S", trump_over_partner=True) == {"JS"}
    assert ref.legal_moves(["7S", "KD"], ["KH", "9S", "7H"], "hokum", "S",
                           trump_over_partner=True) == {"7S"}


def test_legal_trump_led():
    hand = ["7S", "JS", "AS", "KD"]
    # Opponent led 9S: must beat it -> only JS.
    assert ref.legal_moves(hand, ["9S"], "hokum", "S") == {"JS"}
    # Opponent led 10S: JS and AS beat it.
    assert ref.legal_moves(hand, ["10S"], "hokum", "S") == {"JS", "AS"}
    # Cannot beat: any trump.
    assert ref.legal_moves(["7S", "8S", "KD"], ["JS"], "hokum", "S") == {"7S", "8S"}
    # Partner led 9S and is winning: must follow trump but need not beat.
    assert ref.legal_moves(hand, ["9S", "QS"], "hokum", "S") == {"7S", "JS", "AS"}
    assert ref.legal_moves(hand, ["9S", "QS"], "hokum", "S", trump_over_partner=True) == {"JS"}
    # must_overtrump off: any trump.
    assert ref.legal_moves(hand, ["9S"], "hokum", "S", must_overtrump=False) == {"7S", "JS", "AS"}
    # No trump: anything.
    assert ref.legal_moves(["KD", "AH"], ["9S"], "hokum", "S") == {"KD", "AH"}


def test_legal_single_card_trick_has_no_partner():
    hand = ["7S", "KD"]
    assert ref.legal_moves(hand, ["AH"], "hokum", "S") == {"7S"}


# ----- projects (R22-R26) ---------------------------------------------------------------

def test_r25_seed_example():
    hand = ["9H", "10H", "JH", "QH", "KH", "KS", "KD", "KC"]
    projs = ref.best_projects(hand, "sun")
    assert kinds(projs) == sorted([("hundred", ("KS", "KH", "KD", "KC")),
                                   ("fifty", ("QH", "JH", "10H", "9H"))])
    assert projs[0].kind == "hundred"
    assert sum(p.abnat for p in projs) == 150
    assert [p.points for p in projs] == [20, 10]
    projs = ref.best_projects(hand, "hokum", "H")
    assert [p.points for p in projs] == [10, 5]


def test_long_run_is_one_hundred():
    hand = ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S"]
    projs = ref.best_projects(hand, "sun")
    assert len(projs) == 1 and projs[0].kind == "hundred" and projs[0].abnat == 100
    assert projs[0].cards == ("AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S")


def test_runs_use_sequence_order():
    # A K Q is a run; A 10 K is not (sequence order, not plain rank order).
    assert kinds(ref.best_projects(["AD", "KD", "QD", "7S", "9H", "JC", "8C", "10S"], "sun")) == \
        [("sira", ("AD", "KD", "QD"))]
    assert ref.best_projects(["AD", "10D", "KD", "7S", "9H", "JC", "7C", "8H"], "sun") == []
    # Trump suit also uses sequence order: 10-9-8 of trump is a Sira.
    assert kinds(ref.best_projects(["10S", "9S", "8S", "AH", "QD", "KC", "7D", "7H"], "hokum", "S")) == \
        [("sira", ("10S", "9S", "8S"))]


def test_four_aces():
    hand = ["AS", "AH", "AD", "AC", "7S", "9H", "JD", "QC"]
    (p,) = ref.best_projects(hand, "sun")
    assert (p.kind, p.abnat, p.points) == ("four_hundred", 200, 40)
    (p,) = ref.best_projects(hand, "hokum", "D")
    assert (p.kind, p.abnat, p.points) == ("hundred", 100, 10)
    assert p.cards == ("AS", "AH", "AD", "AC")


def test_four_low_nothing():
    hand = ["9S", "9H", "9D", "9C", "7S", "7H", "7D", "7C"]
    assert ref.best_projects(hand, "sun") == []


def test_four_of_kind_vs_run_choice():
    # Four jacks + Q-J-10-9 of S: four jacks (100) + Q? J taken -> remaining S: Q,10,9 not a run.
    # Run Q-J-10-9 alone = 50.  Four jacks alone = 100 (best).
    hand = ["QS", "JS", "10S", "9S", "JH", "JD", "JC", "7D"]
    projs = ref.best_projects(hand, "sun")
    assert kinds(projs) == [("hundred", ("JS", "JH", "JD", "JC"))]
    # Long run with a ten inside: A-K-Q-J-10 S + 10H 10D 10C -> four 10s + A-K-Q-J (150)
    hand = ["AS", "KS", "QS", "JS", "10S", "10H", "10D", "10C"]
    projs = ref.best_projects(hand, "sun")
    assert kinds(projs) == sorted([("hundred", ("10S", "10H", "10D", "10C")),
                                   ("fifty", ("AS", "KS", "QS", "JS"))])
    # R26: run beats four-of-a-kind within Hundred, so the Fifty is listed after.
    assert projs[0].kind == "hundred"


def test_four_of_a_kind_takes_card_from_run():
    # Q-J-10-9-8 S (Hundred) + QH QD QC: four queens (100) + J-10-9-8 S (Fifty) = 150 > 100.
    hand = ["QS", "JS", "10S", "9S", "8S", "QH", "QD", "QC"]
    assert kinds(ref.best_projects(hand, "sun")) == sorted(
        [("hundred", ("QS", "QH", "QD", "QC")), ("fifty", ("JS", "10S", "9S", "8S"))])
    # J-10-9-8-7 S + 10H 10D 10C: run (100) vs four 10s (100) + 9-8-7 S (20) = 120.
    hand = ["JS", "10S", "9S", "8S", "7S", "10H", "10D", "10C"]
    assert kinds(ref.best_projects(hand, "sun")) == sorted(
        [("hundred", ("10S", "10H", "10D", "10C")), ("sira", ("9S", "8S", "7S"))])
    # Only three other kings: no four-of-a-kind, the run stays whole.
    hand = ["KH", "QH", "JH", "10H", "9H", "KS", "KD", "7C"]
    assert kinds(ref.best_projects(hand, "sun")) == [("hundred", ("KH", "QH", "JH", "10H", "9H"))]
    # Four kings + Q-J-10 H (120) beats the Fifty K-Q-J-10 H (50).
    hand = ["KH", "QH", "JH", "10H", "KS", "KD", "KC", "7S"]
    assert kinds(ref.best_projects(hand, "sun")) == sorted(
        [("hundred", ("KS", "KH", "KD", "KC")), ("sira", ("QH", "JH", "10H"))])
    # Hokum four aces (Hundred) + K-Q-J-10 H Fifty = 150.
    hand = ["AH", "KH", "QH", "JH", "10H", "AS", "AD", "AC"]
    assert sum(p.abnat for p in ref.best_projects(hand, "hokum", "S")) == 150


def test_tie_on_total_prefers_stronger_best():
    # A-K-Q-J-10 D (run Hundred) vs four queens (Hundred; the rest A-K / J-10 D are no runs):
    # totals tie at 100, and a run beats a four-of-a-kind (R26.2).
    hand = ["AD", "KD", "QD", "JD", "10D", "QS", "QH", "QC"]
    for mode, t in (("sun", None), ("hokum", "H")):
        assert kinds(ref.best_projects(hand, mode, t)) == [("hundred", ("AD", "KD", "QD", "JD", "10D"))]
    hand = ["QD", "JD", "10D", "9D", "8D", "10S", "10H", "10C"]
    assert kinds(ref.best_projects(hand, "sun")) == [("hundred", ("QD", "JD", "10D", "9D", "8D"))]


def test_project_strength_order():
    P = ref.Project
    four_a_sun = P("four_hundred", ("AS", "AH", "AD", "AC"), 200, 40)
    run5_k = P("hundred", ("KS", "QS", "JS", "10S", "9S"), 100, 20)
    run6_q = P("hundred", ("QS", "JS", "10S", "9S", "8S", "7S"), 100, 20)
    run5_q = P("hundred", ("QH", "JH", "10H", "9H", "8H"), 100, 20)
    four_k = P("hundred", ("KS", "KH", "KD", "KC"), 100, 20)
    four_10 = P("hundred", ("10S", "10H", "10D", "10C"), 100, 20)
    fifty_a = P("fifty", ("AS", "KS", "QS", "JS"), 50, 10)
    sira = P("sira", ("AS", "KS", "QS"), 20, 4)
    order = [four_a_sun, run5_k, run6_q, run5_q, four_k, four_10, fifty_a, sira]
    keys = [ref.project_strength(p) for p in order]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    # Same top and length, different suit: equal (no trump preference).
    a = P("sira", ("QS", "JS", "10S"), 20, 4)
    b = P("sira", ("QH", "JH", "10H"), 20, 4)
    assert ref.compare_projects(a, b) == 0


def test_declare_projects_tie_goes_to_earlier_seat():
    hands = [
        ["7S", "8S", "7H", "8H", "7D", "8D", "7C", "8C"],  # nothing
        ["QS", "JS", "10S", "AH", "9D", "KC", "9C", "AD"],  # Sira Q-J-10 S
        ["QH", "JH", "10H", "AS", "9S", "AC", "10C", "KD"],  # Sira Q-J-10 H
        ["KS", "9H", "KH", "QD", "JD", "10D", "QC", "JC"],  # Sira Q-J-10 D
    ]
    assert sorted(itertools.chain(*hands)) == sorted(ref.DECK)
    expect = {0: (1, (0, 40)), 1: (1, (0, 40)), 2: (0, (20, 0)), 3: (1, (0, 40))}
    for first, (team, ab) in expect.items():
        by_seat, t, a = ref.declare_projects(hands, "sun", None, first)
        assert [len(p) for p in by_seat] == [0, 1, 1, 1]
        assert (t, a) == (team, ab)
    # Hokum: same outcome, no trump preference.
    by_seat, t, a = ref.declare_projects(hands, "hokum", "H", 0)
    assert (t, a) == (1, (0, 40))


def test_declare_projects_none_and_stronger():
    hands = [
        ["7S", "8S", "7H", "8H", "7D", "8D", "7C", "8C"],
        ["AS", "9S", "AH", "9H", "AD", "9D", "AC", "9C"],  # four aces
        ["KS", "QS", "JS", "KH", "QH", "KD", "QD", "JD"],  # Sira K-Q-J S, Sira K-Q-J D
        ["10S", "JH", "10H", "10D", "KC", "QC", "JC", "10C"],  # four 10s? 10S 10H 10D 10C yes
    ]
    assert sorted(itertools.chain(*hands)) == sorted(ref.DECK)
    by_seat, t, a = ref.declare_projects(hands, "sun", None, 0)
    # seat 3: four 10s (100) + K-Q-J C Sira (20) = 120 beats the Fifty K-Q-J-10 C.
    assert kinds(by_seat[3]) == sorted([("hundred", ("10S", "10H", "10D", "10C")),
                                        ("sira", ("KC", "QC", "JC"))])
    assert t == 1 and a == (0, 200 + 120)
    by_seat, t, a = ref.declare_projects(hands, "hokum", "C", 0)
    # Hokum: four aces are only a Hundred; team 1 still holds the best project (A > 10).
    assert t == 1 and a == (0, 100 + 120)
    by_seat, t, a = ref.declare_projects(
        [["7S", "9S", "JS", "KS", "7H", "9H", "JH", "KH"],
         ["8S", "10S", "QS", "AS", "8H", "10H", "QH", "AH"],
         ["7D", "9D", "JD", "KD", "7C", "9C", "JC", "KC"],
         ["8D", "10D", "QD", "AD", "8C", "10C", "QC", "AC"]], "sun", None, 0)
    assert t is None and a == (0, 0) and by_seat == [[], [], [], []]


# ----- scoring (R32, R34-R40) -----------------------------------------------------------

def test_game_points_seed_examples():
    assert ref.game_points(80, "sun") == 16
    assert ref.game_points(50, "sun") == 10
    assert ref.game_points(65, "sun") == 13
    assert ref.game_points(63, "sun") == 13  # 12.6
    assert ref.game_points(67, "sun") == 13  # 13.4
    assert ref.game_points(86, "hokum") == 9
    assert ref.game_points(76, "hokum") == 8
    assert ref.game_points(85, "hokum") == 8
    assert ref.game_points(0, "hokum") == 0
    for a in range(0, 131):
        assert ref.game_points(a, "sun") + ref.game_points(130 - a, "sun") == 26


def test_score_sun_made():
    r = ref.score_hand("sun", 0, (80, 50), (5, 3))
    assert r == ((16, 10), True, None)


def test_score_hokum_both_round_up_buyers_round_down():
    r = ref.score_hand("hokum", 0, (86, 76), (5, 3))
    assert r.points == (8, 8) and r.made
    r = ref.score_hand("hokum", 1, (86, 76), (5, 3))
    # buyers (team 1) 76 < 86 -> khasra: defenders 16.
    assert r.points == (16, 0) and not r.made
    r = ref.score_hand("hokum", 1, (76, 86), (3, 5))
    assert r.points == (8, 8) and r.made


def test_score_tie_is_khasra():
    r = ref.score_hand("sun", 0, (65, 65), (4, 4))
    assert r == ((0, 26), False, None)
    r = ref.score_hand("hokum", 1, (81, 81), (4, 4))
    assert r == ((16, 0), False, None)


def test_score_projects_and_baloot():
    # Hokum, buyers 0 with 70 abnat + Fifty(50) vs 92: 120 > 92 -> made.
    r = ref.score_hand("hokum", 0, (70, 92), (3, 5), projects=(50, 0))
    assert r == ((7 + 5, 9), True, None)
    # Baloot counts in the check: 72 + 20 = 92 vs 90 -> made.
    r = ref.score_hand("hokum", 0, (72, 90), (3, 5), baloot=(1, 0))
    assert r == ((7 + 2, 9), True, None)
    # Khasra: buyers keep their Baloot; defenders get 16 + all projects.
    r = ref.score_hand("hokum", 0, (60, 102), (3, 5), projects=(20, 0), baloot=(1, 0))
    assert r == ((2, 16 + 2), False, None)
    r = ref.score_hand("hokum", 0, (60, 102), (3, 5), projects=(0, 50), baloot=(0, 1))
    assert r == ((0, 16 + 5 + 2), False, None)


def test_score_kaboot():
    r = ref.score_hand("sun", 1, (0, 130), (0, 8), projects=(0, 20))
    assert r == ((0, 44 + 4), True, 1)
    r = ref.score_hand("sun", 1, (130, 0), (8, 0))
    assert r == ((44, 0), False, 0)
    r = ref.score_hand("hokum", 0, (162, 0), (8, 0), projects=(100, 0), baloot=(0, 0), kaboot="double")
    assert r == ((50 + 10, 0), True, 0)
    r = ref.score_hand("hokum", 0, (0, 162), (0, 8), baloot=(1, 0))
    assert r == ((2, 25), False, 1)
    r = ref.score_hand("hokum", 0, (162, 0), (8, 0), kaboot="off")
    assert r == ((16, 0), True, None)


def test_score_doubled():
    # Hokum x2, made: buyers take (16 + projects) * 2, Baloot unmultiplied.
    r = ref.score_hand("hokum", 0, (100, 62), (5, 3), projects=(50, 0), baloot=(0, 1), multiplier=2)
    assert r == ((2 * (16 + 5), 2), True, None)
    r = ref.score_hand("hokum", 0, (81, 81), (4, 4), multiplier=4)
    assert r == ((0, 64), False, None)
    r = ref.score_hand("sun", 1, (0, 130), (0, 8), projects=(0, 50), multiplier=2)
    assert r == ((0, 2 * (44 + 10)), True, 1)
    r = ref.score_hand("hokum", 1, (0, 162), (0, 8), baloot=(0, 1), multiplier=3)
    assert r == ((0, 3 * 25 + 2), True, 1)


def test_legal_moves_exhaustive_invariants():
    rng = random.Random(5)
    for _ in range(2000):
        trick = rng.sample(ref.DECK, rng.randint(0, 3))
        rest = [c for c in ref.DECK if c not in trick]
        hand = rng.sample(rest, rng.randint(1, 8))
        for mode, t in (("sun", None), ("hokum", "S"), ("hokum", "D")):
            for mo, top in itertools.product((True, False), repeat=2):
                lm = ref.legal_moves(hand, trick, mode, t, mo, top)
                assert lm and lm <= set(hand)
            # Relaxing the overtrump duty can only add moves; trump_over_partner only remove.
            assert ref.legal_moves(hand, trick, mode, t, True, False) <= \
                ref.legal_moves(hand, trick, mode, t, False, False)
            assert ref.legal_moves(hand, trick, mode, t, True, True) <= \
                ref.legal_moves(hand, trick, mode, t, True, False)
