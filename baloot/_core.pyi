"""
The C++ core of baloot. Use the `baloot` package; this module's API is private.
"""
from __future__ import annotations
from baloot import BalootError
from baloot import IllegalAction
import collections.abc
import numpy
import numpy.typing
import typing
__all__: list[str]
class Rules:
    """
    The host options the core reads; keyword arguments as baloot.Rules's.
    """
    ashkal: typing.Any
    baloot_in_hundred: typing.Any
    closed_double: typing.Any
    double_after_deal: typing.Any
    doubled_tie: typing.Any
    gahwa: typing.Any
    hokum_to_sun: typing.Any
    kaboot: typing.Any
    kaboot_multiplied: typing.Any
    kaboot_projects: typing.Any
    kawesh: typing.Any
    must_overtrump: typing.Any
    narrow_partner: typing.Any
    priority_to: typing.Any
    reverse_kaboot: typing.Any
    round2_sun: typing.Any
    sun_double_at_100: typing.Any
    sun_priority: typing.Any
    sun_tens_first: typing.Any
    target: typing.Any
    target_tie: typing.Any
    tie: typing.Any
    trump_over_partner: typing.Any
    def __init__(self, **kwargs) -> None:
        ...
class Rng:
    def __init__(self, seed: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def copy(self) -> Rng:
        ...
    def next(self) -> int:
        ...
class HandState:
    @staticmethod
    def play_randomly_together(arg0: HandState, arg1: Rng, arg2: HandState, arg3: Rng) -> None:
        ...
    @staticmethod
    def random(seed: typing.SupportsInt | typing.SupportsIndex, dealer: typing.SupportsInt | typing.SupportsIndex, scores: tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex], rules: Rules) -> HandState:
        ...
    def __init__(self, deck: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], dealer: typing.SupportsInt | typing.SupportsIndex, scores: tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex], rules: Rules) -> None:
        ...
    def apply(self, action: typing.SupportsInt | typing.SupportsIndex) -> int:
        ...
    def copy(self) -> HandState:
        ...
    def force_contract(self, arg0: typing.SupportsInt | typing.SupportsIndex, arg1: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def legal_actions(self) -> int:
        ...
    def play_random_card(self, arg0: Rng) -> None:
        ...
    def play_randomly(self, arg0: Rng) -> None:
        ...
    def projects(self, seat: typing.SupportsInt | typing.SupportsIndex) -> list:
        """
        The seat's best projects, fixed when play began (empty before).
        """
    def trick_leader(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> int:
        ...
    def trick_winner(self, arg0: typing.SupportsInt | typing.SupportsIndex) -> int:
        ...
    @property
    def abnat(self) -> tuple[int, int]:
        ...
    @property
    def ashkal(self) -> bool:
        ...
    @property
    def baloot_announced(self) -> bool:
        ...
    @property
    def baloot_seat(self) -> int:
        ...
    @property
    def bid_stage(self) -> int:
        ...
    @property
    def buyer(self) -> int:
        ...
    @property
    def closed(self) -> bool:
        ...
    @property
    def dealer(self) -> int:
        ...
    @property
    def deck(self) -> list[int]:
        ...
    @property
    def doubler(self) -> int:
        ...
    @property
    def gahwa(self) -> bool:
        ...
    @property
    def hands(self) -> list:
        ...
    @property
    def has_contract(self) -> bool:
        ...
    @property
    def hokum_caller(self) -> int:
        ...
    @property
    def kaboot(self) -> typing.Any:
        ...
    @property
    def leader(self) -> int:
        ...
    @property
    def made(self) -> bool:
        ...
    @property
    def mode(self) -> int:
        ...
    @property
    def multiplier(self) -> int:
        ...
    @property
    def narrow_partner(self) -> bool:
        ...
    @property
    def pending_caller(self) -> int:
        ...
    @property
    def phase(self) -> int:
        ...
    @property
    def played_cards(self) -> list:
        ...
    @property
    def points(self) -> tuple[int, int]:
        ...
    @property
    def project_abnat(self) -> tuple[int, int]:
        ...
    @property
    def project_team(self) -> typing.Any:
        ...
    @property
    def round(self) -> int:
        ...
    @property
    def scores(self) -> tuple[int, int]:
        ...
    @property
    def shown_voids(self) -> int:
        ...
    @property
    def thrown_in(self) -> bool:
        ...
    @property
    def to_move(self) -> int:
        ...
    @property
    def trick(self) -> list[int]:
        ...
    @property
    def tricks_played(self) -> int:
        ...
    @property
    def tricks_won(self) -> tuple[int, int]:
        ...
    @property
    def trump(self) -> int:
        ...
    @property
    def up_card(self) -> int:
        ...
class HandStepper:
    """
    A hand stepped action by action, with the record of every action and its seat.
    """
    def __init__(self, state: HandState) -> None:
        """
        A stepper from a copy of `state`, its record empty.
        """
    def apply(self, action: typing.SupportsInt | typing.SupportsIndex) -> int:
        """
        Applies a legal action and returns the seat to move next (-1 once the hand is over).
        """
    def copy(self) -> HandStepper:
        ...
    @property
    def actions(self) -> list[int]:
        """
        Every action applied, in order.
        """
    @property
    def movers(self) -> list[int]:
        """
        The seat that took each action.
        """
    @property
    def state(self) -> HandState:
        """
        The hand as it stands (a view that follows every step).
        """
class StrongWeights:
    """
    The strong player's learned values, read from a weights file; never changed once read.
    """
    def __init__(self, path: str) -> None:
        """
        Reads and checks a weights file; a BalootError says what is wrong with it.
        """
class NeuralWeights:
    """
    The neural player's network, read from a weights file; never changed once read.
    """
    def __init__(self, path: str) -> None:
        """
        Reads and checks a weights file; a BalootError says what is wrong with it.
        """
    @property
    def has_calls(self) -> bool:
        """
        Whether the file holds a call network too (the player then bids by it).
        """
class Player:
    @staticmethod
    def native(function: typing.Any, name: str) -> Player:
        """
        A player that is a C function (a PyCapsule or an address): baloot/native/baloot_player.h.
        """
    def __init__(self, name: str, options: collections.abc.Mapping[str, typing.SupportsFloat | typing.SupportsIndex] = {}, weights: StrongWeights = None, network: NeuralWeights = None) -> None:
        """
        A built-in player; `weights` are the strong player's (the neural player calls by them too), `network` the neural player's (the others take none).
        """
    def choose(self, state: HandState, seed: typing.SupportsInt | typing.SupportsIndex = 0) -> int:
        """
        The player's action for the seat to move.
        """
    def with_match_table(self, rules: Rules, win: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], ties: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> typing.Any:
        """
        The same player reading a match equity table of `rules` (win [s0][s1][dealer] and ties [s - target][dealer], flattened) where its option match_equity asks for one; None for a player that never reads one.
        """
    @property
    def name(self) -> str:
        ...
class Solver:
    """
    A double-dummy solver with its own transposition table (2^(tt_bits - 2) buckets of 3 entries).
    """
    use_bounds: bool
    use_tt: bool
    def __init__(self, tt_bits: typing.SupportsInt | typing.SupportsIndex = 15) -> None:
        ...
    def clear(self) -> None:
        ...
    def solve(self, state: HandState, all_moves: bool = True) -> dict:
        ...
    def solve_position(self, hands: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], trick: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], leader: typing.SupportsInt | typing.SupportsIndex, mode: typing.SupportsInt | typing.SupportsIndex, trump: typing.SupportsInt | typing.SupportsIndex, rules: Rules, all_moves: bool = True) -> dict:
        ...
