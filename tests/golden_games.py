"""Generator of the golden game records in tests/golden/ (run ``python tests/golden_games.py`` from the
repository root to rewrite them; tests/test_game_records.py checks that the stored files, the replays
and this generator agree).

Five full hands:

* ``hokum_baloot_made``   - scripted deal and play, result computed by hand (see test_game_records.py)
* ``sun_doubled_made``    - scripted deal and play, doubled Sun, a defender's Sira, computed by hand
* ``sun_defenders_kaboot`` - scripted: each seat holds one whole suit, the defenders sweep, computed by hand
* ``hokum_gahwa_random``  - scripted calls up to Gahwa, random legal play from a Python-shuffled deck
* ``ashkal_round2_random`` - round-2 Ashkal under clockwise/double-kaboot/English-only rules, random play

Every deck is built here (no engine RNG), and random choices come from ``random.Random`` over the sorted
``legal_actions()``, so the records depend only on the rules.
"""

from __future__ import annotations

import json
import os
import random
from typing import Dict, List, Optional

from deals import deck_from_hands

from baloot import DECK, Game, Rules

GOLDEN_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")

# ---- 1. Hokum (hearts), bought by seat 1, made, with Baloot ----------------------------------------------
HOKUM_HANDS = [
    "QS JS AH 10H KD JD 10C JC".split(),  # seat 0 (dealer)
    "AS 7S KH QH 10D 8D KC 9C".split(),  # seat 1: K+Q of hearts = Baloot
    "10S 8S JH 7H AD 9D QC 7C".split(),  # seat 2
    "KS 9S 9H 8H QD 7D AC 8C".split(),  # seat 3
]
HOKUM_CALLS = ["hokum", "pass", "pass", "pass", "pass", "pass"]  # seat 1 Hokum; 2, 3, 0 pass; 2, 0 no double
HOKUM_PLAY = [
    "AS 10S KS QS",  # 1 leads: seat 1 wins, 28
    "7S 8S 9S JS",  # 1 leads: seat 0 wins, 2
    "KD 8D AD QD",  # 0 leads: seat 2 wins, 18
    "9D 7D JD 10D",  # 2 leads: seat 1 wins, 12
    "KC QC AC JC",  # 1 leads: seat 3 wins, 20
    "8C 10C 9C 7C",  # 3 leads: seat 0 wins, 10
    "AH QH JH 8H",  # 0 leads trump: seat 2 wins with the jack, 34
    "7H 9H 10H KH",  # 2 leads: seat 3 wins, 28 + 10 last trick; seat 1 announces Baloot
]

# ---- 2. Sun bought by seat 0 (dealer 1), doubled by seat 1 at 120-50 ----------------------------------
SUN_HANDS = [
    "AS 10S 7H 8H AD 9D AC 7D".split(),  # seat 0: buyer, takes the up-card 9D
    "KS 7S AH 10H QD 8D 10C 9C".split(),  # seat 1 (dealer)
    "QS 8S KH 9H 10D JD 8C 7C".split(),  # seat 2: leads trick 1
    "JS 9S QH JH KD KC QC JC".split(),  # seat 3: Sira K-Q-J of clubs
]
SUN_CALLS = ["pass", "pass", "sun", "pass", "pass", "double"]  # 2, 3 pass; 0 Sun; priority 2, 3 decline; 1 doubles
SUN_PLAY = [
    "KH QH 7H AH",  # 2 leads: seat 1 wins, 18
    "10H 9H JH 8H",  # 1 leads: seat 1 wins, 12
    "10C 8C JC AC",  # 1 leads: seat 0 wins, 23
    "AS 7S 8S 9S",  # 0 leads: seat 0 wins, 11
    "10S KS QS JS",  # 0 leads: seat 0 wins, 19
    "AD 8D JD KD",  # 0 leads: seat 0 wins, 17
    "9D QD 10D KC",  # 0 leads: seat 2 wins, 17 (seat 3 has no diamond)
    "7C QC 7D 9C",  # 2 leads: seat 3 wins, 3 + 10 last trick
]

