"""OpenSpiel's generic bots at a Baloot table: information-set MCTS (seats 0 and 2) against uniform random.

    python examples/openspiel_mcts.py [--hands 10] [--simulations 100] [--seed 0]

Needs the openspiel extra (pip install "baloot[openspiel]"). Prints each hand's contract and game-point
margin for team 0, then the mean. Every random draw (the deals, the random bots, the searcher and the
deals it imagines) comes from --seed, so the same seed prints the same hands.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import baloot.openspiel  # noqa: F401  (registers python_baloot)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--simulations", type=int, default=100, help="ISMCTS simulations per decision")
    parser.add_argument("--seed", type=int, default=0, help="seed of every random draw (default 0)")
    args = parser.parse_args()

    game = pyspiel.load_game("python_baloot")
    rng = np.random.RandomState(args.seed)
    rollouts = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = ismcts.ISMCTSBot(game, rollouts, uct_c=2.0, max_simulations=args.simulations, random_state=rng)
    # OpenSpiel's own resampler draws from an unseeded generator: give it the seeded one.
    searcher.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
    bots = [searcher, pyspiel.make_uniform_random_bot(1, args.seed + 1), searcher,
            pyspiel.make_uniform_random_bot(3, args.seed + 3)]
    margins = []
    for _ in range(args.hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                cards, probabilities = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(cards, p=probabilities)))
            else:
                state.apply_action(bots[state.current_player()].step(state))
        margins.append(state.returns()[0])
        contract = state.game.contract
        print(f"{contract.mode + (':' + contract.trump if contract.trump else '') if contract else 'thrown in':9} "
              f"team 0 margin {margins[-1]:+5.0f}")
    print(f"ISMCTS ({args.simulations} simulations) vs random: {np.mean(margins):+.1f} game points per hand "
          f"over {args.hands} hands")


if __name__ == "__main__":
    main()