class AgentTurns:
    """
    The turns of a PettingZoo environment of one hand: agent_iter, last and step in C.
    """
    @staticmethod
    def __new__(type, *args, **kwargs):
        """
        Create and return a new object.  See help(type) for accurate signature.
        """
    @staticmethod
    def _deal(*args, **kwargs):
        """
        _deal(game): the hand to step, through game.stepper.
        """
    @staticmethod
    def _turns(*args, **kwargs):
        """
        _turns(max_iter): the iterator of agent_iter.
        """
    @staticmethod
    def last(*args, **kwargs):
        """
        last(observe=True): (observation, cumulative reward, terminated, truncated, info) of the agent to move.
        """
    @staticmethod
    def step(*args, **kwargs):
        """
        step(action): the agent to move takes `action` (None once it is finished).
        """
class VectorEnv:
    def __init__(self, num_envs: typing.SupportsInt | typing.SupportsIndex, seat: typing.SupportsInt | typing.SupportsIndex, players: list, rules: Rules, dealer: typing.SupportsInt | typing.SupportsIndex, scores: tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex], margin: bool, threads: typing.SupportsInt | typing.SupportsIndex) -> None:
        ...
    def reset(self, arg0: typing.SupportsInt | typing.SupportsIndex, arg1: numpy.ndarray, arg2: numpy.ndarray, arg3: numpy.ndarray, arg4: numpy.ndarray, arg5: numpy.ndarray) -> None:
        ...
    def step(self, arg0: numpy.ndarray, arg1: numpy.ndarray, arg2: numpy.ndarray, arg3: numpy.ndarray, arg4: numpy.ndarray, arg5: numpy.ndarray) -> None:
        ...
    @property
    def size(self) -> int:
        ...
