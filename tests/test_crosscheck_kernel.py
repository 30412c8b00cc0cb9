"""Differential tests: the core (public ``baloot`` API) against tests/reference.py.

Every position is generated from fixed seeds.  On a mismatch the test collects the first
few disagreeing inputs and reports them together with both answers.
"""

import itertools
import random
import time

import pytest
import reference as ref

import baloot

MODES = [("sun", None), ("hokum", "S"), ("hokum", "H"), ("hokum", "D"), ("hokum", "C")]
SWITCHES = list(itertools.product((True, False), repeat=2))  # (must_overtrump, trump_over_partner)
RULES = {sw: baloot.Rules(must_overtrump=sw[0], trump_over_partner=sw[1]) for sw in SWITCHES}

N_LEGAL_POSITIONS = 100_000
N_PROJECT_UNIFORM = 20_000
N_PROJECT_BIASED = 20_000
N_DECLARE_DEALS = 12_000
N_SCORE = 60_000

TIMINGS = {}

SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _variant(card, rng):
    """Another accepted spelling of a canonical card (docs/api.md conventions)."""
    r, s = card[:-1], card[-1]
    if r == "10" and rng.random() < 0.5:
        r = "T"
    if rng.random() < 0.3:
        s = SYMBOL[s]
    if rng.random() < 0.4:
        r, s = r.lower(), s.lower()
    return r + s


def _spell(cards, rng):
    """Pass cards as canonical list (most of the time), a variant list, or one string."""
    x = rng.random()
    if x < 0.8:
        return list(cards)
    cards = [_variant(c, rng) for c in cards]
    if x < 0.9:
        return cards
    return " ".join(cards)


def _fail(name, bad, total):
    lines = [f"{name}: {len(bad)} of {total} disagree; first ones:"]
    for b in bad[:8]:
        lines.append("  " + repr(b))
    pytest.fail("\n".join(lines))


# ---------------------------------------------------------------------------------------
# Legal moves and trick winner
# ---------------------------------------------------------------------------------------

def _positions(seed, n):
    """n seeded positions: (mode, trump, trick, hand)."""
    rng = random.Random(seed)
    out = []
    deck = list(ref.DECK)
    for i in range(n):
        mode, trump = MODES[i % len(MODES)]
        tlen = rng.randint(0, 3)
        x = rng.random()
        if mode == "hokum" and tlen and x < 0.25:
            # Bias: put trumps on the table (over-/under-trump situations).
            trumps = [c for c in deck if c[-1] == trump]
            trick = rng.sample(deck, 1)
            for _ in range(tlen - 1):
                pool = trumps if rng.random() < 0.6 else deck
                c = rng.choice([c for c in pool if c not in trick])
                trick.append(c)
        else:
            trick = rng.sample(deck, tlen)
        rest = [c for c in deck if c not in trick]
        if tlen and rng.random() < 0.35:
            # Bias: the mover is void in the suit led.
            led = trick[0][-1]
            rest = [c for c in rest if c[-1] != led]
        hand = rng.sample(rest, rng.randint(1, min(8, len(rest))))
        out.append((mode, trump, trick, hand))
    return out


@pytest.fixture(scope="module")
def positions():
    return _positions(20240601, N_LEGAL_POSITIONS)


def test_legal_moves_crosscheck(positions):
    t0 = time.perf_counter()
    rng = random.Random(7)
    bad = []
    checks = 0
    stats = {"void": 0, "trump_led": 0, "partner_winning": 0}
    for mode, trump, trick, hand in positions:
        if trick:
            if all(c[-1] != trick[0][-1] for c in hand):
                stats["void"] += 1
            if trick[0][-1] == trump:
                stats["trump_led"] += 1
            if len(trick) >= 2 and ref.trick_winner(trick, mode, trump) == len(trick) - 2:
                stats["partner_winning"] += 1
        h_in = _spell(hand, rng)
        t_in = _spell(trick, rng)
        for sw in SWITCHES:
            want = ref.legal_moves(hand, trick, mode, trump, must_overtrump=sw[0],
                                   trump_over_partner=sw[1])
            got = baloot.legal_moves(h_in, t_in, mode, trump, rules=RULES[sw])
            checks += 1
            gl = list(got)
            if set(gl) != want or len(gl) != len(set(gl)):
                bad.append(dict(hand=hand, trick=trick, mode=mode, trump=trump,
                                must_overtrump=sw[0], trump_over_partner=sw[1],
                                core=sorted(gl), ref=sorted(want)))
    # Default rules (rules=None) equal Rules() = (True, False).
    for mode, trump, trick, hand in positions[:5000]:
        want = ref.legal_moves(hand, trick, mode, trump)
        got = baloot.legal_moves(hand, trick, mode, trump)
        checks += 1
        if set(got) != want:
            bad.append(dict(hand=hand, trick=trick, mode=mode, trump=trump, rules=None,
                            core=sorted(got), ref=sorted(want)))
    TIMINGS["legal_moves"] = (checks, time.perf_counter() - t0)
    print(f"legal_moves: {len(positions)} positions, {checks} checks, {stats}, "
          f"{time.perf_counter() - t0:.1f}s")
    assert len(positions) >= 100_000 and checks >= 400_000
    assert min(stats.values()) > 5000
    if bad:
        _fail("legal_moves", bad, checks)


