"""Reinforcement-learning interfaces (the ``rl`` extra: ``pip install "baloot[rl]"``).

* ``env()`` / ``BalootAECEnv``: a PettingZoo AEC environment of one hand, four agents ``player_0`` ..
  ``player_3`` (the seats), every decision of the hand (bidding, doubling, card play) an action.
* ``BalootSeatEnv``: a Gymnasium environment of one seat, the other three played by built-in players
  (``"heuristic"`` by default) or Python callables.
* ``BalootVectorEnv``: a Gymnasium vector environment of many hands from one seat, stepped in C++ (the
  other seats built-in players) into preallocated numpy arrays.

Actions are the core's 47 numbers: cards 0..31 (suit * 8 + rank, ``DECK`` order), then pass, hokum,
hokum:S/H/D/C, sun, ashkal, double, three, four, gahwa, then the house rules' double:closed,
four:closed and kawesh (``ACTIONS`` names them). Observations are what
the seat has seen, as a float32 vector laid out by ``OBSERVATION_LAYOUT``, and the mask of legal actions.
An episode is one hand; its only reward comes at the end: the seat's team's game points minus the
opponents' (``reward="margin"``, zero-sum) or the team's own (``reward="points"``).
"""

from __future__ import annotations

from typing import Any, Dict, Iterator, Optional, Sequence, Tuple, Union

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
    from pettingzoo import AECEnv
    from pettingzoo.utils.env_logger import EnvLogger
except ImportError as error:  # pragma: no cover - exercised only without the extra
    raise ImportError('baloot.rl needs the rl extra: pip install "baloot[rl]" (gymnasium and pettingzoo)') from error

from baloot import _core, validation
from baloot.actions import NUM_ACTIONS, format_action, parse_action
from baloot.errors import BalootError, IllegalAction
from baloot.game import REWARDS, Game
from baloot.roster import BuiltinPlayer, PlayerSpec, make_player
from baloot.rules import Rules, core_rules, hand_scores, resolve

ACTIONS: Tuple[str, ...] = tuple(format_action(a) for a in range(NUM_ACTIONS))


def _layout() -> Dict[str, slice]:
    layout, start = {}, 0
    for name, size in _core.observation_blocks():
        layout[name] = slice(start, start + size)
        start += size
    return layout


OBSERVATION_LAYOUT: Dict[str, slice] = _layout()
OBSERVATION_SIZE = max(block.stop for block in OBSERVATION_LAYOUT.values())


def action_mask(game: Game) -> np.ndarray:
    """The legal actions of the seat to move as NUM_ACTIONS int8 flags (all zero once the hand is over)."""
    return _core.action_flags(game.legal_mask())


def observe(game: Game, seat: int) -> np.ndarray:
    """What `seat` has seen of `game`, as a float32 vector laid out by OBSERVATION_LAYOUT."""
    return game.observation(seat)


def _check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise BalootError(f"reward {reward!r} must be one of {', '.join(map(repr, REWARDS))}")
    return reward


def _action_number(action: Any) -> int:
    """An action given as a number (numpy integers too) or as a string such as "pass" or "10H"."""
    if isinstance(action, str):
        return parse_action(action)
    if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
        raise IllegalAction(f"an action is a number 0..{NUM_ACTIONS - 1} or a string such as 'pass', not {action!r}")
    if not 0 <= action < NUM_ACTIONS:
        raise IllegalAction(f"action {action!r} is not a number 0..{NUM_ACTIONS - 1}")
    return int(action)


def _apply(game: Game, action: Any) -> None:
    """Plays `action` (a number or a name) of the seat to move."""
    number = action if type(action) is int and 0 <= action < NUM_ACTIONS else _action_number(action)
    try:
        game.step(number)
    except IllegalAction:
        raise _not_legal(game, number) from None


def _not_legal(game: Game, number: int) -> IllegalAction:
    legal = ", ".join(ACTIONS[a] for a in np.flatnonzero(action_mask(game)))
    return IllegalAction(f"action {number} ({ACTIONS[number]}) is not legal now; legal: {legal}")


class _Deals:
    """Deals from a seeded generator: the dealer rotates from `dealer`, each hand gets its own seed."""

    def __init__(self, rules: Optional[Rules], dealer: int, scores: Tuple[int, int]) -> None:
        self.rules, self.dealer = resolve(rules), validation.seat(dealer, "dealer")
        self.scores = hand_scores(scores, self.rules)
        self.rng = np.random.default_rng()
        self.hands = 0

    def reseed(self, seed: Optional[int]) -> None:
        if seed is not None:
            self.rng = np.random.default_rng(validation.seed(seed))
            self.hands = 0

    def next(self) -> Game:
        game = Game(rules=self.rules, dealer=(self.dealer + self.hands) % 4, seed=int(self.rng.integers(2**63)),
                    scores=self.scores)
        self.hands += 1
        return game


def _observation_space() -> spaces.Dict:
    return spaces.Dict({
        "observation": spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), dtype=np.float32),
        "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
    })


