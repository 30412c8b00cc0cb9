"""Scripted bidding and doubling through ``baloot.Game`` (seed text; docs/rules.md R2-R16, R29-R31).

Every scenario deals a hand-built deck (tests/deals.py, dealing order of docs/api.md) with the up-card it
needs, then checks ``to_move``, ``phase``, ``legal_actions()`` and ``contract`` before and after each
call, and finally that the deal is completed as R3 says (the buyer, or under Ashkal the buyer's
partner, holds the up-card; everyone holds 8) and that dealer+1 leads (R5).
"""

from __future__ import annotations

import pytest
from deals import first_deal, full_deal, hands_equal, shuffled_deck

from baloot import Game, IllegalAction, Rules

SUITS = ("S", "H", "D", "C")
DEALERS = (0, 1, 2, 3)


class Script:
    """One hand driven call by call, checking the state the rules demand before every call."""

    def __init__(self, dealer: int = 0, up: str = "QD", rules: Rules = None, scores=(0, 0), seed: int = 0):
        self.dealer = dealer
        self.up = up
        self.rules = rules if rules is not None else Rules()
        self.scores = scores
        self.deck = shuffled_deck(up, seed=seed + 7 * dealer)
        self.g = Game(rules=rules, dealer=dealer, deck=self.deck, scores=scores)
        assert self.g.up_card == up
        assert hands_equal(self.g.hands, first_deal(self.deck, dealer)) is None

    def p(self, k: int) -> int:
        """The seat k places after the dealer (p(1) speaks first, p(4) == p(0) is the dealer)."""
        return (self.dealer + k) % 4

    # ---- what each seat may say ----------------------------------------------------------------

    def ashkal_ok(self, seat: int) -> bool:
        """R10, R12: dealer or dealer+3, not on an ace up-card, and only while the host allows it."""
        return self.rules.ashkal and not self.up.startswith("A") and seat in (self.dealer, self.p(3))

    def _sun(self, seat: int) -> set:
        return {"sun", "ashkal"} if self.ashkal_ok(seat) else {"sun"}

    def turn1(self, seat: int) -> set:
        return {"pass", "hokum"} | self._sun(seat)

    def turn2(self, seat: int) -> set:
        up_suit = self.up[-1]
        return {"pass"} | {f"hokum:{s}" for s in SUITS if s != up_suit} | self._sun(seat)

    def over_hokum(self, seat: int) -> set:
        return {"pass"} | self._sun(seat)

    PRIORITY = frozenset({"pass", "sun"})

    # ---- driving -------------------------------------------------------------------------------

    def say(self, seat: int, action: str, legal) -> None:
        g = self.g
        where = f"before {action!r} by seat {seat}; history {g.history}"
        assert g.phase == "bidding", where
        assert g.contract is None, where
        assert g.to_move == seat, f"to_move {g.to_move} != {seat} {where}"
        actions = g.legal_actions()
        assert len(actions) == len(set(actions)), where
        assert set(actions) == set(legal), f"legal {sorted(actions)} != {sorted(legal)} {where}"
        assert hands_equal(g.hands, first_deal(self.deck, self.dealer)) is None, where
        g.apply(action)
        assert g.history[-1] == action

    def refuse(self, action: str) -> None:
        """``action`` is not offered and applying it raises IllegalAction, leaving the game unchanged."""
        g = self.g
        assert action not in g.legal_actions()
        before = g.to_json()
        with pytest.raises(IllegalAction):
            g.apply(action)
        assert g.to_json() == before

    def bought(self, mode: str, trump, buyer: int, ashkal: bool = False) -> None:
        """The contract is fixed; the game is in doubling (Hokum, or a Sun that may be doubled) or play."""
        g = self.g
        c = g.contract
        assert c is not None, f"no contract after {g.history}"
        assert (c.mode, c.trump, c.buyer, c.ashkal) == (mode, trump, buyer, ashkal), (c, g.history)
        assert (c.multiplier, c.gahwa) == (1, False), c
        if self.doubling_expected(mode, buyer):
            assert g.phase == "doubling", g.history
            assert g.to_move == (buyer + 1) % 4
            assert set(g.legal_actions()) == {"pass", "double"}
            # before the last cards are dealt (seed): still 5 cards each
            assert hands_equal(g.hands, first_deal(self.deck, self.dealer)) is None
        else:
            assert g.phase == "playing", (g.phase, g.history)

    def doubling_expected(self, mode: str, buyer: int) -> bool:
        if mode == "hokum":
            return True  # R31: any round, any score
        buyers, defenders = self.scores[buyer % 2], self.scores[1 - buyer % 2]
        return buyers > 100 and defenders < 100  # R30

    def complete(self) -> None:
        """Decline any doubling, then check the completed deal (R3) and the first lead (R5)."""
        g = self.g
        c = g.contract
        if g.phase == "doubling":
            for k in (1, 3):
                assert g.to_move == (c.buyer + k) % 4
                g.apply("pass")
        self.check_play_start()

    def check_play_start(self) -> None:
        g = self.g
        c = g.contract
        assert g.phase == "playing", g.history
        holder = (c.buyer + 2) % 4 if c.ashkal else c.buyer
        assert self.up in g.hands[holder], f"up-card {self.up} not with seat {holder}: {g.hands}"
        assert all(len(h) == 8 for h in g.hands), g.hands
        assert hands_equal(g.hands, full_deal(self.deck, self.dealer, holder)) is None, \
            hands_equal(g.hands, full_deal(self.deck, self.dealer, holder))
        assert g.to_move == self.p(1), f"first lead by {g.to_move}, expected dealer+1 = {self.p(1)}"
        assert g.trick == [] and g.tricks == []
        assert set(g.legal_actions()) == set(g.hands[self.p(1)])

    def pass_round1(self) -> None:
        for k in (1, 2, 3, 4):
            self.say(self.p(k), "pass", self.turn1(self.p(k)))
        assert self.g.phase == "bidding"