def test_trick_winner_crosscheck(positions):
    t0 = time.perf_counter()
    rng = random.Random(8)
    bad = []
    checks = 0
    for mode, trump, trick, hand in positions:
        tricks = []
        if trick:
            tricks.append(trick)
        # Complete the trick with one of the mover's legal cards (covers 2-4 cards).
        legal = sorted(ref.legal_moves(hand, trick, mode, trump))
        tricks.append(trick + [rng.choice(legal)])
        for t in tricks:
            want = ref.trick_winner(t, mode, trump)
            got = baloot.trick_winner(_spell(t, rng), mode, trump)
            checks += 1
            if got != want:
                bad.append(dict(trick=t, mode=mode, trump=trump, core=got, ref=want))
    # Fully random 4-card tricks too (not necessarily legal sequences).
    rr = random.Random(9)
    for i in range(20_000):
        mode, trump = MODES[i % len(MODES)]
        t = rr.sample(ref.DECK, rr.randint(1, 4))
        want = ref.trick_winner(t, mode, trump)
        got = baloot.trick_winner(t, mode, trump)
        checks += 1
        if got != want:
            bad.append(dict(trick=t, mode=mode, trump=trump, core=got, ref=want))
    TIMINGS["trick_winner"] = (checks, time.perf_counter() - t0)
    print(f"trick_winner: {checks} tricks, {time.perf_counter() - t0:.1f}s")
    if bad:
        _fail("trick_winner", bad, checks)


def test_card_points_all_cards():
    bad = []
    for mode, trump in MODES:
        for c in ref.DECK:
            if baloot.card_points(c, mode, trump) != ref.card_points(c, mode, trump):
                bad.append((c, mode, trump, baloot.card_points(c, mode, trump),
                            ref.card_points(c, mode, trump)))
    if bad:
        _fail("card_points", bad, 32 * 5)


# ---------------------------------------------------------------------------------------
# Projects
# ---------------------------------------------------------------------------------------

def _seq_run(suit, top_idx, length):
    return [r + suit for r in ref.SEQ_ORDER[top_idx:top_idx + length]]


def _biased_hand(rng):
    """An 8-card hand built to contain runs and/or four-of-a-kinds, often overlapping."""
    while True:
        recipe = rng.randint(0, 5)
        cards = []
        if recipe == 0:
            # four-of-a-kind plus a run through that rank in one suit
            r = rng.choice(["10", "J", "Q", "K", "A"])
            s = rng.choice(ref.SUITS)
            idx = ref.SEQ_ORDER.index(r)
            L = rng.randint(3, 5)
            start = rng.randint(max(0, idx - L + 1), min(idx, 8 - L))
            cards = _seq_run(s, start, L) + [r + t for t in ref.SUITS]
        elif recipe == 1:
            # two runs in different suits
            s1, s2 = rng.sample(ref.SUITS, 2)
            L1 = rng.randint(3, 5)
            L2 = rng.randint(3, 8 - L1)
            cards = _seq_run(s1, rng.randint(0, 8 - L1), L1) + _seq_run(s2, rng.randint(0, 8 - L2), L2)
        elif recipe == 2:
            # two four-of-a-kinds (any ranks, incl. the worthless 9/8/7)
            r1, r2 = rng.sample(ref.RANKS, 2)
            cards = [r + t for r in (r1, r2) for t in ref.SUITS]
        elif recipe == 3:
            # one long run
            L = rng.randint(5, 8)
            cards = _seq_run(rng.choice(ref.SUITS), rng.randint(0, 8 - L), L)
        elif recipe == 4:
            # four-of-a-kind and an unrelated run
            r = rng.choice(ref.RANKS)
            L = rng.randint(3, 4)
            cards = [r + t for t in ref.SUITS] + _seq_run(rng.choice(ref.SUITS), rng.randint(0, 8 - L), L)
        else:
            # two four-of-a-kind candidates sharing runs: e.g. Q-J-10 in two suits + the rest
            r1 = rng.choice(["J", "Q", "K", "10"])
            idx = ref.SEQ_ORDER.index(r1)
            s = rng.choice(ref.SUITS)
            cards = [r1 + t for t in ref.SUITS] + _seq_run(s, max(0, idx - 1), 3)
            if rng.random() < 0.5:
                r2 = ref.SEQ_ORDER[idx + 1] if idx + 1 < 8 else ref.SEQ_ORDER[idx - 1]
                cards += [r2 + t for t in ref.SUITS]
        cards = list(dict.fromkeys(cards))
        if len(cards) > 8:
            continue
        rest = [c for c in ref.DECK if c not in cards]
        cards += rng.sample(rest, 8 - len(cards))
        rng.shuffle(cards)
        return cards


