"""Players by name ("random", "heuristic", "pimc:samples=20", ...), native players by ``module:attr``, or
Python callables, and the core's registry of the built-in ones (``players()``)."""

from __future__ import annotations

import ctypes
import functools
import importlib
import os
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from baloot import _core
from baloot.actions import format_action
from baloot.errors import BalootError
from baloot.validation import SEED_MAX, integer
from baloot.validation import seed as check_seed

if TYPE_CHECKING:
    from baloot.game import Game

ADDRESS_MAX = 2 ** (8 * ctypes.sizeof(ctypes.c_void_p)) - 1
PlayerSpec = Union[str, Callable[["Game"], str]]

# The learned values of the "strong" player, shipped next to this file (training/train_strong.py and
# training/train_play.py write them).
SHIPPED_WEIGHTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "strong.weights")
# The "neural" player's network, shipped next to this file (training/train.py writes it).
SHIPPED_NETWORK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "neural.weights")
# The players of the analyses, of review and of the match equity table unless told otherwise (the core's,
# which the C library's analyses take too).
DEFAULT_PLAYERS: str = _core.default_analysis_player
# The one player option whose value is text, last in a spec: the weights file of a player of learned values
# ("neural:weights=/path/to/file", the path free to hold colons), as BuiltinPlayer's weights takes it.
WEIGHTS_OPTION = "weights="


def strong_weights(path: str = SHIPPED_WEIGHTS) -> Any:
    """The strong player's weights in the file ``path``, read once per file and shared by every strong
    player made from it (the core never changes them).

    Parameters
    ----------
    path : str
        A weights file; the one the package ships by default.

    Returns
    -------
    baloot._core.StrongWeights
        The weights, checked.

    Raises
    ------
    BalootError
        When the file is missing, unreadable or damaged (the message says where).
    """
    return _read_weights(os.path.abspath(path))


@functools.lru_cache(maxsize=None)
def _read_weights(path: str) -> Any:
    return _core.StrongWeights(path)


def neural_network(path: str = SHIPPED_NETWORK) -> Any:
    """The neural player's network in the file ``path``, read once per file and shared by every neural
    player made from it (the core never changes it).

    Parameters
    ----------
    path : str
        A weights file that training/train.py wrote; the one the package ships by default.

    Returns
    -------
    baloot._core.NeuralWeights
        The network, checked.

    Raises
    ------
    BalootError
        When the file is missing, truncated, damaged or of other sizes (the message says which).
    """
    return _read_network(os.path.abspath(path))


@functools.lru_cache(maxsize=None)
def _read_network(path: str) -> Any:
    return _core.NeuralWeights(path)


def learned_weights(name: str, weights: Optional[str] = None) -> Tuple[Any, Any]:
    """The strong player's weights and the neural player's network that the built-in player ``name`` is made
    with, each None where it takes none: ``weights`` names its own file (the shipped one by default).

    Parameters
    ----------
    name : str
        A built-in player's name.
    weights : str, optional
        The weights file of the strong player, or the network file of the neural player (or of the rollout
        player's neural play-outs).

    Returns
    -------
    tuple
        The ``StrongWeights`` (the strong, neural and rollout players) and the ``NeuralWeights`` (the neural
        and rollout players).

    Raises
    ------
    BalootError
        A weights file for another player, or a file that cannot be read.
    """
    if name == "strong":
        return strong_weights(SHIPPED_WEIGHTS if weights is None else weights), None
    if name in ("neural", "rollout"):  # the rollout player's network plays its deals out with neural_playout=1
        return strong_weights(), neural_network(SHIPPED_NETWORK if weights is None else weights)
    if weights is not None:
        raise BalootError(f"player {name} takes no weights (only strong, neural and rollout do), got {weights!r}")
    return None, None


def split_weights(spec: str) -> Tuple[str, Optional[str]]:
    """``"neural:weights=/tmp/n.weights"`` -> ``("neural", "/tmp/n.weights")``; ``(spec, None)`` without one."""
    head, found, path = spec.partition(":" + WEIGHTS_OPTION)
    if found and not path:
        raise BalootError(f"player option weights in {spec!r} names no file")
    return head, path if found else None


