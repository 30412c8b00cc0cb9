"""Baloot as an OpenSpiel game (the ``openspiel`` extra: ``pip install "baloot[openspiel]"``).

``import baloot.openspiel`` registers the game with pyspiel under ``"python_baloot"`` (OpenSpiel names
the games written in Python ``python_<name>``); ``pyspiel.load_game("python_baloot")``, or with
parameters, ``pyspiel.load_game("python_baloot(kaboot=double,dealer=2)")``. One episode is one hand:

* Chance deals the 32 cards one at a time, in ``Game``'s dealing order (``Game(deck=...)``): 32 chance
  nodes before the first call. The cards dealt after the bidding are drawn then too, unseen by anyone
  until they reach a hand, so the deal is one uniform shuffle of the deck whatever the calls.
* Players 0..3 are the seats. Actions are the core's 47 numbers: cards 0..31 (``baloot.DECK`` order), then
  pass, hokum, hokum:S/H/D/C, sun, ashkal, double, three, four, gahwa, and the house rules' double:closed,
  four:closed, kawesh (``baloot.rl.ACTIONS``).
* Returns: each seat's team's game points minus the other team's (zero-sum).
* The observation tensor is the learning interfaces' encoder (``baloot.rl.observe``, 408 floats). The
  information state tensor adds what a seat needs for perfect recall: its five dealt cards, and every
  call and card in order with the seat that made it.
* Parameters: every ``baloot.Rules`` field, ``dealer`` and the match scores before the hand
  (``team0_score``, ``team1_score``).
* ``resample_from_infostate`` (for information-set MCTS) redeals the cards a seat has not seen.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

try:
    import pyspiel
except ImportError as error:  # pragma: no cover - exercised only without the extra
    raise ImportError('baloot.openspiel needs the openspiel extra: pip install "baloot[openspiel]"') from error

from baloot import _core, validation
from baloot.actions import NUM_ACTIONS, format_action
from baloot.cards import DECK, format_cards, from_mask, parse_cards, to_mask
from baloot.errors import IllegalAction
from baloot.game import Game
from baloot.kernel import score_hand
from baloot.rules import Rules, hand_scores

NUM_CARDS = len(DECK)
PASS = _core.actions["pass"]  # the first action after the cards
NUM_CALLS = NUM_ACTIONS - PASS  # the actions after the cards: bidding and doubling
_NAMES = tuple(format_action(a) for a in range(NUM_ACTIONS))

_RULES = {field.name: field.default for field in dataclasses.fields(Rules)}
_PARAMETERS: Dict[str, Any] = dict(_RULES, dealer=0, team0_score=0, team1_score=0)

_GAME_TYPE = pyspiel.GameType(
    short_name="python_baloot",
    long_name="Python Baloot",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=4,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)


def _max_points(rules: Rules) -> int:
    """An upper bound on a hand's points for one team: a kaboot at the highest multiplier with the most
    project abnat sixteen cards can hold (Sun: four aces, a Four Hundred, and three Hundreds of four of a
    kind; Hokum: four Hundreds) and, in Hokum, Baloot."""
    sun = score_hand("sun", 0, (130, 0), (8, 0), projects=(500, 0), multiplier=2, rules=rules)
    hokum = score_hand("hokum", 0, (162, 0), (8, 0), projects=(400, 0), baloot=(1, 0), multiplier=4, rules=rules)
    return max(sun.points[0], hokum.points[0])


@functools.lru_cache(maxsize=None)
def _longest_calls(rules: Rules, dealer: int, scores: Tuple[int, int]) -> int:
    """The most bidding and doubling actions a hand can take, found by walking every sequence of calls.
    The calls open to a seat depend on the up-card, so each card is tried as the up-card (the 21st card
    dealt), and on the hands only through two house rules: ``round2_sun="ace_after_dealer"`` (each deck
    gives the seat after the dealer an ace besides the up-card, so its round-two Sun stays open) and
    ``kawesh`` (a call that ends the hand, which a pass in its place would only lengthen)."""

    def longest(game: Game) -> int:
        if game.phase in ("playing", "over"):
            return 0
        best = 0
        for action in game.legal_actions():
            after = game.clone()
            after.apply(action)
            best = max(best, 1 + longest(after))
        return best

    aces = [card for card in range(NUM_CARDS) if card % 8 == 7]
    ace_at = _core.first_card_positions((dealer + 1) % 4, dealer)[0]  # the first card of the seat after the dealer
    decks = []
    for up_card in range(NUM_CARDS):
        ace = next(card for card in aces if card != up_card)
        rest = iter(card for card in range(NUM_CARDS) if card not in (up_card, ace))
        placed = {ace_at: ace, _core.up_card_position: up_card}
        decks.append(format_cards([placed[i] if i in placed else next(rest) for i in range(NUM_CARDS)]))
    return max(longest(Game(rules=rules, dealer=dealer, deck=deck, scores=scores)) for deck in decks)


class BalootGame(pyspiel.Game):
    """One hand of Baloot for four players (see the module's documentation)."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        values = dict(_PARAMETERS, **(params or {}))
        self.rules = Rules(**{name: values[name] for name in _RULES})
        self.dealer = validation.seat(values["dealer"], "dealer")
        self.scores = hand_scores((values["team0_score"], values["team1_score"]), self.rules)
        self.max_calls = _longest_calls(self.rules, self.dealer, self.scores)
        bound = _max_points(self.rules)
        info = pyspiel.GameInfo(num_distinct_actions=NUM_ACTIONS, max_chance_outcomes=NUM_CARDS, num_players=4,
                                min_utility=-float(bound), max_utility=float(bound), utility_sum=0.0,
                                max_game_length=self.max_calls + NUM_CARDS)
        super().__init__(_GAME_TYPE, info, values)

    def new_initial_state(self) -> "BalootState":
        return BalootState(self)

    def max_chance_nodes_in_history(self) -> int:
        return NUM_CARDS

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "BalootObserver":
        return BalootObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params,
                              self.max_calls)


