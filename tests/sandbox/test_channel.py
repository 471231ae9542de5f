"""A box's replies, read the one way for a backend's session (a pipe) and a zygote's box (a socket):
lines split across reads or sent together, a timeout, the session's lifetime, a closed channel and an
overlong line, each the same SessionError, the box killed where the reader gives up on it."""

from __future__ import annotations

import contextlib
import os
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from centaurlab.sandbox import Limits, SessionError, python_argv
from centaurlab.sandbox._channel import MAX_LINE_BYTES, ReplyReader
from centaurlab.sandbox._rlimit import RlimitBackend


class Box:
    """The box's end of a channel: what it writes reaches the reader; `close` ends its output."""

    def __init__(self, kind: str) -> None:
        self.kills = 0
        if kind == "socket":  # a zygote's box
            ours, self._socket = socket.socketpair()
            self.reader = ReplyReader(ours, ours.recv)
            self._closers = [ours.close]
        else:  # a backend's session: the program's stdout
            read_end, self._fd = os.pipe()
            self.reader = ReplyReader(read_end, lambda size: os.read(read_end, size))
            self._closers = [lambda: os.close(read_end)]

    def write(self, data: bytes) -> None:
        if hasattr(self, "_socket"):
            self._socket.sendall(data)
        else:
            os.write(self._fd, data)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self._socket.close() if hasattr(self, "_socket") else os.close(self._fd)

    def kill(self) -> None:
        self.kills += 1

    def line(self, timeout: float = 5.0, lifetime: float = 60.0) -> str:
        return self.reader.line(timeout, time.monotonic() + lifetime, lifetime, self.kill)

    def release(self) -> None:
        self.close()
        for closing in self._closers:
            with contextlib.suppress(OSError):
                closing()


@pytest.fixture(params=["socket", "pipe"])
def box(request: pytest.FixtureRequest) -> Iterator[Box]:
    made = Box(request.param)
    yield made
    made.release()


def test_lines_split_across_reads_or_sent_together_come_one_at_a_time(box: Box) -> None:
    assert not box.reader.ready(0)
    box.write(b'{"a": ')
    assert box.reader.ready(0)  # a reply has started to arrive
    box.write("1}\nsecond é\nthi".encode())
    assert box.line() == '{"a": 1}'
    assert box.reader.ready(0)  # the second line is buffered already
    assert box.line() == "second é"
    box.write(b"rd\n")
    assert box.line() == "third"
    assert box.kills == 0


def test_no_reply_in_time_is_a_timeout_and_kills_the_box(box: Box) -> None:
    with pytest.raises(SessionError) as err:
        box.line(timeout=0.05)
    assert (err.value.kind, str(err.value), box.kills) == ("timeout", "no reply within 0.05 s", 1)


def test_the_end_of_the_lifetime_comes_before_the_reply_deadline(box: Box) -> None:
    with pytest.raises(SessionError) as err:
        box.reader.line(30.0, time.monotonic() + 0.05, 7.0, box.kill)
    assert (err.value.kind, str(err.value), box.kills) == ("timeout", "the session's lifetime of 7 s is over", 1)


def test_a_reply_already_waiting_counts_when_the_time_is_up(box: Box) -> None:
    box.write(b"late but here\n")
    assert box.reader.line(0.0, time.monotonic(), 1.0, box.kill) == "late but here"
    assert box.kills == 0


def test_a_closed_channel_is_closed_and_not_a_timeout(box: Box) -> None:
    box.write(b"half a line")
    box.close()
    with pytest.raises(SessionError) as err:
        box.line()
    assert err.value.kind == "closed" and box.kills == 0


def test_a_line_longer_than_the_limit_is_too_long_and_kills_the_box(box: Box) -> None:
    def flood() -> None:
        with contextlib.suppress(OSError):  # the reader gives up and closes its end
            box.write(b"x" * (MAX_LINE_BYTES + 65536))

    writer = threading.Thread(target=flood)
    writer.start()
    with pytest.raises(SessionError) as err:
        box.line(timeout=60)
    box.release()
    writer.join()
    assert err.value.kind == "too_long" and box.kills == 1


def test_a_session_whose_program_writes_an_endless_line_is_killed_as_too_long() -> None:
    source = "import sys\nsys.stdin.readline()\nwhile True:\n    sys.stdout.write('x' * 65536)\n"
    session = RlimitBackend().spawn(python_argv("main.py"), {"main.py": source}, Limits())
    session.send("go")
    with pytest.raises(SessionError) as err:
        session.receive(60)
    assert err.value.kind == "too_long"
    end = session.close()
    assert end.killed and end.exit_code is None