@dataclass(frozen=True)
class PlayerOption:
    """One option of a built-in player, given as ``"name:option=value"``.

    Parameters
    ----------
    name : str
        The option's name.
    kind : {"whole", "real", "flag"}
        A whole number, any number, or 0 / 1.
    default : float
        Its value when not given.
    low, high : float
        The allowed values.
    help : str
        What it changes, one line.
    """

    name: str
    kind: str
    default: float
    low: float
    high: float
    help: str


@dataclass(frozen=True)
class PlayerInfo:
    """A built-in player as the core's registry declares it.

    Parameters
    ----------
    name : str
        Its name, as ``simulate(players=...)`` and ``--players`` take it.
    summary : str
        What it does, one line.
    strength : str
        Its margin against the player below it in ``players()`` (docs/players.md says how it was measured).
    speed : str
        How fast it plays on the machine of docs/players.md.
    search : bool
        Whether it searches sampled deals at its decisions (thousands of times slower than the others).
    fair : bool
        Whether it decides from what its seat sees alone (``"dd"`` sees every hand).
    options : tuple of PlayerOption
        What ``"name:option=value"`` may set.
    """

    name: str
    summary: str
    strength: str
    speed: str
    search: bool
    fair: bool
    options: Tuple[PlayerOption, ...]

    def defaults(self) -> Dict[str, float]:
        """Every option's value when not given, by name.

        Returns
        -------
        dict of str to float
        """
        return {option.name: option.default for option in self.options}


_REGISTRY: Tuple[PlayerInfo, ...] = tuple(
    PlayerInfo(**{**row, "options": tuple(PlayerOption(**option) for option in row["options"])})
    for row in _core.player_registry)


def players() -> Tuple[PlayerInfo, ...]:
    """The built-in players, from the weakest to the strongest.

    Returns
    -------
    tuple of PlayerInfo
        Each player's name, what it does, its options with their defaults, how strong and how fast it is.
    """
    return _REGISTRY


def player(name: str) -> PlayerInfo:
    """The registry's entry of the built-in player ``name``; a BalootError lists the known ones."""
    for info in _REGISTRY:
        if info.name == name:
            return info
    raise BalootError(f"unknown player {name}: the players are {player_names()}")


def player_names() -> str:
    """The built-in players' names, comma-separated, for help texts and messages."""
    return ", ".join(player.name for player in _REGISTRY)


def parse_spec(spec: str) -> Tuple[str, Dict[str, float]]:
    """``"pimc:samples=20:tries=4"`` -> ``("pimc", {"samples": 20.0, "tries": 4.0})``."""
    name, _, rest = spec.strip().partition(":")
    options: Dict[str, float] = {}
    for item in filter(None, rest.split(":")):
        key, eq, value = item.partition("=")
        try:
            options[key.strip()] = float(value)
        except ValueError:
            raise BalootError(f"player option {item!r} in {spec!r} must be name=number") from None
        if not eq:
            raise BalootError(f"player option {item!r} in {spec!r} must be name=number")
    return name.lower(), options


