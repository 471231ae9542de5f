"""Server-rendered HTML shells: the content is in the page (readable without JavaScript), the
built TypeScript bundle adds the theme switch, the editor and the Run buttons."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..templating import render
from ._assets import BUILD_HINT, Bundle

Crumb = tuple[str, str | None]  # (label, href); the last one is the current page


def attachment(filename: str) -> str:
    """A Content-Disposition header that downloads `filename`, whatever it holds: quotes, semicolons, control
    characters or non-ASCII letters in a name a participant chose can neither end the header's parameter nor
    add one. An ASCII stand-in for old clients, and the exact name percent-encoded (RFC 6266 and 5987)."""
    plain = re.sub(r'[^A-Za-z0-9._ -]', "_", filename).strip() or "download"
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename, safe='')}"


# The header's links: the four pillars, then the task banks and the models they all share.
SITE_NAV = (("Study", "/dashboard"), ("Bench", "/bench"), ("Arena", "/arena"), ("Collab", "/collab"),
            ("Task banks", "/tasks"), ("Models", "/models"))


def render_page(template: str, *, title: str, bundle: Bundle | None, crumbs: Sequence[Crumb] = (),
                page: str = "page", site_links: bool = True, overrides: Sequence[str | Path] = (),
                **view: Any) -> str:
    """A page from `template` (which extends base.html) and the view a route gathered. Participants'
    pages pass `site_links=False`; a study's own template folder comes first in `overrides`."""
    return render("centaurlab.web", template, {
        "title": title, "bundle": bundle, "crumbs": list(crumbs), "page": page, "site_links": site_links,
        "site_nav": SITE_NAV, "build_hint": BUILD_HINT, **view}, overrides=overrides)
