"""Slow, independent pure-Python reference of the Baloot trick, project and scoring rules.

Written from the seed text and docs/rules.md only.  It deliberately shares no code with the
``baloot`` package (it must never import it) so that the two can be cross-checked.

Cards are canonical strings only: rank ``7 8 9 10 J Q K A`` followed by suit ``S H D C``.
Modes are ``"sun"`` / ``"hokum"``; trump is a suit letter (Hokum) or ``None`` (Sun).
"""

from __future__ import annotations

from collections import namedtuple
from itertools import combinations

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("S", "H", "D", "C")
DECK = tuple(r + s for s in SUITS for r in RANKS)

# Rank orders, high to low (seed "Card ranks and points").
PLAIN_ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")
TRUMP_ORDER = ("J", "9", "A", "10", "K", "Q", "8", "7")
# Sequence order for projects, high to low (seed, R22) -- the same in both modes.
SEQ_ORDER = ("A", "K", "Q", "J", "10", "9", "8", "7")

PLAIN_POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "10": 10, "K": 4, "Q": 3, "8": 0, "7": 0}

TOTAL_ABNAT = {"sun": 130, "hokum": 162}
HAND_VALUE = {"sun": 26, "hokum": 16}
KABOOT_VALUE = {"normal": {"sun": 44, "hokum": 25}, "double": {"sun": 88, "hokum": 50}}

KIND_ABNAT = {"sira": 20, "fifty": 50, "hundred": 100, "four_hundred": 200}
KIND_CLASS = {"sira": 1, "fifty": 2, "hundred": 3, "four_hundred": 4}


def rank(card):
    return card[:-1]


def suit(card):
    return card[-1]


def _check_mode(mode, trump):
    if mode == "sun":
        assert trump is None
    elif mode == "hokum":
        assert trump in SUITS
    else:
        raise AssertionError(mode)


# ---------------------------------------------------------------------------------------
# Cards and tricks
# ---------------------------------------------------------------------------------------

def card_points(card, mode, trump=None):
    """Abnat of one card."""
    _check_mode(mode, trump)
    if mode == "hokum" and suit(card) == trump:
        return TRUMP_POINTS[rank(card)]
    return PLAIN_POINTS[rank(card)]


def _strength(card, led, mode, trump):
    """A number that orders cards within one trick: higher wins.

    Off-suit, non-trump cards get -1 (they can never win)."""
    s = suit(card)
    if mode == "hokum" and s == trump:
        return 100 + (len(TRUMP_ORDER) - TRUMP_ORDER.index(rank(card)))
    if s == led:
        return len(PLAIN_ORDER) - PLAIN_ORDER.index(rank(card))
    return -1


def trick_winner(trick, mode, trump=None):
    """Index of the card currently winning ``trick`` (1-4 cards)."""
    _check_mode(mode, trump)
    assert 1 <= len(trick) <= 4
    led = suit(trick[0])
    best = 0
    for i in range(1, len(trick)):
        if _strength(trick[i], led, mode, trump) > _strength(trick[best], led, mode, trump):
            best = i
    return best


def _trump_beats(a, b):
    """True if trump card ``a`` is higher than trump card ``b`` (same trump suit)."""
    return TRUMP_ORDER.index(rank(a)) < TRUMP_ORDER.index(rank(b))


def _is_master(card, mode, trump, played):
    """Whether every card of ``card``'s suit that beats it has been played."""
    order = TRUMP_ORDER if mode == "hokum" and suit(card) == trump else PLAIN_ORDER
    higher = order[:order.index(rank(card))]
    return all(r + suit(card) in played for r in higher)


