"""Many hands in the C++ core: ``simulate()`` and its ``SimResult``."""

from __future__ import annotations

import functools
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from baloot import _core, validation
from baloot.actions import actions_of, parse_action
from baloot.chunk_sums import check_chunk_sums
from baloot.errors import BalootError, IllegalAction, Interrupted
from baloot.progress import progress_callback
from baloot.roster import BuiltinPlayer, CallablePlayer, PlayerSpec, resolve_players
from baloot.rowfiles import write_rows
from baloot.rules import Rules, core_rules, resolve
from baloot.stats import Summary

# Per-hand columns: name -> (dtype, width). Row i is hand start + i.
COLUMNS: Dict[str, Tuple[Any, int]] = {
    "points": (np.int16, 2),
    "abnat": (np.int16, 2),
    "projects": (np.int16, 2),
    "tricks": (np.int8, 2),
    "mode": (np.int8, 1),
    "trump": (np.int8, 1),
    "buyer": (np.int8, 1),
    "dealer": (np.int8, 1),
    "made": (np.int8, 1),
    "kaboot": (np.int8, 1),
    "multiplier": (np.int8, 1),
    "gahwa": (np.int8, 1),
    "ashkal": (np.int8, 1),
    "baloot": (np.int8, 1),
}


def core_players(players: Union[PlayerSpec, Sequence[PlayerSpec]], rules: Rules) -> Tuple[List[Any], List[str]]:
    """The core's view of four players: built-in ones as they are, Python callables adapted to take
    the core's state and give an action number."""
    from baloot.game import Game

    chosen = resolve_players(players)
    out: List[Any] = []
    for player in chosen:
        if isinstance(player, BuiltinPlayer):
            out.append(player.core_for(rules))
        else:
            assert isinstance(player, CallablePlayer)
            out.append(_adapt(player.function, rules, Game))
    return out, [p.spec for p in chosen]


def _adapt(function: Callable[[Any], str], rules: Rules, game_class: Any) -> Callable[[Any], int]:
    def decide(state: Any) -> int:
        action = function(game_class.from_core_state(state, rules))
        number = parse_action(action)
        if not state.legal_actions() >> number & 1:
            raise IllegalAction(f"a Python player chose {action!r} for seat {state.to_move}, which is not legal now; "
                                f"legal: {', '.join(actions_of(state.legal_actions()))}")
        return number

    return decide


class SimResult:
    """The hands of one run: numpy arrays with one row per hand (when kept) and exact summary sums.

    Attributes
    ----------
    hands : int
        The hands played.
    points, abnat, projects, tricks : numpy.ndarray
        (n, 2), per team.
    mode, trump, buyer, dealer, made, kaboot, multiplier, gahwa, ashkal, baloot : numpy.ndarray
        One value a hand: ``mode`` 0 Sun, 1 Hokum, -1 thrown in; ``trump`` 0..3 for S H D C or -1; ``buyer``
        a seat or -1; ``made`` 1, 0 or -1 thrown in; ``kaboot`` and ``baloot`` a team or -1.
    thrown_in : numpy.ndarray
        Booleans.
    interrupted : bool
        Stopped by Ctrl-C or by a player's illegal action.
    """

    def __init__(self, counts: Dict[str, Any], arrays: Optional[Dict[str, np.ndarray]], *, start: int, seed: int,
                 players: List[str], rules: Rules, contract: Optional[str], interrupted: bool = False,
                 resumed: int = 0, numbers: Optional[np.ndarray] = None) -> None:
        self.counts = counts
        self.resumed = resumed
        self.start = start
        self.seed = seed
        self.players = players
        self.rules = rules
        self.contract = contract
        self.interrupted = interrupted
        self.hands = int(counts["hands"])
        self.arrays = arrays
        # The hand number of each row: start, start+1, ... unless a stop on several threads left gaps.
        self._numbers = numbers
        if arrays is not None:
            for name, values in arrays.items():
                setattr(self, name, values)
            self.thrown_in = arrays["mode"] < 0

    def summary(self) -> Summary:
        """Means with 95% confidence intervals and rates; ``print()`` it for a table."""
        return Summary(self.counts, arabic=self.rules.arabic_labels)

    def table(self) -> Dict[str, np.ndarray]:
        """The per-hand columns as flat numpy arrays (one column per team where there are two)."""
        if self.arrays is None:
            raise BalootError("this run kept no per-hand rows: run with keep=True")
        numbers = self._numbers
        if numbers is None:
            numbers = np.arange(self.start, self.start + len(self.arrays["mode"]))
        columns: Dict[str, np.ndarray] = {"hand": numbers}
        for name, values in self.arrays.items():
            if values.ndim == 2:
                columns[f"{name}_0"] = values[:, 0]
                columns[f"{name}_1"] = values[:, 1]
            else:
                columns[name] = values
        return columns

    def __getattr__(self, name: str) -> Any:
        # Only reached for names not set in __init__: a per-hand column of a run that kept no rows.
        if name in COLUMNS or name == "thrown_in":
            raise AttributeError(f"this run kept no per-hand rows, so it has no {name!r}: run with keep=True "
                                 f"(summary() has the means and rates either way)")
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def save(self, path: str) -> None:
        """Write the per-hand rows (``table()``) to ``path``: ``.csv``, ``.npz`` or ``.parquet`` (needs pyarrow).
        The file appears complete or not at all; a BalootError says why it could not be written."""
        write_rows(self.table(), path)

    def __len__(self) -> int:
        return self.hands

    def __repr__(self) -> str:
        return f"<SimResult hands={self.hands} seed={self.seed} players={self.players}>"


