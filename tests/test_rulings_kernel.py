"""One worked example per kernel ruling (docs/rules.md R17-R28, R32, R34-R40).

The expected values are worked out by hand in the comments, not by tests/reference.py.
"""

import pytest

import baloot
from baloot import Rules


def lm(hand, trick, mode, trump=None, **rules):
    return set(baloot.legal_moves(hand, trick, mode, trump, rules=Rules(**rules) if rules else None))


def projs(hand, mode, trump=None):
    return sorted((p.kind, tuple(p.cards), p.abnat, p.points)
                  for p in baloot.find_projects(hand, mode, trump))


def score(*args, kaboot=None, **kw):
    r = baloot.score_hand(*args, rules=Rules(kaboot=kaboot) if kaboot else None, **kw)
    return tuple(r.points), r.made, r.kaboot


# ----- C. Trick legality ----------------------------------------------------------------

def test_r17_follow_suit_never_beat():
    # Must follow hearts; either heart, the 7 included (no duty to beat the 10).
    assert lm(["7H", "AH", "KS"], ["10H"], "sun") == {"7H", "AH"}
    assert lm(["7H", "AH", "KS"], ["10H"], "hokum", "S") == {"7H", "AH"}
    # Hokum: following the plain suit even though an opponent has trumped.
    assert lm(["7H", "JS"], ["10H", "7S"], "hokum", "S") == {"7H"}
    # Sun void: any card.
    assert lm(["7D", "AS", "KC"], ["10H"], "sun") == {"7D", "AS", "KC"}


def test_r18_hokum_void_in_plain_suit():
    # (a) partner (trick[-2]) led AH and wins; opponent discarded 7D -> any card.
    assert lm(["7S", "JS", "KD"], ["AH", "7D"], "hokum", "S") == {"7S", "JS", "KD"}
    # (a) also when the partner's winning card is a trump: KH led, partner 9S, opp 7H.
    assert lm(["7S", "JS", "KD"], ["KH", "9S", "7H"], "hokum", "S") == {"7S", "JS", "KD"}
    # (b) opponent leads AH, I am void: must trump.
    assert lm(["7S", "KD"], ["AH"], "hokum", "S") == {"7S"}
    assert lm(["7S", "QS", "KD", "8C"], ["AH"], "hokum", "S") == {"7S", "QS"}
    # (b) partner led 7H, opponent's AH wins (no trump on table): any trump.
    assert lm(["7S", "QS", "KD"], ["7H", "AH"], "hokum", "S") == {"7S", "QS"}
    # (c) partner led 10H, opponent trumped with AS: JS beats it, 7S does not.
    assert lm(["7S", "JS", "KD"], ["10H", "AS"], "hokum", "S") == {"JS"}
    # (c) cannot beat the AS: must still under-trump.
    assert lm(["7S", "KD"], ["10H", "AS"], "hokum", "S") == {"7S"}
    # (c) three cards: opp 9H, partner 7H, opp 10S trumps -> beat 10S: J, 9 or A of trump.
    assert lm(["9S", "AS", "KS", "8D"], ["9H", "7H", "10S"], "hokum", "S") == {"9S", "AS"}
    # (d) no trump: any card.
    assert lm(["KD", "7C"], ["AH"], "hokum", "S") == {"KD", "7C"}


def test_r19_trump_led():
    hand = ["7S", "JS", "AS", "KD"]
    # Opponent led 9S: only the J beats it.
    assert lm(hand, ["9S"], "hokum", "S") == {"JS"}
    # Opponent led 10S: J and A beat it (trump order J 9 A 10 K Q 8 7).
    assert lm(hand, ["10S"], "hokum", "S") == {"JS", "AS"}
    # Nothing beats the JS: any trump, still no side card.
    assert lm(["7S", "8S", "KD"], ["JS"], "hokum", "S") == {"7S", "8S"}
    # Partner led 9S and wins (opp QS): must follow with a trump, need not beat.
    assert lm(hand, ["9S", "QS"], "hokum", "S") == {"7S", "JS", "AS"}
    # Opponent's 9S over partner's 10S: must beat the 9S -> JS.
    assert lm(hand, ["10S", "9S"], "hokum", "S") == {"JS"}
    # No trump: any card.
    assert lm(["KD", "AH"], ["9S"], "hokum", "S") == {"KD", "AH"}