class BalootAECEnv(_core.AgentTurns, AECEnv):
    """One hand of Baloot for four learning agents (PettingZoo AEC API).

    ``rules``: host options; ``dealer``: the first hand's dealer (it rotates every reset); ``scores``: the
    match scores before each hand; ``reward``: "margin" or "points". ``reset(seed=...)`` makes the deals
    reproducible. Illegal actions raise ``IllegalAction`` and change nothing.

    The turns (``agent_iter``, ``last``, ``step`` and the closing steps of the finished agents) run in the
    core's ``AgentTurns``, on the same lists and dicts as PettingZoo's ``AECEnv`` (``agents``, ``rewards``,
    ``terminations``, ...). The environment checks the order of calls as PettingZoo's
    ``OrderEnforcingWrapper`` does (``reset`` first, a ``step`` between two agents of ``agent_iter``, none
    after the last agent has left), with the same errors, so that it needs no wrapper: a wrapper forwards
    attributes through ``__getattr__``, and a class with ``__getattr__`` makes every attribute and method
    lookup on it slow (about a tenth of a decision's time per lookup).
    """

    metadata = {"render_modes": ["ansi", "human"], "name": "baloot_v0", "is_parallelizable": False}

    def __init__(self, rules: Optional[Rules] = None, *, dealer: int = 0, scores: Tuple[int, int] = (0, 0),
                 reward: str = "margin", render_mode: Optional[str] = None) -> None:
        AECEnv.__init__(self)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise BalootError(f"render_mode {render_mode!r} must be one of {self.metadata['render_modes']} or None")
        self.render_mode = render_mode
        self.reward_kind = _check_reward(reward)
        self._deals = _Deals(rules, dealer, scores)
        self.possible_agents = [f"player_{seat}" for seat in range(4)]
        _core.AgentTurns.__init__(self, self.possible_agents, reward == "margin", render_mode == "human")
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {agent: _observation_space() for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(NUM_ACTIONS) for agent in self.possible_agents}
        self.game: Optional[Game] = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        # One call into the core for both arrays; the mask is empty unless the agent's seat is to move.
        return _core.agent_observation(self.game.stepper, self._seats[agent])

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return self._turns(max_iter)

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        self._deals.reseed(seed)
        self.game = game = self._deals.next()
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._deal(game)
        self.agent_selection = self.possible_agents[game.to_move]

    # The rare paths of the core's step: calls out of order, and actions that are not a legal number.

    def _step_before_reset(self) -> None:
        EnvLogger.error_step_before_reset()

    def _step_after_end(self) -> None:
        EnvLogger.warn_step_after_terminated_truncated()

    def _action_of(self, action: Any) -> int:
        return _action_number(action)

    def _refuse(self, number: int) -> None:
        raise _not_legal(self.game, number)

    def render(self) -> Optional[str]:
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        text = str(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(**kwargs: Any) -> BalootAECEnv:
    """The PettingZoo environment (see BalootAECEnv for arguments); it checks the order of calls itself."""
    return BalootAECEnv(**kwargs)


class BalootSeatEnv(gymnasium.Env):
    """One hand from one seat's chair (Gymnasium API): the learner plays `seat`, the other three seats are
    played by ``others`` (one player name, callable or list of three, for the seats after `seat` in play
    order; "heuristic" by default). ``step`` returns the reward at the end of the hand, 0 before;
    ``action_masks()`` and ``info["action_mask"]`` give the legal actions (for masked policies).
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, seat: int = 0, others: Union[PlayerSpec, Sequence[PlayerSpec]] = "heuristic", *,
                 rules: Optional[Rules] = None, dealer: int = 0, scores: Tuple[int, int] = (0, 0),
                 reward: str = "margin", render_mode: Optional[str] = None) -> None:
        seat = validation.seat(seat)
        if render_mode not in (None, "ansi"):
            raise BalootError(f"render_mode {render_mode!r} must be 'ansi' or None")
        self.seat = seat
        self.render_mode = render_mode
        self.reward_kind = _check_reward(reward)
        specs = [others] * 3 if isinstance(others, (str, BuiltinPlayer)) or callable(others) else list(others)
        if len(specs) != 3:
            raise BalootError(f"others must be one player or a list of three, not {others!r}")
        self._players: Dict[int, Any] = {(seat + 1 + i) % 4: make_player(spec) for i, spec in enumerate(specs)}
        self._deals = _Deals(rules, dealer, scores)
        self.observation_space = spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), dtype=np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.game: Optional[Game] = None

    def action_masks(self) -> np.ndarray:
        return action_mask(self.game).astype(bool)

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[np.ndarray, Dict[str, Any]]:
        self._deals.reseed(seed)
        super().reset(seed=seed)
        self.game = self._deals.next()
        self._play_others()
        return observe(self.game, self.seat), self._info()

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        if self.game is None or self.game.to_move is None:
            raise BalootError("the hand is over (or was never dealt): call reset()")
        _apply(self.game, action)
        self._play_others()
        over = self.game.to_move is None
        reward = float(self.game.reward(self.seat, kind=self.reward_kind)) if over else 0.0
        return observe(self.game, self.seat), reward, over, False, self._info()

    def render(self) -> Optional[str]:
        return self.game.draw(self.seat) if self.game is not None else None

    def _play_others(self) -> None:
        game = self.game
        while game.to_move is not None and game.to_move != self.seat:
            game.apply(self._players[game.to_move].act(game, int(self._deals.rng.integers(2**63))))

    def _info(self) -> Dict[str, Any]:
        info: Dict[str, Any] = {"action_mask": action_mask(self.game)}
        if self.game.to_move is None:
            info["result"] = self.game.result
        return info


class BalootVectorEnv(VectorEnv):
    """`num_envs` hands from one seat's chair, stepped together in C++ (Gymnasium vector API, same-step
    autoreset): the learner plays `seat`, built-in players (names, not callables: a callable would run at
    Python speed) the other seats. ``step(actions)`` takes one action per hand; a hand that ends reports its
    reward and ``terminated``, is dealt again in the same step, and leaves its last observation in
    ``infos["final_obs"]`` (rows where ``infos["_final_obs"]``). ``infos["action_mask"]`` and
    ``action_masks()`` give the legal actions of every hand. Hand i is dealt from its own stream of the
    reset seed, so results depend neither on `num_envs` nor on ``threads`` (hands stepped in parallel, 0:
    every core; worth it with the search players "dd" and "pimc"). ``copy=False`` returns the environment's
    own buffers (zero-copy: the next step overwrites them).
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}

    def __init__(self, num_envs: int = 64, seat: int = 0,
                 others: Union[PlayerSpec, Sequence[PlayerSpec]] = "heuristic", *, rules: Optional[Rules] = None,
                 dealer: int = 0, scores: Tuple[int, int] = (0, 0), reward: str = "margin", copy: bool = True,
                 threads: int = 1) -> None:
        num_envs = validation.integer(num_envs, "num_envs", 1)
        seat = validation.seat(seat)
        specs = [others] * 3 if isinstance(others, (str, BuiltinPlayer)) or callable(others) else list(others)
        if len(specs) != 3 or not all(isinstance(spec, (str, BuiltinPlayer)) for spec in specs):
            raise BalootError(f"others must be one built-in player name or NativePlayer, or a list of three, "
                              f"not {others!r}")
        players: list = [None] * 4
        for i, spec in enumerate(specs):
            players[(seat + 1 + i) % 4] = make_player(spec).core
        rules = resolve(rules)
        self._core = _core.VectorEnv(num_envs, seat, players, core_rules(rules),
                                     validation.seat(dealer, "dealer"), hand_scores(scores, rules),
                                     _check_reward(reward) == "margin", validation.threads(threads))
        self.num_envs = num_envs
        self.copy = copy
        self.single_observation_space = spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), dtype=np.float32)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._observations = np.zeros((num_envs, OBSERVATION_SIZE), dtype=np.float32)
        self._final = np.zeros((num_envs, OBSERVATION_SIZE), dtype=np.float32)
        self._masks = np.zeros((num_envs, NUM_ACTIONS), dtype=np.int8)
        self._rewards = np.zeros(num_envs, dtype=np.float32)
        self._terminated = np.zeros(num_envs, dtype=np.uint8)
        self._seed_rng = np.random.default_rng()

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[np.ndarray, Dict[str, Any]]:
        seed = int(self._seed_rng.integers(2**63)) if seed is None else validation.seed(seed)
        self._core.reset(seed, *self._buffers())
        return self._out(self._observations), {"action_mask": self._out(self._masks)}

    def step(self, actions: Any) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Dict[str, Any]]:
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or chosen.dtype.kind not in "iu":
            raise IllegalAction(f"actions must be {self.num_envs} integers (one per hand), not {chosen.dtype} "
                                f"of shape {chosen.shape}")
        self._core.step(chosen.astype(np.int64, copy=False), *self._buffers())
        terminated = self._terminated.astype(bool)
        infos = {"action_mask": self._out(self._masks), "final_obs": self._out(self._final), "_final_obs": terminated}
        return (self._out(self._observations), self._rewards.astype(np.float64), terminated,
                np.zeros(self.num_envs, dtype=bool), infos)

    def action_masks(self) -> np.ndarray:
        return self._masks.astype(bool)

    def _buffers(self) -> Tuple[np.ndarray, ...]:
        return self._observations, self._masks, self._rewards, self._terminated, self._final

    def _out(self, array: np.ndarray) -> np.ndarray:
        return array.copy() if self.copy else array


__all__ = ["ACTIONS", "BalootAECEnv", "BalootSeatEnv", "BalootVectorEnv", "OBSERVATION_LAYOUT", "OBSERVATION_SIZE",
           "action_mask", "env", "observe"]
