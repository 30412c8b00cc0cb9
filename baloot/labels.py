"""English and Arabic labels for display (the Arabic terms of docs/rules.md). ``label(key)`` gives "Hokum (حكم)"."""

from __future__ import annotations

from baloot.cards import SUIT_SYMBOLS, SUITS

ARABIC = {
    # modes and calls
    "sun": "صن",
    "hokum": "حكم",
    "hokum2": "حكم ثاني",
    "pass": "بس",
    "wala": "ولا",
    "ashkal": "أشكل",
    "priority": "قبلك",
    "double": "دبل",
    "three": "ثري",
    "four": "فور",
    "gahwa": "قهوة",
    # projects
    "projects": "مشاريع",
    "sira": "سرا",
    "fifty": "خمسين",
    "hundred": "مية",
    "four_hundred": "أربعمية",
    "baloot": "بلوت",
    # results and terms
    "khasra": "خسارة",
    "kaboot": "كبوت",
    "made": "مكسب",
    "abnat": "أبناط",
    "buyer": "المشتري",
    "trick": "أكلة",
    "tricks": "أكلات",
    "match": "صكة",
    "throw_in": "ورق",
    # suits
    "S": "سبيت",
    "H": "هاص",
    "D": "ديمن",
    "C": "شريا",
    # ranks
    "A": "إكة",
    "K": "شايب",
    "Q": "بنت",
    "J": "ولد",
    "10": "عشرة",
    "9": "تسعة",
    "8": "ثمانية",
    "7": "سبعة",
}

ENGLISH = {
    "sun": "Sun",
    "hokum": "Hokum",
    "hokum2": "Hokum thani",
    "pass": "Pass",
    "wala": "Pass",
    "ashkal": "Ashkal",
    "priority": "Sun priority",
    "double": "Double",
    "three": "Three",
    "four": "Four",
    "gahwa": "Gahwa",
    "projects": "Projects",
    "sira": "Sira",
    "fifty": "Fifty",
    "hundred": "Hundred",
    "four_hundred": "Four Hundred",
    "baloot": "Baloot",
    "khasra": "Khasra",
    "kaboot": "Kaboot",
    "made": "Made",
    "abnat": "Abnat",
    "buyer": "Buyer",
    "trick": "Trick",
    "tricks": "Tricks",
    "match": "Match",
    "throw_in": "Thrown in",
    "S": "Spades",
    "H": "Hearts",
    "D": "Diamonds",
    "C": "Clubs",
    "A": "Ace",
    "K": "King",
    "Q": "Queen",
    "J": "Jack",
    "10": "Ten",
    "9": "Nine",
    "8": "Eight",
    "7": "Seven",
}


def label(key: str, *, arabic: bool = True) -> str:
    """The English label of a term of the game, with the Arabic one in brackets.

    Parameters
    ----------
    key : str
        A call, contract, project or card name, e.g. ``"hokum"``, ``"sira"``, ``"S"`` (any other string is
        returned as it is).
    arabic : bool, default True
        False: English only.

    Returns
    -------
    str
        e.g. ``"Hokum (حكم)"``.
    """
    english = ENGLISH.get(key, key)
    if arabic and key in ARABIC:
        return f"{english} ({ARABIC[key]})"
    return english


def call_label(call: str, *, arabic: bool = True, symbol: bool = False) -> str:
    """A call or contract as shown in tables: ``"hokum:S"`` -> ``"Hokum (حكم) S"`` (``"Hokum (حكم) ♠"`` with
    ``symbol``), ``"sun"`` -> ``"Sun (صن)"``."""
    name, _, suit = call.partition(":")
    if suit and symbol:
        suit = SUIT_SYMBOLS[SUITS.index(suit.upper())]
    return label(name, arabic=arabic) + (f" {suit}" if suit else "")