def test_r20_host_switches():
    # must_overtrump off: any trump (the duty to trump stays), in both R18c and R19.
    assert lm(["7S", "JS", "KD"], ["10H", "AS"], "hokum", "S", must_overtrump=False) == {"7S", "JS"}
    assert lm(["7S", "JS", "AS", "KD"], ["9S"], "hokum", "S", must_overtrump=False) == \
        {"7S", "JS", "AS"}
    # trump_over_partner: the partner exception is gone.
    assert lm(["7S", "JS", "KD"], ["AH", "7D"], "hokum", "S", trump_over_partner=True) == {"7S", "JS"}
    assert lm(["7S", "JS", "AS", "KD"], ["9S", "QS"], "hokum", "S", trump_over_partner=True) == {"JS"}
    # ... and the partner's own trump must be over-trumped.
    assert lm(["7S", "JS", "KD"], ["KH", "9S", "7H"], "hokum", "S", trump_over_partner=True) == {"JS"}
    assert lm(["7S", "KD"], ["KH", "9S", "7H"], "hokum", "S", trump_over_partner=True) == {"7S"}
    # Both switches: must trump over the partner, any trump.
    assert lm(["7S", "JS", "KD"], ["KH", "9S", "7H"], "hokum", "S", must_overtrump=False,
              trump_over_partner=True) == {"7S", "JS"}
    # Sun is untouched by both switches.
    assert lm(["7D", "AS"], ["AH", "7H"], "sun", must_overtrump=False, trump_over_partner=True) == \
        {"7D", "AS"}


def test_r21_no_closed_lead_by_default():
    # Leading a trump while holding other suits is allowed (also with any host switch).
    assert lm(["JS", "7H", "AD"], [], "hokum", "S") == {"JS", "7H", "AD"}
    assert lm(["JS", "7H", "AD"], [], "hokum", "S", trump_over_partner=True) == {"JS", "7H", "AD"}


# ----- D. Projects and Baloot -----------------------------------------------------------

def test_r22_sequence_order():
    # A-K-Q of diamonds is a run (sequence order A K Q J 10 9 8 7) ...
    assert projs(["AD", "KD", "QD", "7S", "9H", "JC", "8C", "10S"], "sun") == \
        [("sira", ("AD", "KD", "QD"), 20, 4)]
    # ... A-10-K (plain rank order) is not.
    assert projs(["AD", "10D", "KD", "7S", "9H", "JC", "7C", "8H"], "sun") == []
    # 10-9-8 of the trump suit is a Sira although the trump order is J 9 A 10 K Q 8 7.
    assert projs(["10S", "9S", "8S", "AH", "QD", "KC", "7D", "7H"], "hokum", "S") == \
        [("sira", ("10S", "9S", "8S"), 20, 2)]
    # J-9-A of trump is not a run.
    assert projs(["JS", "9S", "AS", "KH", "QD", "7C", "8D", "10H"], "hokum", "S") == []


def test_r23_valid_projects():
    assert projs(["QH", "JH", "10H", "9H", "7S", "AD", "KC", "8D"], "hokum", "S") == \
        [("fifty", ("QH", "JH", "10H", "9H"), 50, 5)]
    # An 8-card run is one Hundred, never split.
    assert projs(["7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"], "sun") == \
        [("hundred", ("AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C"), 100, 20)]
    # Four jacks: Hundred.
    assert projs(["JS", "JH", "JD", "JC", "7S", "9H", "AD", "QC"], "sun") == \
        [("hundred", ("JS", "JH", "JD", "JC"), 100, 20)]
    # Four aces: Four Hundred in Sun, a Hundred in Hokum.
    aces = ["AS", "AH", "AD", "AC", "7S", "9H", "JD", "QC"]
    assert projs(aces, "sun") == [("four_hundred", ("AS", "AH", "AD", "AC"), 200, 40)]
    assert projs(aces, "hokum", "D") == [("hundred", ("AS", "AH", "AD", "AC"), 100, 10)]
    # Four 9s, 8s, 7s: nothing.
    assert projs(["9S", "9H", "9D", "9C", "7S", "7H", "7D", "7C"], "sun") == []
    assert projs(["8S", "8H", "8D", "8C", "KS", "JH", "AD", "QC"], "hokum", "H") == []


