"""The "heuristic" built-in player: legality, the rules of its bidding and play, fairness (it reads only
what its seat may see), thread safety, and its margin over the random player.

States are built in the core (``_core.HandState``) from seeded random deals or from decks laid out
by hand, and the players are asked through ``_core.Player(name).choose(state, seed)``.
"""

import random
import statistics
import threading

import pytest

import baloot
from baloot import _core
from baloot.cards import format_card, parse_card
from baloot.roster import player

BIDDING, DOUBLING, PLAYING, OVER = (_core.phases.index(name) for name in ("bidding", "doubling", "playing", "over"))
PASS, HOKUM, HOKUM_SUIT, SUN, ASHKAL, DOUBLE = (_core.actions[name] for name in ("pass", "hokum", "hokum_suit", "sun",
                                                                                   "ashkal", "double"))
SUN_MODE, HOKUM_MODE = _core.modes.index("sun"), _core.modes.index("hokum")
SUITS = "SHDC"

HEURISTIC = _core.Player("heuristic")
RANDOM = _core.Player("random")


def cards(text):
    return [parse_card(c) for c in text.split()]


def mask(indices):
    m = 0
    for i in indices:
        m |= 1 << i
    return m


def legal(state):
    return [a for a in range(44) if state.legal_actions() >> a & 1]


def deck_for(dealer, first5, up, rest, holder=None):
    """A deck in dealing order (docs/api.md) from each seat's first 5 cards, the up-card and the rest.

    `first5` and `rest` map seat -> card strings; the up-card's holder (the buyer; by default the
    first bidder, who buys under force_contract) gets 2 more cards, the others 3. Cards left out
    are dealt to whoever is short.
    """
    holder = (dealer + 1) % 4 if holder is None else holder
    order = [(dealer + 1 + p) % 4 for p in range(4)]
    first = {s: cards(first5.get(s, "")) for s in range(4)}
    later = {s: cards(rest.get(s, "")) for s in range(4)}
    up_i = parse_card(up)
    used = {up_i} | {c for s in range(4) for c in first[s] + later[s]}
    spare = [c for c in range(32) if c not in used]
    for s in range(4):
        while len(first[s]) < 5:
            first[s].append(spare.pop())
    for s in range(4):
        while len(later[s]) < (2 if s == holder else 3):
            later[s].append(spare.pop())
    assert not spare
    deck = [c for s in order for c in first[s][:3]] + [c for s in order for c in first[s][3:]] + [up_i]
    deck += [c for s in order for c in later[s]]
    return deck


def playing_state(dealer, hands, up, mode, trump=None, rules=None):
    """A state at the first lead: `hands` maps seat -> its 8 cards; the first bidder buys and holds `up`."""
    buyer = (dealer + 1) % 4
    first5, rest = {}, {}
    for seat, text in hands.items():
        cs = text.split()
        assert len(cs) == 8, (seat, cs)
        if seat == buyer:
            assert up in cs
            cs.remove(up)
        first5[seat] = " ".join(cs[:5])
        rest[seat] = " ".join(cs[5:])
    s = _core.HandState(deck_for(dealer, first5, up, rest), dealer, (0, 0), rules or _core.Rules())
    s.force_contract(mode, -1 if trump is None else SUITS.index(trump))
    for seat, text in hands.items():
        assert s.hands[seat] == mask(cards(text)), seat
    return s


def play(state, text):
    for c in text.split():
        state.apply(parse_card(c))


def choice(state):
    a = HEURISTIC.choose(state, 0)
    assert state.legal_actions() >> a & 1
    return format_card(a) if a < 32 else a


def play_out(state, players, seed):
    k = 0
    while state.phase != OVER:
        p = players[state.to_move]
        a = p.choose(state, seed * 1_000 + k)
        assert state.legal_actions() >> a & 1, (state.phase, a, legal(state))
        state.apply(a)
        k += 1
    return state


