"""Review of a played hand or match: what every bid, double and card cost, in expected game points.

At each decision, the cards the deciding seat could not see are dealt again many times, consistently
with everything it had seen (its cards, the up-card and who took it, the calls, the cards played and
the voids and refusals they showed, the projects declared). Every legal action is played out from each
of these worlds by the chosen players with the same random stream (common random numbers), so the loss
of an action against the best one is a paired difference with its own, narrow, 95% CI. The true deal is
used only for the double-dummy column, which says what perfect information would have done.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from baloot import _core, validation
from baloot.actions import parse_action
from baloot.cards import parse_cards
from baloot.equity import EquityTable, equity_for, match_chances
from baloot.errors import BalootError
from baloot.game import Game, require_complete_history
from baloot.match import Match
from baloot.progress import progress_callback
from baloot.records import parse_json
from baloot.roster import DEFAULT_PLAYERS, inference_network
from baloot.rules import core_rules, resolve
from baloot.simulate import core_players
from baloot.stats import Estimate, estimate, mean_estimate

REVIEW_FORMAT = "baloot-review"
REVIEW_VERSION = 1
# Loss classes, in game points, checked from the largest. One point is 10 abnat. An average trick is
# worth about 2 points in Hokum (162 abnat / 8) and 3 in Sun (130 / 8, doubled): an inaccuracy gives
# away less than half a trick, a mistake about a trick, a blunder about half the swing of a made hand
# turned into khasra (16 points in Hokum, 26 in Sun). A loss is classed only when its CI excludes 0.
LOSS_CLASSES = (("blunder", 8.0), ("mistake", 3.0), ("inaccuracy", 1.0))
PLURAL = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}
DEFAULT_SAMPLES = 10_000
INFERENCE = ("network", "uniform")  # how the worlds of a card decision are dealt (review's option)
# Memory per sample of one decision: for each legal action (at most the 8 cards of a hand; a bidding turn
# has fewer calls) the core's margin and own team's points (int16), its outcome flags (a byte) and at
# match level the chance to win the match (float64); three int64 columns for a mean and a paired loss.
SAMPLE_BYTES = 8 * (2 + 2 + 1 + 8) + 3 * 8


@dataclass(frozen=True)
class ActionValue:
    """One legal action at a decision: the expected margin of the deciding seat's team (game points,
    own minus opponents') with its 95% CI, its paired loss against the best action, and for cards the
    double-dummy abnat of the deciding team from here on the true deal (``dd``, None for calls)."""

    action: str
    margin: Estimate
    loss: Estimate
    dd: Optional[int]
    # At match level: the team's chance to win the match after the hand, and its paired loss against the
    # action best by that chance.
    match: Optional[Estimate] = None
    match_loss: Optional[Estimate] = None


@dataclass(frozen=True)
class Decision:
    """One reviewed decision: ``hand`` (index in the match), ``index`` (action number in the hand),
    ``seat``, ``phase``, the ``action`` taken, the ``best`` action, its ``loss`` (game points) with the
    95% ``ci`` half-width, the ``verdict`` ("best", "ok", "inaccuracy", "mistake", "blunder" or
    "forced"), every legal action's values in ``actions``, and the double-dummy column: ``dd_best``
    (the cards perfect information plays) and ``dd_loss`` (abnat the card taken gives away), or for a
    card the solver cannot play (a house rule it lacks) ``dd_missing``, the reason the column is empty. At
    match level, ``match_best`` is the action with the highest chance to win the match and each value has it."""

    hand: int
    index: int
    seat: int
    phase: str
    action: str
    best: str
    loss: float
    ci: float
    verdict: str
    actions: Tuple[ActionValue, ...]
    dd_best: Optional[Tuple[str, ...]]
    dd_loss: Optional[int]
    dd_missing: Optional[str] = None
    match_best: Optional[str] = None

    @property
    def match_loss(self) -> Optional[Estimate]:
        """The chance to win the match the action taken gives away against ``match_best`` (None in points only)."""
        return next(value.match_loss for value in self.actions if value.action == self.action)

    @property
    def margin(self) -> Estimate:
        """The expected margin of the action taken."""
        return next(value.margin for value in self.actions if value.action == self.action)

    @property
    def flagged(self) -> bool:
        return self.verdict in dict(LOSS_CLASSES)

    def to_dict(self) -> Dict[str, Any]:
        return {"hand": self.hand, "index": self.index, "seat": self.seat, "phase": self.phase,
                "action": self.action, "best": self.best, "loss": self.loss, "ci": self.ci,
                "verdict": self.verdict,
                "actions": [{"action": v.action, "margin": v.margin.mean, "margin_ci": v.margin.ci,
                             "loss": v.loss.mean, "loss_ci": v.loss.ci, "dd": v.dd,
                             "match": None if v.match is None else v.match.mean,
                             "match_ci": None if v.match is None else v.match.ci,
                             "match_loss": None if v.match_loss is None else v.match_loss.mean,
                             "match_loss_ci": None if v.match_loss is None else v.match_loss.ci}
                            for v in self.actions],
                "dd_best": list(self.dd_best) if self.dd_best is not None else None, "dd_loss": self.dd_loss,
                "dd_missing": self.dd_missing, "match_best": self.match_best}


def _finite(value: float) -> float:
    return float(value) if math.isfinite(value) else 0.0


def _estimate(values: np.ndarray) -> Estimate:
    column = values.astype(np.int64)
    mean, ci = estimate(column.sum(), np.square(column).sum(), len(column))
    return Estimate(_finite(mean), _finite(ci))


def verdict(loss: Estimate, forced: bool = False) -> str:
    """The class of a loss: the largest of ``LOSS_CLASSES`` it reaches with a CI that excludes 0."""
    if forced:
        return "forced"
    if loss.mean == 0:
        return "best"
    if loss.low > 0:
        for name, threshold in LOSS_CLASSES:
            if loss.mean >= threshold:
                return name
    return "ok"


def _decision_seed(seed: int, hand: int, index: int) -> int:
    return int(np.random.SeedSequence((seed, hand, index)).generate_state(1, np.uint64)[0])


def _double_dummy(game: Game) -> Tuple[Optional[Dict[str, int]], Optional[str]]:
    """The solver's abnat for the mover's team after each legal card, on the true deal; or None, with the
    reason when the solver cannot play the hand's rules (None for a call)."""
    if game.phase != "playing":
        return None, None
    from baloot.solver import solve, unsolvable_reason

    contract = game.contract
    missing = unsolvable_reason(game.rules.narrow_partner, contract is not None and contract.closed)
    if missing is not None:
        return None, missing
    return solve(game).moves, None


