"""Plots (matplotlib, the ``plot`` extra): bid analyses."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from baloot.errors import BalootError
from baloot.files import check_writable, write_atomically
from baloot.labels import call_label

if TYPE_CHECKING:
    from baloot.analysis import BidAnalysis


def figure_class() -> Any:
    """matplotlib's Figure (drawn straight to a file: no pyplot, no backend switched), or a BalootError
    saying how to install matplotlib."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise BalootError('plotting needs matplotlib: pip install "baloot[plot]"') from None
    return Figure


def check_plot_target(path: str) -> None:
    """Refuse, before the analysis, a plot file that could not be written (matplotlib missing, a format it
    cannot draw, a missing or read-only folder)."""
    figure_class()
    from matplotlib.backend_bases import FigureCanvasBase

    formats = sorted(FigureCanvasBase.get_supported_filetypes())
    check_writable(path, "--plot", [f".{name}" for name in formats])


def plot_bid_analysis(analysis: "BidAnalysis", path: str) -> None:
    """Left: each call's expected margin with its 95% interval. Right: the distribution of margins."""
    from matplotlib import colormaps

    figure = figure_class()(figsize=(11, 4.2))
    names = [call_label(row.action, arabic=False) for row in analysis.rows]
    means = np.array([row.margin.mean for row in analysis.rows])
    cis = np.array([row.margin.ci for row in analysis.rows])
    colors = colormaps["tab10"](np.arange(len(names)) % 10)
    left, right = figure.subplots(1, 2, gridspec_kw={"width_ratios": [1, 1.6]})
    y = np.arange(len(names))
    left.barh(y, means, xerr=cis, color=colors, alpha=0.85, capsize=5)
    left.set_yticks(y, names)
    left.invert_yaxis()
    left.axvline(0, color="black", linewidth=0.8)
    left.set_xlabel("expected game-point margin (own team − opponents), 95% CI")
    left.set_title(f"Seat {analysis.seat}: best call {call_label(analysis.best, arabic=False)}")
    low = min(int(row.margins.min()) for row in analysis.rows)
    high = max(int(row.margins.max()) for row in analysis.rows)
    bins = np.arange(low - 0.5, high + 1.5, max(1, (high - low) // 40))
    for name, row, color in zip(names, analysis.rows, colors):
        right.hist(row.margins, bins=bins, histtype="step", linewidth=1.6, color=color, label=name, density=True)
    right.set_xlabel("game-point margin of one hand")
    right.set_ylabel("share of samples")
    right.set_title(f"Distribution over {analysis.samples:,} sampled deals")
    right.legend()
    figure.suptitle(f"Hand {' '.join(analysis.context['hand'])} · up-card {analysis.context['up_card']} · "
                 f"dealer {analysis.context['dealer']} · players {analysis.players[0]}")
    save_figure(figure, path)


def plot_equity(table: Any, path: str, *, dealer: int = 0) -> None:
    """A heatmap of team 0's chance to win the match over the score grid, with ``dealer`` to deal next."""
    figure = figure_class()(figsize=(6.4, 5.4))
    axes = figure.subplots()
    image = axes.imshow(100 * table.win[:, :, dealer], origin="lower", cmap="RdBu", vmin=0, vmax=100,
                        interpolation="nearest")
    lines = axes.contour(100 * table.win[:, :, dealer], levels=[10, 25, 50, 75, 90], colors="black", linewidths=0.6)
    axes.clabel(lines, fmt="%d%%", fontsize=8)
    axes.set_xlabel("team 1's score")
    axes.set_ylabel("team 0's score")
    axes.set_title(f"Team 0's chance to win the match (%), target {table.target}\n"
                   f"players {table.players[0]}, seat {dealer} deals next")
    figure.colorbar(image, ax=axes, label="%")
    save_figure(figure, path, dpi=110)


def save_figure(figure: Any, path: str, *, dpi: int = 120) -> None:
    """Lay the figure out and write it to ``path`` atomically, in the format its extension names; a
    BalootError says why it could not be written."""
    figure.tight_layout()
    try:
        write_atomically(path, lambda tmp: figure.savefig(tmp, dpi=dpi, format=os.path.splitext(path)[1][1:].lower()))
    except BalootError:
        raise
    except OSError as error:
        raise BalootError(f"cannot write the plot {path!r}: {error.strerror or error}") from None
    except ValueError as error:  # matplotlib: a format it cannot draw
        raise BalootError(f"cannot write the plot {path!r}: {error}") from None
