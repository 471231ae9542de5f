"""The researcher dashboard's login: one password, from the environment (CENTAUR_STUDY_PASSWORD) or
from centaur.toml's `[study] dashboard_password`. A login gives a signed, expiring HttpOnly cookie;
the signing key is derived from the password and a secret made when the server starts, so changing
the password or restarting the server logs everyone out."""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import time
import tomllib

from ..config import find_config_file

PASSWORD_ENV = "CENTAUR_STUDY_PASSWORD"
COOKIE = "centaur_dashboard"
SESSION_SECONDS = 12 * 3600


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


class DashboardAuth:
    def __init__(self, password: str | None, secret: bytes | None = None) -> None:
        """secret: one kept in the store, so that every server process accepts the others' cookies
        (`centaur serve --workers N`); without it, one made now (a restart logs everyone out)."""
        self.password = password
        salt = secret.hex() if secret is not None else secrets.token_hex(16)
        self._key = hashlib.sha256(f"{salt}:{password}".encode()).digest()

    @property
    def enabled(self) -> bool:
        return bool(self.password)

    def check_password(self, attempt: str) -> bool:
        if not self.password:
            return False
        return hmac.compare_digest(attempt.encode(), self.password.encode())

    def _sign(self, expires: int) -> str:
        return hmac.new(self._key, str(expires).encode(), hashlib.sha256).hexdigest()

    def issue(self, now: float | None = None) -> str:
        expires = int((now or time.time()) + SESSION_SECONDS)
        return f"{expires}.{self._sign(expires)}"

    def valid(self, cookie: str | None, now: float | None = None) -> bool:
        if not cookie or not self.enabled or "." not in cookie:
            return False
        expires, signature = cookie.split(".", 1)
        if not expires.isdigit() or int(expires) < (now or time.time()):
            return False
        return hmac.compare_digest(signature, self._sign(int(expires)))
