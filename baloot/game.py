"""One hand of Baloot as a Python object over the core's state machine (docs/rules.md R1-R16, R27-R33)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from baloot import _core
from baloot.actions import actions_of, format_action, parse_action
from baloot.cards import Cards, format_card, format_cards, from_mask, parse_cards, suit_letter
from baloot.errors import BalootError, IllegalAction
from baloot.kernel import MODES, THROWN_IN, HandResult, Project, project_from_core
from baloot.records import check_header, parse_json, record_rules
from baloot.rules import Rules, core_rules, hand_scores, resolve
from baloot.validation import seat as check_seat
from baloot.validation import seed_or_random

PHASES: Tuple[str, ...] = _core.phases
_BIDDING, _PLAYING, _OVER = PHASES.index("bidding"), PHASES.index("playing"), PHASES.index("over")
_TURNS = _core.bid_stages.index("turns")
_ACTION_NAMES: Tuple[str, ...] = tuple(format_action(a) for a in range(_core.num_actions))
REWARDS: Tuple[str, ...] = ("margin", "points")
RECORD_FORMAT = "baloot-game"
RECORD_VERSION = 1
RECORD_FIELDS = frozenset({"format", "version", "rules", "dealer", "scores", "deck", "actions", "result"})


@dataclass(frozen=True)
class Contract:
    """The bought hand.

    Attributes
    ----------
    mode : {"sun", "hokum"}
    trump : str or None
        The trump suit's letter; None in Sun.
    buyer : int
        The buyer's seat (``buyers`` is its team).
    ashkal : bool
        Bought by Ashkal: the buyer's partner took the up-card.
    multiplier : int
        1 to 4.
    gahwa : bool
        The buyers called Gahwa.
    closed : bool
        A closed double (R21 variant): no trump may be led while the leader holds another suit.
    """

    mode: str
    trump: Optional[str]
    buyer: int
    ashkal: bool
    multiplier: int
    gahwa: bool
    closed: bool = False

    @property
    def buyers(self) -> int:
        return self.buyer % 2

    @property
    def name(self) -> str:
        """``"sun"`` or ``"hokum:S"``: the contract as ``simulate(contract=...)`` takes it."""
        return self.mode if self.trump is None else f"{self.mode}:{self.trump}"


@dataclass(frozen=True)
class Trick:
    """A finished trick.

    Attributes
    ----------
    cards : tuple of str
        Its four cards in play order.
    leader, winner : int
        The seats that led it and took it.
    """

    cards: Tuple[str, str, str, str]
    leader: int
    winner: int


class Game:
    """One hand: deal, bidding, doubling, play and score. Actions are strings (see ``legal_actions``).

    Parameters
    ----------
    rules : Rules, optional
        The host options; None for the seed's defaults.
    dealer : int, default 0
        The dealer's seat.
    seed : int, optional
        Shuffles the deck when no ``deck`` is given (a random seed when None).
    deck : cards, optional
        The 32 cards in dealing order: cards 0-11 are the packets of 3 (to dealer+1, +2, +3, dealer), 12-19
        the packets of 2 in the same order, 20 the up-card, 21-31 the rest, dealt in play order from
        dealer+1 (3 each, 2 to the up-card's holder).
    scores : tuple of int, default (0, 0)
        The match scores before this hand (they decide whether Sun may be doubled, R30): both below the
        target, or equal past it under ``target_tie="another_hand"``.

    Raises
    ------
    BalootError
        A bad seat, seed, score or rule, scores a match has already ended on, or a deck that is not the 32
        cards once each.
    """

    def __init__(self, *, rules: Optional[Rules] = None, dealer: int = 0, seed: Optional[int] = None,
                 deck: Optional[Cards] = None, scores: Tuple[int, int] = (0, 0)) -> None:
        self.rules = resolve(rules)
        dealer = check_seat(dealer, "dealer")
        scores = hand_scores(scores, self.rules)
        if deck is not None:
            cards = parse_cards(deck, "the deck")
            if len(cards) != 32:
                raise BalootError(f"the deck has {len(cards)} cards; it needs all 32")
            state = _core.HandState(cards, dealer, scores, core_rules(self.rules))
        else:
            state = _core.HandState.random(seed_or_random(seed), dealer, scores, core_rules(self.rules))
        self._step_through(_core.HandStepper(state))

    def _step_through(self, stepper: Any, from_deal: bool = True) -> None:
        self._stepper = stepper
        self._state = stepper.state  # a view of the stepper's state: it follows every step
        self._from_deal = from_deal  # whether history holds every action since the deal


    @classmethod
    def from_core_state(cls, state: Any, rules: Rules) -> "Game":
        """A game over a copy of a core ``HandState``: how Python players see a simulated hand.

        Parameters
        ----------
        state : baloot._core.HandState
            The hand as the core holds it; it is copied, so acting on the game never changes it.
        rules : Rules
            The host options the hand is played under.

        Returns
        -------
        Game
            The game. Its ``history`` holds only the actions applied to it: when the state is past the deal's
            first call, ``to_record``, ``analyze_decision`` and ``review`` raise ``BalootError`` on it.
        """
        game = cls.__new__(cls)
        game.rules = rules
        at_deal = (state.phase == _BIDDING and state.round == 1 and state.bid_stage == _TURNS
                   and state.to_move == (state.dealer + 1) % 4)
        game._step_through(_core.HandStepper(state), at_deal)
        return game

    # ---- playing -------------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """"bidding", "doubling", "playing" or "over"."""
        return PHASES[self._state.phase]

    @property
    def to_move(self) -> Optional[int]:
        return None if self._state.phase == _OVER else self._state.to_move

    def legal_actions(self) -> List[str]:
        """The actions open to the seat to move: calls, doubling answers or cards."""
        return actions_of(self._state.legal_actions())

    def apply(self, action: str) -> None:
        """Play one action. An illegal one raises ``IllegalAction`` and leaves the game as it was."""
        number = parse_action(action)
        if self.to_move is None:
            raise IllegalAction(f"{action!r} cannot be played: the hand is over")
        if not self._state.legal_actions() >> number & 1:
            raise IllegalAction(f"{action!r} is not legal now for seat {self.to_move}; "
                                f"legal: {', '.join(self.legal_actions())}")
        self._stepper.apply(number)

    def step(self, action: int) -> Optional[int]:
        """Play one action given as the core's action number: the fast path of environments and players.

        Parameters
        ----------
        action : int
            The action's number, 0 <= action < ``baloot.actions.NUM_ACTIONS`` (cards 0-31, then the calls;
            ``baloot.actions`` names them).

        Returns
        -------
        int or None
            The seat to move next, or None once the hand is over.

        Raises
        ------
        IllegalAction
            When ``action`` is not legal now; the game is left as it was.
        """
        to_move = self._stepper.apply(action)
        return None if to_move < 0 else to_move

    @property
    def stepper(self) -> Any:
        """The core's stepper of this hand (``baloot._core.HandStepper``), not a copy.

        ``step`` and ``apply`` act through it, and an environment written in C++ (``baloot.rl``'s
        PettingZoo environment) steps it directly: the game sees every step, its history included.
        """
        return self._stepper

    def legal_mask(self) -> int:
        """The legal actions as a bit mask of the core's action numbers (see ``baloot.actions``)."""
        return self._state.legal_actions()

    def reward(self, seat: int, *, kind: str = "margin") -> int:
        """The hand's reward for ``seat`` once it is over: what a learning environment pays at the end.

        Parameters
        ----------
        seat : int
            The seat 0-3 the reward is for (its team's).
        kind : {"margin", "points"}
            "margin": the team's game points less the other team's (zero-sum); "points": the team's own.

        Returns
        -------
        int
            The reward in game points (0 for a thrown-in hand).

        Raises
        ------
        BalootError
            When the hand is not over, ``seat`` is not a seat or ``kind`` is not one of ``REWARDS``.
        """
        if kind not in REWARDS:
            raise BalootError(f"reward {kind!r} must be one of {', '.join(map(repr, REWARDS))}")
        if self._state.phase != _OVER:
            raise BalootError("the hand is not over: it has no reward yet")
        return _core.hand_reward(self._state, check_seat(seat), kind == "margin")

    def core_state(self) -> Any:
        """A copy of the core's ``HandState`` of this hand (for the core's players, solver and
        observations); acting on it never changes this game."""
        return self._state.copy()

    # ---- views ---------------------------------------------------------------------------------

    @property
    def dealer(self) -> int:
        return self._state.dealer

    @property
    def up_card(self) -> str:
        return format_card(self._state.up_card)

    @property
    def scores(self) -> Tuple[int, int]:
        """Match scores before this hand."""
        return tuple(self._state.scores)  # type: ignore[return-value]

    @property
    def hands(self) -> List[List[str]]:
        """The cards each seat holds now (every seat's, as the host sees them)."""
        return [format_cards(from_mask(mask)) for mask in self._state.hands]

    @property
    def round(self) -> int:
        """The bidding round, 1 or 2 (it stays at the round that settled the contract)."""
        return self._state.round

    @property
    def bid_stage(self) -> str:
        """Where the bidding stands inside a round: "turns" (each seat speaks once), "over_hokum" (Sun may
        still be called over a Hokum), "priority" (an earlier speaker may take a Sun or Ashkal with its own
        Sun) or "hokum_confirm" (the Hokum caller keeps Hokum or switches to Sun)."""
        return _core.bid_stages[self._state.bid_stage]

    @property
    def leader(self) -> Optional[int]:
        """The seat that leads (or led) the trick being played, or None outside the card play."""
        return self._state.leader if self._state.phase == _PLAYING else None

    @property
    def tricks_won(self) -> Tuple[int, int]:
        """Tricks each team has taken so far."""
        return tuple(self._state.tricks_won)  # type: ignore[return-value]

    @property
    def abnat(self) -> Tuple[int, int]:
        """Card abnat each team has taken so far (the last-trick 10 once it is taken)."""
        return tuple(self._state.abnat)  # type: ignore[return-value]

    @property
    def contract(self) -> Optional[Contract]:
        s = self._state
        if not s.has_contract:
            return None
        return Contract(MODES[s.mode], suit_letter(s.trump), s.buyer, s.ashkal, s.multiplier, s.gahwa, s.closed)

    @property
    def trick(self) -> List[str]:
        """The cards on the table in the trick being played, in play order."""
        return format_cards(self._state.trick)

    @property
    def tricks(self) -> List[Trick]:
        s = self._state
        played = s.played_cards
        tricks = []
        for t in range(s.tricks_played):
            a, b, c, d = format_cards(played[4 * t:4 * t + 4])
            tricks.append(Trick((a, b, c, d), s.trick_leader(t), s.trick_winner(t)))
        return tricks

    def _plays_by_seat(self) -> List[List[int]]:
        s = self._state
        plays: List[List[int]] = [[], [], [], []]
        leaders = [s.trick_leader(t) for t in range(s.tricks_played)] + [s.leader]
        for i, card in enumerate(s.played_cards):
            plays[(leaders[i // 4] + i % 4) % 4].append(card)
        return plays

    @property
    def hands_at_play(self) -> Optional[List[List[str]]]:
        """Each seat's eight cards when the card play began, or None before play (or when thrown in)."""
        if self._state.phase < _PLAYING or self._state.thrown_in:
            return None
        plays = self._plays_by_seat()
        return [format_cards(sorted(from_mask(mask) + plays[seat])) for seat, mask in enumerate(self._state.hands)]

    @property
    def projects(self) -> List[List[Project]]:
        """Projects declared per seat: each seat declares its best set with its first card (R27)."""
        s = self._state
        plays = self._plays_by_seat()
        return [[project_from_core(p, s.mode) for p in s.projects(seat)] if plays[seat] else [] for seat in range(4)]

    @property
    def project_team(self) -> Optional[int]:
        """The team that scores projects, known once trick 1 is over (R27)."""
        return self._state.project_team if self._state.tricks_played >= 1 else None

    @property
    def baloot(self) -> Optional[int]:
        """The seat that has announced Baloot (K and Q of trump, on playing the second), or None."""
        return self._state.baloot_seat if self._state.baloot_announced else None

    @property
    def result(self) -> Optional[HandResult]:
        """The hand's score once it is over (a thrown-in hand scores nothing and has ``made`` None)."""
        s = self._state
        if s.phase != _OVER:
            return None
        if s.thrown_in:
            return THROWN_IN
        baloot = [0, 0]
        if s.baloot_seat >= 0:
            baloot[s.baloot_seat % 2] = 1
        return HandResult(points=s.points, made=s.made, kaboot=s.kaboot, abnat=s.abnat, tricks=s.tricks_won,
                          projects=s.project_abnat, baloot=(baloot[0], baloot[1]), multiplier=s.multiplier)

    @property
    def history_complete(self) -> bool:
        """Whether ``history`` holds every action since the deal: False for a game made by
        ``from_core_state`` past the deal's first call."""
        return self._from_deal

    @property
    def history(self) -> List[str]:
        """Every action so far, in order."""
        return [_ACTION_NAMES[number] for number in self._stepper.actions]

    def observation(self, seat: int) -> Any:
        """What ``seat`` has seen of this hand as a float32 numpy vector, laid out by the core's
        ``observation_blocks()`` (``baloot.rl.OBSERVATION_LAYOUT``): nothing hidden from the seat is in it."""
        return _core.observe(self._state, check_seat(seat))

    @property
    def calls(self) -> List[Tuple[int, str]]:
        """The bidding and doubling actions so far as (seat, action) pairs."""
        return [(seat, action) for seat, action in zip(self._stepper.movers, self.history)
                if not action[-1].isupper() or action.startswith("hokum")]

    # ---- copies and records --------------------------------------------------------------------

    def clone(self) -> "Game":
        """An independent copy: acting on it never changes this game."""
        twin = Game.__new__(Game)
        twin.rules = self.rules
        twin._step_through(self._stepper.copy(), self._from_deal)
        return twin

    def to_record(self) -> Dict[str, Any]:
        require_complete_history(self, "a game record")
        record: Dict[str, Any] = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "rules": self.rules.to_dict(),
            "dealer": self.dealer,
            "scores": list(self.scores),
            "deck": format_cards(self._state.deck),
            "actions": self.history,
        }
        result = self.result
        if result is not None:
            record["result"] = {"points": list(result.points), "made": result.made, "kaboot": result.kaboot,
                                "abnat": list(result.abnat)}
        return record

    def to_json(self, indent: Optional[int] = None) -> str:
        """A readable, versioned game record: rules, deal and every action (and the result once over)."""
        return json.dumps(self.to_record(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_record(cls, record: object) -> "Game":
        record = check_header(record, "game record", RECORD_FORMAT, RECORD_VERSION, RECORD_FIELDS)
        rules = record_rules(record, "game record")
        game = cls(rules=rules, dealer=record.get("dealer"), deck=record.get("deck"),  # type: ignore[arg-type]
                   scores=record.get("scores", (0, 0)))  # type: ignore[arg-type]
        actions = record.get("actions", [])
        if not isinstance(actions, list):
            raise BalootError(f"game record actions {actions!r} must be a list")
        for i, action in enumerate(actions):
            try:
                game.apply(action)
            except IllegalAction as error:
                raise BalootError(f"game record action {i} ({action!r}) cannot be replayed: {error}") from None
        if "result" in record:
            replayed = game.to_record().get("result")
            if replayed != record["result"]:
                raise BalootError(f"game record result {record['result']!r} does not match its replay {replayed!r}")
        return game

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """The game a record describes, replayed action by action; a malformed or tampered record
        raises ``BalootError``."""
        record = parse_json(text, "game record")
        return cls.from_record(record)

    def draw(self, viewer: Optional[int] = None) -> str:
        """The table as text; with ``viewer`` set, other seats' cards are hidden."""
        from baloot.display import draw_game

        return draw_game(self, viewer)

    def __str__(self) -> str:
        return self.draw()

    def _repr_html_(self) -> str:
        """The table in a notebook, the cards in colour."""
        from baloot.notebook import game_html

        return game_html(self)

    def __repr__(self) -> str:
        actions = len(self._stepper.actions)
        return f"<Game dealer={self.dealer} phase={self.phase} to_move={self.to_move} actions={actions}>"


def require_complete_history(game: Game, what: str) -> None:
    """A BalootError unless ``game`` knows every action since the deal, which ``what`` needs."""
    if not game.history_complete:
        raise BalootError(f"{what} needs every action since the deal, and this game was made from a core state "
                          "mid-hand (as a Python player in simulate sees its hand), whose actions are not known; "
                          "play the hand out action by action on a Game(deck=..., dealer=...) instead")
