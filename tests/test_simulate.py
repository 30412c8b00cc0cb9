"""simulate() and SimResult: determinism across threads and splits, invariants over >= 1,000,000 random
hands (checked with numpy on the kept arrays, and a subset through baloot.score_hand), forced contracts,
Python-callable players, the summary's statistics, and bad arguments.

docs/api.md "Many hands".
"""

import json

import numpy as np
import pytest
from conftest import assert_same_result

import baloot
from baloot import BalootError, Rules
from baloot.stats import Z95, merge_counts

COLUMNS = ("points", "abnat", "projects", "tricks", "mode", "trump", "buyer", "dealer", "made", "kaboot",
           "multiplier", "gahwa", "ashkal", "baloot")
PAIRS = ("points", "abnat", "projects", "tricks")
SUITS = "SHDC"


PLAYERS = ["random", "heuristic"]


# ---------------------------------------------------------------------------------------------
# shape of the result
# ---------------------------------------------------------------------------------------------

def test_result_arrays_shapes_and_dtypes():
    r = baloot.simulate(1000, seed=1, threads=1)
    assert isinstance(r, baloot.SimResult)
    assert len(r) == r.hands == 1000
    for name in COLUMNS:
        values = getattr(r, name)
        assert isinstance(values, np.ndarray)
        assert values.shape == ((1000, 2) if name in PAIRS else (1000,)), name
        assert np.issubdtype(values.dtype, np.integer), name
    assert r.thrown_in.shape == (1000,) and r.thrown_in.dtype == bool
    assert np.array_equal(r.thrown_in, r.mode < 0)
    # hand i is dealt by seat i % 4
    assert np.array_equal(r.dealer, np.arange(1000) % 4)


def test_zero_hands():
    r = baloot.simulate(0, seed=1, threads=1)
    assert len(r) == 0
    assert r.points.shape == (0, 2)
    assert r.summary().hands == 0


def test_table_columns():
    r = baloot.simulate(500, seed=2, threads=1, start=10)
    t = r.table()
    assert np.array_equal(t["hand"], np.arange(10, 510))
    assert np.array_equal(t["points_0"], r.points[:, 0])
    assert np.array_equal(t["points_1"], r.points[:, 1])
    assert np.array_equal(t["mode"], r.mode)
    no_rows = baloot.simulate(10, seed=2, threads=1, keep=False)
    with pytest.raises(BalootError):
        no_rows.table()


# ---------------------------------------------------------------------------------------------
# determinism: threads, splits, keep
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("contract", [None, "hokum:D"])
def test_same_seed_identical_for_threads_1_2_3(players, contract):
    n = 60_000 if players == "random" else 20_000
    runs = [baloot.simulate(n, players=players, seed=12345, threads=t, contract=contract) for t in (1, 2, 3)]
    assert_same_result(runs[0], runs[1])
    assert_same_result(runs[0], runs[2])
    # threads=0 (every core) too
    assert_same_result(runs[0], baloot.simulate(n, players=players, seed=12345, threads=0, contract=contract))
    # and a different seed gives different hands
    other = baloot.simulate(n, players=players, seed=12346, threads=2, contract=contract)
    assert not np.array_equal(other.abnat, runs[0].abnat)


def test_large_seed_is_deterministic():
    seed = 2**64 - 1
    a = baloot.simulate(5000, seed=seed, threads=1)
    b = baloot.simulate(5000, seed=seed, threads=3)
    assert_same_result(a, b)


