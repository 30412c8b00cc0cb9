"""Monte Carlo answers to bidding and doubling questions: ``analyze_bid`` and ``analyze_decision``.

Each sample deals the cards the deciding seat cannot see at random (its own five cards and the up-card
stay put), keeping only deals on which the chosen players would have made the calls made so far (a deal
that disagrees is drawn again, up to ``MAX_DRAWS`` times), and plays every candidate call out on that
deal with the same random stream for the players (common random numbers), in C++ across threads.
The players are ``"neural"`` unless chosen otherwise.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from baloot import _core, validation
from baloot.actions import format_action, parse_action
from baloot.blocks import block_size, in_blocks
from baloot.cards import Cards, format_card, parse_card, parse_cards
from baloot.equity import EquityTable, equity_for, match_chances
from baloot.errors import BalootError, Interrupted
from baloot.game import Game, require_complete_history
from baloot.labels import call_label
from baloot.progress import progress_callback
from baloot.roster import DEFAULT_PLAYERS
from baloot.rules import Rules, core_rules, resolve
from baloot.simulate import core_players
from baloot.stats import Estimate, estimate, mean_estimate, rate

# Deals drawn for one sample before it is taken with the calls unchecked (the core's kMaxDraws).
MAX_DRAWS = 10_000
# Memory per sample: for each candidate the core's margin (int16), flags and multiplier (a byte each), the
# own team's points (int16) and the margin kept as int64 in its CallOutcome, and at match level the chance
# to win the match (float64); the draws (int32) once.
SAMPLE_BYTES, MATCH_BYTES, DRAW_BYTES = 2 + 1 + 1 + 2 + 8, 8, 4
# The fewest samples in one block of a local run (a block lost to Ctrl-C is at most ~0.5 s of work).
MIN_BLOCK = 4096

# Outcome flags written by the core, from the deciding seat's side.
OWN_TEAM_BOUGHT, SEAT_BOUGHT, OWN_TEAM_MADE, OWN_KABOOT, OPPONENT_KABOOT = (
    _core.outcome_flags[name] for name in ("own_team_bought", "seat_bought", "own_team_made", "own_kaboot",
                                           "opponent_kaboot"))


def _estimate(values: np.ndarray) -> Estimate:
    mean, ci = estimate(values.sum(dtype=np.int64), np.square(values, dtype=np.int64).sum(), len(values))
    return Estimate(float(mean), float(ci))


@dataclass(frozen=True)
class CallOutcome:
    """One candidate call: the expected game-point margin of the seat's team (own minus opponents')
    with its 95% CI, the paired difference to the best call, and outcome probabilities."""

    action: str
    margin: Estimate
    versus_best: Estimate
    buy: Estimate
    made: Estimate
    khasra: Estimate
    kaboot: Estimate
    kaboot_against: Estimate
    margins: np.ndarray
    # At match level: the own team's chance to win the match after the hand, and its paired difference
    # to the call best by that chance.
    match: Optional[Estimate] = None
    match_versus_best: Optional[Estimate] = None

    def to_dict(self) -> Dict[str, Any]:
        """The row for JSON: each estimate as ``{"mean", "ci95"}``, None where it is undefined (an interval
        of one sample, or a match-level value of an analysis in game points), never NaN."""
        def est(e: Optional[Estimate]) -> Optional[Dict[str, Any]]:
            return None if e is None else e.to_dict()

        values, counts = np.unique(self.margins, return_counts=True)
        return {"action": self.action, "margin": est(self.margin), "versus_best": est(self.versus_best),
                "p_buy": est(self.buy), "p_made": est(self.made), "p_khasra": est(self.khasra),
                "p_kaboot": est(self.kaboot), "p_kaboot_against": est(self.kaboot_against),
                "margin_distribution": {int(v): int(c) for v, c in zip(values, counts)},
                "p_win_match": est(self.match), "p_win_match_versus_best": est(self.match_versus_best)}


class BidAnalysis:
    """What each call open to a seat is worth, as ``analyze_bid`` and ``analyze_decision`` return it.
    ``table()`` prints it with English and Arabic labels; ``to_dict()`` for JSON.

    Attributes
    ----------
    rows : list of CallOutcome
        One per call: its expected margin, the paired difference to the best call, and its rates; at match
        level also the own team's chance to win the match after the hand, and its paired difference to
        the call best by that chance.
    best : str
        The call with the highest expected margin.
    match_best : str or None
        At match level, the call with the highest chance to win the match; None otherwise.
    samples, draws, unchecked : int
        Samples played, deals drawn in all, and samples taken after 10,000 disagreeing draws.
    players : list of str
        The players of the play-outs.
    """

    def __init__(self, seat: int, actions: List[str], margin: np.ndarray, flags: np.ndarray, samples: int,
                 seed: int, players: List[str], rules: Rules, context: Dict[str, Any], draws: np.ndarray, *,
                 chances: Optional[np.ndarray] = None, requested: Optional[int] = None) -> None:
        self.seat = seat
        self.samples = samples
        # The samples asked for; fewer were finished when Ctrl-C stopped the analysis.
        self.requested = samples if requested is None else requested
        self.interrupted = self.samples < self.requested
        self.seed = seed
        self.players = players
        self.rules = rules
        self.context = context
        # Deals drawn per sample until one agreed with the calls so far, and the samples that never did.
        self.draws = int(draws.sum())
        self.unchecked = int((draws >= MAX_DRAWS).sum())
        means = margin.mean(axis=0) if samples else np.zeros(len(actions))
        best = int(np.argmax(means))
        match_best = int(np.argmax(chances.mean(axis=0))) if chances is not None and samples else best
        self.rows: List[CallOutcome] = []
        for c, action in enumerate(actions):
            column = margin[:, c].astype(np.int64)
            f = flags[:, c]
            bought = (f & OWN_TEAM_BOUGHT) != 0
            made = (f & OWN_TEAM_MADE) != 0
            self.rows.append(CallOutcome(
                action=action,
                margin=_estimate(column),
                versus_best=_estimate(column - margin[:, best].astype(np.int64)),
                buy=rate(int(((f & SEAT_BOUGHT) != 0).sum()), samples),
                made=rate(int(made.sum()), samples),
                khasra=rate(int((bought & ~made).sum()), samples),
                kaboot=rate(int(((f & OWN_KABOOT) != 0).sum()), samples),
                kaboot_against=rate(int(((f & OPPONENT_KABOOT) != 0).sum()), samples),
                margins=column,
                match=None if chances is None else mean_estimate(chances[:, c]),
                match_versus_best=None if chances is None else mean_estimate(chances[:, c] - chances[:, match_best]),
            ))
        self.best = actions[best]
        self.match_best: Optional[str] = None if chances is None else actions[match_best]

    def __getitem__(self, action: str) -> CallOutcome:
        for row in self.rows:
            if row.action == action:
                return row
        raise KeyError(action)

    def table(self) -> str:
        arabic = self.rules.arabic_labels
        match_level = self.match_best is not None
        header = f"{'call':<22} {'margin (own − opp)':>20} {'vs best':>16} {'P(buy)':>8} {'P(made)':>8} " \
                 f"{'P(khasra)':>9} {'P(kaboot)':>9}"
        if match_level:
            header += f" {'P(win match)':>16} {'vs best':>16}"
        lines = [header, "-" * len(header)]
        for row in self.rows:
            text = call_label(row.action, arabic=arabic)
            mark = (" *" if row.action == self.best else "") + (" †" if row.action == self.match_best else "")
            line = (f"{(text + mark):<22} {row.margin.mean:>+12.2f} ± {row.margin.ci:<5.2f} "
                    f"{row.versus_best.mean:>+8.2f} ± {row.versus_best.ci:<5.2f} {row.buy.mean:>8.1%} "
                    f"{row.made.mean:>8.1%} {row.khasra.mean:>9.1%} {row.kaboot.mean:>9.1%}")
            if row.match is not None and row.match_versus_best is not None:
                line += (f" {100 * row.match.mean:>8.2f}% ± {100 * row.match.ci:<4.2f} "
                         f"{100 * row.match_versus_best.mean:>+8.2f} ± {100 * row.match_versus_best.ci:<4.2f}")
            lines.append(line)
        lines.append(f"P(buy): seat {self.seat} buys · P(made), P(khasra): its team buys and makes, or fails · "
                     "P(kaboot): its team takes all 8 tricks")
        lines.append(f"best: {self.best} · {self.samples:,} samples · players {', '.join(self.players)} · "
                     f"seed {self.seed}")
        if match_level:
            verdict = ("the same call" if self.match_best == self.best else
                       f"{self.match_best}: the best in game points is not the best for the match")
            lines.append(f"* best in game points · † best for the match (own team's chance to win it after the hand, "
                         f"paired difference in percentage points): {verdict}")
        lines.append(f"deals agreeing with the calls so far: {self.samples:,} of {self.draws:,} drawn"
                     + (f" ({self.unchecked:,} taken unchecked after {MAX_DRAWS:,} draws)" if self.unchecked else ""))
        if self.interrupted:
            lines.append(f"interrupted after {self.samples:,} of {self.requested:,} samples: the rows above are "
                         "the samples finished")
        return "\n".join(lines)

    def to_dict(self) -> Dict[str, Any]:
        return {"seat": self.seat, "samples": self.samples, "requested": self.requested,
                "interrupted": self.interrupted, "seed": self.seed, "players": self.players,
                "draws": self.draws, "unchecked": self.unchecked, "best": self.best, "match_best": self.match_best,
                "context": self.context,
                "calls": [row.to_dict() for row in self.rows]}

    def __str__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        """The table in a notebook, each call's margin with a bar."""
        from baloot.notebook import bid_analysis_html

        return bid_analysis_html(self)

    def __repr__(self) -> str:
        return f"<BidAnalysis seat={self.seat} best={self.best!r} samples={self.samples}>"


