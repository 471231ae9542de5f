"""The web layer: `create_app()` builds the FastAPI application of every pillar that `centaur serve`
runs. Thin like the CLI: routes parse a request, call a pillar's API and render the answer."""

from .app import create_app
from .assets import bundle_problem

__all__ = ["bundle_problem", "create_app"]
