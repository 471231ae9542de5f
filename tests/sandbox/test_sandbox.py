from __future__ import annotations

import pytest

from centaurlab.sandbox import BwrapBackend, Limits, backend_status, bwrap_works, run_program
from centaurlab.sandbox._limits import Status
from centaurlab.sandbox._rlimit import RlimitBackend

needs_bwrap = pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")


@needs_bwrap
def test_ok_run_reports_output_time_and_memory() -> None:
    result = run_program("import sys\nprint('hello')\nprint('oops', file=sys.stderr)", backend=BwrapBackend())
    assert result.status is Status.ok
    assert result.exit_code == 0
    assert result.stdout == "hello\n"
    assert result.stderr == "oops\n"
    assert result.isolated and result.backend == "bwrap"
    assert result.wall_seconds > 0
    assert result.peak_memory_mb > 1


@needs_bwrap
def test_cpu_time_is_measured_inside_the_namespace() -> None:
    result = run_program("x = 0\nfor i in range(3_000_000):\n    x += i", backend=BwrapBackend())
    assert result.status is Status.ok
    assert result.cpu_seconds > 0.05


@needs_bwrap
def test_error_exit_code_and_traceback() -> None:
    result = run_program("raise SystemExit(3)", backend=BwrapBackend())
    assert result.status is Status.error and result.exit_code == 3
    crash = run_program("1 / 0", backend=BwrapBackend())
    assert crash.status is Status.error and "ZeroDivisionError" in crash.stderr


@needs_bwrap
def test_numpy_and_pandas_are_importable() -> None:
    src = "import numpy as np, pandas as pd\nprint(int(np.arange(5).sum()), pd.DataFrame({'a': [1, 2]}).shape)"
    result = run_program(src, backend=BwrapBackend())
    assert result.stdout == "10 (2, 1)\n", result.stderr


@needs_bwrap
def test_stdin_and_extra_files_reach_the_program() -> None:
    result = run_program(
        "import sys\nprint(sys.stdin.read().upper(), open('data.txt').read())",
        backend=BwrapBackend(),
        stdin=b"abc",
        files={"data.txt": "xyz"},
    )
    assert result.stdout == "ABC xyz\n"


@needs_bwrap
def test_auto_backend_is_bwrap_when_it_works() -> None:
    status = backend_status("auto")
    assert status.name == "bwrap" and status.isolated


def test_rlimit_backend_warns_in_every_result() -> None:
    result = run_program("print(2 + 2)", backend=RlimitBackend())
    assert result.stdout == "4\n"
    assert result.isolated is False
    assert any("NOT ISOLATED" in w for w in result.warnings)
    status = backend_status("rlimit")
    assert not status.isolated and "NOT ISOLATED" in status.note


def test_rlimit_backend_still_enforces_limits() -> None:
    result = run_program("while True:\n    pass", Limits(cpu_seconds=1, wall_seconds=5), backend=RlimitBackend())
    assert result.status is Status.timeout
    flood = run_program("while True:\n    print('x' * 1000)", Limits(output_bytes=10_000), backend=RlimitBackend())
    assert flood.status is Status.output_limit


def test_unknown_backend_is_a_clear_error() -> None:
    from centaurlab.sandbox import SandboxUnavailable

    with pytest.raises(SandboxUnavailable, match="unknown sandbox backend 'docker'"):
        backend_status("docker")
