"""The application as each `centaur serve` process builds it (a uvicorn factory, imported by every worker
process): settings come from the environment the command set, and whatever several processes must agree
on comes from the database: the dashboard's cookie key (a stored secret) and the participants' token key
(`study._tokens`). The sandbox slots of the machine are shared out between the processes."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from fastapi import FastAPI

from .. import store
from ..config import settings
from ._app import create_app
from ._assets import STATIC_DIR
from ._dashboard_auth import DashboardAuth, dashboard_password

WORKERS_ENV = "CENTAUR_SERVE_WORKERS"
STATIC_ENV = "CENTAUR_SERVE_STATIC_DIR"
DASHBOARD_SECRET = "dashboard-cookies"


def app() -> FastAPI:
    cfg = settings()
    url = cfg.database_url
    processes = max(1, int(os.environ.get(WORKERS_ENV) or 1))
    static = Path(os.environ.get(STATIC_ENV) or STATIC_DIR)
    application = create_app(database_url=url, static_dir=static, run_slots=max(1, cfg.workers // processes))
    with store.session_scope(url) as session:
        secret = store.shared_secret(session, DASHBOARD_SECRET)
    application.state.dashboard_auth = DashboardAuth(dashboard_password(), secret=secret, url=url)
    return application


def proxy_options(allowed: str) -> dict[str, Any]:
    """uvicorn's options for forwarded headers, from the `trusted_proxies` setting. uvicorn on its own
    believes X-Forwarded-For and X-Forwarded-Proto from 127.0.0.1 and ::1 (or its FORWARDED_ALLOW_IPS
    variable): any local process, or a client on the same machine, could then pose as any address and
    escape the per-address login throttle with a new header value per guess. Here nothing is believed
    unless the setting names the proxy (deploy/nginx.conf on the same machine: 127.0.0.1)."""
    ips = [part.strip() for part in allowed.split(",") if part.strip()]
    if not ips:
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": ips}
