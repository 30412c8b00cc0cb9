"""``baloot play``: a hand or a whole match against the bots in the terminal."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, List, Optional, Union

from baloot import validation
from baloot.actions import parse_action
from baloot.commands.common import add_rule_option, rules_from
from baloot.display import action_text, hand_text
from baloot.errors import IllegalAction
from baloot.files import check_writable, write_atomically
from baloot.game import Game
from baloot.match import Match
from baloot.roster import BuiltinPlayer, make_player

HELP = "Type a legal action (a card such as 10H, or pass / hokum / hokum:S / sun / ashkal / double ...), " \
       "'?' to list the legal ones, 'table' to redraw, 'quit' to leave."


GOODBYE = "Left the game."


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play", help="play a hand or a match against the bots",
        description="Play Baloot in the terminal against the built-in players. " + HELP)
    parser.add_argument("--seat", type=int, default=0, help="your seat, 0-3 (default 0; your partner is seat+2)")
    parser.add_argument("--bots", default="heuristic", help="the bots' player (default heuristic)")
    parser.add_argument("--match", action="store_true", help="play a whole match instead of one hand")
    parser.add_argument("--dealer", type=int, default=3, help="the first dealer (default 3, so seat 0 bids first)")
    parser.add_argument("--seed", type=int, help="seed of the deals")
    parser.add_argument("--save", metavar="FILE.json",
                        help="write the hand's game record (or, with --match, the match record) to FILE.json "
                             "when play ends, for `baloot review FILE.json`")
    add_rule_option(parser)
    parser.set_defaults(run=main)


def describe(game: Game, seat: int, action: str, phase: str) -> str:
    if phase == "playing":
        return f"Seat {seat} plays {action_text(action, phase, game.rules.arabic_labels)}"
    return f"Seat {seat}: {action_text(action, phase, game.rules.arabic_labels)}"


STAGE_QUESTIONS = {"over_hokum": "Sun over the Hokum?", "priority": "Sun priority (قبلك): take the Sun yourself?",
                   "hokum_confirm": "Everyone declined: keep Hokum or switch to Sun?"}


def legal_now(game: Game) -> str:
    return "  legal now: " + ", ".join(f"{action} ({action_text(action, game.phase, game.rules.arabic_labels)})"
                                       for action in game.legal_actions())


def ask(game: Game, seat: int, read: Any) -> Optional[str]:
    if game.phase == "bidding" and game.bid_stage in STAGE_QUESTIONS:
        print("  " + STAGE_QUESTIONS[game.bid_stage])
    while True:
        try:
            text = read(f"Your move ({', '.join(game.legal_actions())}): ").strip()
        except EOFError:
            print()  # end the prompt's line
            return None
        if text in ("quit", "exit", "q"):
            return None
        if text in ("?", "help"):
            print(HELP)
            print(legal_now(game))
            continue
        if text == "table":
            print(game.draw(viewer=seat))
            continue
        try:
            parse_action(text)
        except IllegalAction:
            print(f"  {text!r} is not an action." if text else "  Type an action.")
            print(legal_now(game))
            continue
        try:
            probe = game.clone()
            probe.apply(text)
            return probe.history[-1]
        except IllegalAction as error:
            print(f"  {error}")


def play_hand(game: Game, seat: int, bot: BuiltinPlayer, read: Any, step: List[int]) -> bool:
    print(game.draw(viewer=seat))
    while game.to_move is not None:
        mover = game.to_move
        if mover == seat:
            action = ask(game, seat, read)
            if action is None:
                return False
        else:
            step[0] += 1
            action = bot.act(game, step[0])
        phase = game.phase
        game.apply(action)
        print("  " + describe(game, mover, action, phase))
        if phase == "playing" and not game.trick and game.tricks:
            last = game.tricks[-1]
            print(f"  — trick {len(game.tricks)} to seat {last.winner}")
        if game.phase == "playing" and not game.trick and game.to_move is not None:
            if game.to_move == seat:
                print(game.draw(viewer=seat))
            else:
                print(f"  seat {game.to_move} leads; your hand: {hand_text(game.hands[seat])}")
    print(game.draw())
    return True


def save(path: Optional[str], record: Union[Game, Match]) -> None:
    """The game or match record to ``path`` (complete or absent), said on the terminal."""
    if path:
        text = record.to_json()
        write_atomically(path, lambda temporary: Path(temporary).write_text(text + "\n", encoding="utf-8"))
        print(f"Record saved to {path} (review it with: baloot review {path})")


def play_match(match: Match, seat: int, bot: BuiltinPlayer, read: Any) -> bool:
    """Hands until the match is won (True) or the player leaves (False)."""
    step = [0]
    while match.winner is None:
        game = match.new_hand()
        if not play_hand(game, seat, bot, read, step):
            return False
        match.record(game)
        print(f"Match: team 0 {match.scores[0]} – team 1 {match.scores[1]} (target {match.rules.target})")
    print(f"Team {match.winner} wins the match{' — you win!' if match.winner == seat % 2 else ''}")
    return True


def main(args: argparse.Namespace, read: Any = input) -> int:
    validation.seat(args.seat, "--seat")
    validation.seat(args.dealer, "--dealer")
    rules = rules_from(args)
    bot = make_player(args.bots)
    if args.save:
        check_writable(args.save, "--save", (".json",))
    record: Union[Game, Match] = Match(rules=rules, seed=args.seed, dealer=args.dealer) if args.match else \
        Game(rules=rules, dealer=args.dealer, seed=args.seed)
    interrupted = False
    try:
        finished = play_match(record, args.seat, bot, read) if isinstance(record, Match) else \
            play_hand(record, args.seat, bot, read, [0])
    except KeyboardInterrupt:  # Ctrl-C leaves as 'quit' does, the record saved
        print()  # the cursor is still on the prompt's line
        finished, interrupted = False, True
    if not finished:
        print(GOODBYE + (f" Match: team 0 {record.scores[0]} – team 1 {record.scores[1]}"
                         if isinstance(record, Match) else ""))
    save(args.save, record)
    sys.stdout.flush()
    return 130 if interrupted else 0
