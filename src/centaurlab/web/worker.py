"""The application as each `centaur serve` process builds it (a uvicorn factory, imported by every worker
process): settings come from the environment the command set, and whatever several processes must agree
on comes from the database: the dashboard's cookie key (a stored secret) and the participants' token key
(`study.tokens`). The sandbox slots of the machine are shared out between the processes."""

from __future__ import annotations

import os
from pathlib import Path

from fastapi import FastAPI

from .. import store
from ..config import settings
from .app import create_app
from .assets import STATIC_DIR
from .dashboard_auth import DashboardAuth, dashboard_password

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
    application.state.dashboard_auth = DashboardAuth(dashboard_password(), secret=secret)
    return application