# ----- The factory and its options -----------------------------------------------------------------

def test_options_override_parameters_by_name():
    params = player("heuristic").defaults()
    assert params["hokum_threshold"] == 0 and "sun_threshold" in params and len(params) > 30
    for name in params:  # every parameter is an option
        _core.Player("heuristic", {name: params[name] + 1})
    _core.Player("heuristic", {"hokum_threshold": 3.5, "master_keep": 10})
    with pytest.raises(baloot.BalootError, match="no option hokum_treshold"):
        _core.Player("heuristic", {"hokum_treshold": 1})
    with pytest.raises(baloot.BalootError):
        _core.Player("random", {"hokum_threshold": 1})


def test_options_change_the_bidding():
    # J 9 8 of the up-card's suit: Hokum by default, a pass with a very high threshold.
    s = _core.HandState(deck_for(3, {0: "JS 9S 7H 8D 7C"}, "8S", {}), 3, (0, 0), _core.Rules())
    assert _core.Player("heuristic").choose(s, 0) == HOKUM
    assert _core.Player("heuristic", {"hokum_threshold": 30}).choose(s, 0) == PASS


# ----- Every action is legal ------------------------------------------------------------------------

RULE_VARIANTS = [
    {},
    {"hokum_to_sun": True},
    {"sun_priority": False, "ashkal": False},
    {"must_overtrump": False},
    {"trump_over_partner": True},
]


@pytest.mark.parametrize("variant", range(len(RULE_VARIANTS)))
def test_every_action_is_legal(variant):
    rules = _core.Rules()
    for k, v in RULE_VARIANTS[variant].items():
        setattr(rules, k, v)
    scores = [(0, 0), (110, 40), (140, 145), (60, 120)]
    for i in range(300):
        s = _core.HandState.random(1000 * variant + i, i % 4, scores[i % 4], rules)
        play_out(s, [HEURISTIC] * 4, i)


def test_legal_against_random_players():
    for i in range(300):
        players = [HEURISTIC, RANDOM, HEURISTIC, RANDOM] if i % 2 else [RANDOM, HEURISTIC, RANDOM, HEURISTIC]
        play_out(_core.HandState.random(77_000 + i, i % 4, (0, 0), _core.Rules()), players, i)


def test_every_call_is_reached():
    """Over many deals the heuristic makes every kind of call, not just passes."""
    seen = set()
    rules = _core.Rules()
    rules.hokum_to_sun = True
    for i in range(3000):
        s = _core.HandState.random(5_000 + i, i % 4, (110, 40) if i % 3 == 0 else (0, 0), rules)
        while s.phase in (BIDDING, DOUBLING):
            a = HEURISTIC.choose(s, 0)
            seen.add(HOKUM_SUIT if HOKUM_SUIT <= a < SUN else a)
            s.apply(a)
    assert {PASS, HOKUM, HOKUM_SUIT, SUN, ASHKAL, DOUBLE} <= seen


# ----- Bidding -------------------------------------------------------------------------------------

def first_call(dealer, seat_cards, up, rules=None):
    """The heuristic's call for seat dealer+1, the first to speak, holding `seat_cards`."""
    seat = (dealer + 1) % 4
    s = _core.HandState(deck_for(dealer, {seat: seat_cards}, up, {}), dealer, (0, 0), rules or _core.Rules())
    assert s.to_move == seat
    return HEURISTIC.choose(s, 0)


def test_bids_hokum_with_jack_and_nine_of_the_up_card_suit():
    assert first_call(3, "JS 9S 7H 8D 7C", "8S") == HOKUM
    assert first_call(0, "JH 9H AH 8D 7C", "7H") == HOKUM


def test_counts_the_up_card_for_hokum():
    # J and 7 of hearts alone are too thin; with the up-card 9H the buyer holds J 9 7.
    assert first_call(3, "JH 7H 8S 8D 7C", "8C") == PASS
    assert first_call(3, "JH 7H 8S 8D 7C", "9H") == HOKUM