def legal_moves(hand, trick, mode, trump=None, must_overtrump=True, trump_over_partner=False,
                narrow_partner=False, played=(), closed=False):
    """Set of cards of ``hand`` that may be played onto ``trick`` (R17-R20).

    Variants: ``closed`` (R21 variant: a leader may not lead a trump while holding another suit) and
    ``narrow_partner`` (R18 variant: the partner excuses a ruff only when its card is sure to win: the
    mover plays fourth, or the partner led the master of its suit, ``played`` holding the earlier
    tricks' cards)."""
    _check_mode(mode, trump)
    hand = list(hand)
    trick = list(trick)
    assert 0 <= len(trick) <= 3
    everything = set(hand)
    if not trick:
        side = {c for c in hand if suit(c) != trump}
        if closed and mode == "hokum" and side:
            return side
        return everything  # any lead (R21: no "closed" restriction by default)
    led = suit(trick[0])
    followers = {c for c in hand if suit(c) == led}

    # R17: follow suit whenever possible, never any duty to beat in the led suit...
    if mode == "sun":
        return followers if followers else everything

    trumps = {c for c in hand if suit(c) == trump}
    winner = trick_winner(trick, mode, trump)
    win_card = trick[winner]
    # The partner played trick[-2] (the mover is next after trick[-1]).
    partner_winning = len(trick) >= 2 and winner == len(trick) - 2
    # R20 partnerException off (trump_over_partner=True): the partner's lead counts for nothing.
    partner_exempt = partner_winning and not trump_over_partner

    if led != trump:
        if followers:
            return followers  # R17 (following a plain suit, even over a trump on the table)
        # Void in the led plain suit: R18.
        sure = len(trick) == 3 or (len(trick) == 2 and _is_master(trick[0], mode, trump, set(played) | set(trick)))
        if partner_exempt and (sure or not narrow_partner):
            return everything  # R18a
        if not trumps:
            return everything  # R18d
        # R18b: must play a trump (under the narrow variant, a partner not sure to win excuses no ruff,
        # but his winning trump need not be beaten).
        if suit(win_card) == trump and must_overtrump and not partner_exempt:
            # R18c: beat the winning trump if able, otherwise under-trump.
            over = {c for c in trumps if _trump_beats(c, win_card)}
            return over if over else trumps
        return trumps

    # Trump led: R19.
    if not trumps:
        return everything
    if must_overtrump and not partner_exempt:
        # The winning card is the best trump on the table (a trump was led).
        over = {c for c in trumps if _trump_beats(c, win_card)}
        if over:
            return over
    return trumps


# ---------------------------------------------------------------------------------------
# Projects
# ---------------------------------------------------------------------------------------

Project = namedtuple("Project", "kind cards abnat points")


def _project_points(abnat, mode):
    # R24: exact conversions (Sun x2/10, Hokum /10).
    if mode == "sun":
        assert (abnat * 2) % 10 == 0
        return abnat * 2 // 10
    assert abnat % 10 == 0
    return abnat // 10


def _make_run(cards, mode):
    n = len(cards)
    kind = "sira" if n == 3 else "fifty" if n == 4 else "hundred"
    ab = KIND_ABNAT[kind]
    return Project(kind, tuple(cards), ab, _project_points(ab, mode))


def _make_four(r, mode):
    if r == "A" and mode == "sun":
        kind = "four_hundred"
    else:
        kind = "hundred"
    ab = KIND_ABNAT[kind]
    return Project(kind, tuple(r + s for s in SUITS), ab, _project_points(ab, mode))


def is_four_of_a_kind(project):
    cards = project.cards
    return len(cards) == 4 and len({rank(c) for c in cards}) == 1


def project_strength(project):
    """R26 strength key; a larger tuple is a stronger project.

    (class, run-beats-four-of-a-kind-within-Hundred, top card, length)."""
    cls = KIND_CLASS[project.kind]
    if is_four_of_a_kind(project):
        # R26.4: A > K > Q > J > 10.
        return (cls, 0, 7 - SEQ_ORDER.index(rank(project.cards[0])), 0)
    top = 7 - SEQ_ORDER.index(rank(project.cards[0]))
    return (cls, 1, top, len(project.cards))


def compare_projects(a, b):
    """-1, 0 or 1 as project ``a`` is weaker than, equal to or stronger than ``b`` (R26 1-4)."""
    ka, kb = project_strength(a), project_strength(b)
    return (ka > kb) - (ka < kb)


def _maximal_runs(cards):
    """All maximal runs of 3+ consecutive cards (sequence order) per suit, high to low."""
    runs = []
    for s in SUITS:
        current = []
        for r in SEQ_ORDER:
            if r + s in cards:
                current.append(r + s)
            else:
                if len(current) >= 3:
                    runs.append(current)
                current = []
        if len(current) >= 3:
            runs.append(current)
    return runs


def all_project_sets(hand, mode, trump=None):
    """Every candidate card-disjoint project set of ``hand`` (R23, R25).

    For each subset of the valid four-of-a-kinds, the remaining cards' maximal runs (never
    split, R23) are added."""
    _check_mode(mode, trump)
    hand = set(hand)
    fours = [r for r in ("A", "K", "Q", "J", "10") if all(r + s in hand for s in SUITS)]
    out = []
    for k in range(len(fours) + 1):
        for chosen in combinations(fours, k):
            rest = set(hand)
            projs = []
            for r in chosen:
                projs.append(_make_four(r, mode))
                rest -= {r + s for s in SUITS}
            for run in _maximal_runs(rest):
                projs.append(_make_run(run, mode))
            projs.sort(key=project_strength, reverse=True)
            out.append(projs)
    return out


