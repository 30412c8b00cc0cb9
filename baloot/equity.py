"""Match equity: the chance that team 0 wins the match from every score and dealer (``match_equity``).

The core groups the score pairs into the few classes that play alike (R30's doubling rule for either
team, and each player's ``score_class``), simulates the hand outcomes of each class and dealer, and runs
a dynamic programme over the score grid (docs/match-equity.md)."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import time
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from baloot import _core, validation
from baloot.errors import BalootError
from baloot.files import write_atomically
from baloot.progress import progress_callback
from baloot.roster import DEFAULT_PLAYERS, resolve_players
from baloot.rules import Rules, core_rules, resolve
from baloot.simulate import core_players

# Bump when a change to the core changes the tables (players' decisions, the match rules).
EQUITY_VERSION = 1
DEFAULT_HANDS = 20_000  # per score class and dealer
BATCHES = 8
# The tables shipped for the default rules: the default players of the analyses and of review, and the
# plain players whose score-aware doubles (match_equity=1) read them.
SHIPPED = {players: os.path.join(os.path.dirname(__file__), f"equity_{players}.npz")
           for players in (DEFAULT_PLAYERS, "strong", "heuristic")}
_FLAGS = _core.outcome_flags  # of an analysis's hands, from the deciding seat's side
# The flags the match rules read of a hand (who bought, thrown in, Gahwa, made); the others change no chance.
_MATCH_FLAGS = _FLAGS["own_team_bought"] | _FLAGS["thrown_in"] | _FLAGS["gahwa"] | _FLAGS["buyers_made"]
# Outcomes are grouped through a dense array of every (points, margin, flags) in range while it is this small.
_DENSE_MAX = 1 << 22


class EquityTable:
    """Team 0's chance to win the match, as ``match_equity`` returns it.

    Attributes
    ----------
    win : numpy.ndarray
        ``win[s0, s1, dealer]``: the chance for scores below the target and the seat that deals next.
    error : numpy.ndarray
        Its standard error (from the spread of independent batches of the simulated hands).
    ties : numpy.ndarray
        Under ``target_tie="another_hand"``, ``ties[s - target, dealer]`` is the chance from tied scores
        ``s`` past the target (the last row stands for every higher tie).
    rules : Rules
        The host options; ``target`` their target.
    players : list of str
        The players of the four seats.
    hands, seed : int
        Hands simulated per score class and dealer, and the simulation's seed.
    """

    def __init__(self, win: np.ndarray, error: np.ndarray, ties: np.ndarray, *, rules: Rules, players: List[str],
                 hands: int, seed: int, seconds: float) -> None:
        self.win = win
        self.error = error
        self.ties = ties
        self.rules = rules
        self.players = players
        self.hands = hands
        self.seed = seed
        self.seconds = seconds

    @property
    def target(self) -> int:
        return self.rules.target

    def at(self, scores: Tuple[int, int], dealer: int) -> float:
        """Team 0's chance to win from ``scores`` at which the match goes on (both below the target, or
        tied past it under ``target_tie="another_hand"``) with ``dealer`` to deal the next hand.

        Raises
        ------
        BalootError
            For scores at which the match is over, or a bad seat.
        """
        s0, s1 = validation.pair(scores, "scores", 0, validation.POINTS_MAX)
        dealer = validation.seat(dealer, "dealer")
        target = self.target
        if s0 < target and s1 < target:
            return float(self.win[s0, s1, dealer])
        if s0 == s1 and len(self.ties):
            return float(self.ties[min(s0 - target, len(self.ties) - 1), dealer])
        raise BalootError(f"the match is over at scores {scores!r} (target {target}, "
                          f"target_tie={self.rules.target_tie!r})")

    def after_hand(self, scores: Tuple[int, int], dealer: int, *, points: Tuple[int, int], thrown_in: bool = False,
                   gahwa: bool = False, buyers: int = 0, made: bool = True) -> float:
        """Team 0's chance to win once the hand dealt by ``dealer`` at ``scores`` has scored ``points``:
        1 or 0 when it ends the match (R33, R41, as the core's match rules say), else the table's entry
        for the next dealer."""
        after, winner, _end = _core.match_after_hand(core_rules(self.rules), scores, thrown_in, points, gahwa,
                                                     buyers, made)
        if winner is not None:
            return 1.0 - winner
        return self.at(after, (dealer + 1) % 4)

    def to_dict(self) -> Dict[str, Any]:
        """The table as JSON-ready lists (``win``/``error`` indexed [s0][s1][dealer])."""
        return {"rules": self.rules.to_dict(), "players": self.players, "hands_per_class": self.hands,
                "seed": self.seed, "seconds": self.seconds, "win": self.win.tolist(), "error": self.error.tolist(),
                "ties": self.ties.tolist()}

    def save(self, path: str) -> None:
        """Write the table to an ``.npz`` file (complete or not at all)."""
        meta = json.dumps({"rules": self.rules.to_dict(), "players": self.players, "hands": self.hands,
                           "seed": self.seed, "seconds": self.seconds, "version": EQUITY_VERSION})

        def write(temporary: str) -> None:
            with open(temporary, "wb") as file:
                np.savez_compressed(file, win=self.win.astype(np.float32), error=self.error.astype(np.float32),
                                    ties=self.ties.astype(np.float32), meta=np.array(meta))

        write_atomically(path, write)

    @classmethod
    def load(cls, path: str) -> "EquityTable":
        """A table written by ``save``; a BalootError for a file that is not one."""
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                return cls(data["win"].astype(np.float64), data["error"].astype(np.float64),
                           data["ties"].astype(np.float64), rules=Rules(**meta["rules"]), players=meta["players"],
                           hands=meta["hands"], seed=meta["seed"], seconds=meta["seconds"])
        except (OSError, KeyError, ValueError, TypeError) as error:
            raise BalootError(f"{path!r} is not a match equity table: {error}") from None

    def __repr__(self) -> str:
        return f"<EquityTable target={self.target} players={self.players} hands_per_class={self.hands}>"


def cache_dir() -> str:
    """Where computed tables are kept: $BALOOT_CACHE_DIR, else $XDG_CACHE_HOME/baloot, else ~/.cache/baloot."""
    chosen = os.environ.get("BALOOT_CACHE_DIR")
    if chosen:
        return chosen
    return os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "baloot")


def _key(players: List[str], rules: Rules, hands: int, seed: int) -> str:
    text = json.dumps([players, rules.to_dict(), hands, seed, EQUITY_VERSION], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _stored(path: str, players: List[str], rules: Rules, hands: int, seed: int) -> Optional[EquityTable]:
    """The table at ``path`` when it is the one asked for, else None."""
    if not os.path.exists(path):
        return None
    try:
        table = EquityTable.load(path)
    except BalootError:
        return None
    if (table.players, table.rules, table.hands, table.seed) != (players, rules, hands, seed):
        return None
    return table


@functools.lru_cache(maxsize=None)
def shipped_table(player: str, rules: Rules) -> Optional[EquityTable]:
    """The table shipped for four ``player`` players under ``rules``.

    Parameters
    ----------
    player : str
        A player's name alone ("neural", "strong" and "heuristic" have tables).
    rules : Rules
        The host options.

    Returns
    -------
    EquityTable or None
        None where no table is shipped for them.
    """
    path = SHIPPED.get(player)
    return None if path is None else _stored(path, [player] * 4, rules, DEFAULT_HANDS, 0)


def _player_names(players: Any) -> List[str]:
    """Each player's spec, with the digest of its weights file where it is not the shipped one, so that
    a table of other weights is never taken for the shipped players' (nor the other way round)."""
    names = []
    for player in resolve_players(players):
        weights = getattr(player, "weights", None)
        if weights is None:
            names.append(player.spec)
        else:
            with open(weights, "rb") as handle:
                names.append(f"{player.spec} weights={hashlib.sha256(handle.read()).hexdigest()[:16]}")
    return names


def match_equity(*, players: Any = DEFAULT_PLAYERS, rules: Optional[Rules] = None, hands: int = DEFAULT_HANDS,
                 seed: int = 0, threads: int = 0, cache: bool = True, progress: Any = False) -> EquityTable:
    """The chance that team 0 wins the match from every score below the target and every dealer.

    Parameters
    ----------
    players : str or list of four str
        Built-in players ("neural" by default, the analyses' players) whose decisions read the match
        score only through known classes; a Python callable or a native player is refused.
    rules : Rules, optional
        The host options; the target must be at most 1000.
    hands : int
        Hands simulated per score class and dealer (at least 8): more for a smaller error.
    seed : int
        The simulation's seed; the table is the same for any ``threads``.
    threads : int
        Worker threads, 0 for every core.
    cache : bool
        Reuse the table shipped with the package or one computed before (kept in ``cache_dir()``), and
        keep a new one there.
    progress : bool or callable
        True draws a progress bar over the simulated hands; a callable is called with their count.

    Returns
    -------
    EquityTable

    Raises
    ------
    BalootError
        For a bad option, a target above 1000 or players that may read the score in any way.
    KeyboardInterrupt
        On Ctrl-C during the simulation.
    """
    rules = resolve(rules)
    hands = validation.count(hands, "hands", BATCHES)
    seed = validation.seed(seed)
    core, _ = core_players(players, rules)
    names = _player_names(players)
    cache = validation.boolean(cache, "cache")
    path = os.path.join(cache_dir(), f"equity-{_key(names, rules, hands, seed)}.npz")
    if cache:
        for stored in (*SHIPPED.values(), path):
            found = _stored(stored, names, rules, hands, seed)
            if found is not None:
                return found
    began = time.perf_counter()
    _cells, classes = _core.score_classes(core_rules(rules), core)
    with progress_callback(progress, hands * 4 * len(classes)) as callback:
        raw = _core.match_equity(core_rules(rules), core, hands, BATCHES, seed, validation.threads(threads),
                                 len(set(names)) == 1, callback)
    if raw is None:
        raise KeyboardInterrupt
    target = rules.target
    grid = target * target * 4
    table = EquityTable(raw["win"][:grid].reshape(target, target, 4), raw["error"][:grid].reshape(target, target, 4),
                        raw["win"][grid:].reshape(-1, 4), rules=rules, players=names, hands=hands, seed=seed,
                        seconds=time.perf_counter() - began)
    if cache:
        try:
            os.makedirs(cache_dir(), exist_ok=True)
            table.save(path)
        except (OSError, BalootError):
            pass  # a cache that cannot be written only costs the next call its time
    return table


def equity_for(objective: Optional[str], equity: Optional[EquityTable], games: List[Any],
               players: Any) -> Optional[EquityTable]:
    """The table an analysis of ``games`` reads at match level, or None for one in game points only:
    ``objective`` "match", or None when a game starts from scores other than 0-0."""
    if objective not in (None, "points", "match"):
        raise BalootError(f"objective {objective!r} must be 'points', 'match' or None (match level when the "
                          "scores are not 0-0)")
    if not games or objective == "points" or (objective is None and all(g.scores == (0, 0) for g in games)):
        return None
    rules = games[0].rules
    if equity is None:
        return match_equity(players=players, rules=rules)
    if not isinstance(equity, EquityTable) or equity.rules != rules:
        raise BalootError(f"equity must be a match_equity() table for the game's rules, not {equity!r}")
    return equity


def match_chances(table: EquityTable, *, seat: int, scores: Tuple[int, int], dealer: int, margin: np.ndarray,
                  flags: np.ndarray, own_points: np.ndarray) -> np.ndarray:
    """The chance of ``seat``'s team to win the match after each hand of an analysis (arrays [samples, calls]
    of the core's analysis: margins, outcome flags and the team's points), from ``table``."""
    team = seat % 2
    (own, lead, flag), inverse = _distinct_outcomes(own_points.reshape(-1), margin.reshape(-1),
                                                    flags.reshape(-1) & _MATCH_FLAGS)
    chances = np.empty(len(own))
    for i, (points_own, points_lead, bits) in enumerate(zip(own.tolist(), lead.tolist(), flag.tolist())):
        points = (points_own, points_own - points_lead) if team == 0 else (points_own - points_lead, points_own)
        chance = table.after_hand(scores, dealer, points=points, thrown_in=bool(bits & _FLAGS["thrown_in"]),
                                  gahwa=bool(bits & _FLAGS["gahwa"]),
                                  buyers=team if bits & _FLAGS["own_team_bought"] else 1 - team,
                                  made=bool(bits & _FLAGS["buyers_made"]))
        chances[i] = chance if team == 0 else 1 - chance
    return chances[inverse].reshape(margin.shape)


def _distinct_outcomes(own: np.ndarray, lead: np.ndarray,
                       flags: np.ndarray) -> Tuple[Tuple[np.ndarray, np.ndarray, np.ndarray], np.ndarray]:
    """The distinct (own points, margin, flags) of an analysis's hands, and for each hand the index of its
    own: one pass through an array over their ranges (no sort), or ``np.unique`` when that is too large."""
    columns = [np.asarray(column, dtype=np.int64) for column in (own, lead, flags)]
    lows = [int(column.min()) if column.size else 0 for column in columns]
    sizes = [int(column.max()) - low + 1 if column.size else 1 for column, low in zip(columns, lows)]
    if sizes[0] * sizes[1] * sizes[2] > _DENSE_MAX:
        rows, inverse = np.unique(np.stack(columns), axis=1, return_inverse=True)
        return (rows[0], rows[1], rows[2]), inverse.reshape(-1)
    index = ((columns[0] - lows[0]) * sizes[1] + (columns[1] - lows[1])) * sizes[2] + (columns[2] - lows[2])
    seen = np.zeros(sizes[0] * sizes[1] * sizes[2], dtype=bool)
    seen[index] = True
    cells = np.flatnonzero(seen)
    number = np.empty(len(seen), dtype=np.int64)
    number[cells] = np.arange(len(cells))
    rest, flag = np.divmod(cells, sizes[2])
    first, second = np.divmod(rest, sizes[1])
    return (first + lows[0], second + lows[1], flag + lows[2]), number[index]
