"""The models' one HTTP client: aiohttp, for the synchronous callers (CLI, bench, arena, judges: threads and
processes) and for the web server's event loop alike.

aiohttp rather than httpx: a study server asks the model once per keystroke pause of every participant,
and httpx's async client cost about a millisecond of CPU more per call (its connection pool probes every
idle connection's socket on each request; anyio's streams and h11 parse in Python), which at a few hundred
participants was most of a server process's time. aiohttp has no blocking API, so synchronous callers run
the same coroutines on one event loop per process, in a daemon thread (`run_sync`): one implementation
of sending, reading and failing for both kinds of caller.

A session (connection pool) belongs to one event loop: `Connection` keeps one per loop, made on first use
there, so the server's loop and the synchronous callers' loop never share connections."""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import os
import threading
import weakref
from collections.abc import Coroutine
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, TypeVar

import aiohttp

T = TypeVar("T")

_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None
_sessions_of_thread: weakref.WeakSet[aiohttp.ClientSession] = weakref.WeakSet()


def _io_loop() -> asyncio.AbstractEventLoop:
    """The synchronous callers' event loop, started on first use (again in a forked child)."""
    global _loop
    with _lock:
        if _loop is None:
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="centaur-models-io", daemon=True).start()
            _loop = loop
        return _loop


def _forget_loop() -> None:  # a forked child has the loop object but not its thread
    global _loop, _lock
    _loop, _lock = None, threading.Lock()


os.register_at_fork(after_in_child=_forget_loop)


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run `coro` on the synchronous callers' loop and wait for it in this thread."""
    future = asyncio.run_coroutine_threadsafe(coro, _io_loop())
    try:
        return future.result()
    except BaseException:
        future.cancel()  # Ctrl-C, or the caller gave up: the request stops too
        raise


@atexit.register
def _close_at_exit() -> None:
    """Close the synchronous callers' connections, so that none is reported unclosed at exit."""
    if _loop is None or not _sessions_of_thread:
        return

    async def close_all() -> None:
        await asyncio.gather(*(s.close() for s in list(_sessions_of_thread) if not s.closed))

    with contextlib.suppress(FutureTimeout, RuntimeError):
        asyncio.run_coroutine_threadsafe(close_all(), _loop).result(timeout=5)


class Connection:
    """An endpoint's connection pools, one per event loop, all with the same headers, timeouts and size."""

    def __init__(self, headers: dict[str, str], timeout_s: float, connect_timeout_s: float, limit: int) -> None:
        self.headers = headers
        self.timeout = aiohttp.ClientTimeout(total=None, sock_connect=connect_timeout_s, sock_read=timeout_s)
        self.limit = limit
        self._sessions: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, aiohttp.ClientSession] = (
            weakref.WeakKeyDictionary())
        weakref.finalize(self, _close_sessions, self._sessions)

    def read_timeout(self, seconds: float) -> aiohttp.ClientTimeout:
        """This endpoint's timeouts with another limit on a silent connection (one answer's own)."""
        return aiohttp.ClientTimeout(total=None, sock_connect=self.timeout.sock_connect, sock_read=seconds)

    def session(self) -> aiohttp.ClientSession:
        """The running loop's session."""
        loop = asyncio.get_running_loop()
        session = self._sessions.get(loop)
        if session is None or session.closed:
            connector = aiohttp.TCPConnector(limit=self.limit, keepalive_timeout=60)
            session = aiohttp.ClientSession(headers=self.headers, timeout=self.timeout, connector=connector)
            self._sessions[loop] = session
            if loop is _loop:
                _sessions_of_thread.add(session)
        return session

    async def aclose(self) -> None:
        """Close the running loop's session (one of a finished loop went with it)."""
        session = self._sessions.pop(asyncio.get_running_loop(), None)
        if session is not None:
            await session.close()

    def close(self) -> None:
        """Close the synchronous callers' session."""
        if _loop is not None and _loop in self._sessions:
            run_sync(self.aclose())


def _close_sessions(sessions: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, aiohttp.ClientSession]) -> None:
    """A connection no longer used closes its sessions on loops still running."""
    for loop, session in list(sessions.items()):
        if not session.closed and loop.is_running():
            asyncio.run_coroutine_threadsafe(session.close(), loop)