class BuiltinPlayer:
    """A player of the C++ core, by its spec (``"pimc:samples=20"``).

    Parameters
    ----------
    spec : str
        The player's name and options.
    weights : str, optional
        The strong player's weights file or the neural player's network file (the shipped one by default;
        the rollout player's network plays its deals out with ``neural_playout=1``), as ``"name:weights=PATH"``
        also gives it; other players take none.

    Raises
    ------
    BalootError
        For an unknown player or option, or a weights file that cannot be read.
    """

    def __init__(self, spec: str, *, weights: Optional[str] = None) -> None:
        self.spec = spec
        rest, named = split_weights(spec)
        if named is not None and weights is not None:
            raise BalootError(f"player {spec!r} is given a weights file twice")
        weights = named if weights is None else weights
        name, options = parse_spec(rest)
        self._name, self._options = name, options
        self._with_table: Dict[Any, Any] = {}  # rules -> the core player reading their table (core_for)
        # Another weights file than the shipped one, which results keyed by the spec alone must tell apart.
        self.weights = None if weights is None else os.path.abspath(weights)
        strong, network = learned_weights(name, weights)
        try:
            self.core = _core.Player(name, options, strong, network)
        except BalootError as error:
            if not str(error).startswith("unknown player"):
                raise
            raise BalootError(f"{error}, or module:attr naming a native player") from None

    def core_for(self, rules: Any) -> Any:
        """The core player for hands under ``rules``.

        Parameters
        ----------
        rules : Rules
            The rules of the hands it will play.

        Returns
        -------
        _core.Player
            With the option ``match_equity=1`` (and the shipped weights), the player whose doubles read the
            match equity table shipped for this player and these rules (docs/match-equity.md); else, or
            where none is shipped, ``self.core``.
        """
        if not self._options.get("match_equity") or self.weights is not None:
            return self.core
        if rules not in self._with_table:
            from baloot.equity import shipped_table
            from baloot.rules import core_rules

            table = shipped_table(self._name, rules)
            self._with_table[rules] = self.core if table is None else self.core.with_match_table(
                core_rules(rules), table.win.reshape(-1).tolist(), table.ties.reshape(-1).tolist()) or self.core
        return self._with_table[rules]

    def act(self, game: "Game", seed: int) -> str:
        return format_action(self.core_for(game.rules).choose(game.core_state(), seed))


class NativePlayer(BuiltinPlayer):
    """A player written in C, Cython or numba. It runs in the core's threads with the GIL released, like
    the built-in players; it must be thread-safe.

    Parameters
    ----------
    function : PyCapsule, int, ctypes function or numba cfunc
        A function ``int f(const baloot_view*, uint64_t seed)`` (the header ``baloot_player.h`` in
        ``baloot.get_include()``): a PyCapsule, an integer address, a ctypes function pointer or anything
        with an integer ``address``.
    name : str, default "native"
        Its name in results and errors.

    Raises
    ------
    BalootError
        A null or non-function, or an empty name.
    """

    def __init__(self, function: Any, *, name: str = "native") -> None:
        if not isinstance(name, str) or not name:
            raise BalootError(f"a native player's name must be a non-empty string, not {name!r}")
        self.spec = name
        self.weights = None
        self._name, self._options, self._with_table = name, {}, {}
        self.core = _core.Player.native(_function_address(function), name)


def _function_address(function: Any) -> Any:
    """A ctypes or numba function's address as an int; a PyCapsule or an int as it is (the core checks)."""
    if isinstance(function, ctypes._CFuncPtr):  # type: ignore[attr-defined]
        return ctypes.cast(function, ctypes.c_void_p).value or 0
    address = getattr(function, "address", function)
    if isinstance(address, bool):
        raise BalootError(f"a native player is a PyCapsule or a C function's address, not {function!r}")
    if isinstance(address, int):
        return integer(address, "a native player's address", 0, ADDRESS_MAX)
    return address


class CallablePlayer:
    """A Python function ``f(game) -> action``; it runs at Python speed."""

    def __init__(self, function: Callable[["Game"], str]) -> None:
        self.function = function
        self.spec = getattr(function, "__name__", "python")

    def act(self, game: "Game", seed: int) -> str:
        return self.function(game)