def test_passes_with_junk():
    assert first_call(3, "7S 8H 9H 7D 8C", "9D") == PASS
    assert first_call(1, "8S QH 9C 7D KC", "7H") == PASS


def test_bids_sun_with_aces_and_tens():
    assert first_call(3, "AS 10S AH 10H AD", "7C") == SUN
    assert first_call(2, "AS 10S AH KH AD", "QC") == SUN


def test_prefers_sun_to_hokum_with_aces():
    # Four aces and the J of the up-card's suit: Sun is worth more.
    assert first_call(3, "AS AH AD AC JD", "8D") == SUN


def test_ashkal_hands_a_ten_to_the_partner():
    # The dealer holds a Sun hand; the up-card 10C would sit bare in his hand but helps the partner.
    dealer = 3
    s = _core.HandState(deck_for(dealer, {0: "7S 8H 9H 7D 8C", 1: "7H 8S 9D 8D 9C", 2: "9S QD JD QH JH",
                                          3: "AS 10S AH 10H KD"}, "10C", {}), dealer, (0, 0), _core.Rules())
    for _ in range(3):
        assert HEURISTIC.choose(s, 0) == PASS
        s.apply(PASS)
    assert s.to_move == dealer and s.legal_actions() >> ASHKAL & 1
    assert HEURISTIC.choose(s, 0) == ASHKAL


def test_never_ashkal_on_an_ace():
    dealer = 3
    s = _core.HandState(deck_for(dealer, {0: "7S 8H 9H 7D 8C", 1: "7H 8S 9D 8D 9C", 2: "9S QD JD QH JH",
                                          3: "AS 10S AH 10H KD"}, "AC", {}), dealer, (0, 0), _core.Rules())
    for _ in range(3):
        s.apply(PASS)
    assert HEURISTIC.choose(s, 0) == SUN


def test_round_two_names_the_best_other_suit():
    dealer = 3
    # Nobody wants spades (the up-card's suit); seat 1 holds J 9 A of hearts.
    s = _core.HandState(deck_for(dealer, {0: "7H 8D 9D 7C 8C", 1: "JH 9H AH 8S KD", 2: "QD JC QC 10D 9C",
                                          3: "KS QH 7D 10C 8H"}, "7S", {}), dealer, (0, 0), _core.Rules())
    for _ in range(4):
        assert HEURISTIC.choose(s, 0) == PASS
        s.apply(PASS)
    assert s.round == 2
    s.apply(HEURISTIC.choose(s, 0))  # seat 0
    assert s.to_move == 1
    assert HEURISTIC.choose(s, 0) == HOKUM_SUIT + SUITS.index("H")


def test_sun_over_an_opponents_hokum():
    dealer = 3
    s = _core.HandState(deck_for(dealer, {0: "JS 9S 7H 8D 7C", 1: "AH 10H AD 10D AC"}, "8S", {}), dealer, (0, 0),
                        _core.Rules())
    assert HEURISTIC.choose(s, 0) == HOKUM
    s.apply(HOKUM)
    assert s.to_move == 1 and s.bid_stage == 1
    assert HEURISTIC.choose(s, 0) == SUN


def test_sun_priority_question():
    dealer = 3
    s = _core.HandState(deck_for(dealer, {0: "AS 10S KH 8D 7C", 1: "AH 10H AD 10D AC"}, "8S", {}), dealer, (0, 0),
                        _core.Rules())
    s.apply(PASS)  # seat 0 passes ...
    s.apply(SUN)   # ... seat 1 calls Sun, and seat 0 is asked whether to take it with its own Sun (R9)
    assert s.to_move == 0 and s.bid_stage == 2
    assert HEURISTIC.choose(s, 0) == PASS
    assert _core.Player("heuristic", {"sun_take_priority": -10}).choose(s, 0) == SUN


