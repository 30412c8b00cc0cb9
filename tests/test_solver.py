"""The double-dummy solver and the players built on it.

The solver is checked against a plain exhaustive minimax written here in Python on the core's own
legal_moves / trick_winner (no pruning; a memo of trick boundaries only), on thousands of seeded endings
of 3 and 4 tricks for every contract kind and every combination of the two overtrump switches; with
and without its transposition table; and on full deals by its own consistency.
"""

import argparse
import itertools
import json
import random

import pytest

import baloot
from baloot import _core
from baloot.errors import BalootError
from baloot.solver import Solution, solve, solve_position

PLAYING = 2
PLAIN = (0, 0, 0, 10, 2, 3, 4, 11)
TRUMP = (0, 0, 14, 10, 20, 3, 4, 11)
CONTRACTS = [(0, -1), (1, 0), (1, 1), (1, 2), (1, 3)]  # Sun, Hokum in S H D C
SWITCHES = list(itertools.product((True, False), repeat=2))  # (must_overtrump, trump_over_partner)
ENDINGS_PER_CASE = 100  # x 5 contracts x 4 switch settings = 2,000 endings


def core_rules(must_overtrump=True, trump_over_partner=False):
    rules = _core.Rules()
    rules.must_overtrump = must_overtrump
    rules.trump_over_partner = trump_over_partner
    return rules


def cards_of(mask):
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ---- The reference: plain minimax ----------------------------------------------------------------

def minimax(hands, trick, leader, mode, trump, rules):
    """{card: abnat the mover's team takes from here after it} for every legal card of the mover, by
    exhaustive minimax (team 0 maximises its abnat, team 1 minimises it)."""
    points = [TRUMP[c & 7] if mode == 1 and c >> 3 == trump else PLAIN[c & 7] for c in range(32)]
    memo = {}

    def value(hands, trick, leader):  # team 0's abnat from here
        if not trick:
            got = memo.get((hands, leader))
            if got is not None:
                return got
        seat = (leader + len(trick)) % 4
        legal = _core.legal_moves(hands[seat], list(trick), mode, trump, rules)
        values = [after(hands, trick, leader, seat, c) for c in cards_of(legal)]
        best = max(values) if seat % 2 == 0 else min(values)
        if not trick:
            memo[(hands, leader)] = best
        return best

    def after(hands, trick, leader, seat, card):
        rest = list(hands)
        rest[seat] &= ~(1 << card)
        rest = tuple(rest)
        table = trick + (card,)
        if len(table) < 4:
            return value(rest, table, leader)
        winner = (leader + _core.trick_winner(list(table), mode, trump)) % 4
        won = sum(points[c] for c in table)
        last = not any(rest)
        if last:
            won += 10
        return (won if winner % 2 == 0 else 0) + (0 if last else value(rest, (), winner))

    seat = (leader + len(trick)) % 4
    total = sum(points[c] for c in cards_of(hands[0] | hands[1] | hands[2] | hands[3])) + \
        sum(points[c] for c in trick) + 10
    legal = _core.legal_moves(hands[seat], list(trick), mode, trump, rules)
    team0 = {c: after(tuple(hands), tuple(trick), leader, seat, c) for c in cards_of(legal)}
    return {c: v if seat % 2 == 0 else total - v for c, v in team0.items()}, total


def random_ending(rng, contract, rules, tricks_left, on_table=None):
    """A hand played at random (legally) down to `tricks_left` tricks, plus 0-3 cards on the table."""
    state = _core.HandState.random(rng.randrange(1 << 40), rng.randrange(4), (0, 0), rules)
    state.force_contract(*contract)
    while state.tricks_played < 8 - tricks_left:
        state.apply(rng.choice(cards_of(state.legal_actions())))
    for _ in range(rng.randrange(4) if on_table is None else on_table):
        state.apply(rng.choice(cards_of(state.legal_actions())))
    return state


def check_against_minimax(state, contract, rules):
    moves, total = minimax(tuple(state.hands), list(state.trick), state.leader, *contract, rules)
    mover = state.to_move
    best = max(moves.values())
    got = _core.solve(state, True, True)
    assert got["mover"] == mover
    assert got["moves"] == moves
    assert got["value"][mover % 2] == best and sum(got["value"]) == total
    assert got["best"] == sum(1 << c for c, v in moves.items() if v == best)
    without_tt = _core.solve(state, True, False)
    assert {k: v for k, v in without_tt.items() if k != "nodes"} == {k: v for k, v in got.items() if k != "nodes"}
    quick = _core.solve(state, False, True)
    assert quick["value"] == got["value"] and quick["best"] == got["best"]
    assert quick["moves"] == {c: best for c in cards_of(got["best"])}


