"""Double-dummy tables (baloot.tables): every entry equals the solver's value of that contract from the
deal's first lead; the teams' abnat add up; threads never change an answer; random deals are deals;
bad input raises BalootError naming it, fuzzed input never crashes."""

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import baloot
from baloot.cards import DECK, from_mask, to_mask
from baloot.cli import main
from baloot.errors import BalootError
from baloot.rules import Rules
from baloot.solver import solve_position
from baloot.tables import TABLE_CONTRACTS, abnat_to_win, dd_table, dd_tables, random_deals

SUIT_HANDS = ["AS 10S KS QS JS 9S 8S 7S", "AH 10H KH QH JH 9H 8H 7H", "AD 10D KD QD JD 9D 8D 7D",
              "AC 10C KC QC JC 9C 8C 7C"]


def hand_strings(row):
    return [" ".join(DECK[c] for c in from_mask(int(mask))) for mask in row]


def smaller_deals(n, cards, seed):
    """n random deals of `cards` cards a hand (the other cards already played)."""
    rng = np.random.default_rng(seed)
    out = np.zeros((n, 4), dtype=np.uint64)
    for i in range(n):
        deck = rng.permutation(32)
        for seat in range(4):
            out[i, seat] = to_mask(int(c) for c in deck[cards * seat:cards * (seat + 1)])
    return out


# ---- Every entry is the solver's value --------------------------------------------------------------

@pytest.mark.parametrize("cards, count, seed", [(8, 12, 1), (5, 20, 2), (3, 40, 3), (1, 20, 4)])
def test_each_entry_is_the_solvers_value_from_the_first_lead(cards, count, seed):
    deals = random_deals(count, seed=seed) if cards == 8 else smaller_deals(count, cards, seed)
    leaders = np.arange(count) % 4
    table = dd_tables(deals, leaders, threads=2)
    assert table.shape == (count, 5, 2) and table.dtype == np.int16
    for i in range(count):
        for k, contract in enumerate(TABLE_CONTRACTS):
            solution = solve_position(hand_strings(deals[i]), contract, int(leaders[i]))
            assert tuple(table[i, k]) == solution.value, (i, contract)


@pytest.mark.parametrize("must_overtrump, trump_over_partner", [(True, True), (False, True), (False, False)])
def test_host_switches_reach_the_tables(must_overtrump, trump_over_partner):
    rules = Rules(must_overtrump=must_overtrump, trump_over_partner=trump_over_partner)
    deals = smaller_deals(30, 4, seed=7)
    table = dd_tables(deals, 2, rules=rules, threads=1)
    for i in range(len(deals)):
        for k, contract in enumerate(TABLE_CONTRACTS):
            assert tuple(table[i, k]) == solve_position(hand_strings(deals[i]), contract, 2, rules=rules).value


def test_the_teams_share_everything_there_is_to_win():
    deals = random_deals(50, seed=5)
    table = dd_tables(deals, 1)
    assert (table.sum(axis=2) == np.array([130, 162, 162, 162, 162])).all()
    assert (abnat_to_win(deals) == np.array([130, 162, 162, 162, 162])).all()


def test_one_suit_each_worked_example():
    # Seat 0 leads a spade that nobody can follow: in Sun and in Hokum with spades its side takes every
    # trick. With hearts trump seat 1 must ruff and its side takes everything; with diamonds trump seat 2's
    # partner is winning, so it need not ruff (trump_over_partner off) and team 0 keeps the lead.
    assert dd_table(SUIT_HANDS, leader=0) == {
        "sun": (130, 0), "hokum:S": (162, 0), "hokum:H": (0, 162), "hokum:D": (162, 0), "hokum:C": (0, 162)}


def test_contracts_not_asked_for_hold_minus_one():
    table = dd_tables(random_deals(3, seed=2), 0, contracts=["hokum:h", "sun"])
    assert (table[:, [1, 3, 4]] == -1).all()
    assert (table[:, [0, 2]] >= 0).all()
    assert (table[:, 0].sum(axis=1) == 130).all()


def test_threads_never_change_an_answer():
    deals = random_deals(40, seed=9)
    leaders = np.arange(40) % 4
    one = dd_tables(deals, leaders, threads=1)
    assert (dd_tables(deals, leaders, threads=2) == one).all()
    assert (dd_tables(deals, leaders, threads=5) == one).all()
    assert (dd_tables(deals[::-1], leaders[::-1], threads=2) == one[::-1]).all()


