"""Dask scale-out and checkpoint/resume: simulate(..., scheduler=...) and analyze_bid(...,
scheduler=...) against a LocalCluster of 2 worker processes started here, equal bit for bit to the local
run; a worker killed mid-run; an interrupted checkpointed run resumed; bad addresses; Dask missing.
"""

import glob
import json
import os
import signal
import sys
import threading
import time

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from conftest import assert_same_result  # noqa: E402

import baloot  # noqa: E402
from baloot import BalootError, Rules  # noqa: E402

# the module, not the function of the same name that the package exports
sim = sys.modules["baloot.simulate"]


def assert_same_analysis(a, b):
    assert [r.action for r in a.rows] == [r.action for r in b.rows]
    assert a.best == b.best
    for x, y in zip(a.rows, b.rows):
        assert np.array_equal(x.margins, y.margins), x.action
    assert a.to_dict() == b.to_dict()


def analysis_player():
    try:
        baloot._core.Player("heuristic")
        return "heuristic"
    except Exception:
        return "random"


@pytest.fixture(scope="module")
def cluster():
    from distributed import LocalCluster

    options = dict(n_workers=2, threads_per_worker=1, processes=True)
    try:
        made = LocalCluster(dashboard_address=None, **options)
    except RuntimeError as error:
        # dashboard_address=None still binds the scheduler's HTTP server to 8787 in this version of
        # distributed; when another program holds that port, take any free one
        if "8787" not in str(error):
            raise
        made = LocalCluster(dashboard_address=":0", **options)
    with made as c:
        yield c


@pytest.fixture(scope="module")
def client(cluster):
    from distributed import Client

    with Client(cluster) as c:
        c.wait_for_workers(2, timeout=180)
        yield c


@pytest.fixture
def ready(client):
    """Every test starts with both workers up (a killed one is restarted by its nanny)."""
    try:
        client.wait_for_workers(2, timeout=60)
    except Exception:  # a nanny slow to bring its worker back: restart them all
        client.restart(timeout=180, wait_for_workers=True)
        client.wait_for_workers(2, timeout=180)
    return client


def scheduler_clients(client):
    return client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.clients))


# ---------------------------------------------------------------------------------------------
# equality with the local run
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("contract,keep,rules", [
    (None, True, Rules()),
    ("hokum:S", True, Rules(kaboot="double")),
    (None, False, Rules(kaboot="off", sun_priority=False)),
])
def test_simulate_on_cluster_equals_local(ready, contract, keep, rules):
    n = 123_457
    local = baloot.simulate(n, seed=2024, threads=2, contract=contract, keep=keep, rules=rules)
    remote = baloot.simulate(n, seed=2024, threads=1, contract=contract, keep=keep, rules=rules, scheduler=ready,
                             chunk=20_000)
    assert_same_result(local, remote)
    assert remote.start == 0 and remote.seed == 2024 and remote.players == local.players
    assert remote.summary().to_dict() == local.summary().to_dict()


def test_simulate_on_cluster_with_start_offset(ready):
    local = baloot.simulate(30_000, seed=5, start=1_000_003, threads=1)
    remote = baloot.simulate(30_000, seed=5, start=1_000_003, threads=1, scheduler=ready, chunk=7_000)
    assert_same_result(local, remote)
    assert np.array_equal(remote.dealer, np.arange(1_000_003, 1_030_003) % 4)


def test_simulate_with_scheduler_address(ready, cluster):
    local = baloot.simulate(60_000, seed=11, threads=2)
    before = scheduler_clients(ready)
    remote = baloot.simulate(60_000, seed=11, threads=1, scheduler=cluster.scheduler_address, chunk=15_000)
    assert_same_result(local, remote)
    # a client the call opened from an address is closed again: no connection leaks per call
    deadline = time.time() + 5
    while scheduler_clients(ready) != before and time.time() < deadline:
        time.sleep(0.1)
    assert scheduler_clients(ready) == before


