"""Training rows for the neural player, by self-play, labelled by the rollout search.

    python training/generate.py --out DIR [--hands N] [--chunk C] [--worlds W] [--labeller SPEC] [--player P]
                                [--opponent O] [--seed S] [--threads T]

Hands are dealt, called and played by ``--player`` (default: strong) for every seat, ``--chunk`` hands at a
time; at every card decision with a choice the rollout search (``--worlds`` worlds) values each legal card
(``--worlds 0``: no values, rows to imitate the player's card from, at simulation speed), or the rollout
player ``--labeller`` names with its options, for example ``rollout:worlds=100:neural_playout=1`` to play its
worlds out with the neural network (``...:weights=FILE`` for another network than the shipped one).
With ``--opponent``, the player plays one team (team 0 in hands 0-3, team 1 in hands 4-7, and so on) and the
opponent the other, whose decisions make no rows; a labeller with ``:model_playout=1`` then plays its worlds
out with the other team as the opponent it models (``neural_model=0``: the heuristic).
Each chunk is written to DIR/rows-SEED-FIRST.npz (``_core.neural_rows``: features, legal, value, margin), so
a run may be stopped at any time and train.py reads every chunk written; chunk k holds hands
k*C .. (k+1)*C-1 of the seed's stream, so a rerun skips the chunks already there and the rows follow the
seed alone.
"""

from __future__ import annotations

import argparse

from chunks import write_chunks

from baloot import _core
from baloot.roster import BuiltinPlayer
from baloot.rules import Rules, core_rules
from baloot.simulate import core_players


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="folder of the row files")
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands in all (default 1,000,000)")
    parser.add_argument("--chunk", type=int, default=200, help="hands per file (default 200)")
    parser.add_argument("--worlds", type=int, default=100, help="rollout worlds per decision (default 100)")
    parser.add_argument("--labeller", help="the labelling rollout player's spec (default: rollout:worlds=W)")
    parser.add_argument("--player", default="strong", help="the player of the hands (default strong)")
    parser.add_argument("--opponent", help="the other team's player (default: the player plays every seat)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()
    labeller = BuiltinPlayer(args.labeller or f"rollout:worlds={args.worlds}").core if args.worlds else None
    player = core_players(args.player, Rules())[0][0]
    opponent = core_players(args.opponent, Rules())[0][0] if args.opponent else None
    rules = core_rules(Rules())
    # Chunk k is the hands of a seed of its own, so that chunks are independent of --hands.
    write_chunks(args.out, "rows", args.seed, args.hands, args.chunk,
                 lambda first, count: _core.neural_rows(count, args.seed * 1_000_003 + first, player, labeller, rules,
                                                        args.threads, opponent=opponent))

if __name__ == "__main__":
    main()