# ---- the deal and round 1 ---------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", DEALERS)
def test_initial_state(dealer):
    s = Script(dealer, up="9H")
    g = s.g
    assert g.phase == "bidding" and g.to_move == s.p(1) and g.dealer == dealer
    assert g.contract is None and g.result is None and g.history == []
    assert all(len(h) == 5 for h in g.hands)
    assert set(g.legal_actions()) == s.turn1(s.p(1)) == {"pass", "hokum", "sun"}


@pytest.mark.parametrize("dealer", DEALERS)
@pytest.mark.parametrize("caller_k", (1, 2, 3, 4))
def test_round1_hokum_bought_when_all_decline(dealer, caller_k):
    """R7: after a round-1 Hokum every other seat gets one Sun chance: caller+1, caller+2, caller+3
    (later players first, then the earlier passers), and no second Hokum is offered."""
    s = Script(dealer, up="10S")
    caller = s.p(caller_k)
    for k in range(1, caller_k):
        s.say(s.p(k), "pass", s.turn1(s.p(k)))
    s.say(caller, "hokum", s.turn1(caller))
    for step in (1, 2, 3):
        seat = (caller + step) % 4
        assert s.g.to_move == seat
        s.refuse("hokum")
        s.say(seat, "pass", s.over_hokum(seat))
    s.bought("hokum", "S", caller)
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
def test_sun_over_hokum_hokum_caller_is_asked_first(dealer):
    """p1 Hokum, p2 Sun over it: only p1 spoke before p2, so p1 alone gets the priority question (R9)."""
    s = Script(dealer, up="KC")
    s.say(s.p(1), "hokum", s.turn1(s.p(1)))
    s.say(s.p(2), "sun", s.over_hokum(s.p(2)))
    s.say(s.p(1), "pass", Script.PRIORITY)
    s.bought("sun", None, s.p(2))
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
def test_sun_over_hokum_by_dealer_priority_queue(dealer):
    """p1 pass, p2 Hokum, p3 pass, dealer Sun: p1, p2, p3 are asked in that order; all decline."""
    s = Script(dealer, up="KC")
    s.say(s.p(1), "pass", s.turn1(s.p(1)))
    s.say(s.p(2), "hokum", s.turn1(s.p(2)))
    s.say(s.p(3), "pass", s.over_hokum(s.p(3)))
    s.say(s.p(4), "sun", s.over_hokum(s.p(4)))
    for k in (1, 2, 3):
        s.say(s.p(k), "pass", Script.PRIORITY)
    s.bought("sun", None, s.p(4))
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
def test_sun_over_hokum_by_earlier_passer(dealer):
    """p1, p2 pass, p3 Hokum, dealer passes on its chance, then p1 (an earlier passer) calls Sun over
    the Hokum. Everyone else has spoken in round 1, so p2, p3, dealer are asked (R9); all decline."""
    s = Script(dealer, up="8D")
    s.say(s.p(1), "pass", s.turn1(s.p(1)))
    s.say(s.p(2), "pass", s.turn1(s.p(2)))
    s.say(s.p(3), "hokum", s.turn1(s.p(3)))
    s.say(s.p(4), "pass", s.over_hokum(s.p(4)))
    s.say(s.p(1), "sun", s.over_hokum(s.p(1)))
    for k in (2, 3, 4):
        s.say(s.p(k), "pass", Script.PRIORITY)
    s.bought("sun", None, s.p(1))
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
def test_sun_over_hokum_taken_by_hokum_caller(dealer):
    """p1 Hokum, p2 pass, p3 Sun: p1 (first speaker) is asked and takes it with his own plain Sun."""
    s = Script(dealer, up="JH")
    s.say(s.p(1), "hokum", s.turn1(s.p(1)))
    s.say(s.p(2), "pass", s.over_hokum(s.p(2)))
    s.say(s.p(3), "sun", s.over_hokum(s.p(3)))
    s.say(s.p(1), "sun", Script.PRIORITY)
    s.bought("sun", None, s.p(1))
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
def test_ashkal_over_hokum_stands(dealer):
    """R11: Ashkal in dealer+3's one chance over a Hokum; p1, p2 decline priority; partner takes the up-card."""
    s = Script(dealer, up="JH")
    s.say(s.p(1), "hokum", s.turn1(s.p(1)))
    s.say(s.p(2), "pass", s.over_hokum(s.p(2)))
    s.say(s.p(3), "ashkal", s.over_hokum(s.p(3)))
    s.say(s.p(1), "pass", Script.PRIORITY)
    s.say(s.p(2), "pass", Script.PRIORITY)
    s.bought("sun", None, s.p(3), ashkal=True)
    s.complete()
    assert s.up in s.g.hands[s.p(1)]


