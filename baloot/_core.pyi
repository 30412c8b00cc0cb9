"""Type stub of the private C++ core. Use the ``baloot`` package; these names may change."""

from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

build_target: str  # the -march the core was compiled for ("x86-64-v3", "x86-64-v2", "native", "default")

class BalootError(ValueError): ...
class IllegalAction(BalootError): ...

class KabootBonus:
    normal: "KabootBonus"
    double: "KabootBonus"
    off: "KabootBonus"

class Rules:
    ashkal: bool
    sun_priority: bool
    must_overtrump: bool
    trump_over_partner: bool
    kaboot: KabootBonus
    target: int
    hokum_to_sun: bool
    sun_tens_first: bool
    baloot_in_hundred: bool
    def __init__(self) -> None: ...

ProjectTuple = Tuple[int, bool, int, int, int, int]

def legal_moves(hand: int, trick: Sequence[int], mode: int, trump: int, rules: Rules) -> int: ...
def trick_winner(trick: Sequence[int], mode: int, trump: int) -> int: ...
def best_projects(hand: int, mode: int) -> List[ProjectTuple]: ...
def declare_projects(hands: Sequence[int], mode: int, first: int) -> Tuple[List[List[ProjectTuple]], Optional[int], Tuple[int, int]]: ...
def game_points(abnat: int, mode: int, tens_first: bool = False) -> int: ...
def score_hand(mode: int, buyers: int, abnat: Tuple[int, int], tricks: Tuple[int, int], projects: Tuple[int, int],
               baloot: Tuple[int, int], multiplier: int, rules: Rules) -> Tuple[Tuple[int, int], bool, Optional[int]]: ...

class HandState:
    def __init__(self, deck: Sequence[int], dealer: int, scores: Tuple[int, int], rules: Rules) -> None: ...
    @staticmethod
    def random(seed: int, dealer: int, scores: Tuple[int, int], rules: Rules) -> "HandState": ...
    def copy(self) -> "HandState": ...
    def legal_actions(self) -> int: ...
    def apply(self, action: int) -> None: ...
    def force_contract(self, mode: int, trump: int) -> None: ...
    def trick_leader(self, trick: int) -> int: ...
    def trick_winner(self, trick: int) -> int: ...
    phase: int
    to_move: int
    dealer: int
    up_card: int
    deck: List[int]
    hands: List[int]
    scores: Tuple[int, int]
    round: int
    bid_stage: int
    hokum_caller: int
    has_contract: bool
    mode: int
    trump: int
    buyer: int
    ashkal: bool
    multiplier: int
    gahwa: bool
    doubler: int
    leader: int
    trick: List[int]
    tricks_played: int
    played_cards: List[int]
    abnat: Tuple[int, int]
    tricks_won: Tuple[int, int]
    project_team: Optional[int]
    project_abnat: Tuple[int, int]
    shown_voids: int
    pending_caller: int
    baloot_seat: int
    baloot_announced: bool
    thrown_in: bool
    points: Tuple[int, int]
    made: bool
    kaboot: Optional[int]

class Player:
    name: str
    def __init__(self, name: str, options: Dict[str, float] = ...) -> None: ...
    def choose(self, state: HandState, seed: int = 0) -> int: ...

def simulate(first: int, count: int, seed: int, threads: int, rules: Rules, contract: Optional[Tuple[int, int]],
             players: List[Any], arrays: Dict[str, np.ndarray], summarize: bool,
             progress: Optional[Callable[[int], None]] = None, poll_seconds: float = 0.1,
             finished: Optional[np.ndarray] = None, random_play_loop: bool = True
             ) -> Tuple[Optional[Dict[str, Any]], int, bool]: ...
def analyze_decision(deck: Sequence[int], known: int, dealer: int, scores: Tuple[int, int], rules: Rules,
                     history: Sequence[int], candidates: Sequence[int], players: List[Player], seed: int, first: int,
                     samples: int, threads: int, progress: Optional[Callable[[int], None]] = None
                     ) -> Tuple[np.ndarray, np.ndarray, np.ndarray, int]: ...
def time_legal_moves(positions: int, repeats: int, seed: int = 0) -> float: ...
def time_best_projects(hands: int, repeats: int, seed: int = 0) -> float: ...

SolutionDict = Dict[str, Any]  # value, mover, legal, best (card masks), moves {card: abnat}, nodes

class Solver:
    use_tt: bool
    def __init__(self, tt_bits: int = 16) -> None: ...
    def clear(self) -> None: ...
    def solve(self, state: HandState, all_moves: bool = True) -> SolutionDict: ...
    def solve_position(self, hands: Sequence[int], trick: Sequence[int], leader: int, mode: int, trump: int,
                       rules: Rules, all_moves: bool = True) -> SolutionDict: ...

def solve(state: HandState, all_moves: bool = True, use_tt: bool = True) -> SolutionDict: ...
def solve_position(hands: Sequence[int], trick: Sequence[int], leader: int, mode: int, trump: int, rules: Rules,
                   all_moves: bool = True, use_tt: bool = True) -> SolutionDict: ...
def time_solver(n: int, seed: int = 0, all_moves: bool = False, mode: int = -1) -> Dict[str, float]: ...
def hidden_cards(state: HandState) -> Tuple[int, List[int], List[int]]: ...
def hidden_deal(state: HandState, seed: int = 0) -> Tuple[List[int], bool]: ...
def heuristic_params() -> Dict[str, float]: ...
def time_heuristic_hands(hands: int, seed: int = 0) -> float: ...
def time_heuristic(hands: int, seed: int = 0, options: Dict[str, float] = ...) -> Dict[str, float]: ...
def heuristic_duel(hands: int, seed: int, a: Dict[str, float] = ..., b: Dict[str, float] = ...) -> float: ...