def _review_decision(game: Game, hand: int, index: int, action: str, *, players: Any, samples: int, seed: int,
                     threads: int, progress: Optional[Callable[[int], None]],
                     equity: Optional[EquityTable] = None, network: Any = None) -> Decision:
    record = game.to_record()
    legal = game.legal_actions()
    core, _ = core_players(players, game.rules)
    margins, _done, own_points, flags = _core.review_decision(
        parse_cards(record["deck"]), game.dealer, game.scores, core_rules(game.rules),
        [parse_action(a) for a in record["actions"]], [parse_action(a) for a in legal], core,
        _decision_seed(seed, hand, index), samples, threads, progress, network)
    means = margins.mean(axis=0)
    taken = legal.index(action)
    best = taken if means[taken] == means.max() else int(np.argmax(means))
    dd, dd_missing = _double_dummy(game)
    chances = None if equity is None else match_chances(
        equity, seat=game.to_move, scores=game.scores, dealer=game.dealer, margin=margins, flags=flags,
        own_points=own_points)
    match_best = None
    if chances is not None:
        chance_means = chances.mean(axis=0)
        match_best = taken if chance_means[taken] == chance_means.max() else int(np.argmax(chance_means))
    values = tuple(ActionValue(a, _estimate(margins[:, c]), _estimate(margins[:, best] - margins[:, c]),
                               dd[a] if dd is not None else None,
                               None if chances is None else mean_estimate(chances[:, c]),
                               None if chances is None else mean_estimate(chances[:, match_best] - chances[:, c]))
                   for c, a in enumerate(legal))
    loss = values[taken].loss
    dd_best = dd_loss = None
    if dd is not None:
        top = max(dd.values())
        dd_best = tuple(card for card, value in dd.items() if value == top)
        dd_loss = top - dd[action]
    return Decision(hand, index, game.to_move, game.phase, action, legal[best], loss.mean, loss.ci,
                    verdict(loss, forced=len(legal) == 1), values, dd_best, dd_loss, dd_missing,
                    None if match_best is None else legal[match_best])


