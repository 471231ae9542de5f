"""Hostile code on the bwrap backend: every attack is contained, gets the right status, and the
platform keeps working afterwards."""

from __future__ import annotations

import os
import signal
import subprocess
import textwrap
import time
import uuid
from pathlib import Path

import pytest

from centaurlab.sandbox import BwrapBackend, Limits, RunResult, bwrap_works, run_program
from centaurlab.sandbox._limits import Status

pytestmark = pytest.mark.skipif(not bwrap_works()[0], reason=f"bwrap unusable: {bwrap_works()[1]}")

BOX = BwrapBackend()
QUICK = Limits(cpu_seconds=3, wall_seconds=5, memory_mb=512, output_bytes=100_000, processes=32)


def run(source: str, limits: Limits = QUICK) -> RunResult:
    return run_program(textwrap.dedent(source), limits, backend=BOX)


@pytest.fixture(autouse=True)
def platform_still_works():
    yield
    after = run("print(6 * 7)")
    assert after.status is Status.ok and after.stdout == "42\n"


def test_reading_host_files_fails(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("top secret")
    result = run(f"""
        import os
        for path in [{str(secret)!r}, "/etc/shadow", "/root/.bash_history", "/etc/hostname"]:
            try:
                open(path).read(); print("READ", path)
            except OSError as exc:
                print("denied", path, type(exc).__name__)
        print(sorted(os.listdir("/")))
    """)
    assert result.status is Status.ok
    assert "READ" not in result.stdout
    assert "top secret" not in result.stdout
    assert "'home'" not in result.stdout and "'var'" not in result.stdout


def test_writing_outside_the_work_directory_fails() -> None:
    result = run("""
        import os
        for path in ["/usr/evil", "/etc/evil", "/evil", "/box/../evil"]:
            try:
                open(path, "w").write("x"); print("WROTE", path)
            except OSError as exc:
                print("denied", path, exc.errno)
        open("/box/fine.txt", "w").write("ok"); open("/tmp/fine.txt", "w").write("ok"); print("workdir ok")
    """)
    assert result.status is Status.ok
    assert "WROTE" not in result.stdout
    assert "workdir ok" in result.stdout
    assert not Path("/usr/evil").exists() and not Path("/evil").exists()


def test_network_is_unreachable() -> None:
    result = run("""
        import socket
        for family in (socket.AF_INET, socket.AF_INET6, socket.AF_NETLINK, socket.AF_PACKET):
            try:
                inet = family in (socket.AF_INET, socket.AF_INET6)
                s = socket.socket(family, socket.SOCK_STREAM if inet else socket.SOCK_RAW)
                s.settimeout(1)
                s.connect(("127.0.0.1", 5432)); print("CONNECTED")
            except OSError as exc:
                print("blocked", family, exc.errno)
        a, b = socket.socketpair(); a.send(b"hi"); print("unix ok", b.recv(2))
    """)
    assert result.status is Status.ok
    assert "CONNECTED" not in result.stdout
    assert result.stdout.count("blocked") == 4
    assert "unix ok b'hi'" in result.stdout


def _sandbox_processes(mark: str) -> int:
    """Processes on the host still running this test's sandboxed program: its command line carries
    `mark`, so other suites' sandboxes running on the same machine are not counted."""
    count = 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            count += mark.encode() in cmdline
    return count


def _settled(mark: str, limit: float = 10.0) -> int:
    deadline = time.monotonic() + limit
    while (left := _sandbox_processes(mark)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


def test_fork_bomb_is_contained() -> None:
    mark = f"fork-bomb-{uuid.uuid4().hex}"
    result = run(
        f"""
        import os, sys
        if sys.argv[-1] != "{mark}":  # the children carry the mark on their command line
            os.execv(sys.executable, [sys.executable, *sys.argv, "{mark}"])
        while True:
            try:
                os.fork()
            except OSError:
                pass
    """,
        QUICK.with_(wall_seconds=3),
    )
    assert result.status in (Status.timeout, Status.error, Status.killed)
    assert _settled(mark) == 0  # nothing left behind


def test_memory_bomb_gets_memory_status() -> None:
    result = run("blocks = []\nwhile True:\n    blocks.append(bytearray(50 * 1024 * 1024))")
    assert result.status is Status.memory


def test_infinite_loop_times_out_on_cpu() -> None:
    result = run("while True:\n    pass", QUICK.with_(cpu_seconds=1, wall_seconds=10))
    assert result.status is Status.timeout
    assert 0.9 <= result.cpu_seconds < 4  # stopped by the CPU limit (status), not by the wall clock


def test_sleeping_past_the_wall_limit_times_out() -> None:
    result = run("import time\ntime.sleep(60)", QUICK.with_(wall_seconds=1.5))
    assert result.status is Status.timeout
    assert result.wall_seconds >= 1.4
    assert result.cpu_seconds < 1


def test_flooding_stdout_hits_the_output_limit() -> None:
    result = run("import sys\nwhile True:\n    sys.stdout.write('x' * 65536)")
    assert result.status is Status.output_limit
    assert len(result.stdout) <= QUICK.output_bytes


def test_killing_the_parent_and_everyone_fails() -> None:
    bystander = subprocess.Popen(["sleep", "30"])
    try:
        result = run("""
            import os, signal
            for target in (os.getppid(), 1, -1, os.getpgid(0)):
                try:
                    os.kill(target, signal.SIGKILL); print("sent", target)
                except OSError as exc:
                    print("refused", target, exc.errno)
            print("still here")
        """)
        assert bystander.poll() is None, "a process outside the sandbox was killed"
        assert result.status in (Status.ok, Status.killed)
    finally:
        bystander.send_signal(signal.SIGTERM)
        bystander.wait()


def test_ctypes_and_posix_tricks_are_refused() -> None:
    result = run("""
        import ctypes, os
        libc = ctypes.CDLL(None, use_errno=True)
        def attempt(name, fn):
            rc = fn()
            print(name, "ALLOWED" if rc == 0 else "denied", ctypes.get_errno())
        attempt("ptrace", lambda: libc.ptrace(0, 0, 0, 0))
        attempt("unshare", lambda: libc.unshare(0x10000000))
        attempt("mount", lambda: libc.mount(b"none", b"/box", b"tmpfs", 0, None))
        attempt("chroot", lambda: libc.chroot(b"/box"))
        attempt("setuid0", lambda: libc.setuid(0))
        for name, fn in [("os.setuid", lambda: os.setuid(0)), ("os.chroot", lambda: os.chroot("/box"))]:
            try:
                fn(); print(name, "ALLOWED")
            except OSError:
                print(name, "denied")
        print("uid", os.getuid())
    """)
    assert result.status is Status.ok, result.stderr
    assert "ALLOWED" not in result.stdout, result.stdout
    assert "uid 0" not in result.stdout


def test_symlink_tricks_do_not_reach_the_host(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("top secret")
    result = run(f"""
        import os
        os.symlink({str(secret)!r}, "link")
        os.symlink("/", "root")
        for path in ["link", "root" + {str(secret)!r}, "/proc/1/root" + {str(secret)!r}]:
            try:
                print("READ", open(path).read())
            except OSError as exc:
                print("denied", path, type(exc).__name__)
    """)
    assert result.status is Status.ok
    assert "top secret" not in result.stdout
    assert "READ" not in result.stdout


def test_environment_holds_no_platform_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CENTAUR_TEST_API_KEY", "sk-do-not-leak")
    result = run("""
        import os
        print(sorted(os.environ))
        print(open("/proc/self/environ").read())
        print(open("/proc/1/environ").read())
    """)
    assert result.status is Status.ok
    assert "sk-do-not-leak" not in result.stdout
    assert "CENTAUR" not in result.stdout