def test_lists_of_hands_and_arrays_give_the_same_tables():
    deals = random_deals(4, seed=3)
    as_text = [hand_strings(row) for row in deals]
    assert (dd_tables(as_text, 3) == dd_tables(deals.astype(np.int64), 3)).all()


def test_no_deals_give_an_empty_table():
    assert dd_tables(np.zeros((0, 4), dtype=np.uint64)).shape == (0, 5, 2)


def test_package_exports():
    assert baloot.dd_tables is dd_tables and baloot.dd_table is dd_table and baloot.random_deals is random_deals
    assert baloot.TABLE_CONTRACTS == TABLE_CONTRACTS


# ---- Random deals -------------------------------------------------------------------------------------

def test_random_deals_are_deals_around_the_fixed_hand():
    fixed = "JH 9H AH 10H KS 7C 8C AD"
    deals = random_deals(500, seed=4, fixed={2: fixed})
    assert (deals[:, 2] == to_mask(DECK.index(c) for c in fixed.split())).all()
    assert (np.bitwise_or.reduce(deals, axis=1) == 0xFFFFFFFF).all()
    counts = [[bin(int(m)).count("1") for m in row] for row in deals]
    assert (np.array(counts) == 8).all()
    # every free card reaches every free seat
    for seat in (0, 1, 3):
        seen = np.bitwise_or.reduce(deals[:, seat])
        assert int(seen) == 0xFFFFFFFF & ~int(deals[0, 2])


def test_random_deals_are_reproducible_by_seed():
    assert (random_deals(20, seed=1) == random_deals(20, seed=1)).all()
    assert not (random_deals(20, seed=1) == random_deals(20, seed=2)).all()


def test_more_random_deals_extend_fewer_ones_across_the_shuffle_blocks():
    many = random_deals(70_000, seed=6, fixed={3: "JH 9H AH 10H KS 7C 8C AD"})
    assert (many[:5] == random_deals(5, seed=6, fixed={3: "JH 9H AH 10H KS 7C 8C AD"})).all()
    assert (np.bitwise_or.reduce(many, axis=1) == 0xFFFFFFFF).all()
    assert len({tuple(row) for row in many[65_530:65_542].tolist()}) == 12


def test_more_random_deals_than_memory_holds_is_a_clear_error():
    with pytest.raises(BalootError, match="n=1000000000000: .* more than can be allocated"):
        random_deals(10**12)


# ---- Bad input -------------------------------------------------------------------------------------

@pytest.mark.parametrize("hands, leaders, message", [
    (np.zeros((2, 3), dtype=np.uint64), 0, r"shape \(n, 4\)"),
    (np.array([[-1, 0, 0, 0]]), 0, "hand mask -1"),
    (np.array([[1 << 32, 0, 0, 0]]), 0, "hand mask 4294967296"),
    (np.array([[0xFF, 0xFF00, 0xFF0000, 0xFF000001]]), 0, "deal 0: card index 0 is held twice"),
    (np.array([[0xFF, 0xFF00, 0xFF0000, 0x7F000000]]), 0, "deal 0: seat 0 holds 8 cards; 7"),
    (np.zeros((1, 4), dtype=np.uint64), 0, "deal 0: every hand is empty"),
    (np.array([[0xFF, 0xFF00, 0xFF0000, 0xFF000000]]), 4, "leader 4"),
    (np.array([[0xFF, 0xFF00, 0xFF0000, 0xFF000000]]), [0, 1], "one seat per deal"),
    ([["AS", "AS", "7H", "8H"]], 0, "deal 0: AS is in hand 0 and hand 1"),
    ([["AS 7S", "AH"]], 0, "deal 0: need four hands"),
    ([["ZZ", "AH", "AD", "AC"]], 0, "ZZ"),
    ("AS 7S", 0, "hands must be"),
])
def test_bad_deals_are_named(hands, leaders, message):
    with pytest.raises(BalootError, match=message):
        dd_tables(hands, leaders)


@pytest.mark.parametrize("contracts, message", [(["hokum"], "'hokum' is not one of"), ([], "empty"),
                                                (["sun", 3], "3 is not one of")])
def test_bad_contracts_are_named(contracts, message):
    with pytest.raises(BalootError, match=message):
        dd_tables(random_deals(1), 0, contracts=contracts)


