"""The ray executor on a real two-node cluster: same results as local, a killed worker's job retried,
a node that cannot sandbox refusing by name, `centaur doctor` and `centaur grade` against the cluster.

Few tests and tiny jobs: Ray is heavy and the whole suite has a time budget.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.arena import Timeouts, TournamentSpec, resolve_agent, run_tournament, tournament_matches
from centaurlab.bench import BenchSpec, SampleOutcome, load_report, run_bench
from centaurlab.cli import app
from centaurlab.executors import LocalExecutor, RayExecutor, SandboxRefused
from centaurlab.grading import GradeConfig, GradeJob, run_grade_job
from centaurlab.models import ModelConfig, Registry
from centaurlab.sandbox import bwrap_works
from tests.fakes.openai_server import FakeOpenAI, Reply, chat_body, serve
from tests.helpers import MINI_BANK, pair_sum

from .cluster import cluster_pids

# one xdist worker runs them all (`--dist loadgroup` in make test), so the session starts one cluster
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("ray-cluster"),
              pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")]

WRONG = "def count_pairs(nums, target):\n    return 0\n"
CLUMSY = ("def count_pairs(nums, target):\n    n = 0\n    seen = {}\n    for x in nums:\n"
          "        if x is not None and target - x in seen and seen[target - x] > 0:\n"
          "            n += seen[target - x]\n        seen[x] = seen.get(x, 0) + 1\n    return n\n")


def seeded(payload: dict[str, Any]) -> Reply:
    """The fake model: its answer is a function of the request's seed, so reruns answer alike."""
    code = [pair_sum().reference_source, CLUMSY, WRONG][payload["seed"] % 3]
    return Reply(body=chat_body(f"```python\n{code}```"))


@pytest.fixture
def fake_model() -> Iterator[FakeOpenAI]:
    for fake in serve():
        fake.responder = seeded
        yield fake


def _scores(url: str, run_id: str) -> dict[tuple[Any, ...], tuple[Any, ...]]:
    frame = load_report(url, run_id).frame
    return {(r["model"], r["task"], r["framing"], r["sample"]): (r["correctness"], r["efficiency"], r["quality"],
                                                                 r["composite"])
            for r in frame.to_dict(orient="records")}  # fmt: skip


class WorkerKiller(threading.Thread):
    """Kills (SIGKILL) the first worker process of the cluster seen running a job."""

    def __init__(self, temp: Path) -> None:
        super().__init__(daemon=True)
        self.temp, self.killed, self.stop = temp, 0, threading.Event()

    def run(self) -> None:
        while not self.stop.is_set() and not self.killed:
            for pid in cluster_pids(self.temp):
                try:
                    title = Path(f"/proc/{pid}/cmdline").read_bytes()
                except OSError:
                    continue
                if title.startswith(b"ray::run_job"):
                    os.kill(pid, signal.SIGKILL)
                    self.killed = pid
                    return
            time.sleep(0.02)


def test_a_bench_on_ray_matches_local_sample_for_sample_through_a_killed_worker_and_an_interruption(
    ray_cluster: tuple[str, Path], tmp_path: Path, fake_model: FakeOpenAI
) -> None:
    address, temp = ray_cluster
    registry = Registry({"fake": ModelConfig(name="fake", base_url=fake_model.base_url, model="fake-1", max_retries=0)})
    spec = BenchSpec(models=("fake",), bank=str(MINI_BANK), framings=("neutral", "dual"), samples=3)
    urls = {name: f"sqlite:///{tmp_path / name}.db" for name in ("local", "ray")}
    for url in urls.values():
        store.upgrade(url)
    local = run_bench(spec, urls["local"], registry=registry, executor=LocalExecutor(2))
    asked_locally = len(fake_model.requests)

    cluster = RayExecutor(address)
    killer = WorkerKiller(temp)
    killer.start()
    outcomes: list[SampleOutcome] = []

    def interrupt_after_two(outcome: SampleOutcome) -> None:
        outcomes.append(outcome)
        if len(outcomes) == 2:
            raise KeyboardInterrupt  # the driver stopped mid-run (Ctrl-C)

    try:
        with pytest.raises(KeyboardInterrupt):
            run_bench(spec, urls["ray"], registry=registry, executor=cluster, on_sample=interrupt_after_two)
        remote = run_bench(spec, urls["ray"], registry=registry, executor=cluster)  # the same command again
    finally:
        killer.stop.set()
        cluster.close()
    assert killer.killed, "no worker was seen running a job, so none was killed"
    assert (local.graded, remote.kept, remote.graded, remote.model_errors) == (6, 2, 4, 0)
    assert len(fake_model.requests) == 2 * asked_locally == 12  # no sample asked twice, across the interruption
    scores = _scores(urls["ray"], remote.run_id)
    assert len(scores) == 6 and scores == _scores(urls["local"], local.run_id)
    assert len(set(scores.values())) == 3  # the three answers of the fake model, graded apart