def _play_chunk(first: int, count: int, *, players: Any, seed: int, threads: int, rules: Rules,
                contract: Optional[str], keep: bool) -> Tuple[Dict[str, Any], Optional[Dict[str, np.ndarray]]]:
    """One chunk of a run (a Dask task): its exact counts and, when kept, its per-hand rows."""
    part = run(count, players, seed, threads, rules, contract, keep, start=first)
    if part.interrupted:
        raise KeyboardInterrupt
    return part.counts, part.arrays


def _run_chunked(hands: int, players: Any, seed: int, threads: int, rules: Rules, contract: Optional[str],
                 keep: bool, progress: Any, start: int, scheduler: Any, checkpoint: Optional[str],
                 chunk: Optional[int]) -> SimResult:
    from baloot.distributed import Checkpoint, chunk_ranges, finished_chunks
    from baloot.stats import merge_counts

    size = validation.count(chunk, "chunk", 1) if chunk is not None else max(1_000_000, -(-hands // 64))
    names = [getattr(p, "spec", p) if not callable(p) else getattr(p, "__name__", "python")
             for p in (players if isinstance(players, (list, tuple)) else [players] * 4)]
    task = functools.partial(_play_chunk, players=players, seed=seed, threads=threads, rules=rules,
                             contract=contract, keep=keep)
    chunks = chunk_ranges(start, hands, size)
    saved = None
    if checkpoint is not None:
        saved = Checkpoint(checkpoint, {"kind": "simulate", "hands": hands, "start": start, "seed": seed,
                                        "players": [str(n) for n in names], "rules": rules.to_dict(),
                                        "contract": contract, "keep": keep, "chunk": size}, chunks)
    resumed = sum(count for first, count in chunks if saved is not None and saved.done((first, count)))
    finished, interrupted = finished_chunks(task, chunks, scheduler=scheduler, checkpoint=saved,
                                            split=lambda result: result,
                                            join=functools.partial(_checked_chunk, checkpoint, keep),
                                            progress=progress)
    parts = [part for _, part in finished]
    try:
        counts = merge_counts([c for c, _ in parts])
        arrays = {name: np.concatenate([rows[name] for _, rows in parts]) for name in COLUMNS} if keep else None
    except (TypeError, ValueError) as error:  # only a checkpoint's chunks can disagree in shape
        raise BalootError(f"checkpoint {checkpoint!r}: its chunks cannot be merged ({error}); "
                          "remove it to run again") from None
    numbers = np.concatenate([np.arange(first, first + count) for (first, count), _ in finished]) \
        if keep and interrupted and finished else None
    return SimResult(counts, arrays, start=start, seed=seed, players=[str(n) for n in names], rules=rules,
                     contract=contract, resumed=resumed, interrupted=interrupted, numbers=numbers)


def _checked_chunk(checkpoint: str, keep: bool, chunk: Tuple[int, int], counts: Any,
                   rows: Optional[Dict[str, np.ndarray]]) -> Tuple[Any, Optional[Dict[str, np.ndarray]]]:
    """A chunk read back from a checkpoint, refused unless it has every count for its hands (and every
    column when rows are kept)."""
    from baloot.stats import COUNT_KEYS

    where = f"checkpoint {checkpoint!r}, chunk {chunk[0]}"
    missing = [key for key in COUNT_KEYS if not isinstance(counts, dict) or key not in counts]
    if keep:
        missing += [name for name in COLUMNS if rows is None or name not in rows]
    if missing:
        raise BalootError(f"{where}: lacks {', '.join(missing)}; remove the checkpoint to run again")
    if counts["hands"] != chunk[1]:
        raise BalootError(f"{where}: counts {counts['hands']!r} hands where the chunk has {chunk[1]}; "
                          "remove the checkpoint to run again")
    check_chunk_sums(where, counts, chunk[1], rows)
    return counts, rows


def _row_arrays(hands: int) -> Dict[str, np.ndarray]:
    """Zeroed per-hand columns for ``hands`` rows, or a BalootError when they cannot be held in memory."""
    try:
        return {name: np.zeros((hands, width) if width == 2 else hands, dtype=dtype)
                for name, (dtype, width) in COLUMNS.items()}
    except (MemoryError, ValueError):
        row = sum(np.dtype(dtype).itemsize * width for dtype, width in COLUMNS.values())
        raise BalootError(f"keeping the rows of {hands:,} hands needs {hands * row:,} bytes of memory: play fewer "
                          f"hands, or keep no rows (the summary needs none: keep=False in Python, no --out on the "
                          f"command line)") from None


def run(hands: int, players: Any = "random", seed: int = 0, threads: int = 0, rules: Optional[Rules] = None,
        contract: Optional[str] = None, keep: bool = True, progress: Any = None, start: int = 0,
        scheduler: Any = None, checkpoint: Optional[str] = None, chunk: Optional[int] = None) -> SimResult:
    """``simulate`` that returns what finished when interrupted by Ctrl-C (``.interrupted`` set),
    with ``progress`` a callable taking the count of finished hands, or None. A player's illegal action
    stops the run the same way and raises ``IllegalAction`` with what finished as its ``.result``."""
    hands = validation.count(hands, "hands")
    start = validation.count(start, "start", 0, validation.COUNT_MAX - hands)
    seed = validation.seed(seed)
    rules = resolve(rules)
    keep = validation.boolean(keep, "keep")
    forced = validation.optional(validation.contract, contract)
    core, names = core_players(players, rules)
    if scheduler is not None or checkpoint is not None:
        return _run_chunked(hands, players, seed, threads, rules, contract, keep, progress, start, scheduler,
                            checkpoint, chunk)
    arrays = _row_arrays(hands) if keep else {}
    finished = np.zeros(hands, dtype=np.uint8) if keep else None
    counts, _played, interrupted, error = _core.simulate(start, hands, seed, validation.threads(threads),
                                                        core_rules(rules), forced, core, arrays, True, progress, 0.1,
                                                        finished)
    assert counts is not None  # the core was asked for the summary
    stopped = interrupted or error is not None
    kept: Optional[Dict[str, np.ndarray]] = None
    numbers: Optional[np.ndarray] = None
    if keep:
        rows = finished.astype(bool) if stopped and finished is not None else slice(None)
        kept = {name: values[rows] for name, values in arrays.items()}
        if stopped:
            numbers = start + np.flatnonzero(rows)
    result = SimResult(counts, kept, start=start, seed=seed, players=names, rules=rules, contract=contract,
                       interrupted=stopped, numbers=numbers)
    if error is not None:
        illegal = IllegalAction(f"{error}; the {result.hands:,} hands finished before it are in this error's .result")
        illegal.result = result  # type: ignore[attr-defined]
        raise illegal
    return result


def simulate(hands: int, *, players: Any = "random", seed: int = 0, threads: int = 0, rules: Optional[Rules] = None,
             contract: Optional[str] = None, keep: bool = True, progress: Any = False, start: int = 0,
             scheduler: Any = None, checkpoint: Optional[str] = None, chunk: Optional[int] = None) -> SimResult:
    """Play ``hands`` full hands in the C++ core.

    Hand ``i`` is dealt by seat ``i % 4`` from a generator seeded by a hash of (``seed``, ``i``): the same seed
    gives identical results for any ``threads``. Either way of running (local, chunked on a cluster, resumed
    from a checkpoint) gives the plain local run's result bit for bit.

    Parameters
    ----------
    hands : int
        The number of hands.
    players : str, callable or list of four, default "random"
        One player for all four seats or one per seat: a built-in name with its options
        (``baloot.players()`` lists them, e.g. ``"pimc:samples=20"``), a ``NativePlayer``, or a Python
        callable ``f(game) -> action``, which runs at Python speed on one thread.
    seed : int, default 0
        The run's seed.
    threads : int, default 0
        Worker threads; 0 uses every core.
    rules : Rules, optional
        The host options; None for the seed's defaults.
    contract : str, optional
        ``"sun"`` or ``"hokum:H"``: forces the contract with the first bidder (dealer+1) as buyer and skips
        bidding and doubling.
    keep : bool, default True
        Keep the per-hand rows; False keeps only the summary sums (memory flat in ``hands``).
    progress : bool or callable, default False
        True shows a progress bar; a callable is called with the count of finished hands instead.
    start : int, default 0
        Runs hands ``start .. start+hands-1`` of the same sequence.
    scheduler : dask Client or str, optional
        Runs chunks of ``chunk`` hands on a Dask cluster (a ``Client`` or an address such as
        ``"tcp://host:8786"``).
    checkpoint : str, optional
        A file that records finished chunks, so that the same call resumes where an interrupted one stopped
        (with ``keep=True`` each chunk's rows go to ``FILE.rows-FIRST.npz`` beside it; every chunk's SHA-256
        is checked on resume, and ``result.resumed`` counts the hands read back).
    chunk : int, optional
        Hands per chunk with ``scheduler`` or ``checkpoint`` (default: automatic).

    Returns
    -------
    SimResult

    Raises
    ------
    BalootError
        A bad count, seed, player, rule or contract, or a checkpoint that does not match the call.
    IllegalAction
        A Python or native player chose an illegal action; the hands finished before it are in its ``.result``.
    Interrupted
        On Ctrl-C (a ``KeyboardInterrupt``); its ``result`` is the ``SimResult`` of the hands finished (of the
        chunks finished, with ``scheduler`` or ``checkpoint``), ``interrupted`` set.
    """
    with progress_callback(progress, validation.count(hands, "hands")) as callback:
        result = run(hands, players, seed, threads, rules, contract, keep, callback, start, scheduler, checkpoint,
                     chunk)
    if result.interrupted:
        raise Interrupted(result)
    return result