# ---- 3. Sun bought by seat 2, every seat holds one whole suit: seat 1 sweeps ---------------------------
ONE_SUIT_HANDS = [
    "AS KS QS JS 10S 9S 8S 7S".split(),  # seat 0 (dealer)
    "AH KH QH JH 10H 9H 8H 7H".split(),  # seat 1
    "AD KD QD JD 10D 9D 8D 7D".split(),  # seat 2: buyer, up-card 7D
    "AC KC QC JC 10C 9C 8C 7C".split(),  # seat 3
]
ONE_SUIT_CALLS = ["pass", "sun", "pass"]  # 1 pass, 2 Sun, priority: 1 declines
ONE_SUIT_PLAY = [" ".join(f"{r}{s}" for s in "HDCS") for r in ("A", "K", "Q", "J", "10", "9", "8", "7")]


def scripted(hands: List[List[str]], dealer: int, up: str, holder: int, calls: List[str], play: List[str],
             scores=(0, 0), rules: Optional[Rules] = None) -> Game:
    game = Game(rules=rules, dealer=dealer, deck=deck_from_hands(hands, dealer, up, holder), scores=scores)
    for action in calls + " ".join(play).split():
        game.apply(action)
    return game


def random_play(game: Game, seed: int) -> Game:
    rng = random.Random(seed)
    while game.to_move is not None:
        game.apply(rng.choice(sorted(game.legal_actions())))
    return game


def shuffled(seed: int) -> List[str]:
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    return cards


def hokum_gahwa_random() -> Game:
    # dealer 3: seat 0 calls Hokum, all decline; 1 doubles, 0 Three, 1 Four, 0 Gahwa
    game = Game(dealer=3, deck=shuffled(2024), scores=(40, 70))
    for action in ["hokum", "pass", "pass", "pass", "double", "three", "four", "gahwa"]:
        game.apply(action)
    return random_play(game, 11)


def ashkal_round2_random() -> Game:
    rules = Rules(direction="clockwise", kaboot="double", arabic_labels=False)
    seed = 7
    while shuffled(seed)[20].startswith("A"):
        seed += 1
    game = Game(rules=rules, dealer=2, deck=shuffled(seed))
    # round 1: all pass; round 2: 3 and 0 pass, 1 (dealer+3) Ashkal, priority: 3 and 0 decline
    for action in ["pass"] * 4 + ["pass", "pass", "ashkal", "pass", "pass"]:
        game.apply(action)
    return random_play(game, 12)


NAMES = ("hokum_baloot_made", "sun_doubled_made", "sun_defenders_kaboot", "hokum_gahwa_random", "ashkal_round2_random")


def build_all() -> Dict[str, Game]:
    return {
        "hokum_baloot_made": scripted(HOKUM_HANDS, 0, "KH", 1, HOKUM_CALLS, HOKUM_PLAY),
        "sun_doubled_made": scripted(SUN_HANDS, 1, "9D", 0, SUN_CALLS, SUN_PLAY, scores=(120, 50)),
        "sun_defenders_kaboot": scripted(ONE_SUIT_HANDS, 0, "7D", 2, ONE_SUIT_CALLS, ONE_SUIT_PLAY),
        "hokum_gahwa_random": hokum_gahwa_random(),
        "ashkal_round2_random": ashkal_round2_random(),
    }


def main() -> None:
    os.makedirs(GOLDEN_DIR, exist_ok=True)
    for name, game in build_all().items():
        assert game.phase == "over", name
        path = os.path.join(GOLDEN_DIR, f"{name}.json")
        with open(path, "w", encoding="utf-8") as f:
            f.write(game.to_json(indent=1) + "\n")
        print(f"wrote {path}: {json.loads(game.to_json())['result']}")


if __name__ == "__main__":
    main()