def native_from_path(spec: str) -> NativePlayer:
    """The native player ``"module:attr"`` names: ``attr`` of the module (importable from the current
    directory or ``sys.path``) is a NativePlayer, a PyCapsule or function address that NativePlayer
    takes, or a function of no arguments that returns one (as the Cython example's ``player``).

    Parameters
    ----------
    spec : str
        ``"module:attr"``, e.g. ``"highest_card:player"``; it also names the player.

    Returns
    -------
    NativePlayer

    Raises
    ------
    BalootError
        When the module cannot be imported, has no such attribute, or the attribute is none of these.
    """
    module_name, _, attribute = spec.strip().partition(":")
    try:
        module = _import_here(module_name)
    except ImportError as error:
        raise BalootError(f"player {spec!r}: cannot import {module_name!r} ({error}); a native player is "
                          "module:attr, the module importable from the current directory or PYTHONPATH") from None
    if not hasattr(module, attribute):
        raise BalootError(f"player {spec!r}: module {module_name!r} has no attribute {attribute!r}")
    value = getattr(module, attribute)
    if isinstance(value, NativePlayer):
        return value
    if callable(value) and not isinstance(value, ctypes._CFuncPtr) and not hasattr(value, "address"):  # type: ignore[attr-defined]
        try:
            value = value()
        except TypeError:
            raise BalootError(f"player {spec!r} is a function that needs arguments: module:attr names a "
                              "NativePlayer, a PyCapsule or function address, or a function of no arguments "
                              "returning one") from None
        if isinstance(value, NativePlayer):
            return value
    return NativePlayer(value, name=spec.strip())


def _import_here(name: str) -> Any:
    """``importlib.import_module(name)``, trying the current directory too (console scripts leave it out
    of ``sys.path``)."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name.split(".")[0] or os.getcwd() in sys.path:
            raise
    sys.path.insert(0, os.getcwd())
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(os.getcwd())


def is_native_path(spec: str) -> bool:
    """Whether a player name is ``module:attr`` (a native player) rather than ``name:option=value``."""
    _, colon, rest = spec.partition(":")
    return bool(colon and rest.strip()) and "=" not in rest


def make_player(spec: Any) -> Any:
    if isinstance(spec, str):
        return native_from_path(spec) if is_native_path(spec) else BuiltinPlayer(spec)
    if isinstance(spec, (BuiltinPlayer, CallablePlayer)):
        return spec
    if callable(spec):
        return CallablePlayer(spec)
    raise BalootError(f"a player is a name such as 'heuristic' or a callable f(game) -> action, not {spec!r}")


def inference_network(players: Union[PlayerSpec, Sequence[PlayerSpec]]) -> Any:
    """The network whose likelihood of the other seats' plays weighs the worlds a review deals: that of the
    first neural player among ``players``, else the shipped one.

    Parameters
    ----------
    players : str, callable or list of four
        The review's players.

    Returns
    -------
    _core.NeuralWeights
        The network, read once per file.
    """
    for player in resolve_players(players):
        if isinstance(player, BuiltinPlayer) and player._name == "neural":
            return neural_network(player.weights or SHIPPED_NETWORK)
    return neural_network()


def resolve_players(players: Union[PlayerSpec, Sequence[PlayerSpec]]) -> List[Any]:
    """Four players from one spec for every seat or a list of four."""
    if isinstance(players, (str, BuiltinPlayer)) or callable(players):
        player = make_player(players)
        return [player] * 4
    if isinstance(players, Sequence) and len(players) == 4:
        return [make_player(p) for p in players]
    raise BalootError(f"players must be one player for all seats or a list of four, not {players!r}")


def play_out(game: "Game", players: Union[PlayerSpec, Sequence[PlayerSpec]], *, seed: int = 0) -> "Game":
    """Finish ``game`` in place with one player per seat (or one for all).

    Parameters
    ----------
    game : Game
        The hand to finish; it is changed in place.
    players : str, callable, NativePlayer or list of four
        A built-in name with its options, a ``NativePlayer``, or a Python callable ``f(game) -> action``.
    seed : int, default 0
        Makes the built-in players' choices reproducible.

    Returns
    -------
    Game
        ``game`` itself, over.

    Raises
    ------
    BalootError
        A bad player or seed.
    IllegalAction
        A player chose an action that is not legal now.
    """
    chosen = resolve_players(players)
    base = check_seed(seed) * 1000
    step = 0
    while game.to_move is not None:
        game.apply(chosen[game.to_move].act(game, (base + step) % (SEED_MAX + 1)))
        step += 1
    return game
