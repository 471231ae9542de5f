"""The executor interface without Ray: finding the cluster, the driver loop, choosing and refusing."""

from __future__ import annotations

import threading

import pytest

from centaurlab.executors import (
    ExecutorError,
    LocalExecutor,
    SandboxRefused,
    open_executor,
    probe_node,
    run_all,
    store_note,
)
from centaurlab.executors._node import require_isolation
from centaurlab.executors._raycluster import resolve_address


def test_the_cluster_is_the_option_else_ray_address_else_a_private_local_ray() -> None:
    env = {"RAY_ADDRESS": "10.0.0.5:6379"}
    assert resolve_address("head:6379", env) == "head:6379"
    assert resolve_address(None, env) == "10.0.0.5:6379"
    assert resolve_address("  ", env) == "10.0.0.5:6379"
    assert resolve_address(None, {}) is None


def square(x: int) -> int:
    return x * x


def fails_on_three(x: int) -> int:
    if x == 3:
        raise ValueError("three")
    return x


@pytest.mark.parametrize("processes", [False, True])
def test_run_all_hands_every_result_to_the_driver_once_under_its_key(processes: bool) -> None:
    executor = LocalExecutor(2, processes=processes)
    seen: dict[str, int] = {}
    threads = set()

    def on_result(key: str, value: int) -> None:
        assert key not in seen
        seen[key] = value
        threads.add(threading.get_ident())

    try:
        count = run_all(executor, square, ((f"k{i}", i) for i in range(7)), on_result, in_flight=3)
    finally:
        executor.close()
    assert count == 7 and seen == {f"k{i}": i * i for i in range(7)}
    assert threads == {threading.get_ident()}  # the driver's thread alone handles results (and writes the store)


def test_a_failing_job_stops_the_run_with_its_own_error() -> None:
    executor = LocalExecutor(1)
    seen: list[int] = []
    try:
        with pytest.raises(ValueError, match="three"):
            run_all(executor, fails_on_three, ((i, i) for i in range(6)), lambda _k, v: seen.append(v), in_flight=1)
    finally:
        executor.close()
    assert seen == [0, 1, 2]


def test_choosing_an_executor_names_the_choices_and_the_misplaced_option() -> None:
    with pytest.raises(ExecutorError, match="unknown executor 'spark'; choose local, ray"):
        open_executor("spark")
    with pytest.raises(ExecutorError, match="--ray-address is for --executor ray"):
        open_executor("local", ray_address="head:6379")
    assert open_executor("local", workers=3).slots == 3


class Cluster(LocalExecutor):
    """A stand-in for a cluster of several machines (what store_note asks of one: its name and machines)."""

    name = "ray"

    def __init__(self, machines: int) -> None:
        super().__init__(1)
        self.count = machines

    def machines(self) -> int:
        return self.count


def test_sqlite_is_noted_on_one_machine_and_refused_across_several() -> None:
    assert store_note("sqlite:///x.db", LocalExecutor(1)) is None
    assert "SQLite: fine while the Ray cluster is on one machine" in (store_note("sqlite:///x.db", Cluster(1)) or "")
    with pytest.raises(ExecutorError, match="spans 3 machines: use PostgreSQL"):
        store_note("sqlite:///x.db", Cluster(3))
    assert store_note("postgresql+psycopg://u@db/centaur", Cluster(3)) is None


def test_a_node_without_isolation_refuses_and_says_how_to_fix_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CENTAUR_SANDBOX_BACKEND", "rlimit")
    assert probe_node(fresh=True).isolated is False
    try:
        with pytest.raises(SandboxRefused, match="refuses the job.*backend rlimit.*apt-get install bubblewrap"):
            require_isolation()
    finally:
        monkeypatch.delenv("CENTAUR_SANDBOX_BACKEND")
        probe_node(fresh=True)


def test_doctor_reports_this_machine_and_whether_it_can_sandbox() -> None:
    import json

    from typer.testing import CliRunner

    from centaurlab.cli import app

    result = CliRunner().invoke(app, ["doctor", "--json"])
    report = json.loads(result.output)
    assert report["where"] == "this machine" and report["store"] == "sqlite" and len(report["nodes"]) == 1
    node = report["nodes"][0]
    assert result.exit_code == (0 if node["isolated"] else 1) and report["ok"] is node["isolated"]
    assert node["backend"] in ("bwrap", "rlimit") and node["cpus"] >= 1
