"""Players by name ("random", "heuristic", "pimc:samples=20", ...), native players by ``module:attr``,
or Python callables."""

from __future__ import annotations

import ctypes
import importlib
import os
import sys
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Sequence, Tuple, Union

from baloot import _core
from baloot.actions import format_action
from baloot.errors import BalootError
from baloot.validation import seed as check_seed

if TYPE_CHECKING:
    from baloot.game import Game

PlayerSpec = Union[str, Callable[["Game"], str]]


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
    """A player of the C++ core."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        name, options = parse_spec(spec)
        try:
            self.core = _core.Player(name, options)
        except BalootError as error:
            if not str(error).startswith("unknown player"):
                raise
            raise BalootError(f"{error}, or module:attr naming a native player") from None

    def act(self, game: "Game", seed: int) -> str:
        return format_action(self.core.choose(game.core_state(), seed))


class NativePlayer(BuiltinPlayer):
    """A player written in C, Cython or numba: a function ``int f(const baloot_view*, uint64_t seed)``
    (the header ``baloot_player.h`` in ``baloot.get_include()``) given as a PyCapsule, an integer
    address, a ctypes function pointer or anything with an integer ``address`` (numba's ``cfunc``). It
    runs in the core's threads with the GIL released, like the built-in players; it must be thread-safe.
    """

    def __init__(self, function: Any, name: str = "native") -> None:
        if not isinstance(name, str) or not name:
            raise BalootError(f"a native player's name must be a non-empty string, not {name!r}")
        self.spec = name
        self.core = _core.Player.native(_function_address(function), name)


def _function_address(function: Any) -> Any:
    """A ctypes or numba function's address as an int; a PyCapsule or an int as it is (the core checks)."""
    if isinstance(function, ctypes._CFuncPtr):  # type: ignore[attr-defined]
        return ctypes.cast(function, ctypes.c_void_p).value or 0
    address = getattr(function, "address", function)
    if isinstance(address, bool):
        raise BalootError(f"a native player is a PyCapsule or a C function's address, not {function!r}")
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
    if isinstance(spec, BuiltinPlayer):
        return spec
    if callable(spec):
        return CallablePlayer(spec)
    raise BalootError(f"a player is a name such as 'heuristic' or a callable f(game) -> action, not {spec!r}")


def resolve_players(players: Union[PlayerSpec, Sequence[PlayerSpec]]) -> List[Any]:
    """Four players from one spec for every seat or a list of four."""
    if isinstance(players, (str, BuiltinPlayer)) or callable(players):
        player = make_player(players)
        return [player] * 4
    if isinstance(players, Sequence) and len(players) == 4:
        return [make_player(p) for p in players]
    raise BalootError(f"players must be one player for all seats or a list of four, not {players!r}")


def play_out(game: "Game", players: Union[PlayerSpec, Sequence[PlayerSpec]], *, seed: int = 0) -> "Game":
    """Finish ``game`` in place with one player per seat (or one for all): a built-in name or a callable
    f(game) -> action. ``seed`` makes the built-in players' choices reproducible."""
    chosen = resolve_players(players)
    base = check_seed(seed) * 1000
    step = 0
    while game.to_move is not None:
        game.apply(chosen[game.to_move].act(game, base + step))
        step += 1
    return game