def action_flags(mask: typing.SupportsInt | typing.SupportsIndex) -> numpy.typing.NDArray[numpy.int8]:
    ...
def agent_observation(stepper: HandStepper, seat: typing.SupportsInt | typing.SupportsIndex) -> dict:
    """
    A PettingZoo agent's observation: what `seat` has seen and its legal actions (none unless it is to move).
    """
def analyze_decision(deck: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], known: typing.SupportsInt | typing.SupportsIndex, dealer: typing.SupportsInt | typing.SupportsIndex, scores: tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex], rules: Rules, history: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], candidates: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], players: list, seed: typing.SupportsInt | typing.SupportsIndex, first: typing.SupportsInt | typing.SupportsIndex, samples: typing.SupportsInt | typing.SupportsIndex, threads: typing.SupportsInt | typing.SupportsIndex, progress: typing.Any = None) -> tuple[numpy.typing.NDArray[numpy.int16], numpy.typing.NDArray[numpy.uint8], numpy.typing.NDArray[numpy.int8], numpy.typing.NDArray[numpy.int32], int, numpy.typing.NDArray[numpy.int16]]:
    ...
def best_projects(hand: typing.SupportsInt | typing.SupportsIndex, mode: typing.SupportsInt | typing.SupportsIndex) -> list:
    """
    (kind, is_run, top_rank, length, cards mask, abnat) per project, best first.
    """
def card_abnat(card: typing.SupportsInt | typing.SupportsIndex, mode: typing.SupportsInt | typing.SupportsIndex, trump: typing.SupportsInt | typing.SupportsIndex) -> int:
    ...
def check_match_start(rules: Rules, scores: tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex]) -> None:
    ...
def dd_tables(hands: numpy.ndarray, leaders: numpy.ndarray, contracts: typing.SupportsInt | typing.SupportsIndex, rules: Rules, threads: typing.SupportsInt | typing.SupportsIndex = 1, progress: typing.Any = None, resolution: typing.SupportsInt | typing.SupportsIndex = 0) -> numpy.typing.NDArray[numpy.int16]:
    """
    Team 0's abnat from each deal's first lead under each contract (Sun, Hokum S H D C): an (n, 5) int16 array, -1 in the columns not asked for; the GIL released, deals split over threads. resolution 1: an abnat with the exact value's game points and leading team; 2: one on the exact value's side of half.
    """
def declare_projects(hands: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], mode: typing.SupportsInt | typing.SupportsIndex, first: typing.SupportsInt | typing.SupportsIndex) -> tuple[list, typing.Any, tuple[int, int]]:
    ...
