"""``baloot.Match``: random matches end as R41 says, Gahwa ends the match at once (R33), the dealer
rotates every hand including throw-ins (R4), custom targets, and ``record()`` refuses hands it must not
take (docs/api.md "A match").

Every hand is dealt by ``Match.new_hand()`` and played by seeded random players choosing among
``legal_actions()``; special cases (ties, Gahwa, throw-ins) are reached by scripting the calls of a
dealt hand or by a bounded, deterministic search over match seeds.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Optional

import pytest

from baloot import BalootError, Game, Match, Rules


def choose(rng: random.Random, game: Game) -> str:
    actions = game.legal_actions()
    if game.phase != "playing" and "pass" in actions and rng.random() < (0.7 if game.phase == "bidding" else 0.4):
        return "pass"
    if game.phase == "bidding":
        hokum = [a for a in actions if a.startswith("hokum")]
        if hokum and rng.random() < 0.6:
            return rng.choice(hokum)
    return rng.choice(actions)


def play_out(game: Game, rng: random.Random) -> Game:
    while game.to_move is not None:
        game.apply(choose(rng, game))
    return game


def hand_winner(game: Game) -> int:
    c, r = game.contract, game.result
    return c.buyers if r.made else 1 - c.buyers


def expected_winner(game: Game, scores_after, target: int) -> Optional[int]:
    """R33, R41."""
    if game.result.made is None:
        return None
    if game.contract.gahwa:
        return hand_winner(game)
    reached = [t for t in (0, 1) if scores_after[t] >= target]
    if len(reached) == 1:
        return reached[0]
    if len(reached) == 2:
        a, b = scores_after
        return 0 if a > b else 1 if b > a else game.contract.buyers
    return None


def play_match(m: Match, rng: random.Random, stats: Counter, max_hands: int = 400) -> None:
    target = m.rules.target
    for n in range(max_hands):
        assert m.winner is None
        assert m.dealer == n % 4, f"hand {n}: dealer {m.dealer}"  # R4, throw-ins included
        before = m.scores
        g = m.new_hand()
        assert g.dealer == m.dealer and g.scores == before and g.rules == m.rules
        play_out(g, rng)
        m.record(g)
        r = g.result
        assert len(m.hands) == n + 1 and m.hands[-1] is g
        assert m.dealer == (n + 1) % 4
        if r.made is None:
            stats["throw-in"] += 1
            assert m.scores == before and m.winner is None
            continue
        after = (before[0] + r.points[0], before[1] + r.points[1])
        assert m.scores == after, (before, r.points, m.scores)
        want = expected_winner(g, after, target)
        assert m.winner == want, (f"scores {before} -> {after}, target {target}, buyers {g.contract.buyers}, "
                                  f"gahwa {g.contract.gahwa}: winner {m.winner}, expected {want}")
        if want is None:
            continue
        if g.contract.gahwa:
            stats["gahwa"] += 1
            if max(after) < target:
                stats["gahwa below target"] += 1
        elif after[0] >= target and after[1] >= target:
            if after[0] == after[1]:
                stats["both reached, tie"] += 1
            elif (0 if after[0] > after[1] else 1) == g.contract.buyers:
                stats["both reached, buyers higher"] += 1
            else:
                stats["both reached, defenders higher"] += 1
        else:
            stats["one reached"] += 1
        stats["matches"] += 1
        stats["hands"] += n + 1
        return
    pytest.fail(f"no winner after {max_hands} hands: {m}")


@pytest.mark.parametrize("target", (152, 101, 40, 1))
def test_random_matches_end_per_r41(target):
    rules = Rules() if target == 152 else Rules(target=target)
    assert rules.target == target
    stats: Counter = Counter()
    n_matches = 400
    for seed in range(n_matches):
        m = Match(rules=rules, seed=seed)
        play_match(m, random.Random(seed), stats)
        # nothing more may be recorded once the winner is known; past the target no hand is even dealt
        frozen = (m.scores, m.dealer, m.winner, len(m.hands))
        if max(m.scores) >= target:
            with pytest.raises(BalootError, match="already won the match"):
                Game(rules=rules, dealer=m.dealer, seed=seed, scores=m.scores)
        else:  # a Gahwa ended it below the target
            late = play_out(Game(rules=rules, dealer=m.dealer, seed=seed, scores=m.scores), random.Random(seed))
            with pytest.raises(BalootError):
                m.record(late)
        assert (m.scores, m.dealer, m.winner, len(m.hands)) == frozen
    print(f"\ntarget {target}: {dict(sorted(stats.items()))}")
    assert stats["matches"] == n_matches
    assert stats["throw-in"] > 0 and stats["one reached"] > 0
    if target >= 40:
        assert stats["gahwa"] > 0
        assert stats["both reached, buyers higher"] + stats["both reached, defenders higher"] > 0


def test_both_past_target_higher_total_wins_even_against_the_buyers():
    """R41: both teams pass the target on the same hand; the higher total wins, even when that is the
    defenders. Reached by searching seeded random matches (deterministic)."""
    stats: Counter = Counter()
    seed = 0
    while stats["both reached, defenders higher"] == 0 or stats["both reached, buyers higher"] == 0:
        assert seed < 3000, f"no such match in {seed} seeds: {stats}"
        play_match(Match(rules=Rules(), seed=10_000 + seed), random.Random(seed), stats)
        seed += 1


def buy_sun(game: Game, team: int) -> None:
    """Scripted calls: dealer+1 calls Sun if on ``team``, else dealer+1 passes, dealer+2 calls Sun and
    dealer+1 declines the priority question. Sun is not doubled at scores (0, 0)."""
    if (game.dealer + 1) % 2 == team:
        game.apply("sun")
    else:
        for call in ("pass", "sun", "pass"):
            game.apply(call)
    assert game.contract.buyers == team and game.phase == "playing"


@pytest.mark.parametrize("buyers", (0, 1))
def test_tie_past_target_goes_to_the_buyers(buyers):
    """R41: both teams reach the target with equal totals on the same hand -> the buyers of that hand win.
    Target 13: the first hand of a seeded match, Sun bought by ``buyers``, made with points tied >= 13
    (e.g. 66-64 abnat -> 13-13). The seeds are searched deterministically."""
    for seed in range(5000):
        m = Match(rules=Rules(target=13), seed=seed)
        g = m.new_hand()
        buy_sun(g, buyers)
        play_out(g, random.Random(seed))
        r = g.result
        if r.points[0] == r.points[1] >= 13:
            assert r.made is True
            m.record(g)
            assert m.scores == tuple(r.points)
            assert m.winner == buyers, f"seed {seed}: tie {m.scores} went to {m.winner}, buyers are {buyers}"
            return
    pytest.fail("no tied hand found")


@pytest.mark.parametrize("made", (True, False))
def test_gahwa_ends_the_match_at_once(made):
    """R33: the Gahwa hand's winner wins the match whatever the totals (here far below 152)."""
    for seed in range(500):
        m = Match(seed=seed)
        g = m.new_hand()
        for call in ("hokum", "pass", "pass", "pass", "double", "three", "four", "gahwa"):
            g.apply(call)
        c = g.contract
        assert c.gahwa and c.multiplier == 4 and c.buyer == (m.dealer + 1) % 4
        play_out(g, random.Random(seed))
        if g.result.made is not made:
            continue
        m.record(g)
        winner = c.buyers if made else 1 - c.buyers
        assert max(m.scores) < 152
        assert m.winner == winner, (m.scores, g.result)
        with pytest.raises(BalootError):
            m.record(play_out(Game(dealer=m.dealer, seed=1, scores=m.scores), random.Random(1)))
        return
    pytest.fail("no such Gahwa hand found")


