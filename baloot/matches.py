"""Many whole matches in the C++ core: ``simulate_matches()`` and its ``MatchResult``."""

from __future__ import annotations

import functools
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from baloot import _core, validation
from baloot.errors import BalootError, Interrupted
from baloot.progress import progress_callback
from baloot.rowfiles import write_rows
from baloot.rules import Rules, core_rules, resolve
from baloot.simulate import core_players
from baloot.stats import Estimate, estimate, rate

# Per-match columns: name -> (dtype, width). Row i is match start + i.
COLUMNS: Dict[str, Tuple[Any, int]] = {"winner": (np.int8, 1), "scores": (np.int32, 2), "hands": (np.int32, 1),
                                       "end": (np.int8, 1)}
ENDS: Tuple[str, ...] = _core.match_ends  # "end" codes: going_on (never in a finished match), gahwa, ...


class MatchResult:
    """The matches of one run, as ``simulate_matches`` returns them.

    Attributes
    ----------
    matches : int
        Matches played.
    winner, scores, hands, end : numpy.ndarray or None
        One row per match: the winning team, the final scores (n, 2), the hands dealt (thrown-in ones
        included) and how it ended (an index into ``ENDS``: "gahwa" for a Gahwa's winner (R33), "target"
        (R41), "tie_to_buyers" for equal totals past the target); None in a run with ``keep=False``, which
        has only the summary.
    ends : list of str
        Each row's end by name.
    players : list of str
        The players of the four seats.
    interrupted : bool
        Whether Ctrl-C stopped the run before every match was played.
    """

    def __init__(self, counts: Dict[str, Any], arrays: Dict[str, Optional[np.ndarray]], *, start: int, seed: int,
                 players: List[str], rules: Rules, scores: Tuple[int, int], dealer: int, interrupted: bool,
                 numbers: Optional[np.ndarray] = None, resumed: int = 0) -> None:
        self.counts = counts
        self.resumed = resumed  # matches read back from a checkpoint
        self.start = start
        self.seed = seed
        self.players = players
        self.rules = rules
        self.scores_from = scores
        self.dealer = dealer
        self.interrupted = interrupted
        self.matches = int(counts["matches"])
        self.winner = arrays.get("winner")
        self.scores = arrays.get("scores")
        self.hands = arrays.get("hands")
        self.end = arrays.get("end")
        self._numbers = numbers if numbers is not None else np.arange(start, start + self.matches)

    @property
    def ends(self) -> List[str]:
        return [ENDS[code] for code in self._kept(self.end)]

    def _kept(self, column: Optional[np.ndarray]) -> np.ndarray:
        if column is None:
            raise BalootError("this run kept no per-match rows: run with keep=True")
        return column

    def summary(self) -> Dict[str, Any]:
        """Team 0's winning rate and the mean hands per match with 95% CIs, and the share of each end."""
        c = self.counts
        mean, ci = estimate(c["hands"], c["hands_sq"], self.matches)

        def est(e: Estimate) -> Dict[str, float]:
            return {"mean": e.mean, "ci95": e.ci}

        return {"matches": self.matches, "team0_wins": est(rate(c["wins"][0], self.matches)),
                "hands_per_match": est(Estimate(float(mean), float(ci))),
                "ends": {name: est(rate(n, self.matches)) for name, n in c["ends"].items()}}

    def table(self) -> Dict[str, np.ndarray]:
        """The per-match columns as flat integer arrays (``end`` indexes ``ENDS``)."""
        scores = self._kept(self.scores)
        return {"match": self._numbers, "winner": self._kept(self.winner), "score_0": scores[:, 0],
                "score_1": scores[:, 1], "hands": self._kept(self.hands), "end": self._kept(self.end)}

    def save(self, path: str) -> None:
        """Write the per-match rows (``table()``) to ``path``: ``.csv``, ``.npz`` or ``.parquet``."""
        write_rows(self.table(), path)

    def __len__(self) -> int:
        return self.matches

    def __repr__(self) -> str:
        return f"<MatchResult matches={self.matches} seed={self.seed} players={self.players}>"