def first_card_positions(seat: typing.SupportsInt | typing.SupportsIndex, dealer: typing.SupportsInt | typing.SupportsIndex) -> list[int]:
    """
    The deck positions of the five cards `seat` bids on when `dealer` deals.
    """
def game_points(abnat: typing.SupportsInt | typing.SupportsIndex, mode: typing.SupportsInt | typing.SupportsIndex, tens_first: bool = False) -> int:
    ...
def hand_reward(state: HandState, seat: typing.SupportsInt | typing.SupportsIndex, margin: bool) -> int:
    """
    A finished hand's reward for `seat`: its team's game points less the other's (margin) or its own.
    """
def heuristic_duel(hands: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, a: collections.abc.Mapping[str, typing.SupportsFloat | typing.SupportsIndex] = {}, b: collections.abc.Mapping[str, typing.SupportsFloat | typing.SupportsIndex] = {}) -> list[int]:
    """
    Heuristic options a against options b: each deal twice with seats swapped; a's margin per game.
    """
def hidden_cards(state: HandState) -> tuple[int, list[int], list[int]]:
    """
    (unseen, allowed per seat, cards per seat) as the seat to move knows them.
    """
def hidden_deal(state: HandState, seed: typing.SupportsInt | typing.SupportsIndex = 0) -> tuple[list[int], bool]:
    """
    One deal of the hidden cards as the pimc player draws it.
    """
def legal_moves(hand: typing.SupportsInt | typing.SupportsIndex, trick: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], mode: typing.SupportsInt | typing.SupportsIndex, trump: typing.SupportsInt | typing.SupportsIndex, rules: Rules, played: typing.SupportsInt | typing.SupportsIndex = 0, closed: bool = False) -> int:
    """
    `played`: the cards of the earlier tricks; `closed`: under a closed double.
    """
def match_after_hand(rules: Rules, scores: tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex], thrown_in: bool, points: tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex], gahwa: bool, buyers: typing.SupportsInt | typing.SupportsIndex, made: bool) -> tuple[tuple[int, int], typing.Any, typing.Any]:
    ...
def match_equity(rules: Rules, players: list, hands: typing.SupportsInt | typing.SupportsIndex, batches: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, threads: typing.SupportsInt | typing.SupportsIndex, same_players: bool, progress: typing.Any = None, poll_seconds: typing.SupportsFloat | typing.SupportsIndex = 0.1) -> typing.Any:
    ...
def match_trace(index: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, rules: Rules, scores: tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex], dealer: typing.SupportsInt | typing.SupportsIndex, players: list) -> tuple[list, tuple[int, int], int, typing.Any]:
    ...
def neural_call_input(state: HandState) -> tuple[list[int], list[int]]:
    """
    The active features of the seat to move's bidding turn, and each actual suit's canonical number.
    """
def neural_call_values(network: NeuralWeights, active: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> list[int]:
    """
    The integer value of each call (pass, hokum, hokum in canonical suit 0-3, sun, ashkal) for `active` features.
    """
def neural_forward(network: NeuralWeights, active: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex]) -> tuple[list[int], int]:
    """
    The integer logits and value of `network` for `active` features.
    """
def neural_input(state: HandState) -> tuple[list[int], list[int]]:
    """
    The active features of the seat to move's card decision, and each actual suit's canonical number.
    """
def neural_play_log_probability(network: NeuralWeights, state: HandState, card: typing.SupportsInt | typing.SupportsIndex) -> int:
    """
    The log-probability of `card` for the seat to move under the softmax of the network's logits over its legal cards, in logit units (output_one per nat), at least -play_floor.
    """
def neural_rows(hands: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, player: Player, labeller: Player, rules: Rules, threads: typing.SupportsInt | typing.SupportsIndex = 1, playout: Player = None, opponent: Player = None) -> dict:
    """
    Training rows for the neural player from `hands` hands called and played by `player` (with `opponent` given: by `player` for team (i / 4) mod 2 of hand i, by `opponent` for the other team, whose decisions make no rows): per card decision with a choice, the active features (padded with the number of inputs), the legal cards, each legal card's value from the rollout `labeller` (its play-outs by `playout` when given; every value 0 when the labeller is None), the hand's final margin and the card `player` played, cards in the canonical order.
    """