def test_gahwa_wins_even_when_the_loser_is_ahead():
    """Team ahead near the target loses a Gahwa hand: the Gahwa winner takes the match (R33)."""
    stats: Counter = Counter()
    for seed in range(300):
        m = Match(seed=seed)
        rng = random.Random(seed)
        while m.winner is None and max(m.scores) < 100:
            g = m.new_hand()
            play_out(g, rng)
            m.record(g)
        if m.winner is not None:
            continue
        leader = 0 if m.scores[0] > m.scores[1] else 1
        if m.scores[0] == m.scores[1]:
            continue
        g = m.new_hand()
        for call in ("hokum", "pass", "pass", "pass", "double", "three", "four", "gahwa"):
            g.apply(call)
        play_out(g, rng)
        winner = hand_winner(g)
        if winner == leader:
            continue
        m.record(g)
        assert m.winner == winner, (m.scores, g.result)
        stats["checked"] += 1
        if stats["checked"] >= 5:
            return
    pytest.fail(f"too few cases: {stats}")


def test_dealer_rotates_through_throw_ins():
    """R4, R16: a thrown-in hand scores nothing and the next seat deals."""
    m = Match(seed=42)
    for n in range(9):
        assert m.dealer == n % 4
        g = m.new_hand()
        assert g.dealer == n % 4 and g.to_move == (n + 1) % 4
        for _ in range(8):
            g.apply("pass")
        assert g.phase == "over" and g.result.made is None
        m.record(g)
        assert m.scores == (0, 0) and m.winner is None and len(m.hands) == n + 1
    assert m.dealer == 1
    # then a real hand, still rotating
    g = m.new_hand()
    assert g.dealer == 1
    play_out(g, random.Random(0))
    m.record(g)
    assert m.dealer == 2