def _set_key(projs):
    total = sum(p.abnat for p in projs)
    best = project_strength(projs[0]) if projs else ()
    return (total, best)


def best_project_sets(hand, mode, trump=None):
    """All project sets that are optimal under R25 (max total, then strongest best project).

    Usually exactly one; returned so that a cross-check can accept any genuinely tied answer."""
    sets = all_project_sets(hand, mode, trump)
    top = max(_set_key(p) for p in sets)
    result = []
    for p in sets:
        if _set_key(p) == top:
            key = sorted((pr.kind, pr.cards) for pr in p)
            if all(sorted((q.kind, q.cards) for q in r) != key for r in result):
                result.append(p)
    return result


def best_projects(hand, mode, trump=None):
    """The best card-disjoint project set of an 8-card hand, best first (R23-R26)."""
    assert len(hand) == 8 and len(set(hand)) == 8
    sets = best_project_sets(hand, mode, trump)
    # Deterministic choice among exact ties: lexicographically strongest list of strengths.
    sets.sort(key=lambda p: [project_strength(x) for x in p], reverse=True)
    return sets[0]


def declare_projects(hands, mode, trump=None, first=0):
    """(by_seat, team or None, (abnat team 0, abnat team 1)) per R26/R27."""
    assert len(hands) == 4
    by_seat = [best_projects(h, mode, trump) for h in hands]
    best_seat = None
    best_key = None
    for i in range(4):
        seat = (first + i) % 4  # play order of trick 1
        if not by_seat[seat]:
            continue
        key = project_strength(by_seat[seat][0])
        # Strictly greater: an exact tie stays with the earlier player (R26.5).
        if best_key is None or key > best_key:
            best_key = key
            best_seat = seat
    if best_seat is None:
        return by_seat, None, (0, 0)
    team = best_seat % 2
    ab = [0, 0]
    ab[team] = sum(p.abnat for s in (team, team + 2) for p in by_seat[s])
    return by_seat, team, tuple(ab)


# ---------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------

def game_points(abnat, mode):
    """One team's card abnat converted alone (R34, R35)."""
    if mode == "sun":
        # abnat*2/10 = abnat/5; the fraction is a multiple of 0.2, never 0.5.
        q, r = divmod(abnat * 2, 10)
        return q + (1 if r > 5 else 0)
    if mode == "hokum":
        q, r = divmod(abnat, 10)
        return q + (1 if r >= 6 else 0)
    raise AssertionError(mode)


def project_gp(abnat, mode):
    return _project_points(abnat, mode)


HandScore = namedtuple("HandScore", "points made kaboot")


