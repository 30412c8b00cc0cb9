"""Game records (``to_json`` / ``from_json``), golden playthroughs, ``clone``, illegal actions leaving the
state untouched, and the table drawing (docs/api.md "One hand: baloot.Game").

The golden records live in tests/golden/ and are written by tests/golden_games.py. Three of them are
scripted completely and their results are worked out by hand below; the test asserts those numbers
literally, so a wrong engine cannot silently regenerate them.
"""

from __future__ import annotations

import glob
import json
import os
import random
import re

import golden_games
import pytest
from deals import shuffled_deck

from baloot import BalootError, Game, IllegalAction, Rules

GOLDEN = sorted(glob.glob(os.path.join(golden_games.GOLDEN_DIR, "*.json")))
ARABIC = re.compile(r"[\u0600-\u06FF]")


def load(name: str) -> str:
    with open(os.path.join(golden_games.GOLDEN_DIR, f"{name}.json"), encoding="utf-8") as f:
        return f.read()


def snapshot(game: Game):
    """Everything observable about a game."""
    return (game.to_json(), game.history, game.hands, game.phase, game.to_move, game.legal_actions(), game.contract,
            game.trick, game.tricks, game.result, str(game))


# ---- golden playthroughs --------------------------------------------------------------------------------


def test_there_are_five_golden_records():
    names = {os.path.basename(p)[:-5] for p in GOLDEN}
    assert names == set(golden_games.NAMES) == set(golden_games.build_all()), names


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: os.path.basename(p))
def test_golden_replay_gives_stored_result(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    record = json.loads(text)
    game = Game.from_json(text)
    assert game.phase == "over"
    assert game.history == record["actions"]
    r = game.result
    stored = record["result"]
    assert list(r.points) == stored["points"] and r.made == stored["made"]
    assert r.kaboot == stored["kaboot"] and list(r.abnat) == stored["abnat"]
    assert json.loads(game.to_json()) == record


@pytest.mark.parametrize("name", golden_games.NAMES)
def test_generator_reproduces_golden_file(name):
    """The generator (decks and choices made in Python) still produces exactly the stored record."""
    game = golden_games.build_all()[name]
    assert json.loads(game.to_json()) == json.loads(load(name))


def test_hand_reasoned_hokum_with_baloot():
    """Hokum, hearts trump, bought by seat 1 (team 1), dealer 0, everyone follows suit (golden_games.HOKUM_*).

    Tricks (leader first): AS 10S KS QS -> seat 1, 11+10+4+3 = 28;  7S 8S 9S JS -> seat 0, 2;
    KD 8D AD QD -> seat 2, 4+11+3 = 18;  9D 7D JD 10D -> seat 1, 2+10 = 12;  KC QC AC JC -> seat 3,
    4+3+11+2 = 20;  8C 10C 9C 7C -> seat 0, 10;  AH QH JH 8H (trump: A 11, Q 3, J 20) -> seat 2 with
    the jack, 34;  7H 9H 10H KH -> seat 3 with the 9, 14+10+4 = 28, +10 last trick = 38.
    Team 0: 2+18+10+34 = 64; team 1: 28+12+20+38 = 98 (total 162). No projects. Seat 1 holds K+Q of
    trump: Baloot, 20 abnat in the check (98+20 > 64: made) and 2 points. Points: 98 -> 10 (last digit 8
    rounds up), 64 -> 6; total 16. Team 1: 10 + 2 = 12, team 0: 6.
    """
    game = Game.from_json(load("hokum_baloot_made"))
    c = game.contract
    assert (c.mode, c.trump, c.buyer, c.ashkal, c.multiplier, c.gahwa) == ("hokum", "H", 1, False, 1, False)
    assert [t.winner for t in game.tricks] == [1, 0, 2, 1, 3, 0, 2, 3]
    assert [t.leader for t in game.tricks] == [1, 1, 0, 2, 1, 3, 0, 2]
    r = game.result
    assert tuple(r.abnat) == (64, 98)
    assert tuple(r.tricks) == (4, 4)
    assert tuple(r.projects) == (0, 0)
    assert tuple(r.baloot) == (0, 1) and game.baloot == 1
    assert r.made is True and r.kaboot is None
    assert tuple(r.points) == (6, 12)


def test_hand_reasoned_doubled_sun():
    """Sun bought by seat 0 (team 0, dealer 1) at scores 120-50, doubled by seat 1 (R30 allows it).

    Tricks: KH QH 7H AH -> seat 1, 4+3+11 = 18;  10H 9H JH 8H -> seat 1, 12;  10C 8C JC AC -> seat 0,
    10+2+11 = 23;  AS 7S 8S 9S -> seat 0, 11;  10S KS QS JS -> seat 0, 19;  AD 8D JD KD -> seat 0, 17;
    9D QD 10D KC -> seat 2 (the 10), 3+10+4 = 17;  7C QC 7D 9C -> seat 3, 3 + 10 = 13.
    Team 0: 23+11+19+17+17 = 87; team 1: 18+12+13 = 43 (total 130). Seat 3's K-Q-J of clubs is a Sira
    (20 abnat), scored by team 1. Check: 87 > 43+20, made. Doubled: winner takes all (R32):
    (26 + 4) x 2 = 60 to team 0, 0 to team 1.
    """
    game = Game.from_json(load("sun_doubled_made"))
    c = game.contract
    assert (c.mode, c.trump, c.buyer, c.ashkal, c.multiplier, c.gahwa) == ("sun", None, 0, False, 2, False)
    assert [t.winner for t in game.tricks] == [1, 1, 0, 0, 0, 0, 2, 3]
    assert [p.kind for p in game.projects[3]] == ["sira"] and game.projects[3][0].cards == ("KC", "QC", "JC")
    assert game.projects[0] == game.projects[1] == game.projects[2] == []
    r = game.result
    assert tuple(r.abnat) == (87, 43)
    assert tuple(r.tricks) == (5, 3)
    assert tuple(r.projects) == (0, 20)
    assert r.made is True and r.kaboot is None and r.multiplier == 2
    assert tuple(r.points) == (60, 0)


def test_hand_reasoned_defenders_kaboot_with_hundreds():
    """Sun bought by seat 2; every seat holds one whole suit, seat 1 leads hearts eight times and nobody
    can follow: team 1 (defenders) takes all 8 tricks, 130 abnat. Each hand is one 8-card run = one
    Hundred (R23: never split). All four tie (run, top A, length 8), so the earliest after the dealer,
    seat 1, wins the comparison (R26): team 1 scores seat 1's and seat 3's Hundreds, 2 x 20 = 40.
    Kaboot by the defenders (R40): 44 + 40 = 84; the buyers 0."""
    game = Game.from_json(load("sun_defenders_kaboot"))
    c = game.contract
    assert (c.mode, c.buyer, c.ashkal, c.multiplier) == ("sun", 2, False, 1)
    assert all(t.winner == 1 for t in game.tricks)
    for seat in range(4):
        assert [p.kind for p in game.projects[seat]] == ["hundred"], game.projects[seat]
    assert game.project_team == 1
    r = game.result
    assert tuple(r.abnat) == (0, 130) and tuple(r.tricks) == (0, 8)
    assert tuple(r.projects) == (0, 200)
    assert r.made is False and r.kaboot == 1
    assert tuple(r.points) == (0, 84)


def test_gahwa_and_ashkal_golden_records_contracts():
    g = Game.from_json(load("hokum_gahwa_random"))
    c = g.contract
    assert (c.mode, c.buyer, c.multiplier, c.gahwa) == ("hokum", 0, 4, True)
    r = g.result
    loser = 1 - c.buyers if r.made else c.buyers
    assert r.points[loser] == 2 * r.baloot[loser]  # winner takes all; the loser keeps only its Baloot (R32)
    assert (r.points[1 - loser] - 2 * r.baloot[1 - loser]) % 4 == 0  # everything else is multiplied by 4
    g = Game.from_json(load("ashkal_round2_random"))
    c = g.contract
    assert (c.mode, c.buyer, c.ashkal) == ("sun", 1, True)
    assert g.up_card in [t for tr in g.tricks for t in tr.cards]
    assert g.rules == Rules(direction="clockwise", kaboot="double", arabic_labels=False)


# ---- from_json rejects bad records ----------------------------------------------------------------------


def golden_record(name: str = "hokum_baloot_made") -> dict:
    return json.loads(load(name))


def mutated(change) -> str:
    record = golden_record()
    change(record)
    return json.dumps(record)


def _set(key, value):
    def change(r):
        r[key] = value
    return change


def _del(key):
    def change(r):
        del r[key]
    return change


def _deck(fn):
    def change(r):
        r["deck"] = fn(list(r["deck"]))
    return change


def _actions(fn):
    def change(r):
        r["actions"] = fn(list(r["actions"]))
    return change


def _result(key, value):
    def change(r):
        r["result"][key] = value
    return change


def _rules(**values):
    def change(r):
        r["rules"].update(values)
    return change


BAD_RECORDS = {
    # malformed text
    "empty": "",
    "truncated": load("hokum_baloot_made")[:100],
    "not an object": "[1, 2, 3]",
    "null": "null",
    "a string": '"baloot-game"',
    # format and version
    "wrong format": mutated(_set("format", "chess-game")),
    "no format": mutated(_del("format")),
    "version 2": mutated(_set("version", 2)),
    "version as text": mutated(_set("version", "1")),
    "no version": mutated(_del("version")),
    # unknown fields
    "unknown field": mutated(_set("comment", "hello")),
    "unknown field players": mutated(_set("players", ["a", "b", "c", "d"])),
    # deck
    "duplicate card": mutated(_deck(lambda d: d[:5] + [d[6]] + d[6:])),
    "missing card": mutated(_deck(lambda d: d[:-1])),
    "33 cards": mutated(_deck(lambda d: d + ["AS"])),
    "bad card": mutated(_deck(lambda d: d[:-1] + ["1X"])),
    "deck not a list": mutated(_set("deck", 42)),
    "no deck": mutated(_del("deck")),
    # dealer / scores
    "dealer 4": mutated(_set("dealer", 4)),
    "dealer text": mutated(_set("dealer", "0")),
    "negative score": mutated(_set("scores", [-1, 0])),
    "three scores": mutated(_set("scores", [0, 0, 0])),
    # actions
    "illegal first call": mutated(_actions(lambda a: ["double"] + a[1:])),
    "card played in bidding": mutated(_actions(lambda a: ["AS"] + a[1:])),
    "unknown action": mutated(_actions(lambda a: ["bid-7"] + a[1:])),
    "action not a string": mutated(_actions(lambda a: [5] + a[1:])),
    "card out of turn": mutated(_actions(lambda a: a[:6] + [a[7]] + a[6:7] + a[8:])),
    "action after the end": mutated(_actions(lambda a: a + ["pass"])),
    "actions not a list": mutated(_set("actions", "hokum pass pass pass")),
    # tampered or inconsistent result
    "tampered points": mutated(_result("points", [12, 6])),
    "tampered made": mutated(_result("made", False)),
    "tampered abnat": mutated(_result("abnat", [63, 99])),
    "tampered kaboot": mutated(_result("kaboot", 1)),
    "result of an unfinished hand": mutated(_actions(lambda a: a[:-1])),
    "result not an object": mutated(_set("result", [6, 12])),
    # rules
    "unknown rule": mutated(_rules(jokers=True)),
    "bad direction": mutated(_rules(direction="sideways")),
    "bad kaboot": mutated(_rules(kaboot="triple")),
    "bad target": mutated(_rules(target=0)),
    "bool as text": mutated(_rules(ashkal="yes")),
    "rules not an object": mutated(_set("rules", "default")),
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_from_json_rejects(name):
    with pytest.raises(BalootError):
        Game.from_json(BAD_RECORDS[name])


def test_from_json_rejects_non_text():
    for value in (None, 42, {"format": "baloot-game"}):
        with pytest.raises(BalootError):
            Game.from_json(value)


def test_from_json_accepts_the_untampered_record():
    assert Game.from_json(json.dumps(golden_record())).result is not None


# ---- round trip -----------------------------------------------------------------------------------------


def games_in_every_phase():
    """(label, game) for a fresh deal, mid-bidding, priority question, doubling, mid-trick, between tricks,
    over, thrown in, and random hands under several rules."""
    out = []
    g = Game(dealer=2, deck=shuffled_deck("JD", 5))
    out.append(("fresh", g.clone()))
    g.apply("pass")
    out.append(("mid-bidding", g.clone()))
    g.apply("pass")
    g.apply("sun")
    out.append(("priority question", g.clone()))
    g.apply("pass")
    g.apply("pass")
    out.append(("sun bought, playing", g.clone()))
    g.apply(g.legal_actions()[0])
    g.apply(g.legal_actions()[-1])
    out.append(("mid-trick", g.clone()))
    h = Game(dealer=1, deck=shuffled_deck("9S", 6), scores=(130, 20))
    for a in ("hokum", "pass", "pass", "pass", "double"):
        h.apply(a)
    out.append(("doubling", h.clone()))
    t = Game(dealer=3, deck=shuffled_deck("9S", 8))
    for _ in range(8):
        t.apply("pass")
    out.append(("thrown in", t))
    for i, rules in enumerate([Rules(), Rules(hokum_to_sun=True, kaboot="off"), Rules(direction="clockwise",
                                                                                    target=121)]):
        rng = random.Random(i)
        r = Game(rules=rules, dealer=i, seed=100 + i, scores=(110, 90))
        for _ in range(13):
            r.apply(rng.choice(r.legal_actions()))
        assert r.to_move is not None
        out.append((f"random {i} after 13 actions", r.clone()))
        while r.to_move is not None:
            r.apply(rng.choice(r.legal_actions()))
        out.append((f"random {i} over", r))
    return out


BASE_LABELS = ["fresh", "mid-bidding", "priority question", "sun bought, playing", "mid-trick", "doubling",
               "thrown in"] + [f"random {i} {when}" for i in range(3) for when in ("after 13 actions", "over")]
PHASE_LABELS = BASE_LABELS + [f"golden {name}" for name in golden_games.NAMES]
LIVE_LABELS = ["fresh", "mid-bidding", "priority question", "sun bought, playing", "mid-trick", "doubling"] + \
    [f"random {i} after 13 actions" for i in range(3)]


def phase_game(label: str) -> Game:
    """A fresh copy of the game called ``label`` (each test gets its own; built at run time, not at
    collection, so an engine failure fails tests instead of the whole module)."""
    if label.startswith("golden "):
        return Game.from_json(load(label[len("golden "):]))
    games = dict(games_in_every_phase())
    assert list(games) == BASE_LABELS
    game = games[label]
    if label in LIVE_LABELS:
        assert game.to_move is not None, label
    return game


@pytest.mark.parametrize("label", PHASE_LABELS)
def test_round_trip(label):
    game = phase_game(label)
    for indent in (None, 2):
        text = game.to_json(indent=indent) if indent else game.to_json()
        twin = Game.from_json(text)
        assert twin.history == game.history
        assert twin.hands == game.hands
        assert twin.result == game.result
        assert twin.contract == game.contract
        assert (twin.phase, twin.to_move, twin.dealer, twin.up_card) == (game.phase, game.to_move, game.dealer,
                                                                         game.up_card)
        assert twin.trick == game.trick and twin.tricks == game.tricks
        assert twin.legal_actions() == game.legal_actions()
        assert twin.rules == game.rules and twin.scores == game.scores
        assert twin.to_json() == game.to_json()
        assert str(twin) == str(game)


# ---- clone ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("label", LIVE_LABELS)
def test_clone_is_independent(label):
    game = phase_game(label)
    before = snapshot(game)
    twin = game.clone()
    assert snapshot(twin) == before
    twin.apply(twin.legal_actions()[-1])
    assert snapshot(game) == before, "acting on the clone changed the original"
    assert len(twin.history) == len(game.history) + 1
    after_twin = snapshot(twin)
    game.apply(game.legal_actions()[0])
    assert snapshot(twin) == after_twin, "acting on the original changed the clone"
    # play both to the end independently
    rng = random.Random(3)
    while twin.to_move is not None:
        twin.apply(rng.choice(twin.legal_actions()))
    assert snapshot(game)[1] != snapshot(twin)[1]


def test_clone_of_finished_game_equals_it():
    game = Game.from_json(load("sun_doubled_made"))
    assert snapshot(game.clone()) == snapshot(game)


# ---- illegal actions leave the state exactly as it was --------------------------------------------------


def illegal_actions_for(game: Game):
    legal = set(game.legal_actions())
    candidates = ["pass", "hokum", "hokum:S", "hokum:H", "hokum:D", "hokum:C", "sun", "ashkal", "double", "three",
                  "four", "gahwa", "AS", "7C", "10H", "JD", "QD", "xyz", "hokum:X", "", " ", 5, None, 33,
                  ["pass"]]
    # every card of every seat that may not be played now
    for hand in game.hands:
        candidates += hand
    return [a for a in candidates if not (isinstance(a, str) and a in legal)]


@pytest.mark.parametrize("label", PHASE_LABELS)
def test_illegal_action_changes_nothing(label):
    game = phase_game(label)
    before = snapshot(game)
    tried = 0
    for action in illegal_actions_for(game):
        with pytest.raises(IllegalAction):
            game.apply(action)
        assert snapshot(game) == before, f"illegal {action!r} changed the game"
        tried += 1
    assert tried > 0


def test_card_that_breaks_follow_suit_is_illegal_and_changes_nothing():
    """Golden Hokum hand, trick 1: seat 2 holds 10S 8S, so JH (trump) may not be played on AS."""
    record = golden_record()
    game = Game(dealer=0, deck=record["deck"])
    for action in record["actions"][:7]:  # 6 calls and AS
        game.apply(action)
    assert game.to_move == 2 and game.trick == ["AS"]
    assert set(game.legal_actions()) == {"10S", "8S"}
    before = snapshot(game)
    for card in ("JH", "7H", "AD", "9D", "QC", "7C"):
        with pytest.raises(IllegalAction):
            game.apply(card)
        assert snapshot(game) == before


# ---- the table drawing ----------------------------------------------------------------------------------


def drawn(rules=None, calls=("hokum", "pass", "pass", "pass"), up="QS", dealer=0):
    game = Game(rules=rules, dealer=dealer, deck=shuffled_deck(up, 3))
    for call in calls:
        game.apply(call)
    return game


def test_str_has_arabic_labels_by_default():
    g = drawn()
    assert "Hokum (حكم)" in str(g)
    g.apply("pass")  # doubling declined
    g.apply("pass")
    assert "Hokum (حكم)" in str(g)
    s = drawn(calls=("sun",))
    assert "Sun (صن)" in str(s)
    assert "Hokum" not in str(s).split("\n")[0]


@pytest.mark.parametrize("name", golden_games.NAMES)
def test_str_labels_of_finished_hands(name):
    game = Game.from_json(load(name))
    text = str(game)
    mode_label = {"sun": "Sun (صن)", "hokum": "Hokum (حكم)"}[game.contract.mode]
    if game.rules.arabic_labels:
        assert mode_label in text
    else:
        assert game.contract.mode.capitalize() in text
        assert not ARABIC.search(text), text


@pytest.mark.parametrize("calls", [(), ("pass",), ("hokum", "pass", "pass", "pass"), ("sun",),
                                   ("pass", "pass", "pass", "ashkal"), ("pass",) * 8])
def test_str_without_arabic(calls):
    rules = Rules(arabic_labels=False)
    g = drawn(rules=rules, calls=calls)
    rng = random.Random(1)
    texts = [str(g)]
    while g.to_move is not None:
        g.apply(rng.choice(g.legal_actions()))
        texts.append(str(g))
    for text in texts:
        assert not ARABIC.search(text), text
    if g.contract is not None:
        mode = g.contract.mode.capitalize()
        assert mode in texts[-1] and f"{mode} (" not in texts[-1]


def seat_columns(text: str):
    """Column of each 'Seat N' label, and the line it is on."""
    where = {}
    for row, line in enumerate(text.split("\n")):
        for m in re.finditer(r"Seat (\d)", line):
            where[int(m.group(1))] = (row, m.start())
    return where


@pytest.mark.parametrize("dealer", (0, 1, 2, 3))
def test_direction_moves_seat_1_from_right_to_left(dealer):
    """Seen from seat 0 at the bottom: counter-clockwise play puts the next seat (1) on the right (R1);
    clockwise play puts it on the left. Seat 2 is opposite (top) either way."""
    for rules, seat1_side in ((Rules(), "right"), (Rules(direction="clockwise"), "left"),
                              (Rules(direction="clockwise", arabic_labels=False), "left")):
        text = str(drawn(rules=rules, dealer=dealer))
        where = seat_columns(text)
        assert set(where) == {0, 1, 2, 3}, text
        (r0, c0), (r1, c1), (r2, c2), (r3, c3) = (where[s] for s in range(4))
        assert r2 < r1 == r3 < r0, text  # 2 on top, 1 and 3 on one row, 0 at the bottom
        if seat1_side == "right":
            assert c1 > c3, f"seat 1 should be on the right:\n{text}"
        else:
            assert c1 < c3, f"seat 1 should be on the left:\n{text}"
