"""`centaur plugins`: every registered component of each extension point, and where it came from.

The registry itself is `centaurlab.plugins`; the packages imported here register the built-in
components when they load, and the listing then loads every kind's entry points, so a plugin that
fails shows here with its error (docs/extending.md). They are imported when the listing is asked for,
not when the command line is built: most of them are heavy, and `centaur --help` needs none.
"""

from __future__ import annotations

from typing import Any

import typer

from .. import plugins
from ._output import console, err_console, print_json, print_table, styled


def _register_builtins() -> None:
    """Import the packages that register built-in components, so that every kind lists them and a
    plugin taking a built-in's name is seen as broken."""
    from .. import arena, collab, executors, grading, models, sandbox  # noqa: F401


def plugins_command(
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """List the components of every extension point (model providers, executors, sandbox backends,
    quality rules, arena agents, collab agents, arena strategies): each one's name and where it comes
    from, built-in or a plugin's distribution and entry point. A plugin that failed to load is listed
    with its error; the command then exits 1. See docs/extending.md to add one."""
    broken = broken_plugins()
    data: dict[str, Any] = {
        "kinds": [
            {"kind": kind.name, "group": kind.group, "expects": kind.expects,
             "components": [{"name": c.name, "source": c.source} for c in plugins.components(kind)]}
            for kind in plugins.KINDS
        ],  # fmt: skip
        "broken": broken,
    }
    if as_json:
        print_json(data)
    else:
        rows = [[kind["kind"], c["name"], c["source"]] for kind in data["kinds"] for c in kind["components"]]
        print_table("plugins: registered components", ["kind", "name", "source"], rows, essential=["name"])
        groups = ", ".join(kind.group for kind in plugins.KINDS)
        console.print(f"entry-point groups: {groups}", highlight=False)
        print_broken()
    if broken:
        raise typer.Exit(1)


def broken_plugins() -> list[dict[str, str]]:
    """The plugins that failed to load, each with its kind, name, source and error (also for `doctor`)."""
    _register_builtins()
    return [{"kind": b.kind.name, "name": b.name, "source": b.source, "error": b.error} for b in plugins.broken()]


def print_broken() -> None:
    for b in broken_plugins():
        err_console.print(styled("[red]broken {}[/] {} from {}: {}", b["kind"], b["name"], b["source"], b["error"]),
                          highlight=False)  # fmt: skip
