"""Server-rendered HTML shells: the content is in the page (readable without JavaScript), the
built TypeScript bundle adds the theme switch, the editor and the Run buttons."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from html import escape
from typing import Any
from urllib.parse import quote

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


def _head_assets(bundle: Bundle | None) -> str:
    if bundle is None:
        return ""
    parts = [f'<link rel="stylesheet" href="{e(css)}">' for css in bundle.styles]
    parts += [f'<link rel="modulepreload" href="{e(js)}">' for js in bundle.preload]
    parts.append(f'<script type="module" src="{e(bundle.script)}"></script>')
    return "\n  ".join(parts)


def _crumbs(crumbs: Sequence[Crumb]) -> str:
    if not crumbs:
        return '<span class="crumbs"></span>'  # keeps the theme switch at the header's end
    items = []
    for i, (label, href) in enumerate(crumbs):
        if i == len(crumbs) - 1 or href is None:
            items.append(f'<li aria-current="page">{e(label)}</li>')
        else:
            items.append(f'<li><a href="{e(href)}">{e(label)}</a></li>')
    return f'<nav class="crumbs" aria-label="Breadcrumb"><ol>{"".join(items)}</ol></nav>'


# The header's links: the four pillars, then the task banks and the models they all share.
SITE_NAV = (("Study", "/dashboard"), ("Bench", "/bench"), ("Arena", "/arena"), ("Collab", "/collab"),
            ("Task banks", "/tasks"), ("Models", "/models"))
SITE_LINKS = ' · <a href="/">Home</a> · <a href="/api/banks">JSON API</a> · <a href="/health">health</a>'


def _site_nav() -> str:
    links = "".join(f'<li><a href="{e(href)}">{e(label)}</a></li>' for label, href in SITE_NAV)
    return f'<nav class="site-nav" aria-label="Platform"><ul>{links}</ul></nav>'


def layout(title: str, body: str, *, bundle: Bundle | None, crumbs: Sequence[Crumb] = (),
           page: str = "page", site_links: bool = True) -> str:
    """A page of the site, its header naming every part of the platform. Participants' pages pass
    `site_links=False`: nothing leads a participant away from the study (to the task banks, their Run
    buttons, or the researchers' pages)."""
    missing = "" if bundle is not None else (
        f'<p class="notice notice-bad" role="alert">The front end is not built, so the editor and '
        f'the Run buttons are unavailable: {e(BUILD_HINT)}.</p>'
    )
    mark = '<span class="brand-mark" aria-hidden="true">◆</span> Centaur Lab'
    brand = f'<a class="brand" href="/">{mark}</a>' if site_links else f'<span class="brand">{mark}</span>'
    links = SITE_LINKS if site_links else ""
    nav = _site_nav() if site_links else ""
    return f"""<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="light dark">
  <title>{e(title)} · Centaur Lab</title>
  <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
  <script src="/static/theme-init.js"></script>
  {_head_assets(bundle)}
</head>
<body class="{e(page)}">
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header">
  {brand}
  {nav}
  {_crumbs(crumbs)}
  <button type="button" class="theme-toggle" id="theme-toggle" hidden>Theme</button>
</header>
<main id="main">
{missing}
{body}
</main>
<footer class="site-footer">
  <span>Centaur Lab</span>{links}
</footer>
</body>
</html>
"""
