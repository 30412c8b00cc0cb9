"""How much one player beats another: game points per hand, both seat layouts, 95% CI.

    python benchmarks/strength.py [--hands N] [--seed S] [--speed H] [--threads T] A B [A B ...]
    python benchmarks/strength.py --ladder [--hands N] [--search-hands M] [--seed S]

e.g. ``python benchmarks/strength.py --hands 5000 heuristic random dd heuristic "pimc:samples=8" heuristic``
plays each pair on the same deals twice, A on seats 0/2 then on seats 1/3. ``--ladder`` plays each rung of
LADDER (the built-in players from weakest to strongest) against the rung below, on N deals per layout
(M for the search players, which are thousands of times slower). ``--speed H`` then times each player
named through ``simulate`` on one thread (H hands, full bidding and doubling; the players take turns over
three rounds and the median is printed, so a slow moment of the machine hurts them alike), with its ratio to
the second player named.
"""

from __future__ import annotations

import argparse
import statistics
import time

import baloot

# The built-in players from weakest to strongest, as the core's registry lists them ("dd" sees every hand:
# an upper bound, not a player).
LADDER = [player.name for player in baloot.players()]
SEARCH = tuple(player.name for player in baloot.players() if player.search)


def report(a: str, b: str, hands: int, seed: int, threads: int = 0) -> None:
    began = time.perf_counter()
    result = baloot.duplicate(a, b, hands, seed=seed, threads=threads)
    print(f"{result}, {time.perf_counter() - began:.0f} s", flush=True)


def speeds(players: list, base: str, hands: int) -> None:
    """Each player's median hands/s over three rounds of `hands` hands on one thread, and its ratio to base's."""
    rates: dict = {p: [] for p in players}
    for _ in range(3):
        for p in players:
            began = time.perf_counter()
            baloot.simulate(hands, players=p, seed=2, threads=1)
            rates[p].append(hands / (time.perf_counter() - began))
    for p in players:
        rate = statistics.median(rates[p])
        print(f"{p}: {rate:,.0f} hands/s on one thread ({rate / statistics.median(rates[base]):.2f}x {base})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=5000, help="deals per layout (default 5000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ladder", action="store_true", help="each rung of LADDER against the rung below")
    parser.add_argument("--search-hands", type=int, default=300, help="deals per layout with a search player (ladder)")
    parser.add_argument("--speed", type=int, default=0, help="then time each player over this many hands")
    parser.add_argument("--threads", type=int, default=0, help="threads of the matches (default 0: every core)")
    parser.add_argument("players", nargs="*", help="pairs of players: A B [A B ...]")
    args = parser.parse_args()
    if args.ladder:
        for below, above in zip(LADDER, LADDER[1:]):
            search = any(name.startswith(SEARCH) for name in (below, above))
            report(above, below, args.search_hands if search else args.hands, args.seed, args.threads)
        return
    if not args.players or len(args.players) % 2:
        parser.error("give players in pairs")
    for a, b in zip(args.players[::2], args.players[1::2]):
        report(a, b, args.hands, args.seed, args.threads)
    if args.speed:
        speeds(list(dict.fromkeys(args.players)), args.players[1], args.speed)


if __name__ == "__main__":
    main()