# ---- Sun priority (R9) -------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", DEALERS)
def test_sun_priority_accepted_by_second_asked(dealer):
    """p1, p2 pass, p3 Sun: p1 then p2 are asked; p1 declines, p2 says sun and buys with plain Sun."""
    s = Script(dealer, up="9S")
    s.say(s.p(1), "pass", s.turn1(s.p(1)))
    s.say(s.p(2), "pass", s.turn1(s.p(2)))
    s.say(s.p(3), "sun", s.turn1(s.p(3)))
    s.say(s.p(1), "pass", Script.PRIORITY)
    s.say(s.p(2), "sun", Script.PRIORITY)
    s.bought("sun", None, s.p(2))
    s.complete()
    assert s.up in s.g.hands[s.p(2)]


@pytest.mark.parametrize("dealer", DEALERS)
def test_sun_priority_over_ashkal_gives_plain_sun(dealer):
    """p3 Ashkal; the first earlier speaker (p1) says sun: p1 buys an ordinary Sun and takes the up-card."""
    s = Script(dealer, up="9S")
    s.say(s.p(1), "pass", s.turn1(s.p(1)))
    s.say(s.p(2), "pass", s.turn1(s.p(2)))
    s.say(s.p(3), "ashkal", s.turn1(s.p(3)))
    s.refuse("ashkal")  # the priority answer is plain Sun
    s.say(s.p(1), "sun", Script.PRIORITY)
    s.bought("sun", None, s.p(1), ashkal=False)
    s.complete()
    assert s.up in s.g.hands[s.p(1)]


@pytest.mark.parametrize("dealer", DEALERS)
def test_sun_priority_over_dealer_ashkal_by_eligible_seat_is_plain(dealer):
    """Dealer's Ashkal, p3 (Ashkal-eligible himself) takes it in the priority round: plain Sun only."""
    s = Script(dealer, up="7C")
    for k in (1, 2, 3):
        s.say(s.p(k), "pass", s.turn1(s.p(k)))
    s.say(s.p(4), "ashkal", s.turn1(s.p(4)))
    s.say(s.p(1), "pass", Script.PRIORITY)
    s.say(s.p(2), "pass", Script.PRIORITY)
    assert s.g.to_move == s.p(3)
    s.refuse("ashkal")
    s.say(s.p(3), "sun", Script.PRIORITY)
    s.bought("sun", None, s.p(3), ashkal=False)
    s.complete()
    assert s.up in s.g.hands[s.p(3)]


