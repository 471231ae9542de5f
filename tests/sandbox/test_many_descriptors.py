"""The sandbox in a process that holds more than 1,024 descriptors, as a study server with a thousand
participants' connections does: every descriptor the sandbox then opens (pipes, pidfds, the zygote's
sockets) is numbered above 1023, which `select.select` refused (`filedescriptor out of range`), so every
Run answered 500. Each way into the sandbox must still run code: a program, a session, a box forked by
the pool's zygote, and a task's test suite through the judge."""

from __future__ import annotations

import os
import resource
from collections.abc import Iterator

import pytest

from centaurlab.sandbox import BoxKind, BwrapBackend, Limits, Suite, bwrap_works, python_argv, run_program, run_suite
from centaurlab.sandbox._pool import WarmPool
from tests.helpers import pair_sum

HELD = 1_100
LIMITS = Limits(cpu_seconds=5, wall_seconds=30, memory_mb=512)


@pytest.fixture
def many_descriptors() -> Iterator[None]:
    """1,100 open descriptors in this process (the soft RLIMIT_NOFILE raised to the hard one first)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < HELD + 200:
        pytest.skip(f"the hard limit on open files is {hard}: too few to hold {HELD} descriptors")
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    held = [os.open(os.devnull, os.O_RDONLY) for _ in range(HELD)]
    try:
        probe = os.open(os.devnull, os.O_RDONLY)
        os.close(probe)
        assert probe > 1023  # what the sandbox opens next is beyond select's reach
        yield
    finally:
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_a_program_runs_with_descriptors_above_1023(many_descriptors: None) -> None:
    result = run_program("print(sum(range(10)))", LIMITS)
    assert result.status.value == "ok" and result.stdout.strip() == "45"


def test_a_task_suite_is_judged_with_descriptors_above_1023(many_descriptors: None) -> None:
    task = pair_sum()
    report = run_suite(task, task.reference_source, Suite.tests)
    assert report.all_passed and report.total == 4
    failed = run_suite(task, task.starter, Suite.tests)
    assert not failed.all_passed and failed.passed == 1


@pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")
def test_a_session_and_a_forked_box_run_with_descriptors_above_1023(many_descriptors: None) -> None:
    session = BwrapBackend().spawn(python_argv("main.py"), {"main.py": "print(input().upper(), flush=True)"},
                                   LIMITS)
    session.send("hello")
    assert session.receive(20) == "HELLO"
    assert session.close().exit_code == 0
    pool = WarmPool(size=1, max_memory_mb=1024)
    try:
        kind = BoxKind("bwrap")
        for _ in range(2):  # the second claim starts the kind's pool and its zygote
            box = pool.claim(BwrapBackend(), kind, LIMITS)
            assert box.request("ping").value == "pong"
            box.discard()
        assert pool.wait_ready(kind, 1, 30) == 1
        box = pool.claim(BwrapBackend(), kind, LIMITS)
        assert box.request("ping").value == "pong"
        box.discard()
        [row] = pool.status()
        assert row.zygote.startswith("pid ")  # its boxes were forked through the zygote's sockets
    finally:
        pool.close()
