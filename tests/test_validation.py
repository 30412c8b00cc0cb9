"""Every argument is checked the same way wherever it is passed: integers of any size, whole-number floats,
numpy integers, seeds, progress options, booleans and contract text; the facts the core exports; the read
surface of Game."""

import json

import numpy as np
import pytest

import baloot
from baloot import BalootError, Game, Match, Rules, _core
from baloot.roster import play_out
from baloot.tables import sample_table

HAND5 = "JH 9H 7S 8D 7C"
SUIT_HANDS = [[rank + suit for rank in baloot.RANKS] for suit in baloot.SUITS]


def message(call):
    with pytest.raises(BalootError) as info:
        call()
    return str(info.value)


# ----- integers at and beyond what the core takes ---------------------------------------------

@pytest.mark.parametrize("call, value", [
    (lambda: Rules(target=2**31), 2**31),
    (lambda: Rules(target=2**40), 2**40),
    (lambda: baloot.simulate(10**20), 10**20),
    (lambda: baloot.simulate(10, start=2**63), 2**63),
    (lambda: baloot.score_hand("sun", 0, (2**31, 0), (8, 0)), 2**31),
    (lambda: baloot.score_hand("sun", 0, (130, 0), (8, 0), projects=(0, -2**40)), -2**40),
    (lambda: baloot.score_hand("sun", 0, (130, 0), (8, 0), multiplier=2**31), 2**31),
    (lambda: Game(seed=1, scores=(2**31, 0)), 2**31),
    (lambda: baloot.analyze_bid(HAND5, "8H", 0, 0, samples=2**63, threads=1), 2**63),
    (lambda: baloot.analyze_bid(HAND5, "8H", 0, 0, samples=10, threads=2**31), 2**31),
    (lambda: baloot.random_deals(2**64), 2**64),
    (lambda: baloot.game_points(2**31, "sun"), 2**31),
])
def test_integers_beyond_the_core_are_refused_with_the_range(call, value):
    text = message(call)
    assert str(value) in text and ("from" in text or ".." in text or "2**64" in text), text


def test_a_target_beyond_the_maximum_is_refused_at_construction():
    text = message(lambda: Rules(target=2**31))
    assert "target" in text and str(10**9) in text
    assert Rules(target=10**9).target == 10**9


def test_a_record_with_a_huge_target_is_refused():
    record = json.loads(Game(seed=1).to_json())
    record["rules"]["target"] = 2**40
    assert str(2**40) in message(lambda: Game.from_json(json.dumps(record)))


def test_a_huge_run_kept_in_memory_is_refused_clearly():
    text = message(lambda: baloot.simulate(10**18, threads=1))
    assert "keep=False" in text


# ----- whole-number floats: refused like 2.5, everywhere ----------------------------------------

@pytest.mark.parametrize("value", [1.0, 0.0, 2.5, np.float64(1.0)])
@pytest.mark.parametrize("call", [
    lambda v: Game(seed=1, dealer=v),
    lambda v: Game(seed=v),
    lambda v: Match(dealer=v),
    lambda v: Match(seed=v),
    lambda v: baloot.score_hand("sun", v, (130, 0), (8, 0)),
    lambda v: baloot.score_hand("sun", 0, (130, v), (8, 0)),
    lambda v: baloot.score_hand("sun", 0, (130, 0), (8, 0), multiplier=v),
    lambda v: baloot.declare_projects(SUIT_HANDS, "sun", first=v),
    lambda v: baloot.game_points(v, "sun"),
    lambda v: baloot.analyze_bid(HAND5, "8H", v, 0, samples=10, threads=1),
    lambda v: baloot.dd_table([["AS"], ["KS"], ["QS"], ["JS"]], v),
    lambda v: baloot.simulate(v),
    lambda v: baloot.simulate(1, seed=v),
    lambda v: Rules(target=v),
])
def test_floats_are_refused_with_a_clear_message(call, value):
    assert repr(value) in message(lambda: call(value))


