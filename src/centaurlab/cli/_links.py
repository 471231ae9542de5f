"""The address participants' links start with, shared by the coding and the collaboration studies, so
that a link printed by `create` or `link` reaches the server `centaur serve` starts with the same settings."""

from __future__ import annotations

from ..config import settings


def server_base_url(base_url: str | None = None) -> str:
    """`--base-url` when given (a public address behind a proxy), else http://HOST:PORT of the settings
    (`CENTAUR_HOST`, `CENTAUR_PORT` or centaur.toml), the address `centaur serve` listens on."""
    if base_url:
        return base_url.rstrip("/")
    cfg = settings()
    return f"http://{cfg['host']}:{cfg['port']}"