def test_r24_units():
    # abnat 20/50/100/200; Sun GP x2/10 = 4/10/20/40; Hokum /10 = 2/5/10.
    hand = ["AS", "KS", "QS", "10H", "9H", "8H", "7H", "AD"]  # Sira A-K-Q S, Fifty 10-9-8-7 H
    assert projs(hand, "sun") == [("fifty", ("10H", "9H", "8H", "7H"), 50, 10),
                                  ("sira", ("AS", "KS", "QS"), 20, 4)]
    assert projs(hand, "hokum", "C") == [("fifty", ("10H", "9H", "8H", "7H"), 50, 5),
                                         ("sira", ("AS", "KS", "QS"), 20, 2)]
    hand = ["KD", "QD", "JD", "10D", "9D", "7S", "7H", "8C"]
    assert projs(hand, "hokum", "D") == [("hundred", ("KD", "QD", "JD", "10D", "9D"), 100, 10)]


def test_r25_best_combination():
    # Seed example: 9-10-J-Q-K H + K S D C -> four kings (100) + Fifty Q-J-10-9 H (50).
    hand = ["9H", "10H", "JH", "QH", "KH", "KS", "KD", "KC"]
    got = baloot.find_projects(hand, "sun")
    assert [(p.kind, tuple(p.cards), p.abnat, p.points) for p in got] == [
        ("hundred", ("KS", "KH", "KD", "KC"), 100, 20),
        ("fifty", ("QH", "JH", "10H", "9H"), 50, 10),
    ]
    # J-10-9-8-7 S + 10 H D C: four 10s + Sira 9-8-7 S (120) beats the run alone (100).
    assert projs(["JS", "10S", "9S", "8S", "7S", "10H", "10D", "10C"], "hokum", "H") == [
        ("hundred", ("10S", "10H", "10D", "10C"), 100, 10),
        ("sira", ("9S", "8S", "7S"), 20, 2),
    ]
    # Four jacks vs Q-J-10-9 S: jacks (100); what is left of the run (Q, 10-9) is no project.
    assert projs(["QS", "JS", "10S", "9S", "JH", "JD", "JC", "7D"], "sun") == \
        [("hundred", ("JS", "JH", "JD", "JC"), 100, 20)]
    # Tie on total (100 each): the run beats four queens (R26), so the run is declared.
    assert projs(["AD", "KD", "QD", "JD", "10D", "QS", "QH", "QC"], "sun") == \
        [("hundred", ("AD", "KD", "QD", "JD", "10D"), 100, 20)]


def _declare(hands, mode, trump=None, first=0):
    d = baloot.declare_projects(hands, mode, trump, first=first)
    return d.team, tuple(d.abnat)


def test_r26_comparing_projects():
    # Class first: seat 0 has two Siras (A-K-Q S, 9-8-7 D), seat 1 a Fifty J-10-9-8 H -> team 1.
    d = [
        ["AS", "KS", "QS", "7D", "8D", "9D", "JC", "KC"],
        ["JH", "10H", "9H", "8H", "AD", "QC", "7C", "10D"],
        ["JS", "9S", "7S", "AH", "KH", "8C", "9C", "QD"],  # nothing
        ["10S", "8S", "7H", "QH", "KD", "JD", "AC", "10C"],  # nothing
    ]
    assert _declare(d, "sun") == (1, (0, 50))
    # Within Hundred a run beats four-of-a-kind: seat 0 four kings vs seat 3 run Q..7 H.
    d = [
        ["KS", "KH", "KD", "KC", "7S", "8D", "9C", "QS"],  # four kings (Hundred)
        ["AS", "AH", "JS", "QD", "8S", "7D", "JC", "10D"],  # nothing
        ["9S", "AD", "9D", "AC", "QC", "8C", "7C", "10S"],  # nothing
        ["QH", "JH", "10H", "9H", "8H", "7H", "JD", "10C"],  # Hundred Q..7 H
    ]
    assert _declare(d, "hokum", "S") == (1, (0, 100))
    # Class before top card: a Hundred topped by Q beats an ace-topped Fifty.
    d = [
        ["AS", "KS", "QS", "JS", "7D", "8C", "7H", "10D"],  # Fifty topped by A
        ["QH", "JH", "10H", "9H", "8H", "7S", "7C", "AD"],  # Hundred Q-J-10-9-8 H
        ["KH", "AH", "KD", "QD", "9C", "10C", "8S", "9S"],  # nothing
        ["JD", "9D", "8D", "AC", "KC", "QC", "JC", "10S"],  # Fifty A-K-Q-J C
    ]
    # Seat 1 has the only Hundred -> team 1 scores its Hundred (100) + seat 3's Fifty (50).
    assert _declare(d, "sun") == (1, (0, 150))
    # Same class, higher top: seat 0 Fifty A-K-Q-J S beats seat 1 Fifty K-Q-J-10 H.
    d = [
        ["AS", "KS", "QS", "JS", "7D", "8C", "9H", "10D"],
        ["KH", "QH", "JH", "10H", "7S", "7C", "AD", "9C"],
        ["AH", "8H", "7H", "KD", "9D", "10C", "8S", "9S"],
        ["QD", "JD", "8D", "AC", "KC", "QC", "JC", "10S"],  # Fifty A-K-Q-J C too
    ]
    # Seat 0 and seat 3 tie (A-topped Fifty); seat 0 plays first from first=0 -> team 0.
    assert _declare(d, "sun", first=0) == (0, (50, 0))
    # With first=3, seat 3 plays before seat 0 -> team 1 with its Fifties 50 + 50.
    assert _declare(d, "sun", first=3) == (1, (0, 100))
    # No trump preference: Hokum with clubs trump changes nothing.
    assert _declare(d, "hokum", "C", first=0) == (0, (50, 0))
    # Between four-of-a-kinds: four queens (seat 2) beat four jacks (seat 1).
    d = [
        ["AS", "AH", "KS", "KH", "9S", "9H", "8S", "8H"],
        ["JS", "JH", "JD", "JC", "7S", "7H", "AD", "8D"],
        ["QS", "QH", "QD", "QC", "7D", "9D", "KC", "AC"],
        ["10S", "10H", "10D", "10C", "KD", "9C", "8C", "7C"],  # four 10s too
    ]
    assert _declare(d, "sun") == (0, (100, 0))


