"""The web layer: `create_app()` builds the FastAPI application of every pillar that `centaur serve`
runs. Thin like the CLI: routes parse a request, call a pillar's API and render the answer. The modules
behind this `__init__` (and those of `routes`) are private."""

from ._access_log import redact
from ._app import create_app
from ._assets import STATIC_DIR, bundle_problem
from ._collab_chat import ChatContext, event_html
from ._dashboard_auth import DashboardAuth
from ._worker import STATIC_ENV, WORKERS_ENV, proxy_options

__all__ = [
    "STATIC_DIR",
    "STATIC_ENV",
    "WORKERS_ENV",
    "ChatContext",
    "DashboardAuth",
    "bundle_problem",
    "create_app",
    "event_html",
    "proxy_options",
    "redact",
]