class _Hand:
    """The Game behind a state, copied the way OpenSpiel copies a Python state's attributes
    (``copy.deepcopy``) and serialized the way it serializes them (``pickle``)."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def __deepcopy__(self, memo: Dict[int, Any]) -> "_Hand":
        return _Hand(self.game.clone())

    def __reduce__(self) -> Tuple[Any, Tuple[str]]:
        return _hand_from_json, (self.game.to_json(),)


def _hand_from_json(text: str) -> _Hand:
    return _Hand(Game.from_json(text))


class BalootState(pyspiel.State):
    """A hand being dealt or played. ``game`` is the ``baloot.Game`` once the deal is complete."""

    def __init__(self, game: BalootGame) -> None:
        super().__init__(game)
        self._deck = b""   # the cards dealt so far, in dealing order
        self._moves = b""  # (seat, action) byte pairs, in order
        self._dealt: Tuple[int, ...] = ()  # each seat's cards (a mask) when the bidding began
        self._hand: Optional[_Hand] = None

    @property
    def game(self) -> Optional[Game]:
        return None if self._hand is None else self._hand.game

    def current_player(self) -> int:
        if self._hand is None:
            return pyspiel.PlayerId.CHANCE
        seat = self._hand.game.to_move
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player: int) -> List[int]:
        mask, actions = self._hand.game.legal_mask(), []
        while mask:
            low = mask & -mask
            actions.append(low.bit_length() - 1)
            mask ^= low
        return actions

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        left = [card for card in range(NUM_CARDS) if card not in self._deck]
        return [(card, 1.0 / len(left)) for card in left]

    def _apply_action(self, action: int) -> None:
        if self._hand is None:
            self._deck += bytes((action,))
            if len(self._deck) == NUM_CARDS:
                spiel = self.get_game()
                game = Game(rules=spiel.rules, dealer=spiel.dealer, deck=format_cards(self._deck), scores=spiel.scores)
                self._dealt = tuple(to_mask(parse_cards(hand)) for hand in game.hands)
                self._hand = _Hand(game)
            return
        game = self._hand.game
        self._moves += bytes((game.to_move, action))
        game.apply(_NAMES[action])

    def _action_to_string(self, player: int, action: int) -> str:
        return f"deal {DECK[action]}" if player == pyspiel.PlayerId.CHANCE else _NAMES[action]

    def is_terminal(self) -> bool:
        return self._hand is not None and self._hand.game.to_move is None

    def returns(self) -> List[float]:
        result = None if self._hand is None else self._hand.game.result
        if result is None:
            return [0.0] * 4
        margin = float(result.points[0] - result.points[1])
        return [margin, -margin, margin, -margin]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "BalootState":
        """A state that `player_id` cannot tell from this one, the cards it has not seen dealt again
        uniformly: the unseen cards are shuffled among their places in the deck until the calls and
        cards played so far replay legally and the seat's information state comes out the same."""
        rng = random.Random(probability_sampler())
        spiel = self.get_game()
        if self._hand is None:
            state = spiel.new_initial_state()
            for card in rng.sample(range(NUM_CARDS), len(self._deck)):
                state.apply_action(card)
            return state
        seen = self._seen_cards(player_id)
        places = [i for i, card in enumerate(self._deck) if card not in seen]
        unseen = [self._deck[i] for i in places]
        target = self.information_state_string(player_id)
        deck = list(self._deck)
        while True:
            rng.shuffle(unseen)
            for place, card in zip(places, unseen):
                deck[place] = card
            if not self._replays(deck, spiel):
                continue
            state = spiel.new_initial_state()
            for action in deck + list(self._moves[1::2]):
                state.apply_action(action)
            if state.information_state_string(player_id) == target:
                return state

    def _seen_cards(self, seat: int) -> set:
        """Cards whose place `seat` knows: its own, the up-card, those played and those shown in projects."""
        game = self._hand.game
        seen = set(parse_cards(game.hands[seat])) | {self._deck[20]}
        seen.update(action for action in self._moves[1::2] if action < NUM_CARDS)
        for projects in game.projects:
            for project in projects:
                seen.update(parse_cards(project.cards))
        return seen

    def _replays(self, deck: List[int], spiel: BalootGame) -> bool:
        game = Game(rules=spiel.rules, dealer=spiel.dealer, deck=format_cards(deck), scores=spiel.scores)
        try:
            for action in self._moves[1::2]:
                game.apply(_NAMES[action])
        except IllegalAction:
            return False
        return True

    def __str__(self) -> str:
        if self._hand is None:
            return f"dealing: {' '.join(format_cards(self._deck))}"
        return str(self._hand.game)


