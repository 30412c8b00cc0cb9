"""Players by name ("random", "heuristic", "pimc:samples=20", ...) or as Python callables."""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Sequence, Tuple, Union

from baloot import _core
from baloot.actions import format_action
from baloot.errors import BalootError
from baloot.validation import seed as check_seed

if TYPE_CHECKING:
    from baloot.game import Game

PlayerSpec = Union[str, Callable[["Game"], str]]


# The one option whose value is text: the neural player's weights file, last in a spec
# ("neural:weights=/path/to/file", which may itself hold colons).
WEIGHTS_OPTION = "weights="


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


def split_weights(spec: str) -> Tuple[str, str]:
    """``"neural:weights=/tmp/n.weights"`` -> ``("neural", "/tmp/n.weights")``; ``(spec, "")`` without one."""
    head, found, path = spec.partition(":" + WEIGHTS_OPTION)
    if found and not path:
        raise BalootError(f"player option weights in {spec!r} names no file")
    return head, path


class BuiltinPlayer:
    """A player of the C++ core."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        rest, weights = split_weights(spec)
        name, options = parse_spec(rest)
        self.core = _core.Player(name, options, weights)

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


def make_player(spec: Any) -> Any:
    if isinstance(spec, str):
        return BuiltinPlayer(spec)
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
