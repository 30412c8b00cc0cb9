"""Drawing a hand in the terminal, with Arabic labels beside the English ones unless turned off."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, List, Optional, Tuple

from baloot.cards import RANKS, SUIT_SYMBOLS, SUITS, parse_card
from baloot.labels import call_label, label

if TYPE_CHECKING:
    from baloot.game import Game, Trick

_WIDTH = 72
# Display order of ranks inside a suit, high to low.
_SHOW_ORDER = ("A", "10", "K", "Q", "J", "9", "8", "7")


def card_text(card: str) -> str:
    index = parse_card(card)
    return RANKS[index & 7] + SUIT_SYMBOLS[index >> 3]


def by_suit(cards: List[str]) -> List[Tuple[str, List[str]]]:
    """The suits the cards hold, in ``SUITS`` order, each with its ranks high to low."""
    groups = []
    for suit in SUITS:
        ranks = [c[:-1] for c in cards if c[-1] == suit]
        if ranks:
            groups.append((suit, sorted(ranks, key=_SHOW_ORDER.index)))
    return groups


def hand_text(cards: List[str]) -> str:
    """Cards grouped by suit, high to low: ``♠ A 10 7  ♥ K``."""
    groups = [SUIT_SYMBOLS[SUITS.index(suit)] + " " + " ".join(ranks) for suit, ranks in by_suit(cards)]
    return "  ".join(groups) or "—"


def contract_line(game: "Game", arabic: bool) -> str:
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


def seat_tags(game: "Game", seat: int, viewer: Optional[int]) -> str:
    """``Seat 2 · team 0 · to move``: the seat, its team, and whether it is the viewer, deals or moves."""
    tags = [f"Seat {seat}", f"team {seat % 2}"]
    if seat == viewer:
        tags.append("you")
    if seat == game.dealer:
        tags.append("dealer")
    if game.to_move == seat:
        tags.append("to move")
    return " · ".join(tags)


def seats_around(game: "Game") -> Tuple[int, int, int]:
    """The seats drawn on the right, at the top and on the left of seat 0."""
    return (1, 2, 3) if game.rules.direction == "counterclockwise" else (3, 2, 1)


def dealer_line(game: "Game", card: Callable[[str], str] = card_text) -> str:
    """The dealer, the up-card (drawn by ``card``), the phase and the scores before the hand."""
    return (f"Dealer: seat {game.dealer} · Up-card: {card(game.up_card)} · Phase: {game.phase}"
            f" · Scores before: {game.scores[0]}–{game.scores[1]}")


def _seat_block(game: "Game", seat: int, viewer: Optional[int]) -> List[str]:
    cards = game.hands[seat]
    shown = hand_text(cards) if viewer is None or seat == viewer else hidden_hand(cards)
    return [seat_tags(game, seat, viewer), shown]


def hidden_hand(cards: List[str]) -> str:
    """A hand another seat cannot see: "8 cards", "1 card"."""
    return f"{len(cards)} card{'s' if len(cards) != 1 else ''}"


def call_text(action: str, arabic: bool) -> str:
    return call_label(action, arabic=arabic, symbol=True)


def action_text(action: str, phase: str, arabic: bool) -> str:
    """An action as the table shows it, taken in ``phase``: a card as "10♣", a call as "Hokum (حكم) ♠", a
    pass while doubling as declining to double."""
    if phase == "playing":
        return card_text(action)
    if phase == "doubling" and action == "pass":
        return f"no {label('double', arabic=arabic)}"
    return call_text(action, arabic)


def _calls(game: "Game") -> List[Tuple[int, str, str]]:
    """The calls of the hand as (seat, action, phase), found by replaying its actions."""
    replay = type(game)(rules=game.rules, dealer=game.dealer, deck=game.to_record()["deck"], scores=game.scores)
    calls = []
    for action in game.history:
        if replay.phase != "playing":
            calls.append((replay.to_move, action, replay.phase))
        replay.apply(action)
    return calls


def calls_line(game: "Game", arabic: bool) -> str:
    calls = _calls(game)
    if not calls:
        return ""
    return "Calls: " + " · ".join(f"seat {seat} {action_text(action, phase, arabic)}" for seat, action, phase in calls)


def projects_line(game: "Game", arabic: bool) -> str:
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
    right, top, left = seats_around(game)
    lines = [contract_line(game, arabic), dealer_line(game)]
    for extra in (calls_line(game, arabic), projects_line(game, arabic)):
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
    for number, trick in enumerate(game.tricks, 1):
        cards = " ".join(card_text(c).rjust(3) for c in trick.cards)
        lines.append(f"  {number}. {cards}   {trick_outcome(trick)}")
    return "\n".join(lines + score_lines(game, arabic))


def trick_outcome(trick: "Trick") -> str:
    return f"led by seat {trick.leader}, won by seat {trick.winner}"


def score_lines(game: "Game", arabic: bool) -> List[str]:
    """The tricks and abnat taken so far, an announced Baloot and the result once the hand is over."""
    tricks_won, abnat = game.tricks_won, game.abnat
    lines = [f"{label('tricks', arabic=arabic)}: {tricks_won[0]}–{tricks_won[1]} · {label('abnat', arabic=arabic)}: "
             f"{abnat[0]}–{abnat[1]}"]
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
    return lines