def test_simulate_on_cluster_with_progress(ready):
    seen = []
    local = baloot.simulate(40_000, seed=3, threads=1)
    remote = sim.run(40_000, "random", 3, 1, None, None, True, seen.append, scheduler=ready, chunk=10_000)
    assert_same_result(local, remote)
    assert seen[0] == 0 and seen[-1] == 40_000
    assert seen == sorted(seen)


def test_analyze_bid_on_cluster_equals_local(ready, cluster):
    players = analysis_player()
    kwargs = dict(hand="JH 9H 7S 8D 7C", up_card="8H", seat=0, dealer=0, samples=3_001, players=players, seed=31)
    local = baloot.analyze_bid(**kwargs, threads=2)
    remote = baloot.analyze_bid(**kwargs, threads=1, scheduler=ready, chunk=500)
    assert_same_analysis(local, remote)
    by_address = baloot.analyze_bid(**kwargs, threads=1, scheduler=cluster.scheduler_address, chunk=1000)
    assert_same_analysis(local, by_address)


def test_analyze_decision_on_cluster_equals_local(ready):
    game = baloot.Game(dealer=0, seed=5)
    game.apply("hokum")
    while game.phase == "bidding":
        game.apply("pass")
    players = analysis_player()
    local = baloot.analyze_decision(game, samples=2000, players=players, seed=4, threads=2)
    remote = baloot.analyze_decision(game, samples=2000, players=players, seed=4, threads=1, scheduler=ready,
                                     chunk=300)
    assert_same_analysis(local, remote)


# ---------------------------------------------------------------------------------------------
# a worker lost mid-run
# ---------------------------------------------------------------------------------------------

class WorkerKiller:
    """Kills (SIGKILL) one worker process that holds a chunk, once the run has finished its first chunk.
    The run itself stays in the calling thread; this watches from another one."""

    def __init__(self, client, after):
        self.client = client
        self.after = after
        self.pids = client.run(os.getpid)  # worker address -> pid
        self.go = threading.Event()
        self.victim = None
        self.done_at_kill = None
        self.done = 0
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def progress(self, done):
        self.done = done
        if done >= self.after:
            self.go.set()

    def _watch(self):
        if not self.go.wait(60):
            return
        deadline = time.time() + 20
        while time.time() < deadline:
            busy = [addr for addr, keys in self.client.processing().items() if keys and addr in self.pids]
            if busy:
                self.done_at_kill = self.done
                os.kill(self.pids[busy[0]], signal.SIGKILL)
                self.victim = busy[0]
                return
            time.sleep(0.005)

    def check(self, total):
        self.thread.join(30)
        assert self.victim is not None, "no worker was busy after the first chunk"
        assert self.done_at_kill < total, "the worker was killed after the run had finished"
        with pytest.raises(OSError):  # the process is really gone
            os.kill(self.pids[self.victim], 0)


def test_killed_worker_costs_only_its_chunk(ready):
    n, chunk = 3_000_000, 250_000
    killer = WorkerKiller(ready, after=chunk)
    result = sim.run(n, "random", 99, 1, None, None, False, killer.progress, scheduler=ready, chunk=chunk)
    killer.check(n)
    assert_same_result(baloot.simulate(n, seed=99, threads=2, keep=False), result)


def test_killed_worker_keeps_rows_exact(ready):
    """The same with per-hand rows kept: the retried chunk's rows land in the right place."""
    n, chunk = 800_000, 100_000
    killer = WorkerKiller(ready, after=chunk)
    result = sim.run(n, "random", 7, 1, None, "hokum:D", True, killer.progress, scheduler=ready, chunk=chunk)
    killer.check(n)
    assert_same_result(baloot.simulate(n, seed=7, threads=2, contract="hokum:D"), result)


def test_killed_worker_during_analysis(ready):
    samples, chunk = 60_000, 5_000
    players = analysis_player()
    game = baloot.Game(dealer=0, seed=5)
    killer = WorkerKiller(ready, after=chunk)
    result = baloot.analyze_decision(game, samples=samples, players=players, seed=12, threads=1, scheduler=ready,
                                     chunk=chunk, progress=killer.progress)
    killer.check(samples)
    assert_same_analysis(baloot.analyze_decision(game, samples=samples, players=players, seed=12, threads=2), result)