def test_r26_longer_run_same_top():
    # Seat 0: K-Q-J-10-9 S (Hundred, 5).  Seat 1: K-Q-J-10-9-8 H (Hundred, 6): same top, longer.
    d = [
        ["KS", "QS", "JS", "10S", "9S", "7D", "8C", "AD"],
        ["KH", "QH", "JH", "10H", "9H", "8H", "7C", "9C"],
        ["AS", "8S", "7S", "AH", "7H", "KD", "10C", "QD"],
        ["JD", "9D", "8D", "10D", "AC", "KC", "QC", "JC"],  # A-K-Q-J C Fifty + J-10-9-8 D Fifty
    ]
    assert _declare(d, "sun") == (1, (0, 100 + 50 + 50))


def test_r27_team_scores_all_its_projects():
    # Seat 0: four aces (Four Hundred).  Seat 2 (partner): Sira Q-J-10 H.
    # Seat 1: Fifty K-Q-J-10 S, seat 3: Sira Q-J-10 D.  Team 0 scores 200 + 20, team 1 nothing.
    d = [
        ["AS", "AH", "AD", "AC", "7S", "9D", "8C", "7C"],
        ["KS", "QS", "JS", "10S", "7H", "8D", "9C", "10C"],
        ["QH", "JH", "10H", "9S", "8S", "7D", "KD", "JC"],
        ["KH", "9H", "8H", "QD", "JD", "10D", "KC", "QC"],
    ]
    d_sun = baloot.declare_projects(d, "sun", None, first=0)
    assert d_sun.team == 0 and tuple(d_sun.abnat) == (220, 0)
    assert [len(s) for s in d_sun.by_seat] == [1, 1, 1, 1]
    # Hokum: four aces are only a Hundred (class 3) but still beat the Fifty -> team 0: 100 + 20.
    d_h = baloot.declare_projects(d, "hokum", "S", first=1)
    assert d_h.team == 0 and tuple(d_h.abnat) == (120, 0)
    # Nobody holds anything -> no team.
    none = [
        ["7S", "9S", "JS", "KS", "7H", "9H", "JH", "KH"],
        ["8S", "10S", "QS", "AS", "8H", "10H", "QH", "AH"],
        ["7D", "9D", "JD", "KD", "7C", "9C", "JC", "KC"],
        ["8D", "10D", "QD", "AD", "8C", "10C", "QC", "AC"],
    ]
    d0 = baloot.declare_projects(none, "sun", None, first=2)
    assert d0.team is None and tuple(d0.abnat) == (0, 0)
    assert [list(s) for s in d0.by_seat] == [[], [], [], []]


