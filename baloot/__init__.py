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

import os as _os

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
from baloot.players import NativePlayer
from baloot.review import Review, review
from baloot.rules import Rules
from baloot.simulate import SimResult, simulate
from baloot.solver import Solution, solve
from baloot.stats import Summary
from baloot.tables import TABLE_CONTRACTS, dd_table, dd_tables, random_deals

__version__ = "0.1.0"


def get_include() -> str:
    """The folder of ``baloot_player.h`` and ``baloot_player.pxd``, for compiling a native player."""
    import os

    return os.path.join(os.path.dirname(__file__), "native")


# The learned values of the "strong" player, shipped next to this file (benchmarks/train_strong.py writes it).
_core.set_strong_weights_path(_os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "strong.weights"))
# The "neural" player's network, shipped next to this file (training/train.py writes it).
_core.set_neural_weights_path(_os.path.join(_os.path.dirname(_os.path.abspath(__file__)), "neural.weights"))


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
    "NativePlayer",
    "get_include",
]