@pytest.mark.parametrize("fixed, message", [({4: SUIT_HANDS[0]}, "seat 4"), ({0: "AS 10S"}, "8 cards, got 2"),
                                            ({0: SUIT_HANDS[0], 1: SUIT_HANDS[0]}, "AS is given to seat 0 and seat 1")])
def test_bad_fixed_hands_are_named(fixed, message):
    with pytest.raises(BalootError, match=message):
        random_deals(3, fixed=fixed)


def test_bad_counts_and_one_deal_tables():
    with pytest.raises(BalootError, match="n -1"):
        random_deals(-1)
    with pytest.raises(BalootError, match="leader 5"):
        dd_table(SUIT_HANDS, leader=5)
    with pytest.raises(BalootError, match="four hands"):
        dd_table(SUIT_HANDS[:3])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.integers(-2, 2**32), min_size=4, max_size=4), min_size=1, max_size=3),
       st.integers(-1, 4))
def test_fuzzed_deals_are_solved_or_refused(rows, leader):
    try:
        table = dd_tables(np.array(rows, dtype=np.int64), leader, threads=1)
    except BalootError:
        return
    assert table.shape == (len(rows), 5, 2)
    assert (table >= 0).all()


# ---- The command line -------------------------------------------------------------------------------

def test_cli_prints_one_deals_table(capsys):
    assert main(["solve", "--table", "--hands", *SUIT_HANDS, "--leader", "0"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "double-dummy abnat from the first lead (seat 0 leads):"
    assert out[2].split() == ["sun", "130", "0"] and out[4].split() == ["hokum:H", "0", "162"]


def test_cli_samples_deals_around_one_hand(capsys):
    args = ["solve", "--table", "--hand", "JH 9H AH 10H KS 7C 8C AD", "--seat", "1", "--deals", "40", "--seed", "3",
            "--threads", "1", "--leader", "1"]
    assert main(args + ["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    deals = random_deals(40, seed=3, fixed={1: "JH 9H AH 10H KS 7C 8C AD"})
    ours = dd_tables(deals, 1)[:, :, 1]
    for k, contract in enumerate(TABLE_CONTRACTS):
        assert data["contracts"][contract]["mean"] == pytest.approx(ours[:, k].mean())
        total = 130 if k == 0 else 162
        assert data["contracts"][contract]["of"] == total
        assert data["contracts"][contract]["more_than_half"] == pytest.approx((2 * ours[:, k] > total).mean())
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "seat 1's hand in 40 random deals, seat 1 leading, double dummy:" in text
    assert "200 solves in" in text


@pytest.mark.parametrize("args, message", [
    (["--hand", "AS"], "--hand goes with --table"),
    (["--table", "--hand", "JH 9H AH 10H KS 7C 8C AD", "--seat", "7"], "--seat 7"),
    (["--table", "--hands", *SUIT_HANDS, "--contract", "sun"], "leave out --contract"),
])
def test_cli_refuses_bad_table_requests(args, message, capsys):
    assert main(["solve", *args]) != 0
    assert message in capsys.readouterr().err


def test_cli_tabulates_a_recorded_deal_beside_its_play(tmp_path, capsys):
    from baloot.game import Game
    from baloot.roster import play_out

    game = play_out(Game(seed=5), ["heuristic"] * 4, seed=2)
    path = tmp_path / "hand.json"
    path.write_text(game.to_json())
    assert main(["solve", "--table", "--record", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    leader = (game.dealer + 1) % 4
    hands = [" ".join(cards) for cards in game.hands_at_play]
    table = dd_table(hands, leader, rules=game.rules)
    assert out[0] == f"double-dummy abnat from the first lead (seat {leader} leads):"
    for line, (contract, (team0, team1)) in zip(out[2:7], table.items()):
        assert line.split() == [contract, str(team0), str(team1)]
    contract = game.contract
    name = "sun" if contract.mode == "sun" else f"hokum:{contract.trump}"
    team = contract.buyers
    assert out[7] == (f"played: {name} bought by seat {contract.buyer}: team {team} takes {table[name][team]} "
                      f"double dummy, took {game.result.abnat[team]} in play")


def test_cli_refuses_a_record_before_the_card_play(tmp_path, capsys):
    from baloot.game import Game

    path = tmp_path / "bidding.json"
    path.write_text(Game(seed=1).to_json())
    assert main(["solve", "--table", "--record", str(path)]) != 0
    assert "never reached the card play" in capsys.readouterr().err
