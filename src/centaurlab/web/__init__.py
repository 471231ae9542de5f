"""The web layer: `create_app()` builds the FastAPI application of every pillar that `centaur serve`
runs. Thin like the CLI: routes parse a request, call a pillar's API and render the answer."""

from .app import create_app
from .assets import STATIC_DIR, bundle_problem
from .worker import STATIC_ENV, WORKERS_ENV, proxy_options

__all__ = [
    "STATIC_DIR",
    "STATIC_ENV",
    "WORKERS_ENV",
    "bundle_problem",
    "create_app",
    "proxy_options",
]