def test_a_tournament_on_ray_stores_the_same_match_records(ray_cluster: tuple[str, Path], tmp_path: Path) -> None:
    address, _ = ray_cluster
    spec = TournamentSpec("t1", (resolve_agent("honest"), resolve_agent("naive")), ("france",), rounds=1, n_tasks=4,
                          seed=3, timeouts=Timeouts(10, 5, 10))  # fmt: skip
    records = {}
    for name in ("local", "ray"):
        url = f"sqlite:///{tmp_path / name}.db"
        store.upgrade(url)
        executor = LocalExecutor(2, processes=True) if name == "local" else RayExecutor(address)
        try:
            assert run_tournament(spec, database_url=url, executor=executor).played == 2
        finally:
            executor.close()
        with store.session_scope(url) as session:
            rows = tournament_matches(session, "t1")
            records[name] = {(r.topology, r.round, r.agent_a, r.agent_b, r.seed):
                             {k: v for k, v in r.record.items() if k != "seconds"} for r in rows}  # fmt: skip
    assert len(records["ray"]) == 2 and records["ray"] == records["local"]


def test_a_node_that_cannot_sandbox_refuses_the_job_by_name(ray_cluster: tuple[str, Path]) -> None:
    address, _ = ray_cluster
    # the workers of this job are told to use the rlimit backend: no isolation, so they must refuse
    cluster = RayExecutor(address, runtime_env={"env_vars": {"CENTAUR_SANDBOX_BACKEND": "rlimit"}})
    try:
        future = cluster.submit(run_grade_job, GradeJob(pair_sum(), WRONG, GradeConfig()))
        with pytest.raises(SandboxRefused) as refused:
            future.result(timeout=300)
    finally:
        cluster.close()
    message = str(refused.value)
    assert message.startswith("node ") and "refuses the job" in message and "rlimit" in message
    assert "apt-get install bubblewrap" in message


def test_doctor_and_grade_find_the_cluster_through_ray_address(
    ray_cluster: tuple[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    address, _ = ray_cluster
    runner = CliRunner()
    doctor = runner.invoke(app, ["doctor", "--executor", "ray", "--ray-address", address, "--json"])
    assert doctor.exit_code == 0, doctor.output
    assert '"ok": true' in doctor.output and doctor.output.count('"isolated": true') == 2

    folder = tmp_path / "solutions"
    folder.mkdir()
    (folder / "pair_sum.py").write_text(pair_sum().reference_source)
    monkeypatch.setenv("RAY_ADDRESS", address)  # as a Ray user would: no --ray-address, no num_cpus passed
    graded = runner.invoke(app, ["grade", str(folder), "--bank", str(MINI_BANK), "--executor", "ray", "--csv"])
    assert graded.exit_code == 0, graded.output
    assert "pair_sum,graded,100.0" in graded.output
    again = runner.invoke(app, ["grade", str(folder), "--bank", str(MINI_BANK), "--executor", "ray", "--csv"])
    assert again.exit_code == 0 and "pair_sum,stored,100.0" in again.output  # the driver stored it
