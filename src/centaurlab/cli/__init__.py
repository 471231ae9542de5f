"""The `centaur` command: one sub-app per part of the platform.

The root app is imported lazily so that importing one sub-app does not import them all. The modules
behind this `__init__` are private: `app` and `main` are the command, `console` the console its tables
print on, `workers_problem` why `centaur serve --workers N` refuses a database.
"""

from __future__ import annotations

from typing import Any


def main() -> None:
    from ._root import main as run

    run()


def __getattr__(name: str) -> Any:
    if name == "app":
        from ._root import app

        return app
    if name == "console":
        from ._output import console

        return console
    if name == "workers_problem":
        from ._serve_cmd import workers_problem

        return workers_problem
    raise AttributeError(name)


__all__ = ["app", "console", "main", "workers_problem"]