@pytest.mark.parametrize("dealer", DEALERS)
def test_sun_priority_declined_ashkal_by_dealer_plus_3_stands(dealer):
    s = Script(dealer, up="10D")
    s.say(s.p(1), "pass", s.turn1(s.p(1)))
    s.say(s.p(2), "pass", s.turn1(s.p(2)))
    s.say(s.p(3), "ashkal", s.turn1(s.p(3)))
    s.say(s.p(1), "pass", Script.PRIORITY)
    s.say(s.p(2), "pass", Script.PRIORITY)
    s.bought("sun", None, s.p(3), ashkal=True)
    s.complete()
    # R3/R10: the caller's partner (dealer+1) holds the up-card; the caller got 3 more like everyone else
    assert s.up in s.g.hands[s.p(1)] and s.up not in s.g.hands[s.p(3)]


@pytest.mark.parametrize("dealer", DEALERS)
def test_sun_priority_declined_ashkal_by_dealer_stands(dealer):
    s = Script(dealer, up="10D")
    for k in (1, 2, 3):
        s.say(s.p(k), "pass", s.turn1(s.p(k)))
    s.say(s.p(4), "ashkal", s.turn1(s.p(4)))
    for k in (1, 2, 3):
        s.say(s.p(k), "pass", Script.PRIORITY)
    s.bought("sun", None, s.p(4), ashkal=True)
    s.complete()
    assert s.up in s.g.hands[s.p(2)] and s.up not in s.g.hands[s.p(4)]


@pytest.mark.parametrize("dealer", DEALERS)
def test_sun_priority_declined_plain_sun_stands(dealer):
    s = Script(dealer, up="10D")
    s.say(s.p(1), "pass", s.turn1(s.p(1)))
    s.say(s.p(2), "sun", s.turn1(s.p(2)))
    s.say(s.p(1), "pass", Script.PRIORITY)
    s.bought("sun", None, s.p(2))
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
def test_first_speaker_sun_asks_nobody(dealer):
    s = Script(dealer, up="10D")
    s.say(s.p(1), "sun", s.turn1(s.p(1)))
    s.bought("sun", None, s.p(1))
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
def test_sun_priority_off(dealer):
    """Rules(sun_priority=False): a Sun or Ashkal call buys at once."""
    rules = Rules(sun_priority=False)
    s = Script(dealer, up="10D", rules=rules)
    s.say(s.p(1), "pass", s.turn1(s.p(1)))
    s.say(s.p(2), "pass", s.turn1(s.p(2)))
    s.say(s.p(3), "sun", s.turn1(s.p(3)))
    s.bought("sun", None, s.p(3))
    s.complete()

    s = Script(dealer, up="10D", rules=rules)
    for k in (1, 2, 3):
        s.say(s.p(k), "pass", s.turn1(s.p(k)))
    s.say(s.p(4), "ashkal", s.turn1(s.p(4)))
    s.bought("sun", None, s.p(4), ashkal=True)
    s.complete()

    s = Script(dealer, up="10D", rules=rules)
    s.say(s.p(1), "hokum", s.turn1(s.p(1)))
    s.say(s.p(2), "sun", s.over_hokum(s.p(2)))
    s.bought("sun", None, s.p(2))
    s.complete()


# ---- Ashkal eligibility (R10-R12) ---------------------------------------------------------------------


@pytest.mark.parametrize("dealer", DEALERS)
def test_ashkal_only_dealer_and_dealer_plus_3(dealer):
    s = Script(dealer, up="KS")
    for k in (1, 2):
        s.refuse("ashkal")
        s.say(s.p(k), "pass", s.turn1(s.p(k)))
    assert "ashkal" in s.g.legal_actions()  # dealer+3
    s.say(s.p(3), "pass", s.turn1(s.p(3)))
    assert "ashkal" in s.g.legal_actions()  # dealer
    s.say(s.p(4), "ashkal", s.turn1(s.p(4)))
    for k in (1, 2, 3):
        s.say(s.p(k), "pass", Script.PRIORITY)
    s.bought("sun", None, s.p(4), ashkal=True)
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
@pytest.mark.parametrize("up", ("AS", "AH", "AD", "AC"))
def test_no_ashkal_on_ace_up_card(dealer, up):
    """R12: nobody may call Ashkal on an ace; plain Sun is still open to the dealer."""
    s = Script(dealer, up=up)
    for k in (1, 2, 3):
        s.refuse("ashkal")
        s.say(s.p(k), "pass", s.turn1(s.p(k)))
    s.refuse("ashkal")
    assert set(s.g.legal_actions()) == {"pass", "hokum", "sun"}
    s.say(s.p(4), "sun", {"pass", "hokum", "sun"})
    for k in (1, 2, 3):
        s.say(s.p(k), "pass", Script.PRIORITY)
    s.bought("sun", None, s.p(4))
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
def test_no_ashkal_when_host_turns_it_off(dealer):
    s = Script(dealer, up="QS", rules=Rules(ashkal=False))
    for k in (1, 2, 3, 4):
        s.refuse("ashkal")
        s.say(s.p(k), "pass", {"pass", "hokum", "sun"})
    for k in (1, 2, 3, 4):  # round 2 too
        s.refuse("ashkal")
        assert "ashkal" not in s.turn2(s.p(k))
        s.say(s.p(k), "pass", s.turn2(s.p(k)))
    assert s.g.phase == "over"


