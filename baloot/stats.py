"""Summaries of many hands from the core's exact integer sums: means with 95% confidence intervals
and rates. Sums from separate chunks add up exactly, so a merged summary equals a single run's."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Tuple

import numpy as np

from baloot import _core
from baloot.labels import call_label, label
from baloot.validation import contract_name

Z95 = 1.959963984540054
COUNT_KEYS = ("hands", "thrown_in", "points", "points_sq", "margin_sq", "buys", "buys_made", "buyer_points",
              "buyer_points_sq", "buyer_margin", "buyer_margin_sq", "contracts", "made", "kaboot", "multiplier",
              "gahwa", "project_kinds", "hands_with_projects", "baloot")
CONTRACTS: Tuple[str, ...] = tuple("ashkal" if ashkal else contract_name(mode, trump)
                                  for mode, trump, ashkal in _core.summary_contracts)
PROJECT_KINDS: Tuple[str, ...] = _core.project_kinds
UNDEFINED = "—"  # a statistic of no hands


@dataclass(frozen=True)
class Estimate:
    """A mean with the half-width of its 95% confidence interval."""

    mean: float
    ci: float

    @property
    def low(self) -> float:
        return self.mean - self.ci

    @property
    def high(self) -> float:
        return self.mean + self.ci

    def __str__(self) -> str:
        return f"{self.mean:.3f} ± {self.ci:.3f}"

    def to_dict(self) -> Dict[str, Optional[float]]:
        """The estimate for JSON.

        Returns
        -------
        dict
            ``{"mean": ..., "ci95": ...}``, None where a value is undefined (no hands for a mean, fewer
            than two for an interval), never NaN.
        """
        return {"mean": defined(self.mean), "ci95": defined(self.ci)}


def defined(value: float) -> Optional[float]:
    """``value``, or None where it is NaN or infinite (JSON holds neither)."""
    return value if math.isfinite(value) else None


def estimate(total: Any, total_sq: Any, n: Any) -> Any:
    """Mean and 95% CI half-width from a sum and a sum of squares (numpy arithmetic, any shape)."""
    total = np.asarray(total, dtype=np.float64)
    total_sq = np.asarray(total_sq, dtype=np.float64)
    n = np.asarray(n, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        mean = np.where(n > 0, total / np.maximum(n, 1), np.nan)
        var = np.where(n > 1, (total_sq - n * mean**2) / np.maximum(n - 1, 1), np.nan)
        ci = Z95 * np.sqrt(np.maximum(var, 0) / np.maximum(n, 1))
    return mean, np.where(n > 1, ci, np.nan)


def mean_estimate(values: np.ndarray) -> Estimate:
    """The mean of floats (chances, say) with the half-width of its 95% CI (0 for fewer than two)."""
    n = len(values)
    mean = float(values.mean()) if n else float("nan")
    return Estimate(mean, Z95 * float(values.std(ddof=1)) / math.sqrt(n) if n > 1 else 0.0)


def rate(count: Any, n: Any) -> Estimate:
    """A proportion with its normal-approximation 95% CI."""
    n = float(n)
    p = float(count) / n if n else float("nan")
    return Estimate(p, Z95 * float(np.sqrt(p * (1 - p) / n)) if n else float("nan"))


def merge_counts(parts: List[Mapping[str, Any]]) -> Dict[str, Any]:
    """Exact sum of the core's count dictionaries."""
    merged: Dict[str, Any] = {}
    for key in COUNT_KEYS:
        values = [np.asarray(p[key], dtype=np.int64) for p in parts]
        merged[key] = np.sum(values, axis=0).tolist() if values else 0
    return merged