def test_r28_baloot():
    # Hokum, buyers team 0: 72 + Baloot 20 = 92 > 90 -> made; 7 + 2 vs 9.
    assert score("hokum", 0, (72, 90), (3, 5), baloot=(1, 0)) == ((9, 9), True, None)
    # Khasra: buyers keep their Baloot (2): 60 + 20 = 80 < 102.
    assert score("hokum", 0, (60, 102), (3, 5), baloot=(1, 0)) == ((2, 16), False, None)
    # Doubled: never multiplied: defenders' Baloot 2 stays with them; buyers (100+50) win x2.
    assert score("hokum", 0, (100, 62), (5, 3), projects=(50, 0), baloot=(0, 1),
                 multiplier=2) == ((42, 2), True, None)
    # Kaboot: the swept team keeps its Baloot.
    assert score("hokum", 0, (0, 162), (0, 8), baloot=(1, 0)) == ((2, 25), False, 1)


# ----- E/F. Doubling and scoring --------------------------------------------------------

def test_r32_doubled_winner_takes_all():
    # Hokum x3, buyers made (100 > 62): (16 + 5 [Fifty]) * 3 = 63, loser 0.
    assert score("hokum", 0, (100, 62), (5, 3), projects=(50, 0), multiplier=3) == \
        ((63, 0), True, None)
    # Hokum x4, tie 81-81 -> defenders win: 16 * 4 = 64.
    assert score("hokum", 0, (81, 81), (4, 4), multiplier=4) == ((0, 64), False, None)
    # Sun x2, buyers (team 1) 70 vs 60 with defenders' Sira 20: 70 < 80 -> khasra;
    # defenders (26 + 4) * 2 = 60.
    assert score("sun", 1, (60, 70), (4, 4), projects=(20, 0), multiplier=2) == \
        ((60, 0), False, None)
    # Baloot of the losers stays, unmultiplied: Hokum x2, buyers 0 lose with Baloot.
    assert score("hokum", 0, (50, 112), (2, 6), baloot=(1, 0), multiplier=2) == \
        ((2, 32), False, None)


def test_r34_sun_conversion():
    g = baloot.game_points
    assert (g(80, "sun"), g(50, "sun")) == (16, 10)  # seed examples
    assert (g(65, "sun"), g(75, "sun")) == (13, 15)
    assert (g(63, "sun"), g(67, "sun")) == (13, 13)  # 12.6 -> 13, 13.4 -> 13
    assert (g(64, "sun"), g(66, "sun")) == (13, 13)  # 12.8, 13.2
    assert (g(0, "sun"), g(130, "sun"), g(1, "sun"), g(3, "sun")) == (0, 26, 0, 1)
    # Made Sun hand 64-66 (buyers team 1): 13 + 13 = 26.
    assert score("sun", 1, (64, 66), (4, 4)) == ((13, 13), True, None)


def test_r35_hokum_conversion():
    g = baloot.game_points
    assert (g(86, "hokum"), g(76, "hokum"), g(85, "hokum"), g(75, "hokum")) == (9, 8, 8, 7)
    assert (g(6, "hokum"), g(156, "hokum"), g(0, "hokum"), g(162, "hokum")) == (1, 16, 0, 16)
    # 86/76: both round up (9 + 8 = 17): the buyers round down.
    assert score("hokum", 0, (86, 76), (5, 3)) == ((8, 8), True, None)
    assert score("hokum", 1, (66, 96), (3, 5)) == ((7, 9), True, None)
    # 85/77: 8 + 8 = 16, nothing to adjust.
    assert score("hokum", 0, (85, 77), (5, 3)) == ((8, 8), True, None)
    # 92/70: 9 + 7.
    assert score("hokum", 1, (70, 92), (3, 5)) == ((7, 9), True, None)


def test_r36_buyer_check_in_abnat():
    # Sun 63-67: both 13 GP, but 63 < 67 abnat -> khasra.
    assert score("sun", 0, (63, 67), (4, 4)) == ((0, 26), False, None)
    # Projects count in the check: 60 + 20 = 80 > 70.  GP 12 + 4 vs 14.
    assert score("sun", 0, (60, 70), (4, 4), projects=(20, 0)) == ((16, 14), True, None)
    # Hokum 70 + Fifty 50 = 120 > 92: 7 + 5 vs 9.
    assert score("hokum", 0, (70, 92), (3, 5), projects=(50, 0)) == ((12, 9), True, None)
    # Defenders' projects count for them: 90 vs 72 + 20 = 92 -> khasra (16 + 2).
    assert score("hokum", 0, (90, 72), (5, 3), projects=(0, 20)) == ((0, 18), False, None)