@pytest.mark.parametrize("dealer", DEALERS)
def test_ashkal_in_round_2(dealer):
    """R11: Ashkal may be called in round 2; p1, p2 (round-2 passers) decline priority; partner takes the up-card."""
    s = Script(dealer, up="QS")
    s.pass_round1()
    s.say(s.p(1), "pass", s.turn2(s.p(1)))
    s.refuse("ashkal")
    s.say(s.p(2), "pass", s.turn2(s.p(2)))
    assert "ashkal" in s.g.legal_actions()
    s.say(s.p(3), "ashkal", s.turn2(s.p(3)))
    s.say(s.p(1), "pass", Script.PRIORITY)
    s.say(s.p(2), "pass", Script.PRIORITY)
    s.bought("sun", None, s.p(3), ashkal=True)
    s.complete()
    assert s.up in s.g.hands[s.p(1)]


# ---- round 2 (R13-R16) --------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", DEALERS)
@pytest.mark.parametrize("up", ("QS", "QH", "QD", "QC"))
def test_round2_offers_every_suit_but_the_up_cards(dealer, up):
    s = Script(dealer, up=up)
    s.pass_round1()
    assert s.g.to_move == s.p(1)
    expected = {"pass", "sun"} | {f"hokum:{x}" for x in SUITS if x != up[-1]}
    assert set(s.g.legal_actions()) == expected
    s.refuse("hokum")
    s.refuse(f"hokum:{up[-1]}")