@pytest.mark.parametrize("switches", SWITCHES, ids=lambda s: f"overtrump={s[0]}-over_partner={s[1]}")
@pytest.mark.parametrize("contract", CONTRACTS, ids=lambda c: "sun" if c[0] == 0 else f"hokum{c[1]}")
def test_equals_plain_minimax_on_endings(contract, switches):
    rng = random.Random(hash((contract, switches)) & 0xFFFF_FFFF)
    rules = core_rules(*switches)
    for i in range(ENDINGS_PER_CASE):
        state = random_ending(rng, contract, rules, tricks_left=3 + i % 2)
        check_against_minimax(state, contract, rules)


def test_equals_plain_minimax_on_five_trick_endings():
    """Longer endings, in whose search boundaries of one shape (the same holders of the remaining cards in
    strength order, some cards other) meet and share their bounds, widened by what the abnat differ."""
    rng = random.Random(11)
    for i in range(20):
        contract = CONTRACTS[i % 5]
        rules = core_rules(*SWITCHES[i // 5 % 4])
        state = random_ending(rng, contract, rules, tricks_left=5, on_table=i % 4)
        check_against_minimax(state, contract, rules)


def test_equals_plain_minimax_on_dealt_endings():
    """Endings dealt at random, not played down to: any hand shapes, any cards on the table."""
    rng = random.Random(7)
    for i in range(200):
        contract = CONTRACTS[i % 5]
        rules = core_rules(*SWITCHES[i // 5 % 4])
        tricks, on_table = 3 + i % 2, rng.randrange(4)
        deck = rng.sample(range(32), 4 * tricks)
        leader = rng.randrange(4)
        hands = [0, 0, 0, 0]
        table = []
        for k, card in enumerate(deck):
            seat = k % 4
            if k < on_table:
                table.append(card)
            else:
                hands[(leader + seat) % 4] |= 1 << card
        moves, total = minimax(tuple(hands), table, leader, *contract, rules)
        got = _core.solve_position(hands, table, leader, *contract, rules)
        assert got["moves"] == moves
        assert sum(got["value"]) == total
        assert _core.solve_position(hands, table, leader, *contract, rules, True, False)["moves"] == moves


def test_sure_abnat_does_not_count_a_partner_top_trump_twice():
    """The leader cashes its top trump while its partner holds the next one: the partner must follow
    with it, so that trump is not also one of the poorest cards the partner can drop (regression)."""
    for hands, leader, trump in (([0x20040040, 0x4210000, 0x50080000, 0x81020000], 2, 2),
                                 ([0x1108000, 0x8001100, 0x82400, 0x4404000], 1, 3)):
        for switches in SWITCHES:
            rules = core_rules(*switches)
            moves, total = minimax(tuple(hands), [], leader, 1, trump, rules)
            got = _core.solve_position(hands, [], leader, 1, trump, rules)
            assert got["moves"] == moves and sum(got["value"]) == total


def zero_abnat_swaps(hands, contract):
    """(held, played) pairs of zero-abnat cards of one suit (7 8 9, trump 7 8) with no remaining card of
    the suit between them: swapping them keeps every suit's remaining cards, in strength order, with the
    same owners and abnat."""
    live = hands[0] | hands[1] | hands[2] | hands[3]
    for suit in range(4):
        zeros = [suit * 8 + r for r in ((0, 1) if contract == (1, suit) else (0, 1, 2))]
        for held in (c for c in zeros if live >> c & 1):
            for played in (c for c in zeros if not live >> c & 1):
                low, high = sorted((held, played))
                if not any(live >> c & 1 for c in range(low + 1, high)):
                    yield held, played


def test_boundaries_differing_only_in_played_zero_abnat_cards_play_alike():
    """The transposition table shares one entry among such boundaries: checked on the reference minimax
    first, then on the solver."""
    rng = random.Random(5)
    checked = 0
    for i in range(80):
        contract = CONTRACTS[i % 5]
        rules = core_rules(*SWITCHES[i % 4])
        state = random_ending(rng, contract, rules, tricks_left=3 + i % 2, on_table=0)
        hands, leader = list(state.hands), state.leader
        for held, played in itertools.islice(zero_abnat_swaps(hands, contract), 2):
            swapped = [h ^ (1 << held | 1 << played) if h >> held & 1 else h for h in hands]
            moves, total = minimax(tuple(hands), [], leader, *contract, rules)
            moves_swapped, total_swapped = minimax(tuple(swapped), [], leader, *contract, rules)
            assert total_swapped == total
            assert moves_swapped == {played if c == held else c: v for c, v in moves.items()}
            assert _core.solve_position(swapped, [], leader, *contract, rules)["moves"] == moves_swapped
            checked += 1
    assert checked > 60


def test_sure_abnat_through_an_entry_to_the_partner():
    """Boundaries where the leader and its partner share a plain suit, the leader may reach its
    partner's master there: the bound counts that trick (and, while nobody else holds a trump, the
    partner's own masters after it), checked against minimax."""
    rng = random.Random(13)
    checked = 0
    while checked < 200:
        contract = CONTRACTS[checked % 5]
        rules = core_rules(*SWITCHES[checked % 4])
        tricks = 3 + checked % 2
        leader = rng.randrange(4)
        deck = rng.sample(range(32), 4 * tricks)
        hands = [sum(1 << c for c in deck[tricks * i:tricks * (i + 1)]) for i in range(4)]
        partner = hands[(leader + 2) % 4]
        plain = [suit for suit in range(4) if contract != (1, suit)]
        if not any(hands[leader] >> (8 * suit) & 0xFF and partner >> (8 * suit) & 0xFF for suit in plain):
            continue
        moves, total = minimax(tuple(hands), [], leader, *contract, rules)
        assert _core.solve_position(hands, [], leader, *contract, rules)["moves"] == moves
        checked += 1


def test_sure_abnat_of_the_last_trick_to_a_team_holding_every_trump():
    """Hokum endings where one team holds every trump left, one of its hands nothing else or not: the
    bound gives that team the last trick only in the first case, checked against minimax."""
    rng = random.Random(17)
    all_trumps = 0
    for i in range(160):
        trump, tricks = rng.randrange(4), 3 + i % 2
        rules = core_rules(*SWITCHES[i % 4])
        holder, leader = rng.randrange(4), rng.randrange(4)
        trumps = rng.sample(range(8 * trump, 8 * trump + 8), rng.randrange(2, 2 * tricks))
        others = rng.sample([c for c in range(32) if c >> 3 != trump], 4 * tricks - len(trumps))
        ours = trumps + others[:2 * tricks - len(trumps)]  # the holder's hand first: all trumps if enough
        if i % 2:
            rng.shuffle(ours)
        theirs = others[2 * tricks - len(trumps):]
        hands = [0, 0, 0, 0]
        for seat, cards in ((holder, ours[:tricks]), ((holder + 2) % 4, ours[tricks:]),
                            ((holder + 1) % 4, theirs[:tricks]), ((holder + 3) % 4, theirs[tricks:])):
            hands[seat] = sum(1 << c for c in cards)
        all_trumps += any(h and all(c >> 3 == trump for c in cards_of(h)) for h in hands)
        moves, total = minimax(tuple(hands), [], leader, 1, trump, rules)
        got = _core.solve_position(hands, [], leader, 1, trump, rules)
        assert got["moves"] == moves and sum(got["value"]) == total
    assert 40 < all_trumps < 120


# ---- Full deals ----------------------------------------------------------------------------------

def full_deal(seed, contract, rules=None):
    state = _core.HandState.random(seed, seed % 4, (0, 0), rules or core_rules())
    state.force_contract(*contract)
    return state


def test_full_deal_value_is_the_best_cards_value():
    for seed in range(12):
        contract = CONTRACTS[seed % 5]
        rules = core_rules(*SWITCHES[seed % 4])
        state = full_deal(seed, contract, rules)
        got = _core.solve(state)
        mover_team = state.to_move % 2
        assert sum(got["value"]) == (130 if contract[0] == 0 else 162)
        assert got["value"][mover_team] == max(got["moves"].values())
        assert set(got["moves"]) == set(cards_of(state.legal_actions()))
        assert got["best"] == sum(1 << c for c, v in got["moves"].items() if v == max(got["moves"].values()))
        quick = _core.solve(state, False)
        assert quick["value"] == got["value"] and quick["best"] == got["best"]


def test_transposition_table_changes_nothing():
    rng = random.Random(11)
    for i in range(30):  # middle game: 5 or 6 tricks left
        contract = CONTRACTS[i % 5]
        rules = core_rules(*SWITCHES[i % 4])
        state = random_ending(rng, contract, rules, tricks_left=5 + i % 2)
        with_tt, without = _core.solve(state), _core.solve(state, True, False)
        assert with_tt["moves"] == without["moves"] and with_tt["value"] == without["value"]
    for seed in (0, 3):  # full deals (the search without a table is slow)
        state = full_deal(seed, CONTRACTS[seed % 5])
        assert _core.solve(state, False, True)["value"] == _core.solve(state, False, False)["value"]


def test_sure_abnat_bounds_change_nothing():
    """The sure-abnat bounds only settle boundaries early: with them off, every card's value is the same,
    on full deals and middle games of every contract under every setting of the overtrump switches."""
    bounded, plain = _core.Solver(), _core.Solver()
    plain.use_bounds = False
    assert bounded.use_bounds and not plain.use_bounds
    rng = random.Random(12)
    for i in range(1500):
        contract = CONTRACTS[i % 5]
        rules = core_rules(*SWITCHES[i // 5 % 4])
        state = full_deal(200 + i, contract, rules) if i % 4 == 0 else \
            random_ending(rng, contract, rules, tricks_left=4 + i % 4)
        got, want = bounded.solve(state), plain.solve(state)
        assert got["moves"] == want["moves"] and got["value"] == want["value"], i


def test_a_solver_is_reusable_and_clearable():
    solver = _core.Solver(12)
    states = [full_deal(seed, CONTRACTS[seed % 5]) for seed in range(4)]
    first = [solver.solve(s) for s in states]
    solver.clear()
    again = [solver.solve(s) for s in reversed(states)][::-1]
    fresh = [_core.Solver().solve(s) for s in states]
    for a, b, c in zip(first, again, fresh):
        assert a["moves"] == b["moves"] == c["moves"]
    solver.use_tt = False
    assert not solver.use_tt


def test_playing_the_best_cards_takes_the_value():
    """Every seat plays a best card to the end: team 0 ends with the value solved at the start."""
    for seed in range(6):
        state = full_deal(100 + seed, CONTRACTS[seed % 5])
        start = _core.solve(state, False)["value"]
        rng = random.Random(seed)
        while state.phase == PLAYING:
            got = _core.solve(state, False)
            won = state.abnat
            # the value from here plus what is won so far never changes along best play
            assert tuple(w + v for w, v in zip(won, got["value"])) == start
            state.apply(rng.choice(cards_of(got["best"])))
        assert tuple(state.abnat) == start


def test_solver_timing_entry():
    t = _core.time_solver(3, 5)
    assert t["solves"] == 3 and t["median_us"] > 0 and t["p99_us"] >= t["median_us"] and t["solves_per_second"] > 0
    with pytest.raises(BalootError):
        _core.time_solver(0, 1)


@pytest.mark.parametrize("query", ["solve", "value", "make", "points"])
def test_solver_timing_queries(query):
    t = _core.time_solver(2, 5, False, -1, query)
    assert t["solves"] == 2 and t["mean_nodes"] > 0


def test_solver_timing_refuses_an_unknown_query():
    with pytest.raises(BalootError, match="exactly"):
        _core.time_solver(2, 5, False, -1, "exactly")


# ---- Python API ----------------------------------------------------------------------------------

def test_solve_accepts_a_game_or_a_state():
    state = full_deal(5, (1, 2))
    for game in (baloot.Game.from_core_state(state, baloot.Rules()), state):
        solution = solve(game)
        assert isinstance(solution, Solution)
        assert solution.to_move == state.to_move and solution.team == state.to_move % 2
        assert set(solution.moves) == {baloot.cards.format_card(c) for c in cards_of(state.legal_actions())}
        assert solution.value[solution.team] == max(solution.moves.values())
        assert all(solution.moves[c] == max(solution.moves.values()) for c in solution.best)
    assert solve(state, use_tt=False).moves == solve(state).moves


def test_solve_refuses_other_phases_and_objects():
    state = _core.HandState.random(1, 0, (0, 0), core_rules())
    with pytest.raises(BalootError, match="bidding"):
        solve(state)
    with pytest.raises(BalootError):
        solve("not a game")
    with pytest.raises(BalootError):
        solve(object())


def test_solve_position():
    hands = ["AS 10S 7H", "KS QS 8H", "JS 9S 9H", "8S 7S AH"]
    sun = solve_position(hands, "sun", 0)
    assert sum(sun.value) == 11 + 10 + 4 + 3 + 2 + 11 + 10
    hokum = solve_position(hands, "hokum:H", 1)
    assert hokum.to_move == 1 and sum(hokum.value) == 11 + 10 + 4 + 3 + 2 + 11 + 14 + 10
    mid = solve_position(["10S 7H", "KS QS 8H", "JS 9S 9H", "8S 7S AH"], "sun", 0, trick="AS")
    assert mid.to_move == 1 and set(mid.moves) == {"KS", "QS"}
    for bad in (dict(hands=hands[:3], contract="sun", leader=0),
                dict(hands=["AS 10S 7H", "AS QS 8H", "JS 9S 9H", "8S 7S AH"], contract="sun", leader=0),
                dict(hands=["AS 10S", "KS QS 8H", "JS 9S 9H", "8S 7S AH"], contract="sun", leader=0),
                dict(hands=hands, contract="hokum", leader=0),
                dict(hands=hands, contract="trumps:S", leader=0),
                dict(hands=hands, contract="sun", leader=4),
                dict(hands=hands, contract="sun", leader=0, trick="AS")):
        with pytest.raises(BalootError):
            solve_position(**bad)


# ---- Players -------------------------------------------------------------------------------------

def test_dd_player_plays_a_best_card():
    rng = random.Random(3)
    player = _core.Player("dd")
    for i in range(20):
        state = random_ending(rng, CONTRACTS[i % 5], core_rules(), tricks_left=4 + i % 5)
        best = _core.solve(state, False)["best"]
        card = player.choose(state, i)
        assert best >> card & 1
        assert player.choose(state, i) == card  # the seed decides ties


def test_search_players_bid_and_finish_hands():
    for name, options in (("dd", {}), ("pimc", {"samples": 2})):
        player = _core.Player(name, options)
        for seed in range(2):
            state = _core.HandState.random(seed, seed, (0, 0), core_rules())
            steps = 0
            while state.phase != 3:
                state.apply(player.choose(state, seed * 1000 + steps))
                steps += 1
            assert state.thrown_in or sum(state.abnat) in (130, 162)


def test_pimc_player_options_and_seed():
    with pytest.raises(BalootError):
        _core.Player("pimc", {"samples": 0})
    with pytest.raises(BalootError):
        _core.Player("pimc", {"samples": 2.5})
    with pytest.raises(BalootError):
        _core.Player("pimc", {"depth": 3})
    with pytest.raises(BalootError):
        _core.Player("dd", {"samples": 3})
    player = _core.Player("pimc", {"samples": 4})
    rng = random.Random(5)
    for i in range(6):
        state = random_ending(rng, CONTRACTS[i % 5], core_rules(), tricks_left=3 + i % 3)
        card = player.choose(state, 17)
        assert state.legal_actions() >> card & 1
        assert player.choose(state, 17) == card


def hidden_truth(state):
    seat = state.to_move
    return seat, [h if s != seat else None for s, h in enumerate(state.hands)]


def test_hidden_card_inferences_hold_for_the_real_deal():
    """Whatever the seat to move infers (voids, no trump, no higher trump, the up-card), the real
    hands satisfy it; sampled deals satisfy it too and deal exactly the unseen cards."""
    rng = random.Random(9)
    inferred_voids = 0
    for i in range(300):
        switches = SWITCHES[i % 4]
        state = random_ending(rng, CONTRACTS[i % 5], core_rules(*switches), tricks_left=1 + i % 7)
        unseen, allowed, count = _core.hidden_cards(state)
        seat = state.to_move
        assert allowed[seat] == state.hands[seat]
        for other in range(4):
            assert count[other] == bin(state.hands[other]).count("1")
            if other != seat:
                assert state.hands[other] & ~allowed[other] == 0, (i, other)
                inferred_voids += bin(unseen & ~allowed[other]).count("1")
        hands, consistent = _core.hidden_deal(state, i)
        assert consistent
        assert hands[seat] == state.hands[seat]
        assert hands[0] | hands[1] | hands[2] | hands[3] == unseen | state.hands[seat]
        for other in range(4):
            assert bin(hands[other]).count("1") == count[other]
            assert hands[other] & ~allowed[other] == 0
    assert inferred_voids > 0


def test_failing_to_follow_reveals_a_void():
    # Sun, seat 0 leads AS; seat 1 has no spade and discards: seat 1 can hold no spade.
    hands = [0, 0, 0, 0]
    rules = core_rules()
    for seed in range(200):
        state = _core.HandState.random(seed, 3, (0, 0), rules)
        state.force_contract(0, -1)
        lead = [c for c in cards_of(state.hands[0]) if c >> 3 == 0]
        if not lead or state.hands[1] & 0xFF:
            continue
        state.apply(lead[0])
        state.apply(cards_of(state.legal_actions())[0])  # seat 1 discards
        unseen, allowed, _ = _core.hidden_cards(state)
        assert allowed[1] & 0xFF == 0
        up = 1 << state.up_card  # seat 0 bought (forced contract): the up-card is known to be there
        assert allowed[3] & 0xFF == unseen & 0xFF & ~up  # nothing else is known about seat 3's spades
        hands = allowed
        break
    assert hands != [0, 0, 0, 0]


def test_hidden_deals_are_uniform():
    """With few hidden cards, every consistent deal comes up about equally often."""
    rng = random.Random(4)
    state = random_ending(rng, (0, -1), core_rules(), tricks_left=2, on_table=0)
    unseen, allowed, count = _core.hidden_cards(state)
    seat = state.to_move
    others = [s for s in range(4) if s != seat]
    deals = []
    cards = cards_of(unseen)
    for first in itertools.combinations(cards, count[others[0]]):
        rest = [c for c in cards if c not in first]
        for second in itertools.combinations(rest, count[others[1]]):
            third = [c for c in rest if c not in second]
            hands = {others[0]: sum(1 << c for c in first), others[1]: sum(1 << c for c in second),
                     others[2]: sum(1 << c for c in third)}
            if all(hands[s] & ~allowed[s] == 0 for s in others):
                deals.append(tuple(hands[s] for s in others))
    assert len(deals) > 1
    draws = 3000
    seen = {}
    for i in range(draws):
        hands, _ = _core.hidden_deal(state, i)
        key = tuple(hands[s] for s in others)
        assert key in deals
        seen[key] = seen.get(key, 0) + 1
    expected = draws / len(deals)
    for deal in deals:
        assert abs(seen.get(deal, 0) - expected) < 5 * expected ** 0.5 + 1


# ---- Command line --------------------------------------------------------------------------------

def run_cli(argv, capsys):
    from baloot.commands import solve as command

    parser = argparse.ArgumentParser(prog="baloot")
    command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["solve"] + argv)
    code = args.run(args)
    return code, capsys.readouterr().out


def test_cli_solve_hands(capsys):
    hands = ["AS 10S 7H", "KS QS 8H", "JS 9S 9H", "8S 7S AH"]
    code, out = run_cli(["--hands", *hands, "--contract", "hokum:H", "--leader", "1"], capsys)
    assert code == 0 and "seat 1 to move" in out and "best" in out
    code, out = run_cli(["--hands", *hands, "--contract", "sun", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["to_move"] == 0 and set(data["moves"]) == {"AS", "10S", "7H"}
    assert data["value"] == list(solve_position(hands, "sun", 0).value)
    code, out = run_cli(["--hands", "10S 7H", "KS QS 8H", "JS 9S 9H", "8S 7S AH", "--contract", "sun",
                         "--trick", "AS", "--rule", "must_overtrump=false", "--json"], capsys)
    assert set(json.loads(out)["moves"]) == {"KS", "QS"}


def test_cli_solve_errors(capsys, tmp_path):
    hands = ["AS 10S 7H", "KS QS 8H", "JS 9S 9H", "8S 7S AH"]
    with pytest.raises(BalootError):
        run_cli(["--hands", *hands], capsys)
    with pytest.raises(BalootError):
        run_cli(["--hands", *hands, "--contract", "hokum"], capsys)
    with pytest.raises(BalootError):
        run_cli(["--hands", *hands, "--contract", "sun", "--rule", "nonsense"], capsys)
    with pytest.raises(BalootError):
        run_cli(["--record", str(tmp_path / "missing.json")], capsys)


def test_cli_solve_record(capsys, tmp_path):
    game_module = pytest.importorskip("baloot.game")
    game = game_module.Game(seed=3)
    while game.phase != "playing":
        game.apply("sun" if "sun" in game.legal_actions() else game.legal_actions()[0])
    path = tmp_path / "game.json"
    path.write_text(game.to_json())
    code, out = run_cli(["--record", str(path), "--json"], capsys)
    assert code == 0 and json.loads(out)["value"] == list(solve(game).value)