def neural_sizes() -> dict:
    """
    The neural player's network sizes and integer scales (players/neural_net.hpp).
    """
def observation_blocks() -> list[tuple[str, int]]:
    ...
def observe(state: HandState, seat: typing.SupportsInt | typing.SupportsIndex) -> numpy.typing.NDArray[numpy.float32]:
    ...
def play_contexts() -> int:
    """
    The number of kinds of card decision the strong player weighs apart.
    """
def play_feature_names() -> list[str]:
    """
    The names of the strong player's card features, in order.
    """
def play_labels(hands: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, player: Player, labeller: Player, rules: Rules, threads: typing.SupportsInt | typing.SupportsIndex = 1, playout: Player = None) -> dict:
    """
    Training data for the strong player's card play: the features of every card open at each card decision with a choice in `hands` hands called and played by `player`, and the value the rollout `labeller` gives it (its play-outs by `playout` when given).
    """
def play_value(weights: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex], features: collections.abc.Sequence[typing.SupportsFloat | typing.SupportsIndex]) -> float:
    """
    A card's value under one context's card-play weights.
    """
def play_weights() -> int:
    """
    The number of card-play weights per kind of decision.
    """
def project_points(abnat: typing.SupportsInt | typing.SupportsIndex, mode: typing.SupportsInt | typing.SupportsIndex) -> int:
    ...
def review_decision(deck: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], dealer: typing.SupportsInt | typing.SupportsIndex, scores: tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex], rules: Rules, history: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], candidates: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], players: list, seed: typing.SupportsInt | typing.SupportsIndex, samples: typing.SupportsInt | typing.SupportsIndex, threads: typing.SupportsInt | typing.SupportsIndex, progress: typing.Any = None, inference: NeuralWeights = None, inference_worlds: typing.SupportsInt | typing.SupportsIndex = 8) -> tuple[numpy.typing.NDArray[numpy.int16], int, numpy.typing.NDArray[numpy.int16], numpy.typing.NDArray[numpy.uint8]]:
    """
    Margins [samples, candidates] of the seat to move's team for each candidate, in worlds it cannot tell from the true one, with the team's points and the outcome flags; worlds of play weighed by the `inference` network's likelihood of the other seats' plays, one kept of `inference_worlds` dealt.
    """
def score_classes(rules: Rules, players: list) -> tuple[numpy.typing.NDArray[numpy.int32], list[typing.Annotated[list[int], "FixedSize(2)"]]]:
    ...
def score_hand(mode: typing.SupportsInt | typing.SupportsIndex, buyers: typing.SupportsInt | typing.SupportsIndex, abnat: tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex], tricks: tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex], projects: tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex], baloot: tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex], multiplier: typing.SupportsInt | typing.SupportsIndex, rules: Rules, gahwa: bool = False) -> tuple[tuple[int, int], bool, typing.Any]:
    ...
def simulate(first: typing.SupportsInt | typing.SupportsIndex, count: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, threads: typing.SupportsInt | typing.SupportsIndex, rules: Rules, contract: typing.Any, players: list, arrays: dict, summarize: bool, progress: typing.Any = None, poll_seconds: typing.SupportsFloat | typing.SupportsIndex = 0.1, finished: typing.Any = None, random_play_loop: bool = True, native_view_loop: bool = True) -> tuple[typing.Any, int, bool, typing.Any]:
    ...
def simulate_matches(first: typing.SupportsInt | typing.SupportsIndex, count: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex, threads: typing.SupportsInt | typing.SupportsIndex, rules: Rules, scores: tuple[typing.SupportsInt | typing.SupportsIndex, typing.SupportsInt | typing.SupportsIndex], dealer: typing.SupportsInt | typing.SupportsIndex, players: list, arrays: dict, progress: typing.Any = None, poll_seconds: typing.SupportsFloat | typing.SupportsIndex = 0.1, finished: typing.Any = None) -> tuple[dict, int, bool]:
    ...