def test_the_expert_never_takes_its_partners_sun():
    dealer = 3
    s = _core.HandState(deck_for(dealer, {0: "AS 10S AH 10H AD"}, "KS", {}), dealer, (0, 0), _core.Rules())
    s.apply(PASS)  # seat 0, with a Sun hand, passes ...
    s.apply(PASS)
    s.apply(SUN)   # ... its partner calls Sun, and seat 0 is asked first whether to take it (R9)
    assert s.to_move == 0 and s.bid_stage == 2 and s.pending_caller == 2
    assert HEURISTIC.choose(s, 0) == SUN
    assert _core.Player("expert").choose(s, 0) == PASS
    assert _core.Player("expert", {"take_partner_priority": 1}).choose(s, 0) == SUN


def test_keeps_the_partners_hokum_with_a_middling_sun_hand():
    dealer = 3
    s = _core.HandState(deck_for(dealer, {0: "JS 9S 7H 8D 7C", 2: "AH 10H AD 8C 9D"}, "8S", {}), dealer, (0, 0),
                        _core.Rules())
    s.apply(HOKUM)
    s.apply(PASS)  # seat 1
    assert s.to_move == 2
    assert HEURISTIC.choose(s, 0) == PASS


def test_confirm_stage_switches_to_sun_only_when_sun_is_much_better():
    rules = _core.Rules()
    rules.hokum_to_sun = True
    dealer = 3

    def confirm(hand0):
        s = _core.HandState(deck_for(dealer, {0: hand0, 1: "7H 8H 9D 8D 9C", 2: "9H QD JC QC JH",
                                              3: "KS QS 7D KD KC"}, "8S", {}), dealer, (0, 0), rules)
        s.apply(HOKUM)
        for _ in range(3):
            s.apply(PASS)
        assert s.bid_stage == 3 and s.to_move == 0
        return HEURISTIC.choose(s, 0)

    assert confirm("JS 9S 7S 10D 7C") == HOKUM
    assert confirm("10H AH AD AC 10C") == SUN


def test_doubles_only_with_a_strong_trump_holding():
    dealer = 3

    def defender_call(hand1):
        s = _core.HandState(deck_for(dealer, {0: "9S KS 7H 8D 7C", 1: hand1, 2: "7D 8H QD QC JC",
                                              3: "9H 10D 10C KD KC"}, "8S", {}), dealer, (0, 0), _core.Rules())
        s.apply(HOKUM)
        for _ in range(3):
            s.apply(PASS)
        assert s.phase == DOUBLING and s.to_move == 1
        return HEURISTIC.choose(s, 0)

    # Seat 1 defends against spades: J A 10 of trump and two side aces double, junk does not.
    assert defender_call("JS AS 10S AH AD") == DOUBLE
    assert defender_call("QS 7S 9D AH JH") == PASS


# ----- Card play -----------------------------------------------------------------------------------

def test_gives_points_to_a_partner_who_wins():
    # Sun, seat 0 leads. Seat 1 (the partner of seat 3) takes with the master AH; seat 3 is void.
    s = playing_state(3, {0: "7H AS 7S 8S 9S 7D 8D 9D", 1: "AH KS QS JS 10D JD QD KD",
                          2: "8H 9H AD 7C 8C 9C JC QC", 3: "10S 10C 10H JH QH KH AC KC"}, "AS", SUN_MODE)
    play(s, "7H AH 8H")
    # Seat 3 must follow hearts: the 10H is worth most (its ace is gone).
    assert choice(s) == "10H"


