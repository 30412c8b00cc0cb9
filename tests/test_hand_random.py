"""10,000 random hands through the public Python API, every invariant of a hand checked against the pure
functions of the kernel (``legal_moves``, ``trick_winner``, ``card_points``, ``declare_projects``,
``score_hand``) and against the deck the record says was dealt (docs/api.md dealing order, R2/R3).

Each hand is ``Game(seed=i, dealer=i % 4, rules=..., scores=...)`` driven by ``random.Random(i)``
choosing among ``legal_actions()`` (calls weighted towards "pass" so that every contract and throw-ins
occur); the rules rotate through a list of host-option combinations and
the match scores before the hand through values that open and close Sun doubling (R30).
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter

import pytest
from deals import first_deal, full_deal, hands_equal

import baloot
from baloot import Game, Rules, _core

N_HANDS = 10_000

RULE_SETS = [
    Rules(),
    Rules(sun_priority=False),
    Rules(ashkal=False),
    Rules(must_overtrump=False),
    Rules(trump_over_partner=True),
    Rules(kaboot="double"),
    Rules(kaboot="off"),
    Rules(hokum_to_sun=True),
    Rules(direction="clockwise", target=161, arabic_labels=False),
    Rules(must_overtrump=False, trump_over_partner=True, kaboot="double", sun_priority=False),
    Rules(sun_tens_first=True),
]
SCORES = [(0, 0), (101, 99), (99, 101), (120, 40), (40, 120), (100, 99), (150, 150)]
TOTAL = dict(zip(_core.modes, _core.total_abnat))


def choose_call(rng: random.Random, actions, phase: str) -> str:
    """A random call, passing often enough in the bidding that Hokum and throw-ins are common."""
    if "pass" in actions and rng.random() < (0.7 if phase == "bidding" else 0.4):
        return "pass"
    others = [a for a in actions if a != "pass"] or actions
    hokum = [a for a in others if a.startswith("hokum")]
    if hokum and rng.random() < 0.6:
        return rng.choice(hokum)
    return rng.choice(others)


def play_and_check(i: int, stats: Counter) -> None:
    rules = RULE_SETS[i % len(RULE_SETS)]
    scores = SCORES[(i // len(RULE_SETS)) % len(SCORES)]
    dealer = i % 4
    rng = random.Random(i)
    g = Game(rules=rules, dealer=dealer, seed=i, scores=scores)
    ctx = f"hand seed={i} dealer={dealer} rules={rules} scores={scores}"

    # ---- the deal ----
    deck = json.loads(g.to_json())["deck"]
    assert len(deck) == 32 and len(set(deck)) == 32 and set(deck) == set(baloot.DECK), ctx
    assert g.up_card == deck[20], ctx
    dealt = [c for h in g.hands for c in h] + [g.up_card]
    assert len(dealt) == 21 and len(set(dealt)) == 21, ctx
    assert all(len(h) == 5 for h in g.hands), ctx
    assert hands_equal(g.hands, first_deal(deck, dealer)) is None, ctx

    # ---- bidding and doubling ----
    while g.phase in ("bidding", "doubling"):
        actions = g.legal_actions()
        assert actions and len(actions) == len(set(actions)), ctx
        assert not any(a in baloot.DECK for a in actions), ctx
        g.apply(choose_call(rng, actions, g.phase))
    if g.phase == "over":
        stats["thrown_in"] += 1
        assert g.contract is None, ctx
        assert g.history == ["pass"] * 8, ctx
        r = g.result
        assert r.made is None and tuple(r.points) == (0, 0) and r.kaboot is None, ctx
        return

    # ---- start of play ----
    assert g.phase == "playing", ctx
    c = g.contract
    mode, trump = c.mode, c.trump
    assert (mode == "sun") == (trump is None), ctx
    assert 1 <= c.multiplier <= (2 if mode == "sun" else 4), ctx
    if c.gahwa:
        assert mode == "hokum" and c.multiplier == 4, ctx
    if mode == "sun" and c.multiplier == 2:
        b, d = scores[c.buyers], scores[1 - c.buyers]
        assert b > 100 and d < 100, f"Sun doubled at {scores} ({ctx})"
    holder = (c.buyer + 2) % 4 if c.ashkal else c.buyer
    if c.ashkal:
        assert mode == "sun" and c.buyer in (dealer, (dealer + 3) % 4), ctx
        assert not g.up_card.startswith("A") and rules.ashkal, ctx
    start = [list(h) for h in g.hands]
    assert all(len(h) == 8 for h in start), ctx
    assert len({x for h in start for x in h}) == 32, ctx
    assert hands_equal(start, full_deal(deck, dealer, holder)) is None, (ctx, hands_equal(start, full_deal(deck, dealer, holder)))
    assert g.up_card in start[holder], ctx
    assert g.to_move == (dealer + 1) % 4, ctx  # R5
    stats[f"{mode}{'+ashkal' if c.ashkal else ''} x{c.multiplier}{' gahwa' if c.gahwa else ''}"] += 1

    # ---- the eight tricks ----
    hands = [list(h) for h in start]
    played = []
    leader = (dealer + 1) % 4
    abnat = [0, 0]
    tricks_won = [0, 0]
    for t in range(8):
        table = []
        for pos in range(4):
            seat = (leader + pos) % 4
            assert g.phase == "playing" and g.to_move == seat, ctx
            assert g.trick == table, ctx
            assert hands_equal(g.hands, hands) is None, ctx
            legal = baloot.legal_moves(hands[seat], table, mode, trump, rules=rules)
            actions = g.legal_actions()
            assert set(actions) == set(legal), (ctx, t, seat, hands[seat], table, actions, legal)
            card = rng.choice(sorted(actions))
            assert card in baloot.legal_moves(hands[seat], table, mode, trump, rules=rules), ctx
            g.apply(card)
            hands[seat].remove(card)
            table.append(card)
            played.append(card)
        winner = (leader + baloot.trick_winner(table, mode, trump)) % 4
        tr = g.tricks[t]
        assert list(tr.cards) == table and tr.leader == leader and tr.winner == winner, (ctx, t, tr, table, winner)
        team = winner % 2
        abnat[team] += sum(baloot.card_points(x, mode, trump) for x in table)
        tricks_won[team] += 1
        leader = winner
    abnat[leader % 2] += 10  # the last trick
    assert len(g.tricks) == 8 and all(len(tr.cards) == 4 for tr in g.tricks), ctx
    assert len(played) == 32 and len(set(played)) == 32, ctx
    assert g.phase == "over" and g.to_move is None and g.legal_actions() == [], ctx
    assert all(h == [] for h in g.hands), ctx
    assert sum(abnat) == TOTAL[mode], ctx

    # ---- the score ----
    decl = baloot.declare_projects(start, mode, trump, first=(dealer + 1) % 4)
    baloot_pair = [0, 0]
    baloot_seat = None
    if mode == "hokum":
        pair = {"K" + trump, "Q" + trump}
        holders = [s for s in range(4) if pair <= set(start[s])]
        if holders:
            baloot_seat = holders[0]
            baloot_pair[baloot_seat % 2] = 1
            stats["baloot"] += 1
    expected = baloot.score_hand(mode, c.buyers, tuple(abnat), tuple(tricks_won), projects=decl.abnat,
                                 baloot=tuple(baloot_pair), multiplier=c.multiplier, rules=rules)
    r = g.result
    assert r is not None, ctx
    assert tuple(r.abnat) == tuple(abnat), (ctx, r, abnat)
    assert tuple(r.points) == tuple(expected.points), (ctx, r, expected, decl)
    assert r.made == expected.made and r.kaboot == expected.kaboot, (ctx, r, expected)
    assert tuple(r.tricks) == tuple(tricks_won) and tuple(r.projects) == tuple(decl.abnat), (ctx, r, decl)
    assert tuple(r.baloot) == tuple(baloot_pair) and r.multiplier == c.multiplier, (ctx, r)
    assert g.baloot == baloot_seat, (ctx, g.baloot, baloot_seat)
    assert [list(p) for p in g.projects] == [list(p) for p in decl.by_seat], (ctx, g.projects, decl.by_seat)
    assert g.project_team == decl.team, ctx
    if r.kaboot is not None:
        stats["kaboot"] += 1
    stats["made" if r.made else "khasra"] += 1
    if decl.team is not None:
        stats["projects"] += 1


@pytest.mark.slow
def test_ten_thousand_random_hands():
    stats: Counter = Counter()
    t0 = time.perf_counter()
    for i in range(N_HANDS):
        play_and_check(i, stats)
    elapsed = time.perf_counter() - t0
    print(f"\n{N_HANDS} hands in {elapsed:.1f}s: {dict(sorted(stats.items()))}")
    # the random walk must have reached every kind of hand, or the invariants above prove little
    assert stats["thrown_in"] > 0 and stats["made"] > 0 and stats["khasra"] > 0
    assert stats["kaboot"] > 0 and stats["baloot"] > 0 and stats["projects"] > 0
    kinds = {k.split()[0] for k in stats if k.startswith(("sun", "hokum"))}
    assert kinds == {"sun", "sun+ashkal", "hokum"}, kinds
    assert any(k.endswith("gahwa") for k in stats) and any("sun" in k and "x2" in k for k in stats)
