"""The web platform: `create_app()` builds the FastAPI application that `centaur serve` runs."""

from .app import create_app
from .assets import bundle_problem
from .catalogue import Catalogue, UnknownBank, UnknownTask

__all__ = ["Catalogue", "UnknownBank", "UnknownTask", "bundle_problem", "create_app"]