def test_gives_a_bare_ten_when_void():
    # Hokum spades. Seat 1 wins trick 1 with the master AH; seat 3, void in hearts, discards the 10D
    # (its ace is out) rather than a trump or a small card.
    s = playing_state(3, {0: "7H JS 9S 7S 8D 9D 7C 8C", 1: "AH 8H KS QS JD QD KD JC",
                          2: "9H 10H QH KH JH AD 10C QC", 3: "10S AS 10D 8S 9C KC 7D AC"}, "JS", HOKUM_MODE, "S")
    play(s, "7H AH 9H")
    assert choice(s) == "10D"


def test_ducks_low_when_the_trick_is_lost():
    # Sun. Seat 0 leads the master AH; seat 3 cannot win it and keeps its K.
    s = playing_state(3, {0: "AH AS 7S 8S 9S 7D 8D 9D", 1: "8H KS QS JS 10D JD QD KD",
                          2: "9H 10H AD 7C 8C 9C JC QC", 3: "KH 7H 10S 10C AC KC JH QH"}, "AS", SUN_MODE)
    play(s, "AH 8H 10H")
    assert choice(s) == "7H"


def test_discards_the_cheapest_card_when_void_and_losing():
    s = playing_state(3, {0: "AH AS 7S 8S 9S 7D 8D 9D", 1: "8H KS QS JS 10D JD QD KD",
                          2: "9H 10H AD KH 7H QH JH AC", 3: "10S 8C 9C 10C JC QC KC 7C"}, "AS", SUN_MODE)
    play(s, "AH 8H 10H")
    assert choice(s) == "7C"


def test_cashes_a_sure_ace():
    s = playing_state(3, {0: "AS 7H 8H 9D 8D 7C 8C 9C", 1: "7S 8S 9S 10S JS QS KS 7D",
                          2: "9H 10H JH QH KH AH 10D JD", 3: "QD KD AD 10C JC QC KC AC"}, "AS", SUN_MODE)
    assert choice(s) == "AS"


def test_wins_as_cheaply_as_possible():
    # Seat 3 holds A and 10 of hearts against the KH: both win, the 10 is enough.
    s = playing_state(3, {0: "KH AS 7S 8S 9S 7D 8D 9D", 1: "8H KS QS JS 10D JD QD KD",
                          2: "9H 7H AD 7C 8C 9C JC QC", 3: "AH 10H 10S 10C AC KC JH QH"}, "AS", SUN_MODE)
    play(s, "KH 8H 9H")
    assert choice(s) == "10H"


def test_ruffs_with_the_cheapest_trump_that_wins():
    # Hokum spades; seat 3 is void in hearts and last to play: the 7S takes the trick, the J stays.
    s = playing_state(3, {0: "AH JD 7D 8D 9D 7C 8C 9C", 1: "8H 9H KS QS 10D QD KD AD",
                          2: "10H KH QH JH 7H 10C JC QC", 3: "7S JS 9S AS 10S 8S KC AC"}, "JD", HOKUM_MODE, "S")
    play(s, "AH 8H 10H")
    assert choice(s) == "7S"


def test_buyer_draws_trumps_with_the_jack():
    s = playing_state(3, {0: "JS 9S 7S AH 7H 8D 9D 7C", 1: "8S 10S 8H 9H 10D QD KD AD",
                          2: "10H KH QH JH AS 10C JC QC", 3: "KS QS 7D JD 8C 9C KC AC"}, "JS", HOKUM_MODE, "S")
    assert choice(s) == "JS"


def test_void_tracking_keeps_an_ace_from_a_known_ruff():
    # Hokum spades, seat 0 buys. Trick 1: seat 1 ruffs hearts; trick 2 ends with seat 0 on lead.
    # Seat 0 then holds AH and AC, both masters, but seat 1 is known void in hearts and may hold
    # trumps: the AC is the safe cash.
    s = playing_state(3, {0: "7H AD AH AC 8S 7C 8C 9C", 1: "7S 7D JS 9S KS QS 8D 10D",
                          2: "8H 9D 10H QH KH JH 10C JC", 3: "9H QD KD JD 10S AS QC KC"}, "AD", HOKUM_MODE, "S")
    play(s, "7H 7S 8H 9H")   # seat 1 ruffs
    play(s, "7D 9D JD AD")   # seat 0 takes the last card of trick 2
    assert s.to_move == 0
    assert choice(s) == "AC"


