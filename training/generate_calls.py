"""Training rows for the neural player's calls: bidding turns from self-play, each call valued by analysis.

    python training/generate_calls.py --out DIR [--hands N] [--chunk C] [--samples S] [--players P]
                                      [--opponent O] [--seed S]

Hands are dealt and played by ``--players`` (default: neural) in every seat, or by them on one team and
``--opponent`` on the other (seats 0 and 2 in even hands, 1 and 3 in odd ones), when only their turns make
rows. At each such bidding turn with a choice of calls, ``analyze_decision`` plays every call open to the
seat (but kawesh) on ``--samples`` deals of the cards it cannot see that agree with the calls so far, with
the same players in the same seats; with ``--samples 0`` there is no analysis, and each open call's value is
0 (turns for train_calls.py's ``--anchor``, at simulation speed). A row keeps the deal,
the dealer, the actions before the turn and each call's mean margin (NaN where the call is not open), so
that train_calls.py reads the seat's view from a replay. Each chunk of ``--chunk`` hands is written to
DIR/calls-SEED-FIRST.npz; a rerun skips the chunks already there, and the rows follow the seed alone.
"""

from __future__ import annotations

import argparse
from typing import List, Optional

import numpy as np
from chunks import write_chunks

import baloot
from baloot import _core
from baloot.actions import parse_action
from baloot.cards import DECK
from baloot.game import Game
from baloot.roster import BuiltinPlayer

CALLS = ("pass", "hokum", "hokum:S", "hokum:H", "hokum:D", "hokum:C", "sun", "ashkal")
FIRST_CALL = parse_action(CALLS[0])
HISTORY = 24  # the longest bidding, with room


def turn_state(deck: np.ndarray, dealer: int, history: np.ndarray, rules: object) -> object:
    """The core state of a stored turn: the deal replayed through the actions before it."""
    state = _core.HandState(deck.tolist(), int(dealer), (0, 0), rules)
    for action in history[history >= 0]:
        state.apply(int(action))
    return state


def seat_players(index: int, players: str, opponent: Optional[str]) -> List[str]:
    """Who sits where in hand `index`: `players` everywhere, or against `opponent` on the team of seats 0 and
    2 in even hands, 1 and 3 in odd ones."""
    if opponent is None:
        return [players] * 4
    return [players if seat % 2 == index % 2 else opponent for seat in range(4)]


def chunk_rows(first: int, hands: int, seed: int, samples: int, players: str, opponent: Optional[str] = None) -> dict:
    """The rows of hands first .. first+hands-1 of the seed's stream."""
    made = {spec: BuiltinPlayer(spec) for spec in {players, opponent} - {None}}
    decks, dealers, histories, values = [], [], [], []
    for index in range(first, first + hands):
        rng = np.random.default_rng([seed, index])
        deck = [DECK[i] for i in rng.permutation(32)]
        game = Game(dealer=index % 4, deck=deck)
        seats = seat_players(index, players, opponent)
        turn = 0
        while game.phase == "bidding":
            open_calls = [a for a in game.legal_actions() if a in CALLS]
            ours = opponent is None or game.to_move % 2 == index % 2
            if len(open_calls) > 1 and ours:
                value = np.full(len(CALLS), np.nan, np.float32)
                value[[CALLS.index(call) for call in open_calls]] = 0
                if samples:
                    analysis = baloot.analyze_decision(game, samples=samples, players=seats, candidates=open_calls,
                                                       seed=index * 64 + turn, threads=1)
                    for row in analysis.rows:
                        value[CALLS.index(row.action)] = row.margin.mean
                history = np.full(HISTORY, -1, np.int8)
                history[:len(game.history)] = [parse_action(a) for a in game.history]
                decks.append([parse_action(c) for c in deck])
                dealers.append(game.dealer)
                histories.append(history)
                values.append(value)
            game.apply(made[seats[game.to_move]].act(game, index * 64 + turn))
            turn += 1
    return {"deck": np.array(decks, np.int8).reshape(-1, 32), "dealer": np.array(dealers, np.int8),
            "history": np.array(histories, np.int8).reshape(-1, HISTORY),
            "value": np.array(values, np.float32).reshape(-1, len(CALLS))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="folder of the row files")
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands in all (default 1,000,000)")
    parser.add_argument("--chunk", type=int, default=500, help="hands per file (default 500)")
    parser.add_argument("--samples", type=int, default=200, help="analysis samples per turn (default 200; 0: none)")
    parser.add_argument("--players", default="neural", help="who plays the hands and the analyses (default neural)")
    parser.add_argument("--opponent", help="who plays the other team, hands and analyses; only the players' "
                        "turns make rows (default: --players everywhere)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    write_chunks(args.out, "calls", args.seed, args.hands, args.chunk,
                 lambda first, count: chunk_rows(first, count, args.seed, args.samples, args.players, args.opponent))

if __name__ == "__main__":
    main()