@pytest.mark.parametrize("players", PLAYERS)
def test_split_runs_equal_whole_run(players):
    n = 40_000
    whole = baloot.simulate(n, players=players, seed=77, threads=2)
    first = baloot.simulate(n // 2, players=players, seed=77, threads=1, start=0)
    second = baloot.simulate(n // 2, players=players, seed=77, threads=3, start=n // 2)
    for name in COLUMNS:
        joined = np.concatenate([getattr(first, name), getattr(second, name)])
        assert np.array_equal(joined, getattr(whole, name)), name
    assert merge_counts([first.counts, second.counts]) == whole.counts


def test_uneven_split_and_many_parts():
    n = 30_001
    whole = baloot.simulate(n, seed=9, threads=2, contract="sun")
    cuts = [0, 1, 7, 12_345, 12_346, 29_999, n]
    parts = [baloot.simulate(b - a, seed=9, threads=2, contract="sun", start=a) for a, b in zip(cuts, cuts[1:])]
    for name in COLUMNS:
        assert np.array_equal(np.concatenate([getattr(p, name) for p in parts]), getattr(whole, name)), name
    assert merge_counts([p.counts for p in parts]) == whole.counts
    # dealer of hand i is i % 4 whatever the start
    assert np.array_equal(parts[3].dealer, np.arange(12_345, 12_346) % 4)


def core_run(hands, contract, rules, random_play_loop):
    """Random hands through the core, the card play in HandState::play_randomly or one card at a time."""
    from baloot.rules import core_rules
    from baloot.simulate import COLUMNS as SPEC
    from baloot.simulate import core_players
    from baloot.validation import contract as parse_contract
    from baloot.validation import optional
    arrays = {name: np.zeros((hands, width) if width == 2 else hands, dtype=dtype)
              for name, (dtype, width) in SPEC.items()}
    players, _ = core_players("random", rules)
    counts, played, _, _ = baloot._core.simulate(0, hands, 5, 2, core_rules(rules), optional(parse_contract, contract),
                                                 players, arrays, True, random_play_loop=random_play_loop)
    assert played == hands
    return counts, arrays


@pytest.mark.parametrize("contract", [None, "sun", "hokum:S", "hokum:D"])
@pytest.mark.parametrize("must_overtrump, trump_over_partner", [(True, False), (False, True), (False, False)])
def test_random_play_loop_plays_the_same_cards_as_the_policy(contract, must_overtrump, trump_over_partner):
    rules = Rules(must_overtrump=must_overtrump, trump_over_partner=trump_over_partner)
    loop = core_run(10_000, contract, rules, True)
    one_by_one = core_run(10_000, contract, rules, False)
    assert loop[0] == one_by_one[0]
    for name in COLUMNS:
        assert np.array_equal(loop[1][name], one_by_one[1][name]), name


@pytest.mark.parametrize("contract", [None, "sun", "hokum:C"])
def test_keep_false_gives_same_counts(contract):
    kept = baloot.simulate(50_000, seed=31, threads=2, contract=contract, keep=True)
    flat = baloot.simulate(50_000, seed=31, threads=3, contract=contract, keep=False)
    assert flat.arrays is None
    assert flat.hands == 50_000
    assert flat.counts == kept.counts
    assert str(flat.summary()) == str(kept.summary())
    assert flat.summary().to_dict() == kept.summary().to_dict()


# ---------------------------------------------------------------------------------------------
# invariants over >= 1,000,000 random hands
# ---------------------------------------------------------------------------------------------

def sun_gp(abnat, tens_first=False):
    abnat = np.asarray(abnat, dtype=np.int64)
    if tens_first:
        unit = abnat % 10
        abnat = np.where(unit < 5, abnat - unit, np.where(unit > 5, abnat + 10 - unit, abnat))
    # abnat / 5 has fraction .0 .2 .4 .6 .8 (never .5), so rint is "nearest"
    return np.rint(abnat / 5).astype(np.int64)


def hokum_gp(abnat):
    abnat = np.asarray(abnat, dtype=np.int64)
    return abnat // 10 + (abnat % 10 >= 6)


def expected_points(a, rules):
    """A vectorised re-implementation of the scoring (docs/rules.md R24, R32-R40) for played rows:
    returns (points (n, 2), made (n,), kaboot (n,))."""
    n = len(a["mode"])
    rows = np.arange(n)
    sun = a["mode"] == 0
    abnat = a["abnat"].astype(np.int64)
    proj = a["projects"].astype(np.int64)
    tricks = a["tricks"].astype(np.int64)
    mult = a["multiplier"].astype(np.int64)
    buyers = a["buyer"].astype(np.int64) % 2
    defenders = 1 - buyers
    bal = np.stack([a["baloot"] == 0, a["baloot"] == 1], axis=1).astype(np.int64)

    total = np.where(sun, 26, 16)
    kaboot_value = {"normal": (44, 25), "double": (88, 50), "off": (0, 0)}[rules.kaboot]
    kval = np.where(sun, kaboot_value[0], kaboot_value[1])
    proj_gp = np.where(sun[:, None], proj // 5, proj // 10)
    assert np.all(np.where(sun[:, None], proj % 5, proj % 10) == 0)
    proj_all = proj_gp.sum(axis=1)

    # buyer check in abnat (R36): card abnat + projects + 20 per Baloot, strictly greater
    team_total = abnat + proj + 20 * bal
    made = team_total[rows, buyers] > team_total[rows, defenders]
    if rules.kaboot == "off":
        sweep = np.full(n, -1)
    else:
        sweep = np.where(tricks[:, 0] == 8, 0, np.where(tricks[:, 1] == 8, 1, -1))
    is_kaboot = sweep >= 0
    made = np.where(is_kaboot, sweep == buyers, made)
    winner = np.where(is_kaboot, sweep, np.where(made, buyers, defenders))

    # card GP per team (R34, R35); Hokum: when both round up, the buyers round down
    card = np.where(sun[:, None], sun_gp(abnat, rules.sun_tens_first), hokum_gp(abnat))
    both_up = (~sun) & (card.sum(axis=1) == 17)
    card[rows[both_up], buyers[both_up]] -= 1

    points = np.zeros((n, 2), dtype=np.int64)
    # plain made hand at x1: each team its own card GP and projects
    plain = (mult == 1) & ~is_kaboot & made
    points[plain] = card[plain] + proj_gp[plain]
    # everything else is winner-takes-all: (16/26 or the kaboot value) x m plus every project x m
    wta = ~plain
    base = np.where(is_kaboot, kval, total)
    points[rows[wta], winner[wta]] = ((base + proj_all) * mult)[wta]
    # Baloot, never multiplied, always to its holder (R28)
    points += 2 * bal
    kaboot_team = np.where(is_kaboot, sweep, -1)
    return points, made.astype(np.int64), kaboot_team


CONFIGS = [
    # (hands, contract, rules)
    (300_000, None, Rules()),
    (250_000, None, Rules(kaboot="double", sun_priority=False, must_overtrump=False)),
    (200_000, "sun", Rules(kaboot="off", ashkal=False)),
    (200_000, "hokum:S", Rules(kaboot="double", trump_over_partner=True, baloot_in_hundred=False)),
    (100_000, None, Rules(kaboot="off", ashkal=False, hokum_to_sun=True, sun_tens_first=True)),
    (100_000, "hokum:H", Rules()),
]
assert sum(c[0] for c in CONFIGS) >= 1_000_000


@pytest.mark.parametrize("index", range(len(CONFIGS)),
                         ids=[f"{c[1] or 'bidding'}-{c[2].kaboot}-{i}" for i, c in enumerate(CONFIGS)])
def test_invariants_random_hands(index):
    hands, contract, rules = CONFIGS[index]
    seed = 1000 + index
    r = baloot.simulate(hands, players="random", seed=seed, threads=2, rules=rules, contract=contract)
    a = r.arrays
    mode, played = a["mode"], a["mode"] >= 0
    thrown = ~played
    assert set(np.unique(mode)) <= {-1, 0, 1}

    # thrown-in rows: mode -1, nothing scored, no contract
    assert np.all(a["points"][thrown] == 0)
    assert np.all(a["abnat"][thrown] == 0)
    assert np.all(a["tricks"][thrown] == 0)
    assert np.all(a["made"][thrown] == -1)
    assert np.all(a["buyer"][thrown] == -1)
    assert np.all(a["trump"][thrown] == -1)
    assert np.all(a["kaboot"][thrown] == -1)
    assert r.counts["thrown_in"] == int(thrown.sum())

    p = {k: v[played] for k, v in a.items()}
    sun = p["mode"] == 0
    # abnat totals 130 Sun / 162 Hokum, tricks total 8, points never negative
    assert np.all(p["abnat"].sum(axis=1) == np.where(sun, *baloot._core.total_abnat))
    assert np.all(p["abnat"] >= 0)
    assert np.all(p["tricks"].sum(axis=1) == 8)
    assert np.all(p["tricks"] >= 0)
    assert np.all(a["points"] >= 0)
    # the team that takes no trick has no abnat
    assert np.all(p["abnat"][p["tricks"] == 0] == 0)
    # contract fields
    assert np.all(np.where(sun, p["trump"] == -1, (p["trump"] >= 0) & (p["trump"] <= 3)))
    assert np.all((p["buyer"] >= 0) & (p["buyer"] <= 3))
    assert np.all((p["made"] == 0) | (p["made"] == 1))
    assert np.all(p["ashkal"][~sun] == 0)
    # multiplier 1..4, Sun only 1..2, gahwa rows x4
    assert np.all((p["multiplier"] >= 1) & (p["multiplier"] <= 4))
    assert np.all(p["multiplier"][sun] <= 2)
    assert np.all(p["multiplier"][p["gahwa"] == 1] == 4)
    assert np.all(p["gahwa"][sun] == 0)
    # projects: at most one team scores them; Baloot only in Hokum
    assert np.all((p["projects"][:, 0] == 0) | (p["projects"][:, 1] == 0))
    assert np.all(p["baloot"][sun] == -1)
    # kaboot: the team with all 8 tricks (none when the host switched the bonus off)
    if rules.kaboot == "off":
        assert np.all(a["kaboot"] == -1)
    else:
        swept = np.where(p["tricks"][:, 0] == 8, 0, np.where(p["tricks"][:, 1] == 8, 1, -1))
        assert np.array_equal(p["kaboot"], swept)

    if contract is not None:
        # forced contract: no bidding, no doubling; the first bidder (dealer + 1) buys
        assert not thrown.any()
        assert np.all(p["buyer"] == (p["dealer"] + 1) % 4)
        assert np.all(p["multiplier"] == 1)
        if contract == "sun":
            assert np.all(p["mode"] == 0) and np.all(p["trump"] == -1)
        else:
            assert np.all(p["mode"] == 1) and np.all(p["trump"] == SUITS.index(contract[-1]))
    else:
        # full random bidding reaches every kind of contract and doubling level
        assert sun.any() and (~sun).any()
        assert set(np.unique(p["multiplier"][~sun])) == {1, 2, 3, 4}
        assert p["gahwa"].any()

    # totals constraint for ALL played rows (vectorised)
    mult = p["multiplier"].astype(np.int64)
    proj = p["projects"].astype(np.int64).sum(axis=1)
    proj_gp = np.where(sun, proj // 5, proj // 10)
    bal = (p["baloot"] >= 0).astype(np.int64)
    kaboot_value = {"normal": (44, 25), "double": (88, 50), "off": (26, 16)}[rules.kaboot]
    base = np.where(p["kaboot"] >= 0, np.where(sun, kaboot_value[0], kaboot_value[1]), np.where(sun, 26, 16))
    expected_total = (base + proj_gp) * mult + 2 * bal
    got_total = p["points"].astype(np.int64).sum(axis=1)
    bad = np.flatnonzero(got_total != expected_total)
    assert bad.size == 0, {k: v[bad[:3]].tolist() for k, v in p.items()}

    # made Hokum/Sun hands at x1 (no kaboot): each team its own card GP + projects + Baloot
    plain = (p["made"] == 1) & (mult == 1) & (p["kaboot"] < 0)
    assert plain.any()
    card_gp = np.where(sun[:, None], sun_gp(p["abnat"], rules.sun_tens_first), hokum_gp(p["abnat"]))
    assert np.all(card_gp[plain].sum(axis=1) <= np.where(sun[plain], 26, 17))

    # the full re-implementation of the scoring for every played row
    points, made, kaboot = expected_points(p, rules)
    bad = np.flatnonzero((points != p["points"]).any(axis=1) | (made != p["made"]) | (kaboot != p["kaboot"]))
    assert bad.size == 0, {k: v[bad[:3]].tolist() for k, v in p.items()}

    # a random subset of rows through baloot.score_hand with the row's own inputs
    rng = np.random.default_rng(seed)
    subset = rng.choice(np.flatnonzero(played), size=min(4000, int(played.sum())), replace=False)
    for i in subset:
        bal_pair = (int(a["baloot"][i] == 0), int(a["baloot"][i] == 1))
        result = baloot.score_hand("sun" if a["mode"][i] == 0 else "hokum", int(a["buyer"][i]) % 2,
                                   tuple(int(x) for x in a["abnat"][i]), tuple(int(x) for x in a["tricks"][i]),
                                   projects=tuple(int(x) for x in a["projects"][i]), baloot=bal_pair,
                                   multiplier=int(a["multiplier"][i]), rules=rules)
        row = {k: v[i].tolist() for k, v in a.items()}
        assert tuple(result.points) == tuple(a["points"][i]), row
        assert int(result.made) == int(a["made"][i]), row
        assert (-1 if result.kaboot is None else result.kaboot) == int(a["kaboot"][i]), row


def test_score_hand_subset_of_20000_rows_with_doubling():
    """20,000 rows of one full-bidding run (every doubling level) through score_hand."""
    rules = Rules(kaboot="double")
    r = baloot.simulate(100_000, seed=4242, threads=2, rules=rules)
    a = r.arrays
    played = np.flatnonzero(a["mode"] >= 0)
    doubled = played[a["multiplier"][played] > 1]
    rng = np.random.default_rng(5)
    subset = np.concatenate([doubled, rng.choice(played, size=20_000 - len(doubled), replace=False)])
    assert len(subset) == 20_000 and len(doubled) > 1000
    for i in subset:
        bal_pair = (int(a["baloot"][i] == 0), int(a["baloot"][i] == 1))
        result = baloot.score_hand("sun" if a["mode"][i] == 0 else "hokum", int(a["buyer"][i]) % 2,
                                   tuple(a["abnat"][i].tolist()), tuple(a["tricks"][i].tolist()),
                                   projects=tuple(a["projects"][i].tolist()), baloot=bal_pair,
                                   multiplier=int(a["multiplier"][i]), rules=rules)
        assert tuple(result.points) == tuple(a["points"][i].tolist()), {k: v[i].tolist() for k, v in a.items()}


# ---------------------------------------------------------------------------------------------
# forced contracts
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("contract,mode,trump", [("sun", 0, -1), ("SUN", 0, -1), ("hokum:H", 1, 1),
                                                 ("hokum:s", 1, 0), ("hokum:D", 1, 2), ("hokum:C", 1, 3),
                                                 ("hokum:♣", 1, 3)])
@pytest.mark.parametrize("players", PLAYERS)
def test_forced_contract(contract, mode, trump, players):
    r = baloot.simulate(4000, players=players, seed=8, threads=2, contract=contract, start=3)
    assert np.all(r.mode == mode)
    assert np.all(r.trump == trump)
    assert np.all(r.buyer == (r.dealer + 1) % 4)
    assert np.array_equal(r.dealer, np.arange(3, 4003) % 4)
    assert np.all(r.multiplier == 1)
    assert np.all(r.ashkal == 0)
    assert not r.thrown_in.any()
    assert r.contract == contract
    s = r.summary()
    key = "sun" if mode == 0 else f"hokum:{SUITS[trump]}"
    assert s.contracts[key].mean == 1.0
    assert s.thrown_in.mean == 0.0
    for seat in range(4):
        assert s.seats[seat]["buys"].mean == pytest.approx(0.25)


def test_forced_contract_deals_the_same_cards_as_bidding():
    """A forced contract skips only the bidding: the same seed deals the same hands (same dealer)."""
    a = baloot.simulate(2000, seed=3, contract="sun", threads=1)
    b = baloot.simulate(2000, seed=3, contract="sun", threads=2)
    assert_same_result(a, b)


# ---------------------------------------------------------------------------------------------
# Python-callable players
# ---------------------------------------------------------------------------------------------

def test_python_callable_players_work_and_are_deterministic():
    calls = {"n": 0, "seats": set(), "phases": set()}

    def first_legal(game):
        calls["n"] += 1
        calls["seats"].add(game.to_move)
        calls["phases"].add(game.phase)
        actions = game.legal_actions()
        assert actions, "a player is asked only when it has a legal action"
        return actions[0]

    players = [first_legal, "random", first_legal, "random"]
    a = baloot.simulate(1500, players=players, seed=21, threads=1)
    assert calls["n"] > 1500 and calls["seats"] == {0, 2}
    assert calls["phases"] >= {"bidding", "playing"}
    assert a.players[0] == "first_legal" and a.players[1] == "random"
    n_first = calls["n"]
    b = baloot.simulate(1500, players=players, seed=21, threads=3)
    assert calls["n"] == 2 * n_first
    assert_same_result(a, b)
    # split runs also agree with Python players
    c1 = baloot.simulate(700, players=players, seed=21, threads=1)
    c2 = baloot.simulate(800, players=players, seed=21, threads=1, start=700)
    for name in COLUMNS:
        assert np.array_equal(np.concatenate([getattr(c1, name), getattr(c2, name)]), getattr(a, name)), name
    # invariants hold as for the built-in players
    played = a.mode >= 0
    assert np.all(a.abnat[played].sum(axis=1) == np.array(baloot._core.total_abnat)[a.mode[played]])
    assert np.all(a.tricks[played].sum(axis=1) == 8)
    assert np.all(a.points >= 0)


def test_python_player_that_always_passes_throws_in():
    def passer(game):
        actions = game.legal_actions()
        return "pass" if "pass" in actions else actions[0]

    r = baloot.simulate(300, players=passer, seed=4, threads=2)
    assert np.all(r.mode == -1) and np.all(r.points == 0)
    assert np.all(r.made == -1) and np.all(r.buyer == -1)
    assert r.summary().thrown_in.mean == 1.0


def test_python_player_illegal_action_raises():
    def stubborn(game):
        return "pass"

    with pytest.raises(BalootError) as info:
        baloot.simulate(10, players=stubborn, seed=1, contract="sun")
    assert isinstance(info.value, baloot.IllegalAction)
    assert "pass" in str(info.value), str(info.value)


def test_python_player_exception_propagates():
    def broken(game):
        raise RuntimeError("boom from a Python player")

    with pytest.raises(RuntimeError, match="boom"):
        baloot.simulate(10, players=["random", broken, "random", "random"], seed=1)


# ---------------------------------------------------------------------------------------------
# summary()
# ---------------------------------------------------------------------------------------------

def mean_ci(values):
    values = np.asarray(values, dtype=np.float64)
    return values.mean(), Z95 * values.std(ddof=1) / np.sqrt(len(values))


def prop(mask, n=None):
    mask = np.asarray(mask)
    n = len(mask) if n is None else n
    p = mask.sum() / n
    return p, Z95 * np.sqrt(p * (1 - p) / n)


@pytest.fixture(scope="module")
def summarised():
    r = baloot.simulate(200_000, seed=99, threads=2, rules=Rules(kaboot="double"))
    return r, r.summary()


def test_summary_means_and_cis_match_numpy(summarised):
    r, s = summarised
    assert s.hands == 200_000
    for team in (0, 1):
        m, ci = mean_ci(r.points[:, team])
        assert s.points[team].mean == pytest.approx(m, rel=1e-12)
        assert s.points[team].ci == pytest.approx(ci, rel=1e-9)
        assert s.points[team].low == pytest.approx(m - ci) and s.points[team].high == pytest.approx(m + ci)
    m, ci = mean_ci(r.points[:, 0].astype(np.int64) - r.points[:, 1])
    assert s.margin.mean == pytest.approx(m, rel=1e-9, abs=1e-12)
    assert s.margin.ci == pytest.approx(ci, rel=1e-9)
    played = r.mode >= 0
    for seat in range(4):
        bought = r.buyer == seat
        info = s.seats[seat]
        assert info["buys"].mean == pytest.approx(bought.mean())
        assert info["made"].mean == pytest.approx(prop(r.made[bought] == 1)[0])
        own = r.points[bought, seat % 2].astype(np.int64)
        other = r.points[bought, 1 - seat % 2].astype(np.int64)
        m, ci = mean_ci(own)
        assert info["points"].mean == pytest.approx(m) and info["points"].ci == pytest.approx(ci, rel=1e-9)
        m, ci = mean_ci(own - other)
        assert info["margin"].mean == pytest.approx(m) and info["margin"].ci == pytest.approx(ci, rel=1e-9)
    assert s.played == int(played.sum())


def test_summary_rates_match_numpy(summarised):
    r, s = summarised
    played = r.mode >= 0
    sun = r.mode == 0
    assert s.contracts["sun"].mean == pytest.approx((sun & (r.ashkal == 0)).mean())
    assert s.contracts["ashkal"].mean == pytest.approx((sun & (r.ashkal == 1)).mean())
    for i, suit in enumerate(SUITS):
        p, ci = prop((r.mode == 1) & (r.trump == i))
        assert s.contracts[f"hokum:{suit}"].mean == pytest.approx(p)
        assert s.contracts[f"hokum:{suit}"].ci == pytest.approx(ci)
    assert s.thrown_in.mean == pytest.approx((~played).mean())
    p, ci = prop(r.made[played] == 1)
    assert s.made.mean == pytest.approx(p) and s.made.ci == pytest.approx(ci)
    assert s.khasra.mean == pytest.approx(prop(r.made[played] == 0)[0])
    buyers_team = r.buyer[played] % 2
    k = r.kaboot[played]
    assert s.kaboot["buyers"].mean == pytest.approx(prop(k == buyers_team)[0])
    assert s.kaboot["defenders"].mean == pytest.approx(prop((k >= 0) & (k != buyers_team))[0])
    for m in (1, 2, 3, 4):
        assert s.multiplier[m].mean == pytest.approx(prop(r.multiplier[played] == m)[0])
    assert s.gahwa.mean == pytest.approx(prop(r.gahwa[played] == 1)[0])
    assert s.projects_scored.mean == pytest.approx(prop(r.projects[played].sum(axis=1) > 0)[0])
    assert s.baloot.mean == pytest.approx(prop(r.baloot[played] >= 0)[0])
    # rates sum sensibly
    assert sum(e.mean for e in s.contracts.values()) + s.thrown_in.mean == pytest.approx(1.0)
    assert s.made.mean + s.khasra.mean == pytest.approx(1.0)
    assert sum(e.mean for e in s.multiplier.values()) == pytest.approx(1.0)
    assert sum(seat["buys"].mean for seat in s.seats) + s.thrown_in.mean == pytest.approx(1.0)
    assert s.kaboot["buyers"].mean + s.kaboot["defenders"].mean <= 1.0
    for kind, per_hand in s.projects.items():
        assert per_hand >= 0, kind
    assert s.projects["sira"] > s.projects["fifty"] > s.projects["hundred"] > s.projects["four_hundred"] > 0
    # every rate in [0, 1] and every CI non-negative
    for e in [s.thrown_in, s.made, s.khasra, s.gahwa, s.baloot, s.projects_scored, *s.contracts.values(),
              *s.kaboot.values(), *s.multiplier.values()]:
        assert 0.0 <= e.mean <= 1.0 and e.ci >= 0.0


def test_summary_to_dict_is_json(summarised):
    r, s = summarised
    d = s.to_dict()
    text = json.dumps(d, allow_nan=False)
    back = json.loads(text)
    assert back["hands"] == 200_000
    assert back["points"][0]["mean"] == pytest.approx(s.points[0].mean)
    assert back["points"][0]["ci95"] == pytest.approx(s.points[0].ci)
    assert back["counts"] == json.loads(json.dumps(r.counts))
    assert set(back["contracts"]) == {"sun", "ashkal", "hokum:S", "hokum:H", "hokum:D", "hokum:C"}
    assert set(back["multiplier"]) == {"1", "2", "3", "4"}


def test_summary_str_has_english_and_arabic_labels(summarised):
    _, s = summarised
    text = str(s)
    for english, arabic in (("Sun", "صن"), ("Hokum", "حكم"), ("Kaboot", "كبوت"), ("Khasra", "خسارة"),
                            ("Ashkal", "أشكل"), ("Gahwa", "قهوة"), ("Baloot", "بلوت")):
        assert english in text and arabic in text, english
    assert "200,000" in text
    assert f"{s.points[0].mean:.3f}" in text


def test_summary_without_arabic_labels():
    r = baloot.simulate(2000, seed=1, threads=1, rules=Rules(arabic_labels=False))
    text = str(r.summary())
    assert "Sun" in text and "Hokum" in text
    assert "صن" not in text and "حكم" not in text


# ---------------------------------------------------------------------------------------------
# bad arguments: BalootError naming the value
# ---------------------------------------------------------------------------------------------

def raises_naming(kwargs, *needles):
    with pytest.raises(BalootError) as info:
        baloot.simulate(**kwargs)
    message = str(info.value)
    assert any(str(n).lower() in message.lower() for n in needles), (message, needles)


@pytest.mark.parametrize("kwargs,needles", [
    (dict(hands=-1), ["-1"]),
    (dict(hands=True), ["True"]),
    (dict(hands=2.5), ["2.5"]),
    (dict(hands="10"), ["'10'"]),
    (dict(hands=10, players="nobody"), ["nobody"]),
    (dict(hands=10, players="random:foo"), ["foo"]),
    (dict(hands=10, players="random:depth=abc"), ["abc"]),
    (dict(hands=10, players="random:depth=2"), ["depth"]),
    (dict(hands=10, players=["random"] * 3), ["['random', 'random', 'random']"]),
    (dict(hands=10, players=["random"] * 5), ["['random', 'random', 'random', 'random', 'random']"]),
    (dict(hands=10, players=["random", "random", "nobody", "random"]), ["nobody"]),
    (dict(hands=10, players=["random", "random", 7, "random"]), ["7"]),
    (dict(hands=10, players=5), ["5"]),
    (dict(hands=10, contract="hokum"), ["'hokum'"]),
    (dict(hands=10, contract="hokum:X"), ["hokum:X", "'X'"]),
    (dict(hands=10, contract="suun"), ["suun"]),
    (dict(hands=10, contract=5), ["5"]),
    (dict(hands=10, contract="sun:H"), ["sun:H"]),
    (dict(hands=10, seed=-1), ["-1"]),
    (dict(hands=10, seed=2**64), [str(2**64)]),
    (dict(hands=10, seed=1.0), ["1.0"]),
    (dict(hands=10, threads=-1), ["-1"]),
    (dict(hands=10, threads=True), ["True"]),
    (dict(hands=10, rules="x"), ["'x'"]),
    (dict(hands=10, start=-1), ["-1"]),
], ids=lambda v: repr(v)[:40] if not isinstance(v, list) else "")
def test_bad_arguments(kwargs, needles):
    raises_naming(kwargs, *needles)


def test_bad_arguments_are_value_errors():
    with pytest.raises(ValueError):
        baloot.simulate(-5)
    with pytest.raises(BalootError) as info:
        baloot.simulate(10, contract="hokum:X")
    # the bad suit is named as the user typed it (or the whole contract is)
    assert "hokum:X" in str(info.value) or "'X'" in str(info.value), str(info.value)


# ---------------------------------------------------------------------------------------------
# keep=False: memory flat in the number of hands (100 million hands in the memory of 1,000)
# ---------------------------------------------------------------------------------------------

PEAK_GROWTH = """
import sys, baloot
def status(key):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1])
baloot.simulate(1000, keep=False, threads=2, contract="sun")
with open("/proc/self/clear_refs", "w") as f:
    f.write("5")  # reset the peak resident size (VmHWM)
before = status("VmRSS")
result = baloot.simulate(int(sys.argv[1]), keep=False, threads=2, contract="sun")
assert result.hands == int(sys.argv[1])
print(status("VmHWM") - before)
"""


def peak_growth_kb(hands):
    """How far the resident size rises above where it was while a keep=False run plays."""
    import os
    import subprocess
    import sys
    import tempfile

    if not os.access("/proc/self/clear_refs", os.W_OK):
        pytest.skip("needs Linux /proc/self/clear_refs to measure the peak resident size")
    root = os.path.dirname(os.path.dirname(os.path.abspath(baloot.__file__)))
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-c", PEAK_GROWTH, str(hands)], capture_output=True, text=True, env=env,
                          timeout=120, cwd=tempfile.gettempdir())
    assert done.returncode == 0, done.stderr
    return int(done.stdout.split()[-1])


def test_keep_false_memory_is_flat_in_the_number_of_hands():
    small = peak_growth_kb(1_000)
    large = peak_growth_kb(8_000_000)
    # 8 million hands may not cost anything like a byte per hand (8 MB) more than 1,000 do
    assert large - small < 2_000, f"keep=False: +{small} kB for 1,000 hands, +{large} kB for 8,000,000"



@pytest.mark.parametrize("hands", [baloot.validation.COUNT_MAX, 2**63 - 16384 + 1])
def test_the_largest_counts_play_hands(hands):
    """The chunking once overflowed above 2**63 - 16384 hands and ran none: now hands are played (the run is
    stopped by its progress callback as soon as some are done)."""

    class Enough(Exception):
        pass

    def progress(done):
        if done:
            raise Enough

    with pytest.raises(Enough):
        baloot.simulate(hands, keep=False, progress=progress, threads=1)