def test_r37_contract_made():
    # Hokum, buyers 0: 100 + 20 (Sira) vs 62 + 20 (Baloot): made. 10 + 2 ; 6 + 2.
    assert score("hokum", 0, (100, 62), (6, 2), projects=(20, 0), baloot=(0, 1)) == \
        ((12, 8), True, None)
    # Sun, buyers 1: 90 vs 40: 18 vs 8.
    assert score("sun", 1, (40, 90), (2, 6)) == ((8, 18), True, None)


def test_r38_khasra():
    # Buyers 0: 60 + 20 (Baloot) = 80 < 102 + 50 (Fifty): defenders 16 + 5 = 21, buyers keep 2.
    assert score("hokum", 0, (60, 102), (3, 5), projects=(0, 50), baloot=(1, 0)) == \
        ((2, 21), False, None)
    # The buyers' own projects go to the defenders: 50 + 20 = 70 < 112 -> (0, 16 + 2).
    assert score("hokum", 0, (50, 112), (2, 6), projects=(20, 0)) == ((0, 18), False, None)
    # Sun: buyers 1 with 40 -> defenders 26.
    assert score("sun", 1, (90, 40), (6, 2)) == ((26, 0), False, None)
    # Defenders keep their own Baloot as well: 16 + 2.
    assert score("hokum", 1, (102, 60), (5, 3), baloot=(1, 0)) == ((18, 0), False, None)


def test_r39_tie_is_khasra():
    assert score("sun", 0, (65, 65), (4, 4)) == ((0, 26), False, None)
    assert score("hokum", 1, (81, 81), (4, 4)) == ((16, 0), False, None)
    # Tie reached with projects: 71 + 20 = 91 vs 91 -> khasra, defenders 16 + 2.
    assert score("hokum", 0, (71, 91), (4, 4), projects=(20, 0)) == ((0, 18), False, None)


def test_r40_kaboot():
    # Buyers sweep in Sun: 44.
    assert score("sun", 0, (130, 0), (8, 0)) == ((44, 0), True, 0)
    # Defenders sweep in Sun, taking the buyers' scored Fifty too: 44 + 10.
    assert score("sun", 0, (0, 130), (0, 8), projects=(50, 0)) == ((0, 54), False, 1)
    # Hokum buyers sweep with their Sira: 25 + 2.
    assert score("hokum", 1, (0, 162), (0, 8), projects=(0, 20)) == ((0, 27), True, 1)
    # Host option 88/50.
    assert score("hokum", 0, (162, 0), (8, 0), kaboot="double") == ((50, 0), True, 0)
    assert score("sun", 1, (130, 0), (8, 0), kaboot="double") == ((88, 0), False, 0)
    # Host option off: scored normally (16 / 26).
    assert score("hokum", 0, (162, 0), (8, 0), kaboot="off") == ((16, 0), True, None)
    assert score("sun", 0, (0, 130), (0, 8), kaboot="off") == ((0, 26), False, None)
    # Doubled kaboot: (25 + 2 [Sira]) * 2 + Baloot 2 unmultiplied.
    assert score("hokum", 1, (0, 162), (0, 8), projects=(0, 20), baloot=(0, 1), multiplier=2) == \
        ((0, 56), True, 1)
    # Doubled Sun defenders' kaboot: 44 * 2.
    assert score("sun", 1, (130, 0), (8, 0), multiplier=2) == ((88, 0), False, 0)


def test_r27_project_totals_only_two_disjoint_hands_can_hold():
    # A team scores the sets of its two hands, which share no card: one Four Hundred (four aces) at most.
    for total in (400, 420, 450, 500):  # 400+100 with 100+100, 200+20 with 100+100, ...
        score("sun", 0, (80, 50), (5, 3), projects=(total, 0))
    for total in (440, 470, 520, 550, 600, 620):  # each needs two Four Hundreds, or is past any sum
        with pytest.raises(baloot.BalootError, match=f"{total} is not the project abnat"):
            score("sun", 0, (80, 50), (5, 3), projects=(total, 0))
    score("hokum", 0, (100, 62), (5, 3), projects=(400, 0))  # four four-of-a-kinds: 10s, jacks, queens, kings
    with pytest.raises(baloot.BalootError, match="410 is not"):
        score("hokum", 0, (100, 62), (5, 3), projects=(410, 0))