def run_matches(matches: int, *, players: Any, rules: Optional[Rules], scores: Any, dealer: int, seed: int,
                threads: int, progress: Any, start: int = 0, keep: bool = True, scheduler: Any = None,
                checkpoint: Optional[str] = None, chunk: Optional[int] = None) -> MatchResult:
    """``simulate_matches`` that returns what finished when interrupted by Ctrl-C (``.interrupted`` set),
    with ``progress`` a callable taking the count of finished matches, or None. Chunked (``scheduler`` or
    ``checkpoint``), what finished is the chunks finished (and recorded); Ctrl-C before any chunk finished
    raises KeyboardInterrupt."""
    matches = validation.count(matches, "matches")
    start = validation.count(start, "start", 0, validation.COUNT_MAX - matches)
    seed = validation.seed(seed)
    rules = resolve(rules)
    scores = validation.scores(scores)
    dealer = validation.seat(dealer, "dealer")
    core, names = core_players(players, rules)
    keep = validation.boolean(keep, "keep")
    _core.check_match_start(core_rules(rules), scores)
    if scheduler is not None or checkpoint is not None:
        return _run_chunked(matches, players=players, names=names, rules=rules, scores=scores, dealer=dealer,
                            seed=seed, threads=threads, progress=progress, start=start, keep=keep,
                            scheduler=scheduler, checkpoint=checkpoint, chunk=chunk)
    arrays = {name: np.zeros((matches, width) if width == 2 else matches, dtype=dtype)
              for name, (dtype, width) in COLUMNS.items()} if keep else {}
    finished = np.zeros(matches, dtype=np.uint8) if keep else None
    counts, _played, interrupted = _core.simulate_matches(start, matches, seed, validation.threads(threads),
                                                         core_rules(rules), scores, dealer, core, arrays, progress,
                                                         0.1, finished)
    numbers = None
    if interrupted and finished is not None:
        rows = finished.astype(bool)
        arrays = {name: values[rows] for name, values in arrays.items()}
        numbers = start + np.flatnonzero(rows)
    return MatchResult(counts, arrays, start=start, seed=seed, players=names, rules=rules, scores=scores,
                       dealer=dealer, interrupted=interrupted, numbers=numbers)


def _match_chunk(first: int, count: int, **options: Any) -> Tuple[Dict[str, Any], Optional[Dict[str, np.ndarray]]]:
    """One chunk of a run (a Dask task): its exact counts and, when kept, its per-match rows."""
    part = run_matches(count, start=first, progress=None, **options)
    if part.interrupted:
        raise KeyboardInterrupt
    rows = {name: getattr(part, name) for name in COLUMNS} if options["keep"] else None
    return part.counts, rows


def _merge(parts: List[Dict[str, Any]]) -> Dict[str, Any]:
    """Exact sums of the chunks' counts."""
    ends = {name: sum(part["ends"][name] for part in parts) for name in parts[0]["ends"]} if parts else {}
    return {"matches": sum(part["matches"] for part in parts), "hands": sum(part["hands"] for part in parts),
            "hands_sq": sum(part["hands_sq"] for part in parts),
            "wins": [sum(part["wins"][team] for part in parts) for team in (0, 1)], "ends": ends}