# ---------------------------------------------------------------------------------------------
# checkpoint and resume
# ---------------------------------------------------------------------------------------------

class Crash(Exception):
    pass


def crash_after(hands):
    def progress(done):
        if done >= hands:
            raise Crash(f"crashed after {done} hands")

    return progress


def read_text(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def read_json(path):
    return json.loads(read_text(path))


def leftovers(folder):
    return glob.glob(os.path.join(folder, ".baloot-*"))


@pytest.mark.parametrize("keep", [True, False])
def test_checkpoint_resume_locally_equals_uninterrupted(tmp_path, keep):
    path = str(tmp_path / "run.ckpt")
    n, chunk = 100_001, 10_000
    whole = baloot.simulate(n, seed=42, threads=2, keep=keep)
    with pytest.raises(Crash):
        sim.run(n, "random", 42, 1, None, None, keep, crash_after(35_000), checkpoint=path, chunk=chunk)
    data = read_json(path)
    assert 1 <= len(data["chunks"]) < 11
    recorded = len(data["chunks"])
    assert not leftovers(tmp_path)
    # the same call again resumes: it starts from the recorded chunks and plays only the rest
    seen = []
    resumed = sim.run(n, "random", 42, 2, None, None, keep, seen.append, checkpoint=path, chunk=chunk)
    assert seen[0] == recorded * chunk
    assert seen[-1] == n
    assert_same_result(whole, resumed)
    # and once more, from a complete checkpoint, with the public function
    again = baloot.simulate(n, seed=42, threads=1, keep=keep, checkpoint=path, chunk=chunk)
    assert_same_result(whole, again)
    assert not leftovers(tmp_path)


def test_checkpoint_resume_on_cluster_equals_uninterrupted(ready, tmp_path):
    path = str(tmp_path / "dist.ckpt")
    n, chunk = 200_000, 20_000
    whole = baloot.simulate(n, seed=8, threads=2, contract="sun")
    with pytest.raises(Crash):
        sim.run(n, "random", 8, 1, None, "sun", True, crash_after(60_000), scheduler=ready, checkpoint=path,
                chunk=chunk)
    recorded = len(read_json(path)["chunks"])
    assert 1 <= recorded < 10
    seen = []
    resumed = sim.run(n, "random", 8, 1, None, "sun", True, seen.append, scheduler=ready, checkpoint=path,
                      chunk=chunk)
    assert seen[0] == recorded * chunk
    assert_same_result(whole, resumed)
    # a local resume of a cluster checkpoint gives the same too
    assert_same_result(whole, baloot.simulate(n, seed=8, contract="sun", threads=1, checkpoint=path, chunk=chunk))


def test_checkpoint_keyboard_interrupt_then_resume(tmp_path):
    path = str(tmp_path / "ctrl-c.ckpt")

    def ctrl_c(done):
        if done >= 20_000:
            raise KeyboardInterrupt

    stopped = sim.run(50_000, "random", 1, 1, None, None, True, ctrl_c, checkpoint=path, chunk=5_000)
    assert stopped.interrupted and stopped.hands == 20_000  # the chunks finished, as a SimResult
    assert (stopped.table()["hand"] == np.arange(20_000)).all()
    assert_same_result(baloot.simulate(50_000, seed=1, threads=2),
                       baloot.simulate(50_000, seed=1, threads=2, checkpoint=path, chunk=5_000))


@pytest.mark.parametrize("change", [
    dict(seed=43), dict(hands=100_002), dict(chunk=5_000), dict(contract="sun"),
    dict(rules=Rules(kaboot="double")), dict(start=1), dict(keep=False),
])
def test_checkpoint_refuses_a_different_run(tmp_path, change):
    path = str(tmp_path / "run.ckpt")
    base = dict(hands=100_001, seed=42, checkpoint=path, chunk=10_000, threads=1)
    with pytest.raises(Crash):
        sim.run(base["hands"], "random", 42, 1, None, None, True, crash_after(20_000), checkpoint=path,
                chunk=10_000)
    before = read_text(path)
    kwargs = dict(base)
    kwargs.update(change)
    with pytest.raises(BalootError) as info:
        baloot.simulate(**kwargs)
    assert "checkpoint" in str(info.value) and path in str(info.value), str(info.value)
    # the refused run leaves the checkpoint as it was
    assert read_text(path) == before


def test_checkpoint_refuses_other_players(tmp_path):
    path = str(tmp_path / "p.ckpt")
    baloot.simulate(2_000, seed=1, threads=1, checkpoint=path, chunk=500)

    def first_legal(game):
        return game.legal_actions()[0]

    with pytest.raises(BalootError, match="different run"):
        baloot.simulate(2_000, players=[first_legal, "random", "random", "random"], seed=1, threads=1,
                        checkpoint=path, chunk=500)


def test_corrupt_checkpoint_is_a_clear_error(tmp_path):
    path = tmp_path / "bad.ckpt"
    path.write_text("{ not json")
    with pytest.raises(BalootError) as info:
        baloot.simulate(1_000, seed=1, checkpoint=str(path), chunk=100)
    assert str(path) in str(info.value)


def test_checkpoint_without_dask(tmp_path, monkeypatch):
    """A checkpoint alone runs locally and does not need Dask."""
    monkeypatch.setitem(sys.modules, "distributed", None)
    path = str(tmp_path / "local.ckpt")
    result = baloot.simulate(5_000, seed=3, threads=1, checkpoint=path, chunk=1_000)
    assert_same_result(baloot.simulate(5_000, seed=3, threads=1), result)


# ---------------------------------------------------------------------------------------------
# bad schedulers, Dask missing
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("call", ["simulate", "analyze_bid"])
def test_unreachable_scheduler_fails_fast(call):
    began = time.perf_counter()
    with pytest.raises(BalootError) as info:
        if call == "simulate":
            baloot.simulate(1_000, scheduler="tcp://127.0.0.1:1")
        else:
            baloot.analyze_bid("JH 9H 7S 8D 7C", "8H", 0, 0, samples=100, players="random",
                               scheduler="tcp://127.0.0.1:1")
    assert time.perf_counter() - began < 3.0
    assert "tcp://127.0.0.1:1" in str(info.value)


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:notaport", "tcp://127.0.0.1", 5, ["tcp://127.0.0.1:1"]])
def test_malformed_scheduler_is_a_clear_error(address):
    began = time.perf_counter()
    with pytest.raises(BalootError) as info:
        baloot.simulate(1_000, scheduler=address)
    assert time.perf_counter() - began < 3.0
    assert str(address) in str(info.value) or repr(address) in str(info.value), str(info.value)


@pytest.mark.parametrize("call", ["simulate", "analyze_bid"])
def test_missing_distributed_gives_a_clear_message(monkeypatch, call):
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(BalootError) as info:
        if call == "simulate":
            baloot.simulate(1_000, scheduler="tcp://127.0.0.1:8786")
        else:
            baloot.analyze_bid("JH 9H 7S 8D 7C", "8H", 0, 0, samples=100, players="random",
                               scheduler="tcp://127.0.0.1:8786")
    message = str(info.value)
    assert "Dask" in message or "dask" in message
    assert "pip install" in message and "baloot[dist]" in message


def test_cluster_still_healthy(ready):
    """After the kills the cluster is back to two workers and gives the local answer."""
    assert len(ready.scheduler_info()["workers"]) == 2
    assert_same_result(baloot.simulate(10_000, seed=1, threads=1),
                       baloot.simulate(10_000, seed=1, threads=1, scheduler=ready, chunk=3_000))


def test_matches_on_cluster_equal_local(ready):
    from baloot import Rules, simulate_matches

    local = simulate_matches(40, players="random", rules=Rules(target=61), seed=6)
    remote = simulate_matches(40, players="random", rules=Rules(target=61), seed=6, scheduler=ready, chunk=15)
    assert remote.counts == local.counts and np.array_equal(remote.scores, local.scores)