@pytest.mark.parametrize("dealer", DEALERS)
@pytest.mark.parametrize("trump", ("S", "H", "C"))
def test_round2_hokum_bought_in_named_suit(dealer, trump):
    s = Script(dealer, up="8D")
    s.pass_round1()
    s.say(s.p(1), f"hokum:{trump}", s.turn2(s.p(1)))
    for k in (2, 3, 4):
        s.refuse(f"hokum:{trump}")
        s.say(s.p(k), "pass", s.over_hokum(s.p(k)))
    s.bought("hokum", trump, s.p(1))
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
def test_round2_hokum_only_unspoken_seats_get_sun_chance(dealer):
    """R13: after p3's round-2 Hokum only the dealer has not spoken in round 2; he passes and p3 buys."""
    s = Script(dealer, up="8D")
    s.pass_round1()
    s.say(s.p(1), "pass", s.turn2(s.p(1)))
    s.say(s.p(2), "pass", s.turn2(s.p(2)))
    s.say(s.p(3), "hokum:S", s.turn2(s.p(3)))
    s.say(s.p(4), "pass", s.over_hokum(s.p(4)))
    s.bought("hokum", "S", s.p(3))
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
@pytest.mark.parametrize("call", ("sun", "ashkal"))
def test_round2_sun_over_hokum_has_no_priority(dealer, call):
    """R14: the dealer's Sun/Ashkal over p3's round-2 Hokum stands at once: p1, p2, p3 are not asked."""
    s = Script(dealer, up="8D")
    s.pass_round1()
    s.say(s.p(1), "pass", s.turn2(s.p(1)))
    s.say(s.p(2), "pass", s.turn2(s.p(2)))
    s.say(s.p(3), "hokum:C", s.turn2(s.p(3)))
    s.say(s.p(4), call, s.over_hokum(s.p(4)))
    s.bought("sun", None, s.p(4), ashkal=call == "ashkal")
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
def test_round2_sun_over_first_speakers_hokum_no_priority(dealer):
    """p1 round-2 Hokum, p2 passes its chance, p3 Sun: stands at once (neither p1 nor p2 may call Sun now)."""
    s = Script(dealer, up="8D")
    s.pass_round1()
    s.say(s.p(1), "hokum:H", s.turn2(s.p(1)))
    s.say(s.p(2), "pass", s.over_hokum(s.p(2)))
    s.say(s.p(3), "sun", s.over_hokum(s.p(3)))
    s.bought("sun", None, s.p(3))
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
def test_round2_hokum_by_dealer_after_three_passes_buys_at_once(dealer):
    s = Script(dealer, up="8D")
    s.pass_round1()
    for k in (1, 2, 3):
        s.say(s.p(k), "pass", s.turn2(s.p(k)))
    s.say(s.p(4), "hokum:S", s.turn2(s.p(4)))
    s.bought("hokum", "S", s.p(4))
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
def test_round2_sun_priority_to_round2_passers(dealer):
    """R14 before any round-2 Hokum: R9 applies to the earlier round-2 passers (p1 then p2)."""
    s = Script(dealer, up="8D")
    s.pass_round1()
    s.say(s.p(1), "pass", s.turn2(s.p(1)))
    s.say(s.p(2), "pass", s.turn2(s.p(2)))
    s.say(s.p(3), "sun", s.turn2(s.p(3)))
    s.say(s.p(1), "pass", Script.PRIORITY)
    s.say(s.p(2), "sun", Script.PRIORITY)
    s.bought("sun", None, s.p(2))
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
def test_round2_first_speaker_sun_asks_nobody(dealer):
    """Round-1 speaking does not count in round 2 (R9 'that round'): p1's round-2 Sun stands at once."""
    s = Script(dealer, up="8D")
    s.pass_round1()
    s.say(s.p(1), "sun", s.turn2(s.p(1)))
    s.bought("sun", None, s.p(1))
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
def test_throw_in_after_two_rounds_of_passes(dealer):
    """R16: thrown in, no score."""
    s = Script(dealer, up="8D")
    s.pass_round1()
    for k in (1, 2, 3, 4):
        s.say(s.p(k), "pass", s.turn2(s.p(k)))
    g = s.g
    assert g.phase == "over" and g.to_move is None
    assert g.legal_actions() == []
    assert g.contract is None
    assert g.result is not None
    assert g.result.made is None and tuple(g.result.points) == (0, 0) and g.result.kaboot is None
    assert g.history == ["pass"] * 8
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply("pass")
    assert g.to_json() == before


# ---- R8 variant: Hokum caller may switch to Sun ---------------------------------------------------


@pytest.mark.parametrize("dealer", DEALERS)
@pytest.mark.parametrize("answer", ("hokum", "sun"))
def test_hokum_to_sun_round1(dealer, answer):
    s = Script(dealer, up="JC", rules=Rules(hokum_to_sun=True))
    s.say(s.p(1), "pass", s.turn1(s.p(1)))
    s.say(s.p(2), "hokum", s.turn1(s.p(2)))
    for k in (3, 4, 1):
        s.say(s.p(k), "pass", s.over_hokum(s.p(k)))
    s.say(s.p(2), answer, {"hokum", "sun"})
    if answer == "hokum":
        s.bought("hokum", "C", s.p(2))
    else:
        s.bought("sun", None, s.p(2))
    s.complete()


@pytest.mark.parametrize("dealer", DEALERS)
@pytest.mark.parametrize("answer", ("hokum:S", "sun"))
def test_hokum_to_sun_round2(dealer, answer):
    s = Script(dealer, up="JC", rules=Rules(hokum_to_sun=True))
    s.pass_round1()
    s.say(s.p(1), "hokum:S", s.turn2(s.p(1)))
    for k in (2, 3, 4):
        s.say(s.p(k), "pass", s.over_hokum(s.p(k)))
    s.say(s.p(1), answer, {"hokum:S", "sun"})
    if answer == "sun":
        s.bought("sun", None, s.p(1))
    else:
        s.bought("hokum", "S", s.p(1))
    s.complete()


def test_hokum_to_sun_not_offered_when_sun_called_over_it():
    s = Script(0, up="JC", rules=Rules(hokum_to_sun=True))
    s.say(1, "hokum", s.turn1(1))
    s.say(2, "sun", s.over_hokum(2))
    s.say(1, "pass", Script.PRIORITY)
    s.bought("sun", None, 2)


# ---- doubling (R29-R31) ---------------------------------------------------------------------------------