@pytest.mark.parametrize("field, value", [("dealer", 0.0), ("dealer", 1.0), ("scores", [0.0, 0])])
def test_records_with_float_numbers_are_refused(field, value):
    record = json.loads(Game(seed=1).to_json())
    record[field] = value
    text = message(lambda: Game.from_json(json.dumps(record)))
    assert field in text


# ----- numpy integers: accepted everywhere ------------------------------------------------------

def test_numpy_integers_are_accepted_everywhere():
    assert Game(seed=np.int64(5), dealer=np.int8(1)).to_json() == Game(seed=5, dealer=1).to_json()
    assert Game(seed=np.uint64(5), scores=(np.int16(30), np.int64(40))).scores == (30, 40)
    a, b = Match(seed=np.int64(3), dealer=np.int8(2)), Match(seed=3, dealer=2)
    assert a.dealer == 2 and a.new_hand().to_json() == b.new_hand().to_json()
    rules = Rules(target=np.int64(101))
    assert rules == Rules(target=101) and type(rules.target) is int and json.dumps(rules.to_dict())
    assert Rules(ashkal=np.bool_(False)).ashkal is False
    run = baloot.simulate(np.int64(40), seed=np.uint64(3), threads=np.int32(1))
    assert np.array_equal(run.points, baloot.simulate(40, seed=3, threads=1).points)
    for i in range(len(run)):  # values taken straight from the arrays of a run
        if run.mode[i] < 0:
            continue
        scored = baloot.score_hand(("sun", "hokum")[run.mode[i]], run.buyer[i] % 2, tuple(run.abnat[i]),
                                   tuple(run.tricks[i]), tuple(run.projects[i]),
                                   (int(run.baloot[i] == 0), int(run.baloot[i] == 1)), run.multiplier[i])
        assert scored.points == tuple(run.points[i].tolist())
    assert baloot.game_points(np.int64(65), "sun") == baloot.game_points(65, "sun")
    assert baloot.declare_projects(SUIT_HANDS, "sun", first=np.int64(2)) == baloot.declare_projects(SUIT_HANDS, "sun",
                                                                                                   first=2)
    bid = baloot.analyze_bid(HAND5, "8H", np.int64(1), np.int8(0), samples=np.int64(20), seed=np.uint32(2),
                             scores=(np.int64(0), np.int64(0)), threads=1)
    assert bid.seat == 1 and bid.samples == 20


# ----- seeds: one check for every function -------------------------------------------------------

@pytest.mark.parametrize("seed", [-1, "abc", 1.5, 1.0, 2**100, 2**64, True, [1]])
@pytest.mark.parametrize("call", [
    lambda s: Game(seed=s),
    lambda s: Match(seed=s),
    lambda s: baloot.simulate(1, seed=s),
    lambda s: baloot.random_deals(1, seed=s),
    lambda s: baloot.analyze_bid(HAND5, "8H", 0, 0, samples=10, seed=s, threads=1),
    lambda s: play_out(Game(seed=1), "random", seed=s),
])
def test_bad_seeds_are_refused_alike(call, seed):
    assert "seed" in message(lambda: call(seed))


def test_the_largest_seed_is_accepted_alike():
    Game(seed=2**64 - 1)
    Match(seed=2**64 - 1).new_hand()
    baloot.simulate(1, seed=2**64 - 1)


# ----- progress, booleans, keep ------------------------------------------------------------------

def test_analyze_bid_takes_progress_like_simulate(capsys):
    plain = baloot.analyze_bid(HAND5, "8H", 0, 0, samples=50, players="random", threads=1)
    quiet = baloot.analyze_bid(HAND5, "8H", 0, 0, samples=50, players="random", threads=1, progress=False)
    seen = []
    counted = baloot.analyze_bid(HAND5, "8H", 0, 0, samples=50, players="random", threads=1, progress=seen.append)
    assert quiet.best == plain.best == counted.best and seen and seen[-1] == 50
    baloot.analyze_bid(HAND5, "8H", 0, 0, samples=50, players="random", threads=1, progress=True)
    assert "progress" in message(lambda: baloot.analyze_bid(HAND5, "8H", 0, 0, samples=5, progress="yes"))
    assert "progress" in message(lambda: baloot.simulate(5, progress="no"))


