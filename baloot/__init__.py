"""baloot: the fastest and most complete engine for Baloot (بلوت), the Saudi trick-taking game.

The rules live in the C++ core (``baloot._core``); this package parses, validates and presents them.
"""

try:
    from baloot import _core  # noqa: F401  (first, so that a missing build is reported as one)
except ImportError as _error:  # pragma: no cover - depends on how baloot was installed
    import glob as _glob
    import os as _os

    _here = _os.path.dirname(__file__)
    _built = _glob.glob(_os.path.join(_here, "_core.*"))
    raise ImportError(
        (f"baloot's compiled core in {_here} cannot be loaded ({_error}); rebuild it: "
         if [name for name in _built if not name.endswith(".pyi")] else
         f"baloot's compiled core (baloot._core) is not built in {_here}: ")
        + "in the source tree, build it in place with `pip install pybind11 && python setup.py build_ext --inplace` "
        "(or `pip install -e .`); to use an installed baloot instead, run from another folder."
    ) from None

from baloot.analysis import BidAnalysis, analyze_bid, analyze_decision
from baloot.cards import DECK, RANKS, SUITS
from baloot.duplicate import Duplicate, duplicate
from baloot.equity import EquityTable, match_equity
from baloot.errors import BalootError, IllegalAction, Interrupted
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
from baloot.matches import MatchResult, simulate_matches
from baloot.review import Review, review
from baloot.roster import NativePlayer, PlayerInfo, PlayerOption, play_out, players
from baloot.rules import Rules
from baloot.simulate import SimResult, simulate
from baloot.solver import Solution, solve
from baloot.stats import Summary
from baloot.tables import TABLE_CONTRACTS, dd_table, dd_tables, random_deals

__version__ = "0.1.0"


def get_include() -> str:
    """The folder of ``baloot_player.h`` and ``baloot_player.pxd``, for compiling a native player.

    Returns
    -------
    str
        A path inside the installed package.
    """
    import os

    return os.path.join(os.path.dirname(__file__), "native")


__all__ = [
    "BalootError",
    "IllegalAction",
    "Interrupted",
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
    "simulate_matches",
    "MatchResult",
    "match_equity",
    "EquityTable",
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
    "NativePlayer",
    "players",
    "play_out",
    "PlayerInfo",
    "PlayerOption",
    "duplicate",
    "Duplicate",
    "get_include",
]
