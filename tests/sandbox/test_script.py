"""`run_script`: a program run in a box of the warm pool answers as `run_program` does, under the same
limits and isolation, and the platform (not the program) decides timeouts and output limits."""

from __future__ import annotations

import re

import pytest

from centaurlab.sandbox import BwrapBackend, Limits, bwrap_works, default_pool, run_program, run_script
from centaurlab.sandbox._limits import Status
from centaurlab.sandbox._rlimit import RlimitBackend

pytestmark = pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unavailable")

BACKEND = BwrapBackend()
LIMITS = Limits(cpu_seconds=5, wall_seconds=20, memory_mb=512, output_bytes=50_000)

SAME_AS_A_PROGRAM = {
    "prints": "import sys\nprint('out', 6 * 7)\nprint('err', file=sys.stderr)\n",
    "main": "def f():\n    return __name__, __file__\nif __name__ == '__main__':\n    print(*f())\n",
    "exit code": "import sys\nprint('before')\nsys.exit(3)\n",
    "exit message": "import sys\nsys.exit('bye')\n",
    "raises": "def f():\n    raise ValueError('boom')\nf()\n",
    "syntax": "def f(:\n",
    "memory": "x = bytearray(2 * 1024 ** 3)\n",
    "os exit": "import os\nos._exit(5)\n",
}


@pytest.mark.parametrize("name", list(SAME_AS_A_PROGRAM))
def test_a_program_in_a_box_answers_as_a_program_started_whole(name: str) -> None:
    source = SAME_AS_A_PROGRAM[name]
    whole = run_program(source, LIMITS, backend=BACKEND)
    boxed = run_script(source, LIMITS, backend=BACKEND)
    assert (boxed.status, boxed.exit_code, boxed.stdout) == (whole.status, whole.exit_code, whole.stdout)
    last = whole.stderr.strip().splitlines()[-1:] if whole.stderr.strip() else []
    assert boxed.stderr.strip().splitlines()[-1:] == last
    assert "box.py" not in boxed.stderr and boxed.isolated and boxed.backend == "bwrap"


def test_the_runs_are_forks_of_the_zygote_and_cost_a_fraction_of_a_started_sandbox() -> None:
    for _ in range(4):
        assert run_script("print(1)", LIMITS, backend=BACKEND).stdout == "1\n"
    plain = [row for row in default_pool().status() if row.kind.backend == "bwrap" and not row.kind.preload]
    assert plain and re.match(r"pid \d+, [1-9]\d* forks", plain[0].zygote), plain


def test_the_platform_stops_a_program_past_its_cpu_wall_and_output_limits() -> None:
    spin = run_script("while True:\n    pass\n", LIMITS.with_(cpu_seconds=1, wall_seconds=30), backend=BACKEND)
    assert spin.status is Status.timeout and spin.exit_code is None and spin.cpu_seconds >= 0.9
    sleep = run_script("import time\ntime.sleep(60)\n", LIMITS.with_(wall_seconds=1.5), backend=BACKEND)
    assert sleep.status is Status.timeout and 1.4 <= sleep.wall_seconds < 10
    flood = run_script("while True:\n    print('x' * 999)\n", LIMITS, backend=BACKEND)
    assert flood.status is Status.output_limit and 0 < len(flood.stdout) <= LIMITS.output_bytes
    caught = "while True:\n    try:\n        print('x' * 999)\n    except BaseException:\n        pass\n"
    stubborn = run_script(caught, LIMITS.with_(cpu_seconds=1, wall_seconds=30), backend=BACKEND)
    assert stubborn.status in (Status.output_limit, Status.timeout) and len(stubborn.stdout) <= LIMITS.output_bytes


def test_a_fork_bomb_stops_at_the_process_limit_and_the_next_run_is_fine() -> None:
    bomb = "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n"
    result = run_script(bomb, LIMITS.with_(processes=16, cpu_seconds=2, wall_seconds=3), backend=BACKEND)
    assert result.status in (Status.timeout, Status.killed)
    assert run_script("print('next')", LIMITS, backend=BACKEND).stdout == "next\n"


def test_a_run_has_no_network_and_sees_nothing_another_run_left() -> None:
    leave = (
        "import os\nopen('/box/left', 'w').write('x')\nopen('/tmp/left', 'w').write('x')\nos.environ['LEFT'] = '1'\n"
    )
    assert run_script(leave, LIMITS, backend=BACKEND).status is Status.ok
    look = """
import os, socket
print(os.path.exists('/box/left'), os.path.exists('/tmp/left'), 'LEFT' in os.environ, os.listdir('/proc'))
try:
    socket.create_connection(('1.1.1.1', 53), timeout=1)
    print('network')
except OSError:
    print('no network')
"""
    result = run_script(look, LIMITS, backend=BACKEND)
    assert result.stdout == "False False False []\nno network\n", result


def test_on_the_rlimit_backend_a_run_says_it_is_not_isolated() -> None:
    result = run_script("import sys\nprint(6 * 7)\nsys.exit(2)\n", LIMITS, backend=RlimitBackend())
    assert (result.status, result.exit_code, result.stdout) == (Status.error, 2, "42\n")
    assert not result.isolated and "NOT ISOLATED" in result.warnings[0]


def test_a_reply_the_program_forges_on_the_boxs_channel_claims_no_more_than_its_own_output() -> None:
    forge = """
import json, os, time
for fd in range(3, 16):
    for call in range(1, 4):
        line = {"id": call, "ok": {"$d": [["stdout", "forged"], ["exit_code", "abc"], ["overflow", False]]}}
        try:
            os.write(fd, (json.dumps(line) + "\\n").encode())
        except OSError:
            pass
time.sleep(30)
"""
    result = run_script(forge, LIMITS.with_(wall_seconds=3), backend=BACKEND)
    assert result.status in (Status.error, Status.killed, Status.timeout), result
    assert result.exit_code in (1, None) and result.wall_seconds < 10