def _analyze_chunk(first: int, count: int, *, deck: List[int], known: int, dealer: int, scores: Tuple[int, int],
                   rules: Rules, history: List[int], candidates: List[int], players: Any, seed: int, threads: int,
                   progress: Any = None) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Samples ``first .. first+count-1`` of an analysis (a Dask task): margins, outcome flags, deals
    drawn per sample and the own team's points."""
    core, _ = core_players(players, rules)
    margin, flags, _multiplier, draws, _done, own = _core.analyze_decision(
        deck, known, dealer, scores, core_rules(rules), history, candidates, core, seed, first, count, threads,
        progress)
    return margin, flags, draws, own


def analyze_decision(game: Game, *, samples: int = 2000, players: Any = DEFAULT_PLAYERS, seed: int = 0,
                     threads: int = 0, progress: Any = False, candidates: Optional[Sequence[str]] = None,
                     scheduler: Any = None, chunk: Optional[int] = None, objective: Optional[str] = None,
                     equity: Optional[EquityTable] = None) -> BidAnalysis:
    """Analyse the bidding or doubling decision of the seat to move in ``game``, from its point of view:
    its own five cards, the up-card and the calls so far are known; every other card is resampled, on
    deals where ``players`` would have made the calls so far.

    Parameters
    ----------
    game : Game
        A hand in its bidding or doubling phase.
    samples : int, default 2000
        Deals sampled; every candidate call is played on each.
    candidates : str or list of str, optional
        The calls to compare; every legal one by default.
    objective : {"points", "match"}, optional
        ``"match"`` adds each call's chance to win the match after the hand (from ``equity``), ``"points"``
        leaves it out; by default it is added when the scores are not 0-0.
    equity : EquityTable, optional
        The match equity table; by default ``match_equity(players=players, rules=game.rules)``.
    players, seed, threads, progress, scheduler, chunk
        As :func:`analyze_bid` takes them.

    Returns
    -------
    BidAnalysis
        One row per candidate call.

    Raises
    ------
    BalootError
        A game with no call to make, bad candidates, a bad count, player, seed or objective, or an equity
        table for other rules; before any work, when the samples' arrays would not fit in this machine's
        memory.
    Interrupted
        On Ctrl-C (a ``KeyboardInterrupt``); its ``result`` is the analysis of the samples finished so far
        (``interrupted`` set, ``requested`` the samples asked for).
    """
    if not isinstance(game, Game):
        raise BalootError(f"analyze_decision needs a baloot.Game, not {game!r}")
    if game.phase not in ("bidding", "doubling"):
        raise BalootError(f"only bidding and doubling decisions can be analysed, the game is {game.phase}")
    require_complete_history(game, "analyze_decision")
    samples = validation.count(samples, "samples", 1)
    seed = validation.seed(seed)
    state = game.core_state()
    seat = state.to_move
    actions = _candidates(candidates, game.legal_actions())
    known = 1 << _core.up_card_position
    for position in _core.first_card_positions(seat, state.dealer):
        known |= 1 << position
    core, names = core_players(players, game.rules)
    table = equity_for(objective, equity, [game], players)
    task = functools.partial(_analyze_chunk, deck=list(state.deck), known=known, dealer=state.dealer,
                             scores=state.scores, rules=game.rules, history=[parse_action(a) for a in game.history],
                             candidates=[parse_action(a) for a in actions], players=players, seed=seed,
                             threads=validation.threads(threads))
    per_call = SAMPLE_BYTES + (MATCH_BYTES if table is not None else 0)
    validation.memory(samples * (per_call * len(actions) + DRAW_BYTES), f"an analysis of {samples:,} samples")
    with progress_callback(progress, samples, unit="sample") as update:
        if scheduler is None:
            parts, done = in_blocks(samples, block_size(samples, MIN_BLOCK),
                                    lambda first, count, step: task(first, count, progress=step), update)
        else:
            from baloot.distributed import chunk_ranges, run_chunks

            size = validation.count(chunk, "chunk", 1) if chunk is not None else max(100_000, -(-samples // 64))
            try:
                parts, done = run_chunks(task, chunk_ranges(0, samples, size), scheduler=scheduler,
                                         progress=update), samples
            except Interrupted as stop:
                parts, done = [part for _, part in stop.result], sum(count for (_, count), _ in stop.result)
    if not done:
        raise KeyboardInterrupt
    margin, flags, draws, own = (np.concatenate([part[i] for part in parts]) for i in range(4))
    chances = None
    if table is not None:
        chances = match_chances(table, seat=seat, scores=game.scores, dealer=game.dealer, margin=margin, flags=flags,
                                own_points=own)
    context = {"history": game.history, "up_card": game.up_card, "dealer": game.dealer, "scores": list(game.scores),
               "hand": game.hands[seat]}
    analysis = BidAnalysis(seat, actions, margin, flags, done, seed, names, game.rules, context, draws,
                           chances=chances, requested=samples)
    if analysis.interrupted:
        raise Interrupted(analysis)
    return analysis


def _candidates(candidates: Any, legal: List[str]) -> List[str]:
    """The calls to compare in canonical spelling: every legal one for None, else one call or a list."""
    if candidates is None:
        return legal
    if isinstance(candidates, str):
        candidates = [candidates]
    elif not isinstance(candidates, Sequence):
        raise BalootError(f"candidates {candidates!r} must be a call such as 'pass' or a list of calls")
    actions = [format_action(parse_action(action)) for action in candidates]
    for action, given in zip(actions, candidates):
        if action not in legal:
            raise BalootError(f"candidate {given!r} is not legal here; legal: {', '.join(sorted(legal))}")
    if not actions:
        raise BalootError(f"candidates is empty: give at least one of {', '.join(legal)}")
    return actions


def first_turn(hand: Cards, up_card: str, seat: int, dealer: int, *, rules: Optional[Rules] = None,
               scores: Tuple[int, int] = (0, 0)) -> Game:
    """A hand at ``seat``'s first bidding turn, the seats before it having passed: its five cards and the
    up-card as given, the other cards in an arbitrary order (the analyses resample them).

    Raises
    ------
    BalootError
        Bad cards, seats, scores or rules.
    """
    rules = resolve(rules)
    own = parse_cards(hand, "the hand")
    if len(own) != 5:
        raise BalootError(f"the hand has {len(own)} cards; a bid is made on the first 5")
    up = parse_card(up_card)
    if up in own:
        raise BalootError(f"the up-card {format_card(up)} is also in the hand")
    seat, dealer = validation.seat(seat), validation.seat(dealer, "dealer")
    deck: List[Optional[int]] = [None] * 32
    for position, card in zip(_core.first_card_positions(seat, dealer), own):
        deck[position] = card
    deck[_core.up_card_position] = up
    rest = iter(c for c in range(32) if c not in own and c != up)
    full = [c if c is not None else next(rest) for c in deck]
    game = Game(rules=rules, dealer=dealer, deck=[format_card(c) for c in full], scores=scores)
    while game.to_move != seat:
        game.apply("pass")
    return game


def analyze_bid(hand: Cards, up_card: str, seat: int, dealer: int, *, samples: int = 2000,
                players: Any = DEFAULT_PLAYERS, seed: int = 0, rules: Optional[Rules] = None,
                scores: Tuple[int, int] = (0, 0), threads: int = 0,
                progress: Any = False, scheduler: Any = None, chunk: Optional[int] = None,
                objective: Optional[str] = None, equity: Optional[EquityTable] = None) -> BidAnalysis:
    """What should ``seat``, holding these five cards, call with this up-card on its first turn?

    Every call open to the seat (pass, hokum, sun, and ashkal where allowed) is played out on the same
    ``samples`` deals, the seats before it having passed (only deals on which ``players`` pass there are
    kept).

    Parameters
    ----------
    hand : cards
        The seat's first five cards.
    up_card : str
        The card turned face up.
    seat, dealer : int
        The seat to advise and the dealer, 0-3.
    samples : int, default 2000
        Deals sampled; every call is played on each.
    rules : Rules, optional
        The host options.
    scores : tuple of int, default (0, 0)
        The match scores before the hand.
    players : str, callable or list of four, default "neural"
        Who makes the other calls and plays the hands out (``baloot.players()`` lists the built-in ones).
    seed : int, default 0
        Same seed, same analysis, for any ``threads``.
    threads : int, default 0
        Worker threads; 0 uses every core.
    progress : bool or callable, default False
        True for a progress bar, or a callable taking the count of finished samples.
    scheduler : dask Client or str, optional
        Spreads chunks of ``chunk`` samples over a Dask cluster, with the same result as a local run.
    chunk : int, optional
        Samples per chunk with ``scheduler``.
    objective, equity
        As :func:`analyze_decision` takes them: at scores other than 0-0 each call also gets its chance to
        win the match.

    Returns
    -------
    BidAnalysis
        One row per call open to the seat.

    Raises
    ------
    BalootError
        Bad cards, seats, counts, players, rules or objective; a state with no call to make.
    """
    game = first_turn(hand, up_card, seat, dealer, rules=rules, scores=scores)
    return analyze_decision(game, samples=samples, players=players, seed=seed, threads=threads, progress=progress,
                            scheduler=scheduler, chunk=chunk, objective=objective, equity=equity)