def _proj_tuple(p):
    return (p.kind, tuple(p.cards), p.abnat, p.points)


def _check_projects(hand, mode, trump, got, bad, where):
    want = ref.best_projects(hand, mode, trump)
    got = list(got)
    g = sorted(_proj_tuple(p) for p in got)
    w = sorted(tuple(p) for p in want)
    ok = g == w
    if ok and got:
        # best first: non-increasing R26 strength
        strengths = [ref.project_strength(ref.Project(*_proj_tuple(p))) for p in got]
        ok = strengths == sorted(strengths, reverse=True)
    if not ok:
        bad.append(dict(where=where, hand=sorted(hand), mode=mode, trump=trump,
                        core=[_proj_tuple(p) for p in got], ref=[tuple(p) for p in want]))
    return want


def test_find_projects_uniform():
    t0 = time.perf_counter()
    rng = random.Random(31)
    bad = []
    n = 0
    nonempty = 0
    for i in range(N_PROJECT_UNIFORM):
        hand = rng.sample(ref.DECK, 8)
        for mode, trump in (("sun", None), ("hokum", rng.choice(ref.SUITS))):
            got = baloot.find_projects(_spell(hand, rng), mode, trump)
            want = _check_projects(hand, mode, trump, got, bad, "uniform")
            nonempty += bool(want)
            n += 1
    TIMINGS["find_projects_uniform"] = (n, time.perf_counter() - t0)
    print(f"find_projects uniform: {N_PROJECT_UNIFORM} hands x 2 modes = {n}, "
          f"{nonempty} with projects, {time.perf_counter() - t0:.1f}s")
    if bad:
        _fail("find_projects (uniform)", bad, n)


def test_find_projects_biased():
    t0 = time.perf_counter()
    rng = random.Random(32)
    bad = []
    n = 0
    multi = 0
    for i in range(N_PROJECT_BIASED):
        hand = _biased_hand(rng)
        for mode, trump in (("sun", None), ("hokum", rng.choice(ref.SUITS))):
            got = baloot.find_projects(_spell(hand, rng), mode, trump)
            want = _check_projects(hand, mode, trump, got, bad, "biased")
            multi += len(want) >= 2
            n += 1
    TIMINGS["find_projects_biased"] = (n, time.perf_counter() - t0)
    print(f"find_projects biased: {N_PROJECT_BIASED} hands x 2 modes = {n}, "
          f"{multi} with 2+ projects, {time.perf_counter() - t0:.1f}s")
    assert multi > 5000
    if bad:
        _fail("find_projects (biased)", bad, n)


def _biased_deal(rng):
    deck = [r + s for s in ref.SUITS for r in ref.SEQ_ORDER]  # runs everywhere
    rot = rng.randint(0, 31)
    deck = deck[rot:] + deck[:rot]
    for _ in range(rng.randint(0, 24)):
        i, j = rng.randrange(32), rng.randrange(32)
        deck[i], deck[j] = deck[j], deck[i]
    return [deck[8 * k:8 * k + 8] for k in range(4)]