# Each chain: (actor, action, legal before, multiplier after, gahwa after); actor is an offset from the
# buyer, or "doubler". None as the last entry's multiplier check means "play has started".
CHAINS = {
    "both defenders decline": [(1, "pass", {"pass", "double"}, 1, False), (3, "pass", {"pass", "double"}, 1, False)],
    "double by buyer+1, no three": [(1, "double", {"pass", "double"}, 2, False), (0, "pass", {"pass", "three"}, 2, False)],
    "double by buyer+3, no three": [(1, "pass", {"pass", "double"}, 1, False), (3, "double", {"pass", "double"}, 2, False),
                                    (0, "pass", {"pass", "three"}, 2, False)],
    "three, no four": [(1, "double", {"pass", "double"}, 2, False), (0, "three", {"pass", "three"}, 3, False),
                       ("doubler", "pass", {"pass", "four"}, 3, False)],
    "three by buyer, four by buyer+3": [(1, "pass", {"pass", "double"}, 1, False),
                                        (3, "double", {"pass", "double"}, 2, False),
                                        (0, "three", {"pass", "three"}, 3, False),
                                        ("doubler", "four", {"pass", "four"}, 4, False),
                                        (0, "pass", {"pass", "gahwa"}, 4, False)],
    "gahwa": [(1, "double", {"pass", "double"}, 2, False), (0, "three", {"pass", "three"}, 3, False),
              ("doubler", "four", {"pass", "four"}, 4, False), (0, "gahwa", {"pass", "gahwa"}, 4, True)],
    "gahwa after buyer+3 doubles": [(1, "pass", {"pass", "double"}, 1, False),
                                    (3, "double", {"pass", "double"}, 2, False),
                                    (0, "three", {"pass", "three"}, 3, False),
                                    ("doubler", "four", {"pass", "four"}, 4, False),
                                    (0, "gahwa", {"pass", "gahwa"}, 4, True)],
}


def hokum_bought_by(s: Script, k: int) -> int:
    """Round 1: seats before p(k) pass, p(k) calls Hokum, everyone declines. Returns the buyer."""
    for j in range(1, k):
        s.say(s.p(j), "pass", s.turn1(s.p(j)))
    s.say(s.p(k), "hokum", s.turn1(s.p(k)))
    for step in (1, 2, 3):
        seat = (s.p(k) + step) % 4
        s.say(seat, "pass", s.over_hokum(seat))
    s.bought("hokum", s.up[-1], s.p(k))
    return s.p(k)


def run_chain(s: Script, buyer: int, chain) -> None:
    g = s.g
    doubler = None
    for actor, action, legal, multiplier, gahwa in chain:
        seat = doubler if actor == "doubler" else (buyer + actor) % 4
        assert g.phase == "doubling", (g.history, actor, action)
        assert g.to_move == seat, f"to_move {g.to_move}, expected {seat} for {action!r}; history {g.history}"
        assert set(g.legal_actions()) == legal, (g.legal_actions(), legal, g.history)
        g.apply(action)
        if action == "double":
            doubler = seat
        assert g.contract.multiplier == multiplier, (g.contract, g.history)
        assert g.contract.gahwa is gahwa, (g.contract, g.history)
    assert g.phase == "playing", g.history
    s.check_play_start()


@pytest.mark.parametrize("dealer", DEALERS)
@pytest.mark.parametrize("buyer_k", (1, 2, 3, 4))
@pytest.mark.parametrize("chain", sorted(CHAINS))
def test_hokum_doubling_chain(dealer, buyer_k, chain):
    s = Script(dealer, up="9C")
    buyer = hokum_bought_by(s, buyer_k)
    run_chain(s, buyer, CHAINS[chain])


@pytest.mark.parametrize("scores", [(0, 0), (100, 99), (99, 100), (140, 20), (20, 140), (150, 150)])
def test_hokum_doubling_at_any_score(scores):
    """R31."""
    s = Script(1, up="9C", scores=scores)
    buyer = hokum_bought_by(s, 2)
    run_chain(s, buyer, CHAINS["gahwa"])


def test_round2_hokum_can_be_doubled():
    s = Script(2, up="9C")
    s.pass_round1()
    s.say(s.p(1), "hokum:D", s.turn2(s.p(1)))
    for k in (2, 3, 4):
        s.say(s.p(k), "pass", s.over_hokum(s.p(k)))
    s.bought("hokum", "D", s.p(1))
    run_chain(s, s.p(1), CHAINS["three, no four"])


def sun_scores(buyer: int, buyers: int, defenders: int):
    scores = [0, 0]
    scores[buyer % 2], scores[1 - buyer % 2] = buyers, defenders
    return tuple(scores)