class Summary:
    """Mean game points per team and per buyer seat with 95% CIs; rates of each contract, made,
    khasra, kaboot, throw-in, doubling level, projects and Baloot. ``str()`` prints a table.

    Parameters
    ----------
    counts : mapping
        The exact sums of a run, as ``SimResult.counts`` holds them.
    arabic : bool, default True
        Arabic labels beside the English ones in the table.

    Raises
    ------
    KeyError
        ``counts`` lacks a sum.
    """

    def __init__(self, counts: Mapping[str, Any], *, arabic: bool = True) -> None:
        self.counts = {k: counts[k] for k in COUNT_KEYS}
        self.arabic = arabic
        c = self.counts
        self.hands = int(c["hands"])
        self.played = self.hands - int(c["thrown_in"])
        pts = np.asarray(c["points"], dtype=np.int64)
        mean, ci = estimate(pts, c["points_sq"], self.hands)
        self.points = tuple(Estimate(float(m), float(h)) for m, h in zip(mean, ci))
        m, h = estimate(pts[0] - pts[1], c["margin_sq"], self.hands)
        self.margin = Estimate(float(m), float(h))
        buys = np.asarray(c["buys"], dtype=np.int64)
        bp_mean, bp_ci = estimate(c["buyer_points"], c["buyer_points_sq"], buys)
        bm_mean, bm_ci = estimate(c["buyer_margin"], c["buyer_margin_sq"], buys)
        self.seats = [
            {"buys": rate(buys[s], self.hands), "made": rate(c["buys_made"][s], buys[s]),
             "points": Estimate(float(bp_mean[s]), float(bp_ci[s])),
             "margin": Estimate(float(bm_mean[s]), float(bm_ci[s]))}
            for s in range(4)
        ]
        self.contracts = {name: rate(n, self.hands) for name, n in zip(CONTRACTS, c["contracts"])}
        self.thrown_in = rate(c["thrown_in"], self.hands)
        self.made = rate(c["made"], self.played)
        self.khasra = rate(self.played - int(c["made"]), self.played)
        self.kaboot = {"buyers": rate(c["kaboot"][0], self.played), "defenders": rate(c["kaboot"][1], self.played)}
        self.multiplier = {m: rate(c["multiplier"][m], self.played) for m in (1, 2, 3, 4)}
        self.gahwa = rate(c["gahwa"], self.played)
        self.projects = {kind: float(n) / self.played if self.played else float("nan")
                         for kind, n in zip(PROJECT_KINDS, c["project_kinds"])}
        self.projects_scored = rate(c["hands_with_projects"], self.played)
        self.baloot = rate(c["baloot"], self.played)

    def to_dict(self) -> Dict[str, Any]:
        """The summary for JSON: each estimate as ``{"mean", "ci95"}``, None where it is undefined (a rate
        of no hands, an interval of one hand), never NaN."""
        return {
            "hands": self.hands,
            "points": [e.to_dict() for e in self.points],
            "margin_team0": self.margin.to_dict(),
            "seats_as_buyer": [{k: v.to_dict() for k, v in seat.items()} for seat in self.seats],
            "contracts": {k: v.to_dict() for k, v in self.contracts.items()},
            "thrown_in": self.thrown_in.to_dict(),
            "made": self.made.to_dict(),
            "khasra": self.khasra.to_dict(),
            "kaboot": {k: v.to_dict() for k, v in self.kaboot.items()},
            "multiplier": {str(k): v.to_dict() for k, v in self.multiplier.items()},
            "gahwa": self.gahwa.to_dict(),
            "projects_per_hand": {k: defined(v) for k, v in self.projects.items()},
            "projects_scored": self.projects_scored.to_dict(),
            "baloot": self.baloot.to_dict(),
            "counts": self.counts,
        }

    def rows(self) -> List[Tuple[str, str]]:
        """The table's rows: a name and the value as text."""
        return [(name, text) for name, text, _ in self.shares()]

    def shares(self) -> List[Tuple[str, str, Optional[float]]]:
        """The table's rows with, for each rate, the proportion it shows.

        Returns
        -------
        list of (str, str, float or None)
            The row's name, its value as text, and the proportion (0 to 1) for a rate, None for the others.
        """
        a = self.arabic

        def pct(e: Estimate) -> Tuple[str, Optional[float]]:
            if math.isnan(e.mean):
                return UNDEFINED, None
            text = f"{100 * e.mean:6.2f}% ± {100 * e.ci:.2f}" if not math.isnan(e.ci) else f"{100 * e.mean:6.2f}%"
            return text, e.mean

        def mean(e: Estimate) -> Tuple[str, None]:
            if math.isnan(e.mean):
                return UNDEFINED, None
            return (f"{e.mean:7.3f} ± {e.ci:.3f}" if not math.isnan(e.ci) else f"{e.mean:7.3f}"), None

        rows = [("Hands", (f"{self.hands:,}", None))]
        rows += [(f"Points, team {t} (seats {t} & {t + 2})", mean(self.points[t])) for t in (0, 1)]
        rows.append(("Margin, team 0 − team 1", mean(self.margin)))
        for name in CONTRACTS:
            rows.append((call_label(name, arabic=a), pct(self.contracts[name])))
        rows.append((label("throw_in", arabic=a), pct(self.thrown_in)))
        rows.append((label("made", arabic=a), pct(self.made)))
        rows.append((label("khasra", arabic=a), pct(self.khasra)))
        rows.append((f"{label('kaboot', arabic=a)} by buyers", pct(self.kaboot["buyers"])))
        rows.append((f"{label('kaboot', arabic=a)} by defenders", pct(self.kaboot["defenders"])))
        for m, name in ((2, "double"), (3, "three"), (4, "four")):
            rows.append((f"{label(name, arabic=a)} ×{m}", pct(self.multiplier[m])))
        rows.append((label("gahwa", arabic=a), pct(self.gahwa)))
        for kind in PROJECT_KINDS:
            per_hand = self.projects[kind]
            shown = UNDEFINED if math.isnan(per_hand) else f"{per_hand:.4f}"
            rows.append((f"{label(kind, arabic=a)} per hand", (shown, None)))
        rows.append((f"{label('projects', arabic=a)} scored", pct(self.projects_scored)))
        rows.append((label("baloot", arabic=a), pct(self.baloot)))
        for s, seat in enumerate(self.seats):
            rows.append((f"Seat {s} buys / makes", (f"{pct(seat['buys'])[0]} / {pct(seat['made'])[0]}", None)))
            rows.append((f"Seat {s} as buyer: margin", mean(seat["margin"])))
        return [(name, text, share) for name, (text, share) in rows]

    def _repr_html_(self) -> str:
        """The table in a notebook, each rate with a bar."""
        from baloot.notebook import summary_html

        return summary_html(self)

    def __str__(self) -> str:
        rows = self.rows()
        width = max(len(k) for k, _ in rows)
        return "\n".join(f"{k.ljust(width)}  {v}" for k, v in rows)
