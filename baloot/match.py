"""A match: hands until a team reaches the target (R41), or a Gahwa ends it at once (R33; under the
``gahwa="152"`` house rule a Gahwa only scores 152)."""

from __future__ import annotations

import json
import random
from typing import Any, Dict, List, Optional, Tuple

from baloot import _core
from baloot.cards import Cards
from baloot.errors import BalootError
from baloot.game import Game
from baloot.records import check_header, parse_json, record_rules
from baloot.rules import Rules, core_rules, resolve
from baloot.validation import optional
from baloot.validation import scores as check_scores
from baloot.validation import seat as check_seat
from baloot.validation import seed as check_seed

RECORD_FORMAT = "baloot-match"
RECORD_VERSION = 1
RECORD_FIELDS = frozenset({"format", "version", "rules", "dealer", "start_scores", "scores", "winner", "hands"})


class Match:
    """Hands dealt in turn (the dealer rotates, R4) until a team wins: ``new_hand()`` gives the next hand,
    ``record(game)`` adds it once it is over.

    Parameters
    ----------
    rules : Rules, optional
        The host options (``target`` among them); None for the seed's defaults.
    seed : int, optional
        Makes the deals reproducible (random when None).
    dealer : int, default 0
        The seat that deals first.
    scores : tuple of int, default (0, 0)
        The scores the match starts from, both below the target.

    Raises
    ------
    BalootError
        A bad rule, seed, seat or score.
    """

    def __init__(self, *, rules: Optional[Rules] = None, seed: Optional[int] = None, dealer: int = 0,
                 scores: Tuple[int, int] = (0, 0)) -> None:
        self.rules = resolve(rules)
        start = check_scores(scores)
        _core.check_match_start(core_rules(self.rules), start)
        self._start_scores = start
        self._scores = list(start)
        self._dealer = check_seat(dealer, "dealer")
        self._first_dealer = self._dealer
        self._hands: List[Game] = []
        self._winner: Optional[int] = None
        self._seeds = random.Random(optional(check_seed, seed))
        self._dealt: List[Game] = []  # hands dealt by new_hand() and not yet recorded

    @property
    def scores(self) -> Tuple[int, int]:
        return self._scores[0], self._scores[1]

    @property
    def dealer(self) -> int:
        """The dealer of the next hand."""
        return self._dealer

    @property
    def winner(self) -> Optional[int]:
        return self._winner

    @property
    def hands(self) -> List[Game]:
        """The finished hands, thrown-in ones included."""
        return list(self._hands)

    def new_hand(self, deck: Optional[Cards] = None) -> Game:
        """The next hand, with this match's rules, dealer and scores; ``deck`` deals given cards instead
        of shuffling (see ``Game``)."""
        if self._winner is not None:
            raise BalootError(f"the match is over: team {self._winner} won")
        seed = self._seeds.getrandbits(63)
        game = Game(rules=self.rules, dealer=self._dealer, seed=None if deck is not None else seed, deck=deck,
                    scores=self.scores)
        self._dealt.append(game)
        return game

    def record(self, game: Game) -> None:
        """Add a finished hand: its points, then Gahwa and the target (R33, R41), then the next dealer."""
        if self._winner is not None:
            raise BalootError(f"the match is over: team {self._winner} won")
        if not isinstance(game, Game) or game.result is None:
            raise BalootError(f"only a finished Game can be recorded, not {game!r}")
        if not any(game is dealt for dealt in self._dealt) or game.dealer != self._dealer or game.scores != self.scores:
            raise BalootError(f"this hand was not dealt by this match's new_hand() for its current dealer "
                              f"{self._dealer} and scores {self.scores}: dealer {game.dealer}, scores {game.scores}")
        result = game.result
        self._dealt = []
        self._hands.append(game)
        self._dealer = (self._dealer + 1) % 4
        contract = game.contract
        thrown_in = result.made is None
        scores, self._winner, _end = _core.match_after_hand(
            core_rules(self.rules), self.scores, thrown_in, tuple(result.points), not thrown_in and contract.gahwa,
            0 if thrown_in else contract.buyers, bool(result.made))
        self._scores = list(scores)

    # ---- records -------------------------------------------------------------------------------

    def to_record(self) -> Dict[str, Any]:
        return {"format": RECORD_FORMAT, "version": RECORD_VERSION, "rules": self.rules.to_dict(),
                "dealer": self._first_dealer, "start_scores": list(self._start_scores), "scores": list(self.scores),
                "winner": self._winner,
                "hands": [game.to_record() for game in self._hands]}

    def to_json(self, indent: Optional[int] = None) -> str:
        """A versioned match record: rules, first dealer, the scores it started from, every finished hand's
        game record, the scores and the winner."""
        return json.dumps(self.to_record(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_record(cls, record: object) -> "Match":
        record = check_header(record, "match record", RECORD_FORMAT, RECORD_VERSION, RECORD_FIELDS)
        rules = record_rules(record, "match record")
        hands = record.get("hands")
        if not isinstance(hands, list):
            raise BalootError(f"match record hands {hands!r} must be a list of game records")
        start = record.get("start_scores", [0, 0])  # absent from the records of matches started at 0-0
        if not isinstance(start, list):
            raise BalootError(f"match record start_scores {start!r} must be a list of two scores")
        match = cls(rules=rules, dealer=record.get("dealer"), scores=start)  # type: ignore[arg-type]
        for i, hand in enumerate(hands):
            match._replay_hand(i, hand)
        for field, replayed in (("scores", list(match.scores)), ("winner", match.winner)):
            if record.get(field) != replayed:
                raise BalootError(f"match record {field} {record.get(field)!r} does not match its replay {replayed!r}")
        return match

    def _replay_hand(self, i: int, hand: object) -> None:
        """Hand ``i`` of a match record: a valid finished game record dealt by this match as it stands."""
        try:
            game = Game.from_record(hand)
        except BalootError as error:
            raise BalootError(f"match record hand {i}: {error}") from None
        if game.rules != self.rules:
            mine, theirs = self.rules.to_dict(), game.rules.to_dict()
            differ = "; ".join(f"{name} {theirs[name]!r} where the match has {mine[name]!r}"
                               for name in mine if mine[name] != theirs[name])
            raise BalootError(f"match record hand {i} has other rules than the match: {differ}")
        if game.result is None:
            raise BalootError(f"match record hand {i} is not finished")
        if self._winner is not None:
            raise BalootError(f"match record hand {i} comes after the match was over")
        if game.dealer != self._dealer or game.scores != self.scores:
            raise BalootError(f"match record hand {i}: dealer {game.dealer} and scores {game.scores} should be "
                              f"{self._dealer} and {self.scores}")
        self._dealt.append(game)
        self.record(game)

    @classmethod
    def from_json(cls, text: str) -> "Match":
        """The match a record describes, every hand replayed; a malformed or tampered record raises
        ``BalootError``."""
        record = parse_json(text, "match record")
        return cls.from_record(record)

    def __repr__(self) -> str:
        return f"<Match scores={self.scores} dealer={self.dealer} hands={len(self._hands)} winner={self.winner}>"