def test_keeps_a_master_trump_for_the_last_trick():
    # Property over many hands: in Hokum, a leader with two cards, one a trump that no unseen card
    # beats and one a side card, leads the side card and takes the last trick with the trump.
    trump_order = "7 8 Q K 10 A 9 J".split()
    found = 0
    for i in range(4000):
        s = _core.HandState.random(90_000 + i, i % 4, (0, 0), _core.Rules())
        while s.phase != OVER:
            if s.phase == PLAYING and s.mode == HOKUM_MODE and s.tricks_played == 6 and not s.trick:
                seat = s.to_move
                hand = [c for c in range(32) if s.hands[seat] >> c & 1]
                trumps = [c for c in hand if c // 8 == s.trump]
                if len(trumps) == 1 and len(hand) == 2:
                    played = set(s.played_cards)
                    unseen = [c for c in range(32) if c // 8 == s.trump and c not in played and c not in hand]
                    strength = lambda c: trump_order.index(format_card(c)[:-1])  # noqa: E731
                    if all(strength(c) < strength(trumps[0]) for c in unseen):
                        found += 1
                        side = [c for c in hand if c not in trumps][0]
                        assert HEURISTIC.choose(s, 0) == side
            s.apply(HEURISTIC.choose(s, 0))
    assert found > 20


# ----- Fairness: only what the seat may see ------------------------------------------------------

@pytest.mark.parametrize("name", ["heuristic", "expert"])
def test_decisions_ignore_the_hidden_cards(name):
    """Redeal the cards the seat to move cannot see (keeping the history legal and the up-card with its
    holder): the decision must not change."""
    player = _core.Player(name)
    rng = random.Random(5)
    checked = 0
    for i in range(400):
        s = _core.HandState.random(123_000 + i, i % 4, (0, 0), _core.Rules())
        history = []
        stop = rng.randrange(1, 40)
        while s.phase != OVER and len(history) < stop:
            a = player.choose(s, 0)
            history.append(a)
            s.apply(a)
        if s.phase != PLAYING:
            continue
        seat = s.to_move
        expected = player.choose(s, 0)
        played_by = {p: [] for p in range(4)}
        plays = [a for a in history if a < 32]
        for t in range(0, len(plays), 4):
            leader = s.trick_leader(t // 4) if t // 4 < s.tricks_played else s.leader
            for j, c in enumerate(plays[t:t + 4]):
                played_by[(leader + j) % 4].append(c)
        holder = s.buyer if not s.ashkal else (s.buyer + 2) % 4
        others = [p for p in range(4) if p != seat]
        hidden = [c for p in others for c in range(32) if s.hands[p] >> c & 1 and c != s.up_card]
        for _ in range(5):
            rng.shuffle(hidden)
            final = {seat: [c for c in range(32) if s.hands[seat] >> c & 1] + played_by[seat]}
            pos = 0
            for p in others:
                keeps_up = p == holder and s.hands[p] >> s.up_card & 1
                n = bin(s.hands[p]).count("1") - (1 if keeps_up else 0)
                final[p] = hidden[pos:pos + n] + played_by[p] + ([s.up_card] if keeps_up else [])
                pos += n
            # Lay the redealt hands out as a deck with the same calls.
            first5, rest = {}, {}
            for p in range(4):
                cs = [c for c in final[p] if c != s.up_card]
                first5[p] = " ".join(format_card(c) for c in cs[:5])
                rest[p] = " ".join(format_card(c) for c in cs[5:])
            t = _core.HandState(deck_for(s.dealer, first5, format_card(s.up_card), rest, holder=holder),
                                s.dealer, (0, 0), _core.Rules())
            try:
                for a in history:
                    t.apply(a)
            except baloot.IllegalAction:
                continue  # this redeal contradicts what the play revealed
            assert t.hands[seat] == s.hands[seat]
            assert player.choose(t, 0) == expected
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("name", ["heuristic", "expert"])
def test_calls_ignore_the_hidden_cards(name):
    """Bidding and doubling: shuffle every card of the deck the seat to move cannot see (its own cards and
    the up-card stay in place, the calls are replayed): the call must not change."""
    player = _core.Player(name)
    rng = random.Random(6)
    checked = 0
    for i in range(300):
        scores = (rng.randrange(0, 150), rng.randrange(0, 150))
        s = _core.HandState.random(77_000 + i, i % 4, scores, _core.Rules())
        history = []
        for _ in range(rng.randrange(0, 8)):
            if s.phase not in (BIDDING, DOUBLING):
                break
            a = player.choose(s, 0)
            history.append(a)
            s.apply(a)
        if s.phase not in (BIDDING, DOUBLING):
            continue
        expected = player.choose(s, 0)
        seen = s.hands[s.to_move] | 1 << s.up_card
        deck = s.deck
        hidden = [p for p in range(32) if not seen >> deck[p] & 1]
        for _ in range(3):
            cards_out = [deck[p] for p in hidden]
            rng.shuffle(cards_out)
            twin_deck = list(deck)
            for p, c in zip(hidden, cards_out):
                twin_deck[p] = c
            t = _core.HandState(twin_deck, s.dealer, scores, _core.Rules())
            for a in history:
                t.apply(a)
            assert t.hands[s.to_move] == s.hands[s.to_move]
            assert player.choose(t, 0) == expected
            checked += 1
    assert checked > 300


# ----- Threads -------------------------------------------------------------------------------------

def test_one_player_shared_by_threads():
    states = []
    for i in range(200):
        s = _core.HandState.random(4_000 + i, i % 4, (0, 0), _core.Rules())
        for _ in range(i % 30):
            if s.phase == OVER:
                break
            s.apply(HEURISTIC.choose(s, 0))
        if s.phase != OVER:
            states.append(s)
    expected = [HEURISTIC.choose(s, 0) for s in states]
    results = [None] * 4

    def work(k):
        results[k] = [HEURISTIC.choose(s, 0) for _ in range(20) for s in states][: len(states)]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(r == expected for r in results)


# ----- Strength against the random player --------------------------------------------------------

def match_margins(n, seed, heuristic_team):
    players = [HEURISTIC if seat % 2 == heuristic_team else RANDOM for seat in range(4)]
    margins = []
    for i in range(n):
        s = play_out(_core.HandState.random(seed * 1_000_003 + i, i % 4, (0, 0), _core.Rules()), players, i)
        margins.append(s.points[heuristic_team] - s.points[1 - heuristic_team])
    return margins


@pytest.mark.parametrize("heuristic_team", [0, 1], ids=["heuristic_seats_0_2", "heuristic_seats_1_3"])
def test_beats_the_random_player(heuristic_team):
    m = match_margins(2500, 31 + heuristic_team, heuristic_team)
    mean = statistics.fmean(m)
    half = 1.96 * statistics.stdev(m) / len(m) ** 0.5
    print(f"\nheuristic team {heuristic_team}: mean margin {mean:+.2f} game points per hand, "
          f"95% CI [{mean - half:+.2f}, {mean + half:+.2f}] over {len(m)} hands")
    assert mean - half > 12


def test_in_core_timing_entry():
    ns = _core.time_heuristic_hands(2000, 1)
    assert 0 < ns < 1e6
    t = _core.time_heuristic(2000, 1)
    assert 30 < t["decisions_per_hand"] < 45 and t["hands_per_second"] > 0
    with pytest.raises(baloot.BalootError):
        _core.time_heuristic_hands(0, 1)