def test_declare_projects_crosscheck():
    t0 = time.perf_counter()
    rng = random.Random(41)
    bad = []
    teams = {None: 0, 0: 0, 1: 0}
    for i in range(N_DECLARE_DEALS):
        if i % 3 == 0:
            deck = list(ref.DECK)
            rng.shuffle(deck)
            hands = [deck[8 * k:8 * k + 8] for k in range(4)]
        elif i % 3 == 1:
            hands = _biased_deal(rng)
        else:
            # A biased hand for one seat, the rest random; sometimes two seats biased.
            h0 = _biased_hand(rng)
            rest = [c for c in ref.DECK if c not in h0]
            rng.shuffle(rest)
            hands = [h0] + [rest[8 * k:8 * k + 8] for k in range(3)]
            rng.shuffle(hands)
        mode, trump = rng.choice(MODES)
        first = rng.randrange(4)
        by_seat, team, ab = ref.declare_projects(hands, mode, trump, first)
        teams[team] += 1
        got = baloot.declare_projects([_spell(h, rng) for h in hands], mode, trump, first=first)
        g_by = [sorted(_proj_tuple(p) for p in seat) for seat in got.by_seat]
        w_by = [sorted(tuple(p) for p in seat) for seat in by_seat]
        if g_by != w_by or got.team != team or tuple(got.abnat) != ab:
            bad.append(dict(hands=hands, mode=mode, trump=trump, first=first,
                            core=(g_by, got.team, tuple(got.abnat)), ref=(w_by, team, ab)))
    TIMINGS["declare_projects"] = (N_DECLARE_DEALS, time.perf_counter() - t0)
    print(f"declare_projects: {N_DECLARE_DEALS} deals, teams {teams}, "
          f"{time.perf_counter() - t0:.1f}s")
    assert min(teams.values()) > 500
    if bad:
        _fail("declare_projects", bad, N_DECLARE_DEALS)


def test_declare_projects_seat_ties():
    """Deals where several seats hold an equally strong best project (R26.5)."""
    rng = random.Random(42)
    bad = []
    n = 0
    for i in range(3000):
        # Give every seat the same-shaped run (same top rank and length) in its own suit.
        L = rng.randint(3, 5)
        top = rng.randint(0, 8 - L)
        suits = list(ref.SUITS)
        rng.shuffle(suits)
        hands = [_seq_run(s, top, L) for s in suits]
        rest = [c for c in ref.DECK if not any(c in h for h in hands)]
        rng.shuffle(rest)
        for k in range(4):
            hands[k] = hands[k] + rest[(8 - L) * k:(8 - L) * (k + 1)]
        mode, trump = rng.choice(MODES)
        first = rng.randrange(4)
        by_seat, team, ab = ref.declare_projects(hands, mode, trump, first)
        got = baloot.declare_projects(hands, mode, trump, first=first)
        n += 1
        if got.team != team or tuple(got.abnat) != ab:
            bad.append(dict(hands=hands, mode=mode, trump=trump, first=first,
                            core=(got.team, tuple(got.abnat)), ref=(team, ab)))
    if bad:
        _fail("declare_projects (seat ties)", bad, n)


# ---------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------

KABOOT_RULES = {k: baloot.Rules(kaboot=k) for k in ("normal", "double", "off")}
PROJECT_TOTALS = {
    "sun": [0, 0, 0, 20, 40, 50, 60, 70, 100, 120, 150, 200, 220, 250, 300, 400],
    "hokum": [0, 0, 0, 20, 40, 50, 60, 70, 100, 120, 150, 200, 220, 250],
}


def _score_inputs(rng):
    mode = rng.choice(("sun", "hokum"))
    total = ref.TOTAL_ABNAT[mode]
    buyers = rng.randrange(2)
    x = rng.random()
    if x < 0.12:
        tricks = (8, 0)
    elif x < 0.24:
        tricks = (0, 8)
    else:
        t = rng.randint(1, 7)
        tricks = (t, 8 - t)
    if tricks == (8, 0):
        a0 = total
    elif tricks == (0, 8):
        a0 = 0
    else:
        y = rng.random()
        if y < 0.3:
            a0 = total // 2 + rng.randint(-12, 12)  # near the tie / rounding edges
        elif y < 0.45:
            a0 = rng.choice([6, 16, 26, 36, 46, 56, 66, 76, 86, 96, 106, 116, 126, 136, 146, 156]
                            if mode == "hokum" else [63, 65, 67, 64, 66, 13, 117])
        else:
            a0 = rng.randint(0, total)
    abnat = (a0, total - a0)
    pr = rng.choice(PROJECT_TOTALS[mode])
    side = rng.randrange(2)
    projects = (pr, 0) if side == 0 else (0, pr)
    baloot_ = (0, 0)
    if mode == "hokum" and rng.random() < 0.35:
        baloot_ = (1, 0) if rng.random() < 0.5 else (0, 1)
    if rng.random() < 0.55:
        mult = 1
    else:
        mult = rng.randint(2, 2 if mode == "sun" else 4)
    kab = rng.choice(("normal", "normal", "double", "off"))
    return mode, buyers, abnat, tricks, projects, baloot_, mult, kab


