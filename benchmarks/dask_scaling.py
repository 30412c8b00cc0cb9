"""Dask against local threads on this machine, and the cost of one chunk.

    python benchmarks/dask_scaling.py [--hands N] [--players heuristic] [--repeats 3]

Starts a LocalCluster of two single-threaded worker processes, then times the same run (medians of
--repeats) with 1 and 2 local threads and on the cluster, and the fixed overhead of a chunk (many
chunks of 10 hands each). Results must be identical; the script checks it.
"""

from __future__ import annotations

import argparse
import statistics
import time

import baloot


def timed(repeats: int, work) -> float:
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        work()
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def main() -> None:
    from distributed import Client, LocalCluster

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--players", default="heuristic")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    began = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster, \
            Client(cluster) as client:
        print(f"LocalCluster of 2 workers started in {time.perf_counter() - began:.2f} s")
        reference = baloot.simulate(args.hands, players=args.players, seed=3, threads=2, keep=False)
        chunk = args.hands // 8
        on_cluster = baloot.simulate(args.hands, players=args.players, seed=3, threads=1, keep=False, scheduler=client,
                                     chunk=chunk)
        assert on_cluster.counts == reference.counts, "the cluster's result differs from the local run"

        def run(**options):
            return lambda: baloot.simulate(args.hands, players=args.players, seed=3, keep=False, **options)

        one = timed(args.repeats, run(threads=1))
        two = timed(args.repeats, run(threads=2))
        dask = timed(args.repeats, run(threads=1, scheduler=client, chunk=chunk))
        print(f"{args.hands:,} {args.players} hands: 1 thread {args.hands / one:,.0f} hands/s, "
              f"2 threads {args.hands / two:,.0f} hands/s ({one / two:.2f}x), "
              f"LocalCluster 2 workers, 8 chunks {args.hands / dask:,.0f} hands/s ({one / dask:.2f}x)")

        chunks = 200
        tiny = timed(args.repeats, lambda: baloot.simulate(10 * chunks, players=args.players, seed=3, threads=1,
                                                           keep=False, scheduler=client, chunk=10))
        work = timed(args.repeats, lambda: baloot.simulate(10 * chunks, players=args.players, seed=3, threads=1,
                                                           keep=False))
        # Wall time the cluster spends per chunk beyond the hands themselves (run on two workers).
        per_chunk = (tiny - work / 2) / chunks
        share = dask / 8
        print(f"overhead per chunk: {1e3 * per_chunk:.2f} ms of wall time ({chunks} chunks of 10 hands); "
              f"a chunk of {chunk:,} hands accounts for {share:.2f} s of the run, so the overhead is "
              f"{100 * per_chunk / share:.2f}% of it")


if __name__ == "__main__":
    main()
