"""Pages and HTML reports are rendered from Jinja2 templates with autoescape on, never from Python
strings: a value a participant typed reaches the page escaped unless a template says otherwise.

Each package that draws HTML keeps its templates in its own `templates/` folder and asks here for
an environment over it. A caller may put folders before the package's own (`overrides`): a study
names a folder whose `consent.html` or `instructions.html` replace ours, as Datasette lets a site
override its templates. A name missing from every folder is a `NotFound` naming the folders searched.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from html import escape
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from .errors import NotFound

__all__ = ["Markup", "environment", "plural", "render"]


def plural(n: int, word: str) -> str:
    """'1 task', '2 tasks' (also the templates' `plural` filter)."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _finalize(value: Any) -> Any:
    """Escape every printed value as `html.escape` does (an apostrophe is `&#x27;`, where markupsafe writes
    `&#39;`): pages moved from Python strings to templates read byte for byte as they did."""
    if hasattr(value, "__html__") or isinstance(value, jinja2.Undefined):  # Markup, a macro's output
        return value
    return Markup(escape(str(value), quote=True))


@lru_cache(maxsize=64)
def environment(package: str, overrides: tuple[str, ...] = ()) -> jinja2.Environment:
    """The environment for `package`'s templates (e.g. "centaurlab.web"), with `overrides` searched first."""
    loaders: list[jinja2.BaseLoader] = [jinja2.FileSystemLoader(str(Path(o))) for o in overrides]
    loaders.append(jinja2.PackageLoader(package, "templates"))
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=True,
        undefined=jinja2.StrictUndefined,  # a view missing a field fails the test that renders it
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=_finalize,
    )
    env.filters["plural"] = plural
    return env


def render(package: str, name: str, context: dict[str, Any] | None = None, *,
           overrides: Sequence[str | Path] = ()) -> str:
    """`name` from `package`'s templates (or an override folder's) rendered with `context`."""
    env = environment(package, tuple(str(o) for o in overrides))
    try:
        template = env.get_template(name)
    except jinja2.TemplateNotFound as exc:
        searched = [*map(str, overrides), f"{package}/templates"]
        raise NotFound(f"no template {name!r} in {', '.join(searched)}") from exc
    return template.render(**(context or {}))