class Review:
    """The decisions of a hand or match, reviewed; ``table()`` prints it, ``to_json()`` for tools.

    Attributes
    ----------
    decisions : list of Decision
        Each reviewed decision: the action taken, the best one, the loss with its 95% CI, a verdict.
    samples : int
        Worlds per decision.
    players : list of str
        The players of the play-outs.
    seed : int
        The review's seed.
    inference : str
        How the worlds of card decisions were dealt ("network" or "uniform").
    interrupted : bool
        Ctrl-C stopped it early (the decisions done are kept).
    """

    def __init__(self, decisions: List[Decision], hands: List[Game], samples: int, players: List[str], seed: int,
                 seat: Optional[int], interrupted: bool, seconds: float, inference: str) -> None:
        self.decisions = decisions
        self.hands = hands
        self.samples = samples
        self.players = players
        self.seed = seed
        self.seat = seat
        self.interrupted = interrupted
        self.seconds = seconds
        self.inference = inference

    @property
    def flagged(self) -> List[Decision]:
        return [d for d in self.decisions if d.flagged]

    def counts(self) -> Dict[str, int]:
        """How many decisions got each verdict."""
        names = ["best", "ok", "forced"] + [name for name, _ in reversed(LOSS_CLASSES)]
        return {name: sum(d.verdict == name for d in self.decisions) for name in names}

    def to_dict(self) -> Dict[str, Any]:
        return {"format": REVIEW_FORMAT, "version": REVIEW_VERSION, "samples": self.samples,
                "players": self.players, "seed": self.seed, "inference": self.inference, "seat": self.seat,
                "interrupted": self.interrupted,
                "seconds": self.seconds, "thresholds": dict(LOSS_CLASSES), "counts": self.counts(),
                "decisions": [d.to_dict() for d in self.decisions]}

    def to_json(self, indent: Optional[int] = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False, allow_nan=False)

    def summary(self) -> str:
        """The table's last line: the decisions by verdict, the samples, players, seed and time."""
        counts = ", ".join(f"{n} {PLURAL.get(name, name) if n > 1 else name}" for name, n in self.counts().items() if n)
        return (f"{len(self.decisions)} decisions: {counts or 'none'} · {self.samples:,} samples each · "
                f"players {', '.join(self.players)} · seed {self.seed} · {self.seconds:.1f} s")

    def table(self) -> str:
        from baloot.review_table import review_table

        return review_table(self)

    def __str__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        """The table in a notebook, each loss with a bar coloured by its verdict."""
        from baloot.notebook import review_html

        return review_html(self)

    def __repr__(self) -> str:
        return f"<Review decisions={len(self.decisions)} flagged={len(self.flagged)} samples={self.samples}>"


def _games(source: Union[Game, Match, str, Dict[str, Any]]) -> List[Game]:
    """The hands to review: a Game, a Match, or a game or match record (a dict or its JSON text)."""
    if isinstance(source, Game):
        require_complete_history(source, "review")
        return [source]
    if isinstance(source, Match):
        return source.hands
    if isinstance(source, (str, bytes)):
        source = parse_json(source, "the record")
    if isinstance(source, dict) and source.get("format") == "baloot-match":
        return Match.from_record(source).hands
    if isinstance(source, dict):
        return [Game.from_record(source)]
    raise BalootError(f"review needs a Game, a Match or a game or match record, not {type(source).__name__}")


