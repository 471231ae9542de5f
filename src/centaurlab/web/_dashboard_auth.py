"""The researcher dashboard's login: one password, from the environment (CENTAUR_STUDY_PASSWORD) or
from centaur.toml's `[study] dashboard_password`. A login gives an HttpOnly cookie holding a random
session id; the server keeps the login (a row of `dashboard_sessions`, by a digest keyed on the
password and a stored secret) until it expires or the researcher logs out, so a logout ends the login
on the server and a copied cookie stops working with it. Changing the password logs everyone out.

A form that changes something (an override, the logout) carries a CSRF token derived from the login
cookie and must come from the dashboard's own origin (`same_origin`): another site can make a
logged-in researcher's browser post, but it can neither read the token nor fake the Origin header.
Wrong passwords are throttled per client address (`LoginThrottle`): the address the connection comes
from, or the one a configured proxy forwards (the `trusted_proxies` setting, `web.proxy_options`)."""

from __future__ import annotations

import hashlib
import hmac
import math
import os
import secrets
import threading
import time
import tomllib
from collections.abc import Callable
from urllib.parse import urlsplit

from starlette.requests import Request

from .. import store
from ..config import find_config_file

PASSWORD_ENV = "CENTAUR_STUDY_PASSWORD"
COOKIE = "centaur_dashboard"
SESSION_SECONDS = 12 * 3600
CSRF_FIELD = "csrf"


def dashboard_password(env: dict[str, str] | None = None) -> str | None:
    env = dict(os.environ if env is None else env)
    if env.get(PASSWORD_ENV):
        return env[PASSWORD_ENV]
    path = find_config_file(env)
    if path is None:
        return None
    table = tomllib.loads(path.read_text()).get("study", {})
    value = table.get("dashboard_password") if isinstance(table, dict) else None
    return str(value) if value else None


class LoginThrottle:
    """Wrong passwords per client address: the first `free` cost nothing; after that each one makes the address
    wait twice as long as the one before (1 s, 2 s, 4 s ... up to 15 minutes) before its next attempt is even
    checked, and a right password clears it. Guessing a password of 12 random letters from one address then
    takes longer than the universe's age; a researcher who mistypes a few times never notices.

    Kept in memory per process: with N server processes an address gets N times the attempts, and a restart
    forgets. Behind a reverse proxy the address is the client's only if the proxy sends X-Forwarded-For and
    the server trusts it (docs/deploy.md); otherwise every client shares the proxy's address and its wait."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, free: int = 5, first_wait: float = 1.0,
                 max_wait: float = 900.0) -> None:
        self.clock, self.free, self.first_wait, self.max_wait = clock, free, first_wait, max_wait
        self._failures: dict[str, tuple[int, float]] = {}  # address -> (wrong passwords, when the last was)
        self._lock = threading.Lock()

    def _delay(self, failures: int) -> float:
        if failures <= self.free:
            return 0.0
        return min(self.max_wait, self.first_wait * 2.0 ** min(failures - self.free - 1, 30))

    def wait(self, address: str) -> int:
        """Whole seconds until the address may try again (0: now)."""
        with self._lock:
            failures, last = self._failures.get(address, (0, 0.0))
        left = last + self._delay(failures) - self.clock()
        return math.ceil(left) if failures and left > 0 else 0

    def failed(self, address: str) -> None:
        now = self.clock()
        with self._lock:
            failures, last = self._failures.get(address, (0, now))
            if now - last > 2 * self.max_wait:  # quiet for long enough: start again
                failures = 0
            self._failures[address] = (failures + 1, now)
            if len(self._failures) > 10_000:
                for key in [k for k, (_, t) in self._failures.items() if now - t > 2 * self.max_wait]:
                    del self._failures[key]

    def succeeded(self, address: str) -> None:
        with self._lock:
            self._failures.pop(address, None)


def same_origin(request: Request) -> bool:
    """Whether a state-changing request comes from a page of this server: its Origin header (or, without one,
    its Referer) names this scheme, host and port. A request with neither (not a browser's form post) passes
    this check and is left to the CSRF token."""
    origin = request.headers.get("origin")
    if origin is None:
        referer = request.headers.get("referer")
        if referer is None:
            return True
        parts = urlsplit(referer)
        origin = f"{parts.scheme}://{parts.netloc}"
    return origin == f"{request.url.scheme}://{request.url.netloc}"


class DashboardAuth:
    def __init__(self, password: str | None, secret: bytes | None = None,
                 throttle: LoginThrottle | None = None, url: str | None = None) -> None:
        """secret: one kept in the store, so that every server process accepts the others' logins
        (`centaur serve --workers N`); without it, one made now (a restart logs everyone out).
        url: the database that keeps the logins; without it they are kept in this process only."""
        self.password = password
        salt = secret.hex() if secret is not None else secrets.token_hex(16)
        self._key = hashlib.sha256(f"{salt}:{password}".encode()).digest()
        self.throttle = throttle or LoginThrottle()
        self.url = url
        self._local: dict[str, float] = {}  # digest -> expiry, without a database

    @property
    def enabled(self) -> bool:
        return bool(self.password)

    def check_password(self, attempt: str) -> bool:
        if not self.password:
            return False
        return hmac.compare_digest(attempt.encode(), self.password.encode())

    def _digest(self, cookie: str) -> str:
        return hmac.new(self._key, f"session:{cookie}".encode(), hashlib.sha256).hexdigest()

    def issue(self) -> str:
        """A new login: the cookie's value (a random session id), recorded on the server."""
        cookie = secrets.token_urlsafe(32)
        if self.url:
            store.open_dashboard_session(self.url, self._digest(cookie), SESSION_SECONDS)
        else:
            now = time.time()
            self._local = {k: t for k, t in self._local.items() if t > now}
            self._local[self._digest(cookie)] = now + SESSION_SECONDS
        return cookie

    def valid(self, cookie: str | None) -> bool:
        if not cookie or not self.enabled or not (cookie.isascii() and 20 <= len(cookie) <= 100):
            return False
        digest = self._digest(cookie)
        if self.url:
            return store.dashboard_session_open(self.url, digest)
        return self._local.get(digest, 0.0) > time.time()

    def end(self, cookie: str | None) -> None:
        """The logout: the login ends on the server, whichever copy of the cookie comes next."""
        if not cookie:
            return
        digest = self._digest(cookie)
        if self.url:
            store.end_dashboard_session(self.url, digest)
        self._local.pop(digest, None)

    def csrf_token(self, cookie: str) -> str:
        """The token the dashboard's forms carry for this login (another site can read neither)."""
        return hmac.new(self._key, f"csrf:{cookie}".encode(), hashlib.sha256).hexdigest()[:32]

    def csrf_valid(self, cookie: str | None, token: str | None) -> bool:
        if not cookie or not token:
            return False
        return hmac.compare_digest(self.csrf_token(cookie).encode(), token.encode())
