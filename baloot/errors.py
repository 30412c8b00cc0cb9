"""The errors every bad input raises: a BalootError (a ValueError) that names the bad value; and Interrupted,
the Ctrl-C that carries what a long computation had finished."""

from typing import Any

from baloot._core import BalootError, IllegalAction

BalootError.__doc__ = "Bad input to baloot: the message names the bad value. A subclass of ValueError."
IllegalAction.__doc__ = "An action the game does not allow now; the game is left exactly as it was."
BalootError.__module__ = IllegalAction.__module__ = "baloot"


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a long computation: a ``KeyboardInterrupt`` (code that does not look for the result
    stops as before) that carries what the computation had finished.

    Parameters
    ----------
    result : object
        What was finished: a ``SimResult``, ``MatchResult``, ``BidAnalysis`` or ``SampledTable`` with
        ``interrupted`` set
        (for ``run_chunks``, the list of (chunk, result) finished).

    Attributes
    ----------
    result : object
        The same.
    """

    def __init__(self, result: Any) -> None:
        super().__init__()
        self.result = result


Interrupted.__module__ = "baloot"


__all__ = ["BalootError", "IllegalAction", "Interrupted"]