@pytest.mark.parametrize("dealer", DEALERS)
@pytest.mark.parametrize("buyer_k", (1, 2))
@pytest.mark.parametrize("doubler_offset", (1, 3))
def test_sun_double_allowed_at_101_99_and_only_once(dealer, buyer_k, doubler_offset):
    buyer = (dealer + buyer_k) % 4
    s = Script(dealer, up="10H", scores=sun_scores(buyer, 101, 99))
    for k in range(1, buyer_k):
        s.say(s.p(k), "pass", s.turn1(s.p(k)))
    s.say(buyer, "sun", s.turn1(buyer))
    for k in range(1, buyer_k):
        s.say(s.p(k), "pass", Script.PRIORITY)
    s.bought("sun", None, buyer)
    assert s.g.phase == "doubling"
    chain = [(1, "pass", {"pass", "double"}, 1, False)] if doubler_offset == 3 else []
    chain.append((doubler_offset, "double", {"pass", "double"}, 2, False))
    run_chain(s, buyer, chain)  # no Three after a Sun double: play starts at once
    assert s.g.contract.multiplier == 2
    for call in ("three", "double", "pass"):
        s.refuse(call)


def test_sun_double_declined_by_both():
    s = Script(0, up="10H", scores=(99, 101))
    s.say(1, "sun", s.turn1(1))
    s.bought("sun", None, 1)
    run_chain(s, 1, CHAINS["both defenders decline"])


@pytest.mark.parametrize("dealer", DEALERS)
def test_ashkal_sun_can_be_doubled(dealer):
    """R30 covers Ashkal: buyers 101, defenders 99."""
    buyer = dealer
    s = Script(dealer, up="10H", scores=sun_scores(buyer, 101, 99))
    for k in (1, 2, 3):
        s.say(s.p(k), "pass", s.turn1(s.p(k)))
    s.say(buyer, "ashkal", s.turn1(buyer))
    for k in (1, 2, 3):
        s.say(s.p(k), "pass", Script.PRIORITY)
    s.bought("sun", None, buyer, ashkal=True)
    run_chain(s, buyer, [(1, "double", {"pass", "double"}, 2, False)])
    assert s.up in s.g.hands[(buyer + 2) % 4]


@pytest.mark.parametrize("dealer", DEALERS)
@pytest.mark.parametrize("buyers_defenders", [(100, 99), (101, 100), (99, 101), (0, 0), (150, 150), (101, 120)])
def test_sun_double_refused(dealer, buyers_defenders):
    """R30: buyers must have > 100 and defenders < 100 before the hand; otherwise play starts at once."""
    buyer = (dealer + 3) % 4
    s = Script(dealer, up="10H", scores=sun_scores(buyer, *buyers_defenders))
    s.say(s.p(1), "pass", s.turn1(s.p(1)))
    s.say(s.p(2), "pass", s.turn1(s.p(2)))
    s.say(buyer, "sun", s.turn1(buyer))
    s.say(s.p(1), "pass", Script.PRIORITY)
    s.say(s.p(2), "pass", Script.PRIORITY)
    s.bought("sun", None, buyer)
    assert s.g.phase == "playing"
    s.refuse("double")
    s.check_play_start()


# ---- R5: first lead ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", DEALERS)
@pytest.mark.parametrize("buyer_k", (1, 2, 3, 4))
@pytest.mark.parametrize("mode", ("hokum", "sun"))
def test_first_lead_is_dealer_plus_1_whoever_bought(dealer, buyer_k, mode):
    s = Script(dealer, up="7S")
    buyer = s.p(buyer_k)
    for k in range(1, buyer_k):
        s.say(s.p(k), "pass", s.turn1(s.p(k)))
    s.say(buyer, mode, s.turn1(buyer))
    if mode == "hokum":
        for step in (1, 2, 3):
            seat = (buyer + step) % 4
            s.say(seat, "pass", s.over_hokum(seat))
    else:
        for k in range(1, buyer_k):
            s.say(s.p(k), "pass", Script.PRIORITY)
    s.bought(mode, "S" if mode == "hokum" else None, buyer)
    s.complete()  # asserts to_move == dealer+1 and the completed deal
    first = s.g.to_move
    card = sorted(s.g.legal_actions())[0]
    s.g.apply(card)
    assert s.g.trick == [card] and s.g.to_move == (first + 1) % 4
