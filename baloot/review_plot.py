"""The plot of a ``Review`` (matplotlib, the ``plot`` extra): the expected margin through the hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from baloot.plotting import figure_class, save_figure

if TYPE_CHECKING:
    from baloot.review import Review

COLORS = {"inaccuracy": "#e0a000", "mistake": "#e06000", "blunder": "#c00000"}


def plot_review(review: "Review", path: str) -> None:
    """One team's expected margin (game points, own − opponents') after each action taken, with its
    95% band, beside the best action's; flagged decisions marked and named. The team is the reviewed
    seat's, or team 0 when every seat is reviewed."""
    team = review.seat % 2 if review.seat is not None else 0
    decisions = review.decisions
    sign = np.array([1 if d.seat % 2 == team else -1 for d in decisions])
    taken = np.array([d.margin.mean for d in decisions]) * sign
    band = np.array([d.margin.ci for d in decisions])
    best = np.array([next(v.margin.mean for v in d.actions if v.action == d.best) for d in decisions]) * sign
    x = np.arange(1, len(decisions) + 1)
    figure = figure_class()(figsize=(11, 4.5))
    axes = figure.subplots()
    axes.fill_between(x, taken - band, taken + band, color="#4060c0", alpha=0.2, linewidth=0)
    axes.plot(x, taken, color="#4060c0", marker=".", label="action taken")
    axes.scatter(x, best, s=40, marker="_", color="#40a040", zorder=2, label="best action")
    for kind, color in COLORS.items():
        marked = [i for i, d in enumerate(decisions) if d.verdict == kind]
        if marked:
            axes.scatter(x[marked], taken[marked], s=80, color=color, zorder=3, label=kind)
            for i in marked:
                axes.annotate(f"seat {decisions[i].seat}: {decisions[i].action}", (x[i], taken[i]),
                              textcoords="offset points", xytext=(4, -14), fontsize=8, color=color)
    for i in range(1, len(decisions)):
        if decisions[i].hand != decisions[i - 1].hand:
            axes.axvline(i + 0.5, color="grey", linewidth=0.6)
    axes.axhline(0, color="black", linewidth=0.6)
    axes.set_xlabel("decision")
    axes.set_ylabel(f"expected margin of team {team} (game points)")
    axes.set_title(f"Review: {len(review.flagged)} flagged of {len(decisions)} decisions · {review.samples:,} "
                   f"samples each · players {review.players[0]}")
    axes.legend(loc="best", fontsize=8)
    save_figure(figure, path)