def review(record_or_game: Union[Game, Match, str, Dict[str, Any]], *, players: Any = DEFAULT_PLAYERS,
           samples: int = DEFAULT_SAMPLES, seat: Optional[int] = None, seed: int = 0, threads: int = 0,
           progress: Any = False, objective: Optional[str] = None, equity: Optional[EquityTable] = None,
           inference: str = INFERENCE[0]) -> Review:
    """Review every decision of a hand or match (or only ``seat``'s): each legal action's expected
    margin for the deciding seat's team over ``samples`` worlds that seat could not tell from the true
    one, played out by ``players``; the loss of the action taken against the best, with a 95% CI; and
    the double-dummy value of each card on the true deal. Same seed, same review, for any ``threads``.

    Parameters
    ----------
    record_or_game : Game, Match, dict or str
        A finished or unfinished hand or match, or its record (a dict or JSON text).
    players : str, callable or list of four, default "neural"
        Who plays the worlds out.
    samples : int
        Worlds per decision.
    seat : int, optional
        Review only this seat's decisions.
    seed : int, default 0
        The review's seed.
    threads : int, default 0
        Worker threads; 0 uses every core.
    progress : bool or callable, default False
        True for a bar on stderr, or a callable update(samples done).
    objective : {"points", "match"}, optional
        ``"match"`` adds each action's chance to win the match after the hand, ``"points"`` leaves it out;
        by default it is added when a hand starts from scores other than 0-0.
    equity : EquityTable, optional
        The match equity table; by default ``match_equity(players=players, rules=...)``.
    inference : {"network", "uniform"}, default "network"
        How the worlds of a card decision are dealt: ``"network"`` keeps one of every ``_core.inference_worlds``
        consistent worlds, each with probability in proportion to how likely the neural network finds the
        other seats' plays in it (the network of the first neural player among ``players``, else the shipped one);
        ``"uniform"`` takes every consistent world alike. Calls are dealt the same either way.

    Returns
    -------
    Review
        Ctrl-C returns the decisions done so far, with ``interrupted`` set.

    Raises
    ------
    BalootError
        A malformed or tampered record, or a bad seat, count, seed, player, objective or inference, or an
        equity table for other rules.
    """
    if inference not in INFERENCE:
        raise BalootError(f"inference {inference!r} must be one of {', '.join(map(repr, INFERENCE))}")
    samples = validation.count(samples, "samples", 2)
    validation.memory(samples * SAMPLE_BYTES, f"a review of {samples:,} samples a decision")
    seed = validation.seed(seed)
    threads = validation.threads(threads)
    seat = validation.optional(validation.seat, seat)
    games = _games(record_or_game)
    _, names = core_players(players, games[0].rules if games else resolve(None))
    table = equity_for(objective, equity, games, players)
    network = inference_network(players) if inference == "network" else None
    points = [(h, i, mover, action) for h, game in enumerate(games)
              for i, (mover, action) in enumerate(zip(_movers(game), game.history)) if seat is None or mover == seat]
    began = time.perf_counter()
    decisions: List[Decision] = []
    interrupted = False
    with progress_callback(progress, len(points) * samples, unit="sample") as update:
        try:
            for h, i, _mover, action in points:
                done = len(decisions) * samples
                decisions.append(_review_decision(
                    _replayed(games[h], i), h, i, action, players=players, samples=samples, seed=seed,
                    threads=threads, progress=(lambda n, done=done: update(done + n)) if update else None,
                    equity=table, network=network))
        except KeyboardInterrupt:
            interrupted = True
    return Review(decisions, games, samples, names, seed, seat, interrupted, time.perf_counter() - began, inference)


def _replayed(game: Game, actions: int) -> Game:
    """The hand as it stood before its action number ``actions``."""
    start = Game(rules=game.rules, dealer=game.dealer, deck=game.to_record()["deck"], scores=game.scores)
    for action in game.history[:actions]:
        start.apply(action)
    return start


def _movers(game: Game) -> Sequence[int]:
    """The seat that took each action of the hand."""
    replay = _replayed(game, 0)
    movers = []
    for action in game.history:
        movers.append(replay.to_move)
        replay.apply(action)
    return movers