def solve(state: HandState, all_moves: bool = True, use_tt: bool = True) -> dict:
    """
    Double-dummy solution of a hand in its playing phase: value (abnat per team from here), mover, legal and best (card masks), moves ({card: abnat of the mover's team}), nodes.
    """
def solve_makes(state: HandState, use_tt: bool = True) -> bool:
    """
    Whether the buyers' card abnat (taken so far plus best play from here), projects and Baloot beat the defenders' (the buyers' check; one probe).
    """
def solve_points(state: HandState, use_tt: bool = True) -> tuple[tuple[int, int], int, tuple[int, int]]:
    """
    ((team 0's, team 1's game points of the card abnat taken so far plus best play from here), the team ahead in card abnat plus projects and Baloot (the buyers' check) or -1, (lo, hi): team 0's abnat from here lies in [lo, hi]).
    """
def solve_position(hands: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], trick: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], leader: typing.SupportsInt | typing.SupportsIndex, mode: typing.SupportsInt | typing.SupportsIndex, trump: typing.SupportsInt | typing.SupportsIndex, rules: Rules, all_moves: bool = True, use_tt: bool = True) -> dict:
    """
    Like solve, for four hand masks (seat order), the cards on the table (from the leader) and a contract.
    """
def solve_target(state: HandState, target: typing.SupportsInt | typing.SupportsIndex, use_tt: bool = True) -> bool:
    """
    Whether the team of the seat to move takes at least `target` abnat from here under best play (one probe).
    """
def time_best_projects(hands: typing.SupportsInt | typing.SupportsIndex, repeats: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex = 0) -> float:
    """
    Mean ns per best-project-set call, timed in C++.
    """
def time_heuristic(hands: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex = 0, options: collections.abc.Mapping[str, typing.SupportsFloat | typing.SupportsIndex] = {}) -> dict:
    """
    time_heuristic_hands with details: ns per hand, hands/s, decisions per hand, ns per decision (players only).
    """
def time_heuristic_hands(hands: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex = 0) -> float:
    """
    Mean ns per full hand (deal, bidding, doubling, play, score) with four heuristic players, one thread.
    """
def time_legal_moves(positions: typing.SupportsInt | typing.SupportsIndex, repeats: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex = 0) -> float:
    """
    Mean ns per legal-move call, timed in C++.
    """
def time_solver(n: typing.SupportsInt | typing.SupportsIndex, seed: typing.SupportsInt | typing.SupportsIndex = 0, all_moves: bool = False, mode: typing.SupportsInt | typing.SupportsIndex = -1, query: str = 'solve') -> dict:
    """
    Solve n random full deals from the first lead on one thread, timed in C++. query: solve (value and best cards, or every first card's value with all_moves), value, make (the leader's team takes more than half: one probe) or points (game-point resolution).
    """
def trick_winner(trick: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], mode: typing.SupportsInt | typing.SupportsIndex, trump: typing.SupportsInt | typing.SupportsIndex) -> int:
    ...
def world_surprises(state: HandState, hands: collections.abc.Sequence[typing.SupportsInt | typing.SupportsIndex], model: str = 'heuristic', calls: typing.SupportsInt | typing.SupportsIndex = 0) -> int:
    """
    How many of the other team's plays so far `model` would not have made in the world of `hands` (-1 when the calls cannot be rebuilt), and `calls` more when `model`, making the other team's calls from the deal, would not have made the real ones.
    """
actions: dict
bid_stages: tuple
build_target: str
contracts: list
count_max: int
default_analysis_player: str
inference_worlds: int
int_max: int
last_trick_abnat: int
match_ends: tuple
modes: tuple
neural_play_floor: int
num_actions: int
num_cards: int
outcome_flags: dict
phases: tuple
plain_abnat: tuple
player_registry: tuple
project_kinds: tuple
rule_options: tuple
seed_max: int
summary_contracts: list
total_abnat: tuple
trump_abnat: tuple
up_card_position: int