def score_hand(mode, buyers, abnat, tricks, projects=(0, 0), baloot=(0, 0), multiplier=1,
               kaboot="normal", gahwa=False, house=None):
    """Score one hand (R32, R34-R40).  Returns HandScore(points pair, made, kaboot team).

    ``gahwa``: the buyers called Gahwa (a Hokum at x4). ``house`` holds house variants, each absent
    for the seed's rule: ``gahwa`` ("152": the Gahwa's winner scores a flat 152 and nothing else),
    ``tie`` ("split": an undoubled exact tie scores as a contract made), ``doubled_tie``
    ("last_raiser": a doubled exact tie goes against the team that raised last), ``kaboot_multiplied``
    (False), ``reverse_kaboot`` ("88": the defenders' kaboot in Sun is worth 88) and
    ``kaboot_projects`` (False: no projects on a kaboot)."""
    house = house or {}
    assert mode in TOTAL_ABNAT
    assert buyers in (0, 1)
    assert sum(abnat) == TOTAL_ABNAT[mode]
    assert sum(tricks) == 8
    assert 1 <= multiplier <= 4
    assert kaboot in ("normal", "double", "off")
    assert not gahwa or (mode == "hokum" and multiplier == 4)
    b, d = buyers, 1 - buyers
    bal_gp = [2 * baloot[0], 2 * baloot[1]]  # R28: 2 GP each, never multiplied
    proj_gp_all = project_gp(projects[0] + projects[1], mode)

    sweeper = None
    if kaboot != "off":
        for t in (0, 1):
            if tricks[t] == 8:
                sweeper = t

    # R36: buyer check in abnat incl. projects and Baloot, strictly greater (R39: tie = khasra).
    tot = [abnat[t] + projects[t] + 20 * baloot[t] for t in (0, 1)]
    made = tot[b] > tot[d]
    if multiplier > 1:
        # R32: a doubled tie goes against the buyers, or (variant) against the last to raise: the
        # defenders raise Double and Four, the buyers Three and Gahwa.
        if tot[b] == tot[d] and house.get("doubled_tie") == "last_raiser":
            last_raiser = b if (gahwa or multiplier == 3) else d
            made = last_raiser != b
    elif tot[b] == tot[d] and (house.get("tie") == "split" or (house.get("tie") == "split_sun" and mode == "sun")):
        made = True  # R39 variants: an exact tie split, or (Kammelna) split in Sun only

    pts = [0, 0]
    if gahwa and house.get("gahwa") == "152":
        w = sweeper if sweeper is not None else (b if made else d)
        pts[w] = 152
        return HandScore(tuple(pts), w == b, sweeper)

    if sweeper is not None:
        # R40: kaboot value + all scored projects (multiplied when doubled, R32);
        # the swept team keeps only its own Baloot.
        value = KABOOT_VALUE[kaboot][mode]
        if sweeper == d and mode == "sun" and house.get("reverse_kaboot") == "88":
            value = 88
        proj = proj_gp_all if house.get("kaboot_projects", True) else 0
        mult = multiplier if house.get("kaboot_multiplied", True) else 1
        pts[sweeper] = (value + proj) * mult + bal_gp[sweeper]
        pts[1 - sweeper] = bal_gp[1 - sweeper]
        return HandScore(tuple(pts), sweeper == b, sweeper)

    if multiplier > 1:
        # R32: winner takes all, multiplied; Baloot unmultiplied to its holder.
        w = b if made else d
        pts[w] = (HAND_VALUE[mode] + proj_gp_all) * multiplier + bal_gp[w]
        pts[1 - w] = bal_gp[1 - w]
        return HandScore(tuple(pts), made, None)

    if not made:
        # R38 khasra.
        pts[d] = HAND_VALUE[mode] + proj_gp_all + bal_gp[d]
        pts[b] = bal_gp[b]
        return HandScore(tuple(pts), False, None)

    # R37 contract made: each team its own card GP, projects and Baloot.
    gp = [game_points(abnat[0], mode), game_points(abnat[1], mode)]
    if mode == "hokum" and sum(gp) == 17:
        gp[b] -= 1  # R35: both round up -> the buyers round down
    for t in (0, 1):
        pts[t] = gp[t] + project_gp(projects[t], mode) + bal_gp[t]
    return HandScore(tuple(pts), True, None)


# ---------------------------------------------------------------------------------------
# Bidding, doubling and the match: the house variants' conditions
# ---------------------------------------------------------------------------------------

def sun_double_allowed(buyers_score, defenders_score, at_100="neither"):
    """R30: Sun may be doubled only while the buyers have more than 100 and the defenders fewer than 100
    match points; the variant ``at_100`` lets exactly 100 count for the buyers (baloot-arena: buyers at
    100 or more, defenders below 100), the defenders (majlis-baloot: buyers above 100, defenders at 100
    or less) or both."""
    buyers_pass = buyers_score > 100 or (buyers_score == 100 and at_100 in ("buyers", "both"))
    defenders_pass = defenders_score < 100 or (defenders_score == 100 and at_100 in ("defenders", "both"))
    return buyers_pass and defenders_pass


def may_call_sun(round_, seat, dealer, five_cards, variant="anyone"):
    """R13: anyone may call Sun in round 2; the variant (sakkah-baloot's) lets only the player after the
    dealer (the first to speak) call it, and only while holding an ace."""
    if round_ == 1 or variant == "anyone":
        return True
    return seat == (dealer + 1) % 4 and any(rank(c) == "A" for c in five_cards)


def is_kawesh(five_cards):
    """Kawesh: the five cards first dealt are all 7s, 8s, 9s and 10s (no ace, no picture card)."""
    return len(five_cards) == 5 and all(rank(c) in ("7", "8", "9", "10") for c in five_cards)


def match_winner(scores, target, buyers, made, gahwa=False, gahwa_rule="match", target_tie="buyers"):
    """The match winner after a hand (R33, R41) or None: scores are the totals after it."""
    if gahwa and gahwa_rule == "match":
        return buyers if made else 1 - buyers
    reached = [t for t in (0, 1) if scores[t] >= target]
    if len(reached) == 1:
        return reached[0]
    if len(reached) == 2:
        if scores[0] != scores[1]:
            return 0 if scores[0] > scores[1] else 1
        return buyers if target_tie == "buyers" else None
    return None
