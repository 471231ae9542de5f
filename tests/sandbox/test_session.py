"""Interactive sandbox sessions: lines both ways, timeouts, crashes, limits, and no survivors."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
import uuid
from pathlib import Path

import pytest

from centaurlab.sandbox import BwrapBackend, Limits, SandboxSession, SessionError, bwrap_works, python_argv
from centaurlab.sandbox._rlimit import RlimitBackend

needs_bwrap = pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")

ECHO = "import sys\nfor line in sys.stdin:\n    print(line.strip().upper(), flush=True)\n"


def _spawn(source: str, limits: Limits | None = None, backend: BwrapBackend | RlimitBackend | None = None
           ) -> SandboxSession:
    return (backend or BwrapBackend()).spawn(python_argv("main.py"), {"main.py": source}, limits or Limits())


def _alive(marker: str) -> list[int]:
    """Pids of processes whose command line holds the marker (seen from outside the sandbox)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker.encode() in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def _sleepers(marker: str, n: int) -> str:
    return textwrap.dedent(f"""
        import os, time
        for _ in range({n}):
            if os.fork() == 0:
                os.execvp("sh", ["sh", "-c", "sleep 1000 # {marker}"])
        print("started", flush=True)
        time.sleep(1000)
    """)


def _count_reaches(marker: str, n: int, within: float = 5.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if len(_alive(marker)) >= n:
            return True
        time.sleep(0.05)
    return False


def _gone(marker: str, within: float = 5.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not _alive(marker):
            return True
        time.sleep(0.05)
    return False


@needs_bwrap
def test_lines_go_both_ways_in_order_and_the_session_ends_cleanly() -> None:
    with _spawn(ECHO) as session:
        assert session.isolated and session.backend == "bwrap"
        for word in ("hello", "arena", "42"):
            session.send(word)
            assert session.receive(5) == word.upper()
        end = session.close()
    assert end.exit_code == 0 and not end.killed
    assert end.cpu_seconds is not None and end.cpu_seconds > 0


@needs_bwrap
def test_a_late_reply_is_a_timeout_and_kills_the_process() -> None:
    session = _spawn("import time, sys\nsys.stdin.readline()\ntime.sleep(30)\n")
    session.send("go")
    started = time.monotonic()
    with pytest.raises(SessionError) as err:
        session.receive(0.5)
    assert err.value.kind == "timeout"
    assert time.monotonic() - started < 3
    end = session.close()
    assert end.killed and end.exit_code is None


@needs_bwrap
def test_a_crash_is_reported_as_closed_with_its_stderr() -> None:
    session = _spawn("import sys\nsys.stdin.readline()\nraise RuntimeError('agent blew up')\n")
    session.send("go")
    with pytest.raises(SessionError) as err:
        session.receive(5)
    assert err.value.kind == "closed"
    end = session.close()
    assert end.exit_code == 1
    assert "agent blew up" in end.stderr_tail


@needs_bwrap
def test_the_session_runs_under_the_sandbox_isolation() -> None:
    probe = textwrap.dedent("""
        import os, socket, sys
        sys.stdin.readline()
        results = [os.getcwd()]
        try:
            open("/usr/owned", "w")
            results.append("wrote /usr")
        except OSError:
            results.append("read-only")
        try:
            socket.create_connection(("1.1.1.1", 53), timeout=2)
            results.append("network")
        except OSError:
            results.append("no network")
        results.append(str(os.getuid() != 0))
        print(" ".join(results), flush=True)
    """)
    with _spawn(probe) as session:
        session.send("go")
        assert session.receive(10) == "/box read-only no network True"


@needs_bwrap
def test_close_kills_the_whole_process_tree() -> None:
    marker = f"centaur-test-{uuid.uuid4().hex}"
    session = _spawn(_sleepers(marker, 5))
    assert session.receive(10) == "started"
    assert _count_reaches(marker, 5)
    end = session.close(grace=0.2)
    assert end.killed
    assert _gone(marker), "sandboxed children survived close()"


@needs_bwrap
def test_a_bounded_fork_burst_hits_the_process_limit() -> None:
    source = textwrap.dedent("""
        import os, time
        made = 0
        for _ in range(50):
            try:
                pid = os.fork()
            except OSError:
                break
            if pid == 0:
                time.sleep(5)
                os._exit(0)
            made += 1
        print(made, flush=True)
    """)
    with _spawn(source, Limits(processes=10)) as session:
        made = int(session.receive(15))
    assert made < 10


@needs_bwrap
def test_the_sandbox_dies_when_the_platform_is_killed(tmp_path: Path) -> None:
    marker = f"centaur-test-{uuid.uuid4().hex}"
    platform = tmp_path / "host_platform.py"
    platform.write_text(textwrap.dedent(f"""
        from centaurlab.sandbox import BwrapBackend, Limits, python_argv
        session = BwrapBackend().spawn(python_argv("main.py"), {{"main.py": {_sleepers(marker, 3)!r}}}, Limits())
        print(session.receive(10), flush=True)
        import time
        time.sleep(1000)
    """))
    proc = subprocess.Popen([sys.executable, str(platform)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "started"
        assert _count_reaches(marker, 3)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        assert _gone(marker), "the sandbox outlived the platform"
    finally:
        proc.kill()


@needs_bwrap
def test_the_sandbox_is_killed_at_normal_platform_exit(tmp_path: Path) -> None:
    marker = f"centaur-test-{uuid.uuid4().hex}"
    platform = tmp_path / "host_platform.py"
    platform.write_text(textwrap.dedent(f"""
        from centaurlab.sandbox import BwrapBackend, Limits, python_argv
        session = BwrapBackend().spawn(python_argv("main.py"), {{"main.py": {_sleepers(marker, 2)!r}}}, Limits())
        print(session.receive(10), flush=True)
    """))
    done = subprocess.run([sys.executable, str(platform)], capture_output=True, text=True, timeout=30)
    assert done.stdout.strip() == "started", done.stderr
    assert _gone(marker), "the sandbox outlived the platform's exit"


@needs_bwrap
def test_the_lifetime_limit_ends_a_session() -> None:
    with _spawn(ECHO, Limits(wall_seconds=1.0)) as session:
        time.sleep(1.1)
        with pytest.raises(SessionError) as err:
            session.receive(5)
    assert err.value.kind == "timeout" and "lifetime" in str(err.value)


def test_rlimit_sessions_work_and_say_they_do_not_isolate() -> None:
    with _spawn(ECHO, backend=RlimitBackend()) as session:
        session.send("plain")
        assert session.receive(5) == "PLAIN"
        assert not session.isolated and "NOT ISOLATED" in session.warnings[0]


@needs_bwrap
def test_sending_after_the_end_raises_closed() -> None:
    session = _spawn("print('bye')\n")
    assert session.receive(5) == "bye"
    session.close()
    with pytest.raises(SessionError) as err:
        session.send("anyone?")
    assert err.value.kind == "closed"
