"""`centaur serve` without the built front end: it says how to build it and what works meanwhile."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str, until: float) -> tuple[int, str]:
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as reply:
                return reply.status, reply.read().decode()
        except OSError:
            if time.monotonic() > until:
                raise
            time.sleep(0.2)


@pytest.mark.slow
def test_serve_without_the_build_starts_and_says_what_works(tmp_path: Path, isolated_data_dir: Path) -> None:
    port = _free_port()
    empty = tmp_path / "no-build"
    empty.mkdir()
    server = subprocess.Popen(
        [sys.executable, "-m", "centaurlab", "serve", "--port", str(port), "--static-dir", str(empty)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "COLUMNS": "200"}, text=True,
    )  # fmt: skip
    try:
        status, page = _get(f"http://127.0.0.1:{port}/arena", time.monotonic() + 60)
        assert status == 200 and "Arena" in page
        status, home = _get(f"http://127.0.0.1:{port}/", time.monotonic() + 10)
        assert status == 200 and "The front end is not built" in home
    finally:
        server.terminate()
        _out, err = server.communicate(timeout=20)
    assert "the front end is not built" in err
    assert "To build it: `make frontend`" in err
    assert "Works without it: every page" in err and "Missing without it: the code editor" in err


def _served_output(port: int, *options: str) -> str:
    """What `centaur serve` printed (both streams) around one request for /health?probe=access."""
    server = subprocess.Popen(
        [sys.executable, "-m", "centaurlab", "serve", "--port", str(port), *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "COLUMNS": "200"}, text=True,
    )  # fmt: skip
    try:
        status, _ = _get(f"http://127.0.0.1:{port}/health?probe=access", time.monotonic() + 60)
        assert status == 200
    finally:
        server.terminate()
        out, err = server.communicate(timeout=20)
    return out + err


@pytest.mark.slow
def test_serve_logs_requests_only_when_asked(isolated_data_dir: Path) -> None:
    """The access log costs a line per telemetry batch under a study's load: off unless --access-log."""
    quiet = _served_output(_free_port())
    assert "Centaur Lab on" in quiet and "/health?probe=access" not in quiet
    logged = _served_output(_free_port(), "--access-log")
    assert '"GET /health?probe=access HTTP/1.1" 200' in logged