@pytest.mark.parametrize("target", (101, 30, 1))
def test_custom_target_first_team_to_reach_it(target):
    m = Match(rules=Rules(target=target), seed=target)
    rng = random.Random(target)
    while m.winner is None:
        before = m.scores
        assert max(before) < target
        g = m.new_hand()
        play_out(g, rng)
        m.record(g)
    assert max(m.scores) >= target


def test_default_target_is_152():
    m = Match(seed=3)
    assert m.rules.target == 152 and m.scores == (0, 0) and m.dealer == 0 and m.winner is None and m.hands == []
    rng = random.Random(3)
    while m.winner is None:
        assert max(m.scores) < 152
        g = m.new_hand()
        play_out(g, rng)
        m.record(g)
    assert max(m.scores) >= 152 or m.hands[-1].contract.gahwa


# ---- record() refuses ---------------------------------------------------------------------------------


def unchanged(m: Match):
    return (m.scores, m.dealer, m.winner, len(m.hands))


def test_record_refuses_unfinished_hands():
    m = Match(seed=1)
    g = m.new_hand()
    state = unchanged(m)
    with pytest.raises(BalootError):
        m.record(g)  # bidding
    g.apply("hokum")
    for _ in range(3):
        g.apply("pass")
    assert g.phase == "doubling"
    with pytest.raises(BalootError):
        m.record(g)
    g.apply("pass")
    g.apply("pass")
    g.apply(g.legal_actions()[0])
    assert g.phase == "playing"
    with pytest.raises(BalootError):
        m.record(g)
    assert unchanged(m) == state
    play_out(g, random.Random(1))
    m.record(g)  # now it is accepted
    assert len(m.hands) == 1 and m.dealer == 1


@pytest.mark.parametrize("thing", (None, "game", 42, {"dealer": 0}))
def test_record_refuses_non_games(thing):
    m = Match(seed=1)
    with pytest.raises(BalootError):
        m.record(thing)
    assert unchanged(m) == ((0, 0), 0, None, 0)


def test_record_refuses_wrong_dealer():
    m = Match(seed=2)
    for dealer in (1, 2, 3):
        g = play_out(Game(rules=m.rules, dealer=dealer, seed=dealer, scores=m.scores), random.Random(dealer))
        with pytest.raises(BalootError):
            m.record(g)
    assert unchanged(m) == ((0, 0), 0, None, 0)


def test_record_refuses_wrong_scores_or_rules():
    m = Match(seed=2)
    g = play_out(Game(rules=m.rules, dealer=0, seed=5, scores=(10, 0)), random.Random(5))
    with pytest.raises(BalootError):
        m.record(g)
    g = play_out(Game(rules=Rules(target=101), dealer=0, seed=5), random.Random(5))
    with pytest.raises(BalootError):
        m.record(g)
    assert unchanged(m) == ((0, 0), 0, None, 0)


