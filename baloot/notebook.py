"""HTML views for Jupyter: a ``Game`` as a table with its cards in colour, and ``BidAnalysis``, ``Review``
and ``Summary`` as tables with bars. Their ``_repr_html_`` methods call these.

The HTML is well-formed XML (every tag closed, no named entities), styled inline so that notebook viewers
that drop ``<style>`` still show it, and every text goes through ``html.escape``.
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING, Iterable, List, Optional

from baloot import display
from baloot.actions import is_card
from baloot.cards import RANKS, SUIT_SYMBOLS, SUITS, parse_card
from baloot.review_table import dd_missing_lines, hand_header

if TYPE_CHECKING:
    from baloot.analysis import BidAnalysis
    from baloot.game import Game
    from baloot.review import Decision, Review
    from baloot.stats import Summary

RED, BLACK = "#c62828", "#212121"
RED_SUITS = ("H", "D")
CARD_STYLE = ("display:inline-block;min-width:1.6em;text-align:center;margin:0 1px;padding:0 2px;"
              "background:#fff;border:1px solid #bbb;border-radius:3px;font-family:monospace")
TABLE_STYLE = "border-collapse:collapse;font-size:0.9em"
CELL_STYLE = "padding:2px 6px;text-align:right;white-space:nowrap"
GOOD, BAD = "#2e7d32", "#c62828"
VERDICT_COLOURS = {"inaccuracy": "#f9a825", "mistake": "#ef6c00", "blunder": "#c62828"}


def suit_colour(suit: str) -> str:
    return RED if suit in RED_SUITS else BLACK


def card_html(card: str) -> str:
    """One card: its rank and suit symbol, red for hearts and diamonds, black for spades and clubs."""
    index = parse_card(card)
    suit = SUITS[index >> 3]
    return (f'<span class="baloot-card" style="{CARD_STYLE};color:{suit_colour(suit)}">'
            f"{escape(RANKS[index & 7])}{SUIT_SYMBOLS[index >> 3]}</span>")


def cards_html(cards: Iterable[str]) -> str:
    return "".join(card_html(card) for card in cards)


def hand_html(cards: List[str]) -> str:
    """A hand grouped by suit, high to low, as cards."""
    return " ".join(cards_html(rank + suit for rank in ranks) for suit, ranks in display.by_suit(cards)) or "—"


def action_html(action: str, arabic: bool, phase: str = "bidding") -> str:
    """A card as a card, a call as its label (a pass while doubling as declining to double)."""
    if is_card(action):
        return card_html(action)
    return escape(display.action_text(action, phase, arabic))


def _cell(content: str, *, header: bool = False, left: bool = False) -> str:
    tag = "th" if header else "td"
    style = CELL_STYLE + (";text-align:left" if left else "")
    return f'<{tag} style="{style}">{content}</{tag}>'


def _row(cells: Iterable[str], *, style: str = "") -> str:
    opening = f'<tr style="{style}">' if style else "<tr>"
    return opening + "".join(cells) + "</tr>"


def bar_html(value: float, scale: float, *, signed: bool = True, colour: Optional[str] = None) -> str:
    """A horizontal bar for ``value`` out of ``scale``: from the middle, right in green when positive and
    left in red when negative (``signed``), else from the left edge."""
    width = 0.0 if not scale or math.isnan(value) else min(abs(value) / scale, 1.0) * (50 if signed else 100)
    if signed:
        left = 50.0 if value >= 0 else 50.0 - width
        fill = colour or (GOOD if value >= 0 else BAD)
        axis = '<div style="position:absolute;left:50%;top:0;bottom:0;border-left:1px solid #888"></div>'
    else:
        left, fill, axis = 0.0, colour or "#1565c0", ""
    return ('<div class="baloot-bar" style="position:relative;width:120px;height:0.9em;background:#eee">'
            f'<div style="position:absolute;left:{left:.1f}%;width:{width:.1f}%;top:0;bottom:0;background:{fill}">'
            f"</div>{axis}</div>")


def _lines(texts: Iterable[str]) -> str:
    return "".join(f"<div>{escape(text)}</div>" for text in texts if text)


def game_html(game: "Game", viewer: Optional[int] = None) -> str:
    """The table as HTML: the contract, the seats around the table with their cards, the trick on the
    table, the tricks played and the score.

    Parameters
    ----------
    game : Game
    viewer : int, optional
        A seat: only its cards are shown (the others' as a count).

    Returns
    -------
    str
        Well-formed HTML.
    """
    arabic = game.rules.arabic_labels
    right, top, left = display.seats_around(game)

    def seat(s: int) -> str:
        cards = game.hands[s]
        shown = hand_html(cards) if viewer is None or s == viewer else escape(display.hidden_hand(cards))
        return f"<div><b>{escape(display.seat_tags(game, s, viewer))}</b></div><div>{shown}</div>"

    def place(content: str) -> str:
        return f'<td style="padding:4px 12px">{content}</td>'

    on_table = " ".join(f"{card_html(c)} (seat {(game.leader + i) % 4})" for i, c in enumerate(game.trick))
    grid = ('<table class="baloot-seats" style="border-collapse:collapse;margin:6px 0">'
            + _row(["<td></td>", place(seat(top)), "<td></td>"])
            + _row([place(seat(left)), place("Table: " + on_table if on_table else ""), place(seat(right))])
            + _row(["<td></td>", place(seat(0)), "<td></td>"]) + "</table>")
    tricks = "".join(f"<li>{cards_html(trick.cards)} {escape(display.trick_outcome(trick))}</li>"
                     for trick in game.tricks)
    parts = ['<div class="baloot-game">', _lines([display.contract_line(game, arabic)]),
             f"<div>{display.dealer_line(game, card=card_html)}</div>",  # numbers and the phase's name besides
             _lines([display.calls_line(game, arabic), display.projects_line(game, arabic)]), grid,
             f'<ol style="margin:0">{tricks}</ol>' if tricks else "", _lines(display.score_lines(game, arabic)),
             "</div>"]
    return "".join(parts)


def bid_analysis_html(analysis: "BidAnalysis") -> str:
    """Each call's expected margin with its interval and a bar, its paired difference to the best call
    and its outcome rates; the best call in bold.

    Parameters
    ----------
    analysis : BidAnalysis

    Returns
    -------
    str
        Well-formed HTML.
    """
    arabic = analysis.rules.arabic_labels
    context = analysis.context
    scale = max((abs(row.margin.mean) + row.margin.ci for row in analysis.rows), default=0.0)
    heads = ["call", "margin (own − opp)", "", "vs best", "P(buy)", "P(made)", "P(khasra)", "P(kaboot)"]
    rows = [_row(_cell(escape(h), header=True, left=i == 0) for i, h in enumerate(heads))]
    for row in analysis.rows:
        best = row.action == analysis.best
        rows.append(_row([
            _cell(action_html(row.action, arabic) + (" *" if best else ""), left=True),
            _cell(f"{row.margin.mean:+.2f} ± {row.margin.ci:.2f}"), _cell(bar_html(row.margin.mean, scale)),
            _cell(f"{row.versus_best.mean:+.2f} ± {row.versus_best.ci:.2f}"),
            *(_cell(f"{rate.mean:.1%}") for rate in (row.buy, row.made, row.khasra, row.kaboot)),
        ], style="font-weight:bold" if best else ""))
    caption = (f"seat {analysis.seat}, dealer {context['dealer']}, hand {hand_html(context['hand'])}, "
               f"up-card {card_html(context['up_card'])}, scores {context['scores'][0]}–{context['scores'][1]}")
    foot = [f"best: {analysis.best} · {analysis.samples:,} samples · players {', '.join(analysis.players)} · "
            f"seed {analysis.seed}", f"deals agreeing with the calls so far: {analysis.samples:,} of "
            f"{analysis.draws:,} drawn"]
    return (f'<div class="baloot-bid-analysis"><div>{caption}</div><table style="{TABLE_STYLE}">'
            + "".join(rows) + "</table>" + _lines(foot) + "</div>")


def _decision_row(decision: "Decision", scale: float, arabic: bool) -> str:
    dd_best = cards_html(decision.dd_best) if decision.dd_best is not None else ""
    dd_loss = "" if decision.dd_loss is None else str(decision.dd_loss)
    colour = VERDICT_COLOURS.get(decision.verdict, "#9e9e9e")
    return _row([
        _cell(str(decision.index + 1)), _cell(str(decision.seat)),
        _cell(action_html(decision.action, arabic, decision.phase), left=True),
        _cell(action_html(decision.best, arabic, decision.phase), left=True),
        _cell(f"{decision.loss:.2f} ± {decision.ci:.2f}"),
        _cell(bar_html(decision.loss, scale, signed=False, colour=colour)),
        _cell(f'<span style="color:{colour}">{escape(decision.verdict)}</span>', left=True),
        _cell(dd_best, left=True), _cell(dd_loss),
    ])


def review_html(review: "Review") -> str:
    """One table per hand: each decision, the best action, the loss with a bar coloured by its verdict,
    and the double-dummy column.

    Parameters
    ----------
    review : Review

    Returns
    -------
    str
        Well-formed HTML.
    """
    arabic = review.hands[0].rules.arabic_labels if review.hands else True
    scale = max((d.loss for d in review.decisions), default=0.0)
    heads = ["#", "seat", "played", "best", "loss (points)", "", "verdict", "double dummy: best", "loss (abnat)"]
    header = _row(_cell(escape(h), header=True) for h in heads)
    parts = ['<div class="baloot-review">']
    for hand in sorted({d.hand for d in review.decisions}):
        rows = "".join(_decision_row(d, scale, arabic) for d in review.decisions if d.hand == hand)
        parts.append(_lines([hand_header(review, hand)]) + f'<table style="{TABLE_STYLE}">{header}{rows}</table>')
    parts.append(_lines([review.summary(), *dd_missing_lines(review),
                         "interrupted: the decisions above are the ones finished" if review.interrupted else ""]))
    return "".join(parts) + "</div>"


def summary_html(summary: "Summary") -> str:
    """The summary's rows as a table, each rate with a bar of its proportion.

    Parameters
    ----------
    summary : Summary

    Returns
    -------
    str
        Well-formed HTML.
    """
    rows = [_row([_cell(escape(name), left=True), _cell(escape(text.strip())),
                  _cell(bar_html(share, 1.0, signed=False) if share is not None else "")])
            for name, text, share in summary.shares()]
    return f'<div class="baloot-summary"><table style="{TABLE_STYLE}">' + "".join(rows) + "</table></div>"