@pytest.mark.parametrize("value", ["no", "yes", 0, 1, None, "False"])
def test_keep_must_be_a_boolean(value):
    assert "keep" in message(lambda: baloot.simulate(5, keep=value))


def test_an_unkept_column_says_how_to_keep_it():
    run = baloot.simulate(5, keep=False)
    with pytest.raises(AttributeError, match="keep=True"):
        run.points
    with pytest.raises(AttributeError, match="keep=True"):
        run.thrown_in
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        run.nonsense


def test_a_summary_of_no_hands_shows_no_nan():
    text = str(baloot.simulate(0).summary())
    assert "nan" not in text and "—" in text
    assert "nan" not in str(baloot.simulate(1).summary())


# ----- clear messages ----------------------------------------------------------------------------

def test_dd_tables_names_a_float_dtype():
    text = message(lambda: baloot.dd_tables(np.zeros((2, 4))))
    assert "float64" in text and "integer" in text


def test_legal_moves_names_bytes():
    text = message(lambda: baloot.legal_moves(b"AS", [], "sun"))
    assert "b'AS'" in text and "bytes" in text


def test_analyze_decision_takes_one_candidate_as_a_string():
    game = Game(seed=4, dealer=3)
    one = baloot.analyze_decision(game, samples=30, players="random", threads=1, candidates="pass")
    assert [row.action for row in one.rows] == ["pass"]
    assert [row.action for row in baloot.analyze_decision(game, samples=30, players="random", threads=1,
                                                          candidates=["PASS", "Sun"]).rows] == ["pass", "sun"]
    assert "'sideways'" in message(lambda: baloot.analyze_decision(game, samples=5, candidates="sideways"))
    assert "empty" in message(lambda: baloot.analyze_decision(game, samples=5, candidates=[]))


@pytest.mark.parametrize("text", ["hokum", "sun:H", "hokum:X", "suun", 5, None, "Hokum:"])
def test_one_contract_parser_for_every_function(text):
    for call in (lambda: baloot.simulate(1, contract=text) if text is not None else baloot.simulate(1, contract=3),
                 lambda: baloot.dd_tables(baloot.random_deals(1), contracts=[text]),
                 lambda: baloot.solver.solve_position([["AS"], ["KS"], ["QS"], ["JS"]], text, 0)):
        assert "contract" in message(call)


@pytest.mark.parametrize("text, expected", [("sun", (0, -1)), (" Hokum:h ", (1, 1)), ("hokum:♦", (1, 2)),
                                            ("HOKUM:c", (1, 3))])
def test_contract_spellings(text, expected):
    from baloot.validation import contract

    assert contract(text) == expected
    column = _core.contracts.index(expected)
    table = baloot.dd_tables(baloot.random_deals(2, seed=1), contracts=[text], threads=1)
    assert (table[:, column] >= 0).all() and (np.delete(table, column, axis=1) == -1).all()


# ----- keyword-only options -----------------------------------------------------------------------

def test_options_after_the_data_arguments_are_keyword_only():
    with pytest.raises(TypeError):
        baloot.simulate(10, "random")
    with pytest.raises(TypeError):
        Match(None)
    with pytest.raises(TypeError):
        Game(None)
    with pytest.raises(TypeError):
        baloot.analyze_bid(HAND5, "8H", 0, 0, 10)
    with pytest.raises(TypeError):
        baloot.analyze_decision(Game(seed=1), 10)
    with pytest.raises(TypeError):
        baloot.random_deals(2, 1)
    with pytest.raises(TypeError):
        baloot.duplicate("random", "random", 10, 1)
    run = baloot.simulate(10, players="random", seed=0, threads=1, rules=None, contract=None, keep=True,
                          progress=False)  # as docs/api.md writes it
    assert len(run) == 10