class BalootObserver:
    """What one seat observes (OpenSpiel's observer interface): ``tensor`` and its named views ``dict``.

    The default observation is the learning interfaces' encoder; with ``perfect_recall`` (the information
    state) the seat's dealt cards and the calls and cards in order follow it.
    """

    def __init__(self, iig_obs_type: Any, params: Any, max_calls: int) -> None:
        if params:
            raise ValueError(f"baloot observations take no parameters, not {params!r}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("baloot observes one seat: the public information and that seat's own cards")
        self.perfect_recall = iig_obs_type.perfect_recall
        pieces: List[Tuple[str, Tuple[int, ...]]] = [(name, (size,)) for name, size in _core.observation_blocks()]
        if self.perfect_recall:
            pieces += [("dealt", (NUM_CARDS,)), ("call_history", (max_calls, 4 + NUM_CALLS)),
                       ("play_history", (NUM_CARDS, 4 + NUM_CARDS))]
        sizes = [int(np.prod(shape)) for _, shape in pieces]
        self.tensor = np.zeros(sum(sizes), np.float32)
        self.dict: Dict[str, np.ndarray] = {}
        start = 0
        for (name, shape), size in zip(pieces, sizes):
            self.dict[name] = self.tensor[start:start + size].reshape(shape)
            start += size
        self._observation_size = sum(sizes[:len(_core.observation_blocks())])

    def set_from(self, state: BalootState, player: int) -> None:
        self.tensor.fill(0)
        game = state.game
        if game is None:
            return
        self.tensor[:self._observation_size] = game.observation(player)
        if not self.perfect_recall:
            return
        self.dict["dealt"][from_mask(state._dealt[player])] = 1
        calls = plays = 0
        moves = state._moves
        for i in range(0, len(moves), 2):
            relative, action = (moves[i] - player) % 4, moves[i + 1]
            if action < NUM_CARDS:
                row, plays = self.dict["play_history"][plays], plays + 1
                row[4 + action] = 1
            else:
                row, calls = self.dict["call_history"][calls], calls + 1
                row[4 + action - PASS] = 1
            row[relative] = 1

    def string_from(self, state: BalootState, player: int) -> str:
        game = state.game
        if game is None:
            return f"seat {player}: {len(state._deck)} of {NUM_CARDS} cards dealt"
        if not self.perfect_recall:
            return game.draw(player)
        moves = state._moves
        calls, plays = [], []
        for i in range(0, len(moves), 2):
            (plays if moves[i + 1] < NUM_CARDS else calls).append(f"{moves[i]} {_NAMES[moves[i + 1]]}")
        dealt = " ".join(format_cards(from_mask(state._dealt[player])))
        lines = [f"seat {player} · dealer {game.dealer} · scores {game.scores[0]}-{game.scores[1]} · up-card "
                 f"{game.up_card} · dealt {dealt}", "calls: " + (", ".join(calls) or "none")]
        if plays:
            lines.append(f"plays: {', '.join(plays)}")
        shown = [f"{seat} {project.kind} {' '.join(project.cards)}"
                 for seat, projects in enumerate(game.projects) for project in projects]
        if shown:
            lines.append(f"projects: {', '.join(shown)}")
        lines.append(f"hand: {' '.join(game.hands[player])}")
        return "\n".join(lines)


pyspiel.register_game(_GAME_TYPE, BalootGame)

__all__ = ["BalootGame", "BalootObserver", "BalootState"]
