"""baloot: the fastest and most complete engine for Baloot (بلوت), the Saudi trick-taking game.

The rules live in the C++ core (``baloot._core``); this package parses, validates and presents them.
"""

from baloot.analysis import BidAnalysis, analyze_bid, analyze_decision
from baloot.cards import DECK, RANKS, SUITS
from baloot.errors import BalootError, IllegalAction
from baloot.game import Contract, Game, Trick
from baloot.kernel import (
    Declaration,
    HandResult,
    Project,
    card_points,
    declare_projects,
    find_projects,
    game_points,
    legal_moves,
    score_hand,
    trick_winner,
)
from baloot.labels import label
from baloot.match import Match
from baloot.review import Review, review
from baloot.rules import Rules
from baloot.simulate import SimResult, simulate
from baloot.solver import Solution, solve
from baloot.stats import Summary
from baloot.tables import TABLE_CONTRACTS, dd_table, dd_tables, random_deals

__version__ = "0.1.0"

__all__ = [
    "BalootError",
    "IllegalAction",
    "Rules",
    "DECK",
    "RANKS",
    "SUITS",
    "Project",
    "Declaration",
    "HandResult",
    "card_points",
    "legal_moves",
    "trick_winner",
    "find_projects",
    "declare_projects",
    "game_points",
    "score_hand",
    "label",
    "Game",
    "Contract",
    "Trick",
    "Match",
    "simulate",
    "SimResult",
    "Summary",
    "analyze_bid",
    "analyze_decision",
    "BidAnalysis",
    "review",
    "Review",
    "solve",
    "Solution",
    "dd_table",
    "dd_tables",
    "random_deals",
    "TABLE_CONTRACTS",
]