def test_record_refuses_the_same_hand_twice():
    m = Match(seed=4)
    g = play_out(m.new_hand(), random.Random(4))
    m.record(g)
    state = unchanged(m)
    with pytest.raises(BalootError):
        m.record(g)
    assert unchanged(m) == state


def test_record_refuses_a_hand_dealt_by_another_match():
    """A hand dealt by another Match is not this match's hand, even when dealer, scores and rules happen
    to agree (both are the first hand of a fresh match)."""
    m = Match(seed=5)
    other = Match(seed=6)
    g = play_out(other.new_hand(), random.Random(6))
    assert g.dealer == m.dealer and g.scores == m.scores and g.rules == m.rules
    with pytest.raises(BalootError):
        m.record(g)
    assert unchanged(m) == ((0, 0), 0, None, 0)


def test_record_refuses_another_matchs_hand_at_other_scores():
    m = Match(seed=7)
    other = Match(seed=8)
    rng = random.Random(8)
    while other.scores == (0, 0) or other.dealer != 0:
        other.record(play_out(other.new_hand(), rng))
        assert other.winner is None
    g = play_out(other.new_hand(), rng)
    with pytest.raises(BalootError):
        m.record(g)
    assert unchanged(m) == ((0, 0), 0, None, 0)


def test_record_after_winner_known_refused_even_for_a_throw_in():
    m = Match(rules=Rules(target=1), seed=9)
    rng = random.Random(9)
    while m.winner is None:
        m.record(play_out(m.new_hand(), rng))
    state = unchanged(m)
    with pytest.raises(BalootError, match="already won the match"):  # no hand is dealt from its scores
        Game(rules=m.rules, dealer=m.dealer, seed=1, scores=m.scores)
    g = Game(rules=m.rules, dealer=m.dealer, seed=1)  # a throw-in that does not continue this match
    for _ in range(8):
        g.apply("pass")
    with pytest.raises(BalootError):
        m.record(g)
    assert unchanged(m) == state


# ---- records of matches started from given scores, and scores that are not a pair -----------------

def test_a_match_started_from_scores_round_trips_with_and_without_hands():
    match = Match(seed=1, scores=(100, 120))
    again = Match.from_json(match.to_json())
    assert again.scores == (100, 120) and again.hands == []
    rng = random.Random(5)
    for _ in range(2):
        if match.winner is None:
            game = match.new_hand()
            play_out(game, rng)
            match.record(game)
    again = Match.from_json(match.to_json())
    assert again.scores == match.scores and again.winner == match.winner
    assert [g.to_record() for g in again.hands] == [g.to_record() for g in match.hands]


def test_a_record_without_start_scores_starts_at_zero():
    record = Match(seed=1).to_record()
    del record["start_scores"]
    assert Match.from_record(record).scores == (0, 0)


def test_tampered_start_scores_are_refused():
    record = Match(seed=1, scores=(100, 120)).to_record()
    record["start_scores"] = [100, 121]
    with pytest.raises(BalootError, match="scores"):
        Match.from_record(record)


@pytest.mark.parametrize("scores,named", [({0: 1, 1: 2}, "{0: 1, 1: 2}"), ("10", "'10'"), ({1, 2}, "{1, 2}"),
                                          (b"10", "b'10'")])
def test_scores_that_are_not_a_pair_are_refused_by_name(scores, named):
    with pytest.raises(BalootError) as error:
        Match(scores=scores)
    assert f"scores {named} must be a pair" in str(error.value)


def test_a_negative_score_is_named_once_with_its_team():
    with pytest.raises(BalootError) as error:
        Match(scores=(-5, 0))
    assert str(error.value).startswith("scores (-5, 0): team 0 -5 is out of range")


def test_a_hand_under_other_rules_names_the_differing_option():
    match = Match(seed=2)
    game = match.new_hand()
    play_out(game, random.Random(2))
    match.record(game)
    record = match.to_record()
    record["hands"][0]["rules"] = dict(record["hands"][0]["rules"], target=101)
    with pytest.raises(BalootError) as error:
        Match.from_record(record)
    message = str(error.value)
    assert "target 101 where the match has 152" in message and "Rules(" not in message and len(message) < 200