def _run_chunked(matches: int, *, players: Any, names: List[str], rules: Rules, scores: Tuple[int, int],
                 dealer: int, seed: int, threads: int, progress: Any, start: int, keep: bool, scheduler: Any,
                 checkpoint: Optional[str], chunk: Optional[int]) -> MatchResult:
    from baloot.distributed import Checkpoint, chunk_ranges, finished_chunks

    size = validation.count(chunk, "chunk", 1) if chunk is not None else max(10_000, -(-matches // 64))
    chunks = chunk_ranges(start, matches, size)
    saved = None
    if checkpoint is not None:
        saved = Checkpoint(checkpoint, {"kind": "matches", "matches": matches, "start": start, "seed": seed,
                                        "players": names, "rules": rules.to_dict(), "scores": list(scores),
                                        "dealer": dealer, "keep": keep, "chunk": size}, chunks)
    resumed = sum(count for first, count in chunks if saved is not None and saved.done((first, count)))
    task = functools.partial(_match_chunk, players=players, rules=rules, scores=scores, dealer=dealer, seed=seed,
                             threads=threads, keep=keep)
    finished, interrupted = finished_chunks(task, chunks, scheduler=scheduler, checkpoint=saved,
                                            split=lambda result: result,
                                            join=lambda _chunk, counts, rows: (counts, rows), progress=progress)
    parts = [part for _, part in finished]
    try:
        counts = _merge([counts for counts, _ in parts])
        arrays = {name: np.concatenate([rows[name] for _, rows in parts]) for name in COLUMNS} if keep else {}
    except (KeyError, TypeError, ValueError) as error:  # only a checkpoint's chunks can disagree in shape
        raise BalootError(f"checkpoint {checkpoint!r}: its chunks cannot be merged ({error}); "
                          "remove it to run again") from None
    numbers = np.concatenate([np.arange(first, first + count) for (first, count), _ in finished]) \
        if keep and interrupted else None
    return MatchResult(counts, arrays, start=start, seed=seed, players=names, rules=rules, scores=scores,
                       dealer=dealer, interrupted=interrupted, numbers=numbers, resumed=resumed)


def simulate_matches(matches: int, *, players: Any = "random", rules: Optional[Rules] = None,
                     scores: Tuple[int, int] = (0, 0), dealer: int = 0, seed: int = 0, threads: int = 0,
                     progress: Any = False, start: int = 0, keep: bool = True, scheduler: Any = None,
                     checkpoint: Optional[str] = None, chunk: Optional[int] = None) -> MatchResult:
    """Play ``matches`` whole matches in the C++ core and return a ``MatchResult``.

    Parameters
    ----------
    matches : int
        How many matches.
    players : str or list of four str
        Built-in players, as for ``simulate`` ("random", "heuristic", "expert", "strong", ...).
    rules : Rules, optional
        The host options: the target and its ties (R41), Gahwa (R33) and everything a hand reads.
    scores : (int, int)
        The scores every match starts from, both below the target.
    dealer : int
        The seat that deals the first hand; the deal then rotates (R4).
    seed : int
        Match ``i`` is played from a generator seeded by (``seed``, ``i``): the same seed gives the same
        matches for any ``threads``, and ``start`` runs matches ``start .. start+matches-1``.
    threads : int
        Worker threads, 0 for every core.
    progress : bool or callable
        True draws a progress bar; a callable is called with the count of finished matches.
    start : int
        The number of the first match.
    keep : bool
        Keep the per-match rows; False keeps only the summary (memory flat in ``matches``).
    scheduler : dask Client or str, optional
        Run chunks of ``chunk`` matches on a Dask cluster.
    checkpoint : str, optional
        A file recording finished chunks (and their rows beside it), so that the same call resumes where
        an interrupted one stopped; ``result.resumed`` counts the matches read back. Either way the
        result equals the plain local run.
    chunk : int, optional
        Matches per chunk with ``scheduler`` or ``checkpoint``.

    Returns
    -------
    MatchResult

    Raises
    ------
    BalootError
        For a bad count, seed, seat or player, scores not both below the target, or a Python player.
    Interrupted
        On Ctrl-C (a ``KeyboardInterrupt``), once the matches in progress have stopped; its ``result`` is the
        ``MatchResult`` of the matches finished (of the chunks finished, with ``scheduler`` or
        ``checkpoint``), ``interrupted`` set.
    """
    with progress_callback(progress, validation.count(matches, "matches"), unit="match") as callback:
        result = run_matches(matches, players=players, rules=rules, scores=scores, dealer=dealer, seed=seed,
                             threads=threads, progress=callback, start=start, keep=keep, scheduler=scheduler,
                             checkpoint=checkpoint, chunk=chunk)
    if result.interrupted:
        raise Interrupted(result)
    return result


def match_trace(index: int, *, players: Any = "random", rules: Optional[Rules] = None,
                scores: Tuple[int, int] = (0, 0), dealer: int = 0, seed: int = 0) -> List[Dict[str, Any]]:
    """The hands of match ``index`` of ``simulate_matches(seed=seed, ...)``, one dict each: ``seed``
    (``Game(seed=..., dealer=..., scores=...)`` deals the same cards), ``dealer``, ``scores`` before
    the hand, ``points``, ``thrown_in``, ``gahwa``, ``buyers`` and ``made``."""
    rules = resolve(rules)
    core, _names = core_players(players, rules)
    index = validation.count(index, "index")
    rows, _final, _winner, _end = _core.match_trace(index, validation.seed(seed), core_rules(rules),
                                                    validation.scores(scores), validation.seat(dealer, "dealer"),
                                                    core)
    keys = ("seed", "dealer", "scores", "thrown_in", "points", "gahwa", "buyers", "made")
    return [dict(zip(keys, row)) for row in rows]
