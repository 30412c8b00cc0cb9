"""Drawing a hand in the terminal, with Arabic labels beside the English ones unless turned off."""

from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from baloot.cards import RANKS, SUIT_SYMBOLS, SUITS, parse_card
from baloot.labels import call_label, label

if TYPE_CHECKING:
    from baloot.game import Game

_WIDTH = 72
# Display order of ranks inside a suit, high to low.
_SHOW_ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")


def card_text(card: str) -> str:
    index = parse_card(card)
    return RANKS[index & 7] + SUIT_SYMBOLS[index >> 3]


def hand_text(cards: List[str]) -> str:
    """Cards grouped by suit, high to low: ``♠ A 10 7  ♥ K``."""
    groups = []
    for suit, symbol in zip(SUITS, SUIT_SYMBOLS):
        ranks = [c[:-1] for c in cards if c[-1] == suit]
        if ranks:
            ranks.sort(key=_SHOW_ORDER.index)
            groups.append(symbol + " " + " ".join(ranks))
    return "  ".join(groups) or "—"


def _contract_line(game: "Game", arabic: bool) -> str:
    contract = game.contract
    if contract is None:
        return f"Bidding · round {game.round}"
    parts = [label(contract.mode, arabic=arabic)]
    if contract.trump:
        parts.append(f"trump {SUIT_SYMBOLS[SUITS.index(contract.trump)]} {label(contract.trump, arabic=arabic)}")
    parts.append(f"{label('buyer', arabic=arabic)}: seat {contract.buyer}")
    if contract.ashkal:
        parts.append(label("ashkal", arabic=arabic))
    if contract.gahwa:
        parts.append(f"{label('gahwa', arabic=arabic)} ×4")
    elif contract.multiplier > 1:
        raise_name = ("double", "three", "four")[contract.multiplier - 2]
        parts.append(f"{label(raise_name, arabic=arabic)} ×{contract.multiplier}")
    return " · ".join(parts)


def _seat_block(game: "Game", seat: int, viewer: Optional[int]) -> List[str]:
    tags = [f"Seat {seat}", f"team {seat % 2}"]
    if seat == viewer:
        tags.append("you")
    if seat == game.dealer:
        tags.append("dealer")
    if game.to_move == seat:
        tags.append("to move")
    cards = game.hands[seat]
    shown = hand_text(cards) if viewer is None or seat == viewer else f"{len(cards)} cards"
    return [" · ".join(tags), shown]


def call_text(action: str, arabic: bool) -> str:
    return call_label(action, arabic=arabic, symbol=True)


def _calls_line(game: "Game", arabic: bool) -> str:
    calls = game.calls
    if not calls:
        return ""
    return "Calls: " + " · ".join(f"seat {seat} {call_text(action, arabic)}" for seat, action in calls)


def _projects_line(game: "Game", arabic: bool) -> str:
    declared = [(seat, project) for seat, projects in enumerate(game.projects) for project in projects]
    if not declared:
        return ""
    shown = [f"seat {seat} {label(p.kind, arabic=arabic)} {' '.join(card_text(c) for c in p.cards)}"
             for seat, p in declared]
    team = game.project_team
    scored = f" — scored by team {team}" if team is not None else ""
    return f"{label('projects', arabic=arabic)}: " + " · ".join(shown) + scored


def draw_game(game: "Game", viewer: Optional[int] = None) -> str:
    """The table as text; with ``viewer`` set, only that seat's cards are shown."""
    arabic = game.rules.arabic_labels
    right, top, left = (1, 2, 3) if game.rules.direction == "counterclockwise" else (3, 2, 1)
    lines = [
        _contract_line(game, arabic),
        f"Dealer: seat {game.dealer} · Up-card: {card_text(game.up_card)} · Phase: {game.phase}"
        f" · Scores before: {game.scores[0]}–{game.scores[1]}",
    ]
    for extra in (_calls_line(game, arabic), _projects_line(game, arabic)):
        if extra:
            lines.append(extra)
    lines.append("")
    half = _WIDTH // 2
    for row in _seat_block(game, top, viewer):
        lines.append(" " * (half // 2) + row)
    for l_row, r_row in zip(_seat_block(game, left, viewer), _seat_block(game, right, viewer)):
        lines.append(l_row.ljust(half) + r_row)
    for row in _seat_block(game, 0, viewer):
        lines.append(" " * (half // 2) + row)
    lines.append("")
    if game.trick:
        leader = game.leader
        played = [f"{card_text(c)} (seat {(leader + i) % 4})" for i, c in enumerate(game.trick)]
        lines.append("Table: " + " · ".join(played))
    tricks_won = game.tricks_won
    abnat = game.abnat
    for number, trick in enumerate(game.tricks, 1):
        cards = " ".join(card_text(c).rjust(3) for c in trick.cards)
        lines.append(f"  {number}. {cards}   led by seat {trick.leader}, won by seat {trick.winner}")
    lines.append(f"{label('tricks', arabic=arabic)}: {tricks_won[0]}–{tricks_won[1]} · "
                 f"{label('abnat', arabic=arabic)}: "
                 f"{abnat[0]}–{abnat[1]}")
    if game.baloot is not None:
        lines.append(f"{label('baloot', arabic=arabic)}: seat {game.baloot}")
    result = game.result
    if result is not None:
        if result.made is None:
            lines.append(f"Result: {label('throw_in', arabic=arabic)}")
        else:
            outcome = label("made", arabic=arabic) if result.made else label("khasra", arabic=arabic)
            if result.kaboot is not None:
                outcome += f", {label('kaboot', arabic=arabic)} by team {result.kaboot}"
            lines.append(f"Result: {outcome} · points {result.points[0]}–{result.points[1]}")
    return "\n".join(lines)
