"""The errors every bad input raises: a BalootError (a ValueError) that names the bad value."""

from baloot._core import BalootError, IllegalAction

BalootError.__doc__ = "Bad input to baloot: the message names the bad value. A subclass of ValueError."
IllegalAction.__doc__ = "An action the game does not allow now; the game is left exactly as it was."
BalootError.__module__ = IllegalAction.__module__ = "baloot"

__all__ = ["BalootError", "IllegalAction"]