def _check_score(args, bad, rules_none=False):
    mode, buyers, abnat, tricks, projects, baloot_, mult, kab = args
    want = ref.score_hand(mode, buyers, abnat, tricks, projects, baloot_, mult, kab)
    rules = None if rules_none else KABOOT_RULES[kab]
    got = baloot.score_hand(mode, buyers, abnat, tricks, projects, baloot_, mult, rules=rules)
    g = (tuple(got.points), got.made, got.kaboot)
    if g != tuple(want):
        bad.append(dict(call=f"score_hand({mode!r}, {buyers}, {abnat}, {tricks}, {projects}, "
                             f"{baloot_}, {mult}, rules=Rules(kaboot={kab!r}))",
                        core=g, ref=tuple(want)))


def test_score_hand_sweep():
    t0 = time.perf_counter()
    rng = random.Random(51)
    bad = []
    for _ in range(N_SCORE):
        _check_score(_score_inputs(rng), bad)
    # Every abnat split with no projects, both buyers, undoubled and doubled.
    n = N_SCORE
    for mode in ("sun", "hokum"):
        total = ref.TOTAL_ABNAT[mode]
        for a0 in range(total + 1):
            tricks = (8, 0) if a0 == total else (0, 8) if a0 == 0 else (4, 4)
            for buyers in (0, 1):
                for mult in (1, 2):
                    _check_score((mode, buyers, (a0, total - a0), tricks, (0, 0), (0, 0), mult,
                                  "normal"), bad, rules_none=(mult == 1))
                    n += 1
    TIMINGS["score_hand"] = (n, time.perf_counter() - t0)
    print(f"score_hand: {n} inputs, {time.perf_counter() - t0:.1f}s")
    if bad:
        _fail("score_hand", bad, n)


def test_game_points_all_values():
    bad = []
    for mode in ("sun", "hokum"):
        for a in range(ref.TOTAL_ABNAT[mode] + 1):
            if baloot.game_points(a, mode) != ref.game_points(a, mode):
                bad.append((a, mode, baloot.game_points(a, mode), ref.game_points(a, mode)))
    if bad:
        _fail("game_points", bad, 131 + 163)


def test_hand_result_is_consistent_with_made():
    """A few sanity properties of HandResult on the sweep inputs."""
    rng = random.Random(52)
    for _ in range(5000):
        mode, buyers, abnat, tricks, projects, baloot_, mult, kab = _score_inputs(rng)
        got = baloot.score_hand(mode, buyers, abnat, tricks, projects, baloot_, mult,
                                rules=KABOOT_RULES[kab])
        assert isinstance(got.made, bool)
        assert all(isinstance(p, int) and p >= 0 for p in got.points)
        assert got.kaboot in (None, 0, 1)


# ---------------------------------------------------------------------------------------
# House rules: the closed double, the narrow partner exception and the scoring variants
# ---------------------------------------------------------------------------------------

N_HOUSE_POSITIONS = 40_000
N_HOUSE_SCORES = 40_000
HOUSE_SCORING = {
    "gahwa": ("match", "152"), "tie": ("khasra", "split", "split_sun"), "doubled_tie": ("buyers", "last_raiser"),
    "kaboot_multiplied": (True, False), "reverse_kaboot": ("same", "88"), "kaboot_projects": (True, False),
}


def _played_before(rng, hand, trick, led_master):
    """Cards of earlier tricks: random, and (``led_master``) every plain card above the led card too."""
    free = [c for c in ref.DECK if c not in hand and c not in trick]
    played = set(rng.sample(free, rng.randint(0, min(12, len(free)))))
    if led_master and trick:
        led = trick[0]
        higher = [r + led[-1] for r in ref.PLAIN_ORDER[:ref.PLAIN_ORDER.index(led[:-1])]]
        played |= {c for c in higher if c in free}
    return sorted(played)


