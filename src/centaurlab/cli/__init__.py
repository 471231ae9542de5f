"""The `centaur` command: one sub-app per part of the platform.

The root app is imported lazily so that importing one sub-app does not import them all.
"""

from __future__ import annotations

from typing import Any


def main() -> None:
    from .root import main as run

    run()


def __getattr__(name: str) -> Any:
    if name == "app":
        from .root import app

        return app
    raise AttributeError(name)


__all__ = ["app", "main"]