# ----- the core's facts ----------------------------------------------------------------------------

def test_the_core_declares_the_facts_the_package_reads():
    from baloot.actions import NUM_ACTIONS, parse_action

    assert NUM_ACTIONS == _core.num_actions == 47
    assert all(parse_action(name) == number for name, number in _core.actions.items() if name != "hokum_suit")
    assert parse_action("hokum:D") == _core.actions["hokum_suit"] + 2
    assert baloot.game.PHASES == _core.phases
    assert baloot.TABLE_CONTRACTS == ("sun", "hokum:S", "hokum:H", "hokum:D", "hokum:C")
    assert sum(baloot.card_points(card, "sun") for card in baloot.DECK) + _core.last_trick_abnat == 130
    assert sum(baloot.card_points(card, "hokum", "S") for card in baloot.DECK) + 10 == _core.total_abnat[1]
    assert [baloot.card_points(r + "S", "hokum", "S") for r in baloot.RANKS] == list(_core.trump_abnat)
    assert [baloot.card_points(r + "S", "sun") for r in baloot.RANKS] == list(_core.plain_abnat)
    assert _core.project_points(100, 0) == 20 and _core.project_points(100, 1) == 10
    assert sorted(_core.outcome_flags.values()) == [1, 2, 4, 8, 16, 32, 64, 128]
    assert _core.match_ends == ("going_on", "gahwa", "target", "tie_to_buyers")


# ----- the read surface of Game -------------------------------------------------------------------

def test_the_read_surface_of_a_game():
    game = Game(seed=11, dealer=2)
    assert game.round == 1 and game.bid_stage == "turns" and game.leader is None
    assert game.tricks_won == (0, 0) and game.abnat == (0, 0) and game.hands_at_play is None
    assert game.projects == [[], [], [], []]
    play_out(game, "heuristic", seed=3)
    if game.result.made is None:
        assert game.hands_at_play is None
        return
    assert game.tricks_won == tuple(game.result.tricks) and sum(game.tricks_won) == 8
    assert game.abnat == tuple(game.result.abnat)
    start = game.hands_at_play
    assert sorted(c for hand in start for c in hand) == sorted(baloot.DECK)
    contract = game.contract
    assert contract.name in baloot.TABLE_CONTRACTS
    for seat in range(4):
        assert game.projects[seat] == baloot.find_projects(start[seat], contract.mode, contract.trump)


def test_a_game_in_play_shows_its_leader_and_what_was_taken():
    for seed in range(40):
        game = Game(seed=seed)
        while game.phase in ("bidding", "doubling"):
            game.apply("sun" if "sun" in game.legal_actions() else "pass")
        if game.phase != "playing":
            continue
        assert game.leader == (game.dealer + 1) % 4
        for _ in range(4):
            game.apply(game.legal_actions()[0])
        assert game.leader == game.tricks[0].winner and sum(game.tricks_won) == 1 and sum(game.abnat) > 0
        return
    pytest.fail("no Sun was bought in 40 deals")


def test_play_out_lives_with_the_players():
    game = play_out(Game(seed=2), ["random"] * 4, seed=1)
    assert game.phase == "over"
    assert play_out(Game(seed=2), "random", seed=1).to_json() == game.to_json()


def test_sample_table_is_a_library_function():
    hand = "JS 9S AS 10S KS QS 8S 7S"
    sampled = sample_table(hand, 1, deals=20, seed=3, threads=1)
    assert sampled.team == 1 and sampled.deals == 20 and set(sampled.abnat) == set(baloot.TABLE_CONTRACTS)
    assert sampled.of["sun"] == 130 and sampled.of["hokum:S"] == 162
    assert sampled.abnat["hokum:S"].mean > sampled.abnat["hokum:H"].mean
    assert "deals 0" in message(lambda: sample_table(hand, 0, deals=0))