def test_legal_moves_house_rules_crosscheck(positions):
    rng = random.Random(61)
    bad = []
    checks = 0
    stats = {"closed_lead_restricted": 0, "narrow_differs": 0}
    for mode, trump, trick, hand in positions[:N_HOUSE_POSITIONS]:
        played = _played_before(rng, hand, trick, rng.random() < 0.5)
        for narrow, closed, sw in itertools.product((False, True), (False, True), SWITCHES):
            if (narrow and sw[1]) or (closed and mode == "sun"):
                continue  # refused: no partner exception to narrow; a Sun is never closed
            rules = baloot.Rules(must_overtrump=sw[0], trump_over_partner=sw[1], narrow_partner=narrow,
                                 closed_double=closed)
            want = ref.legal_moves(hand, trick, mode, trump, must_overtrump=sw[0], trump_over_partner=sw[1],
                                   narrow_partner=narrow, played=played, closed=closed)
            got = set(baloot.legal_moves(hand, trick, mode, trump, rules=rules, played=played, closed=closed))
            checks += 1
            if got != want:
                bad.append(dict(hand=hand, trick=trick, mode=mode, trump=trump, played=played, narrow=narrow,
                                closed=closed, switches=sw, core=sorted(got), ref=sorted(want)))
        if not trick and ref.legal_moves(hand, trick, mode, trump, closed=True) != set(hand):
            stats["closed_lead_restricted"] += 1
        if ref.legal_moves(hand, trick, mode, trump, narrow_partner=True, played=played) != \
                ref.legal_moves(hand, trick, mode, trump, played=played):
            stats["narrow_differs"] += 1
    print(f"legal_moves house rules: {checks} checks, {stats}")
    assert min(stats.values()) > 300
    if bad:
        _fail("legal_moves (house rules)", bad, checks)


def _house_rules(rng):
    return {name: rng.choice(values) for name, values in HOUSE_SCORING.items()}


def test_score_hand_house_rules_crosscheck():
    rng = random.Random(62)
    bad = []
    outcomes = {"flat_152": 0, "split_tie": 0, "doubled_tie": 0, "reverse_kaboot": 0}
    for _ in range(N_HOUSE_SCORES):
        mode, buyers, abnat, tricks, projects, baloot_, mult, kab = _score_inputs(rng)
        if rng.random() < 0.1:  # exact ties, undoubled and doubled
            half = ref.TOTAL_ABNAT[mode] // 2
            abnat, tricks, projects, baloot_ = (half, half), (4, 4), (0, 0), (0, 0)
        gahwa = mode == "hokum" and mult == 4 and rng.random() < 0.5
        house = _house_rules(rng)
        if kab == "off":  # the kaboot options mean nothing then, and Rules refuses them
            house.update(kaboot_multiplied=True, reverse_kaboot="same", kaboot_projects=True)
        want = ref.score_hand(mode, buyers, abnat, tricks, projects, baloot_, mult, kab, gahwa=gahwa, house=house)
        got = baloot.score_hand(mode, buyers, abnat, tricks, projects, baloot_, mult,
                                rules=baloot.Rules(kaboot=kab, **house), gahwa=gahwa)
        if (tuple(got.points), got.made, got.kaboot) != tuple(want):
            bad.append(dict(args=(mode, buyers, abnat, tricks, projects, baloot_, mult, kab, gahwa), house=house,
                            core=(tuple(got.points), got.made, got.kaboot), ref=tuple(want)))
        tie = abnat[0] + projects[0] + 20 * baloot_[0] == abnat[1] + projects[1] + 20 * baloot_[1]
        outcomes["flat_152"] += gahwa and house["gahwa"] == "152"
        outcomes["split_tie"] += tie and mult == 1 and house["tie"] == "split"
        outcomes["doubled_tie"] += tie and mult > 1 and house["doubled_tie"] == "last_raiser"
        outcomes["reverse_kaboot"] += tricks[1 - buyers] == 8 and mode == "sun" and house["reverse_kaboot"] == "88"
    print(f"score_hand house rules: {N_HOUSE_SCORES} inputs, {outcomes}")
    assert min(outcomes.values()) > 100
    if bad:
        _fail("score_hand (house rules)", bad, N_HOUSE_SCORES)
