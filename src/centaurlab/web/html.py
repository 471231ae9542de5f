"""Server-rendered HTML shells: the content is in the page (readable without JavaScript), the
built TypeScript bundle adds the theme switch, the editor and the Run buttons."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..templating import Markup, render
from .assets import BUILD_HINT, Bundle

Crumb = tuple[str, str | None]  # (label, href); the last one is the current page


def e(value: object) -> str:
    """Escape text for HTML content and attribute values."""
    return escape(str(value), quote=True)


def html_table(columns: Sequence[str], rows: Sequence[Sequence[Any]], caption: str = "", *, table_id: str = "",
               heads_html: bool = False, caption_hidden: bool = False, numeric: frozenset[int] = frozenset()) -> str:
    """A table in the wrapper that scrolls it sideways when the page is narrower. The cells are HTML made
    by the caller (data escaped with `e`); column names are escaped unless `heads_html` (sort links).
    `numeric` columns are right-aligned; a hidden caption still names the table to screen readers."""
    def num(i: int) -> str:
        return ' class="num"' if i in numeric else ""

    head = "".join(f'<th scope="col"{num(i)}>{c if heads_html else e(c)}</th>' for i, c in enumerate(columns))
    body = "".join("<tr>" + "".join(f"<td{num(i)}>{cell}</td>" for i, cell in enumerate(row)) + "</tr>"
                   for row in rows)
    hidden = ' class="sr-only"' if caption_hidden else ""
    cap = f"<caption{hidden}>{e(caption)}</caption>" if caption else ""
    ident = f' id="{e(table_id)}"' if table_id else ""
    return (f'<div class="table-wrap"><table{ident}>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody>'
            "</table></div>")


def plural(n: int, word: str) -> str:
    """'1 task', '2 tasks'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def json_script(element_id: str, data: Any) -> str:
    """Data for the bundle in a non-executed script element; '<' is escaped so that no string in
    the data can close the element."""
    text = json.dumps(data).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return f'<script type="application/json" id="{e(element_id)}">{text}</script>'


def attachment(filename: str) -> str:
    """A Content-Disposition header that downloads `filename`, whatever it holds: quotes, semicolons, control
    characters or non-ASCII letters in a name a participant chose can neither end the header's parameter nor
    add one. An ASCII stand-in for old clients, and the exact name percent-encoded (RFC 6266 and 5987)."""
    plain = re.sub(r'[^A-Za-z0-9._ -]', "_", filename).strip() or "download"
    return f"attachment; filename=\"{plain}\"; filename*=UTF-8''{quote(filename, safe='')}"


# The header's links: the four pillars, then the task banks and the models they all share.
SITE_NAV = (("Study", "/dashboard"), ("Bench", "/bench"), ("Arena", "/arena"), ("Collab", "/collab"),
            ("Task banks", "/tasks"), ("Models", "/models"))


def layout(title: str, body: str, *, bundle: Bundle | None, crumbs: Sequence[Crumb] = (),
           page: str = "page", site_links: bool = True) -> str:
    """A page of the site, its header naming every part of the platform. Participants' pages pass
    `site_links=False`: nothing leads a participant away from the study (to the task banks, their Run
    buttons, or the researchers' pages)."""
    return render_page("base.html", title=title, body=Markup(body), bundle=bundle, crumbs=crumbs, page=page,
                       site_links=site_links)


def render_page(template: str, *, title: str, bundle: Bundle | None, crumbs: Sequence[Crumb] = (),
                page: str = "page", site_links: bool = True, overrides: Sequence[str | Path] = (),
                **view: Any) -> str:
    """A page from `template` (which extends base.html) and the view a route gathered. Participants'
    pages pass `site_links=False`; a study's own template folder comes first in `overrides`."""
    return render("centaurlab.web", template, {
        "title": title, "bundle": bundle, "crumbs": list(crumbs), "page": page, "site_links": site_links,
        "site_nav": SITE_NAV, "build_hint": BUILD_HINT, **view}, overrides=overrides)
