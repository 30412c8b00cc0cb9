"""Which player is stronger: ``duplicate()`` plays the same deals twice with the seats swapped."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

import numpy as np

from baloot.roster import make_player
from baloot.rules import Rules
from baloot.simulate import simulate
from baloot.stats import Z95


@dataclass(frozen=True)
class Duplicate:
    """The outcome of ``duplicate(a, b, deals)``.

    Parameters
    ----------
    a, b : str
        The two players' names.
    margins : numpy.ndarray
        Per deal, A's game points minus B's, the mean of the deal's two seat layouts.
    """

    a: str
    b: str
    margins: np.ndarray

    @property
    def margin(self) -> float:
        """A's mean margin in game points per hand (negative when B is stronger)."""
        return float(self.margins.mean())

    @property
    def ci(self) -> float:
        """The half-width of the margin's 95% confidence interval, over deals."""
        return float(Z95 * self.margins.std(ddof=1) / np.sqrt(len(self.margins)))

    def __str__(self) -> str:
        return (f"{self.a} vs {self.b}: {self.margin:+.2f} ± {self.ci:.2f} game points per hand for {self.a} "
                f"({len(self.margins):,} deals x 2 layouts)")


def duplicate(a: Any, b: Any, deals: int, *, seed: int = 0, threads: int = 0, rules: Optional[Rules] = None,
              contract: Optional[str] = None, start: int = 0) -> Duplicate:
    """How many game points a hand player ``a`` wins against ``b``, in duplicate: every deal is played twice,
    ``a`` on seats 0 and 2 and then on seats 1 and 3, so that the luck of the cards cancels.

    Parameters
    ----------
    a, b : str or callable
        Players as ``simulate`` takes them: a name such as ``"heuristic"`` or ``"pimc:samples=8"``
        (``baloot.players()`` lists them), a ``NativePlayer`` or a callable ``f(game) -> action``.
    deals : int
        The number of deals, each played twice.
    seed, threads, rules, contract, start
        As ``simulate`` takes them: the same seed deals the same cards for any ``threads``.

    Returns
    -------
    Duplicate
        ``.margin`` (A's game points per hand minus B's), ``.ci`` (its 95% confidence interval) and
        ``.margins`` (per deal); ``print()`` it for one line.

    Raises
    ------
    BalootError
        A bad player, count, seed or rule, as ``simulate`` raises it.
    """
    first, second = make_player(a), make_player(b)
    parts = []
    for layout, team in (([first, second] * 2, 0), ([second, first] * 2, 1)):
        points = simulate(deals, players=layout, seed=seed, threads=threads, rules=rules, contract=contract,
                          start=start).points.astype(np.int64)
        parts.append(points[:, team] - points[:, 1 - team])
    return Duplicate(first.spec, second.spec, (parts[0] + parts[1]) / 2)
