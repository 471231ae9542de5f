"""A self-contained HTML report: one file with its styles and inline SVG figures, no scripts, no
network, so it can be mailed, archived with a paper, or opened years later. The document is drawn by
`templates/report.html` (autoescape on): this module only gathers what the report says."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from ..templating import Markup, render
from ._format import format_number

Formatter = Callable[[object], str]

STYLE = """
body { font: 15px/1.45 system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
.table-wrap { max-width: 100%; overflow-x: auto; margin: 0.5rem 0 1rem; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 0.2rem 0.6rem; border-bottom: 1px solid #e5e5e5; text-align: right; }
th { background: #f5f5f5; } td:first-child, th:first-child { text-align: left; }
caption { text-align: left; font-weight: 600; padding: 0.3rem 0; }
figure { display: inline-block; margin: 0.5rem 1rem 1rem 0; } figcaption { font-size: 0.85rem; color: #555; }
.note { color: #555; font-size: 0.9rem; }
"""


@dataclass
class HtmlReport:
    """Sections appended in order; `render()` returns the whole document. All text is escaped;
    figures must be SVG strings made by this package (they are inserted as they are)."""

    title: str
    parts: list[dict[str, Any]] = field(default_factory=list)

    def heading(self, text: str, level: int = 2) -> HtmlReport:
        if level not in (2, 3, 4):
            raise ValueError("heading levels are 2-4 (the title is the h1)")
        self.parts.append({"kind": "heading", "text": text, "level": level})
        return self

    def paragraph(self, text: str, note: bool = False) -> HtmlReport:
        self.parts.append({"kind": "paragraph", "text": text, "note": note})
        return self

    def table(self, frame: pd.DataFrame, caption: str = "",
              formats: Mapping[str, Formatter] | None = None) -> HtmlReport:
        """The frame as a table (index dropped); cells go through `formats[column]` or
        `format_number`."""
        self.parts.append({"kind": "table", **_table_view(frame, caption, formats)})
        return self

    def figure(self, svg: str, caption: str = "") -> HtmlReport:
        # the SVG was drawn by matplotlib in this package (_charts.py), not typed by anyone: it goes in as drawn
        self.parts.append({"kind": "figure", "svg": Markup(svg), "caption": caption})
        return self

    def render(self) -> str:
        # the style is this module's constant; every text part is escaped by the template
        return render("centaurlab.stats", "report.html",
                      {"title": self.title, "style": Markup(STYLE), "parts": self.parts})


def _table_view(frame: pd.DataFrame, caption: str, formats: Mapping[str, Formatter] | None) -> dict[str, Any]:
    """The frame's columns and its cells as text (a wide table scrolls sideways inside the page)."""
    fmt = dict(formats or {})
    rows = [[fmt.get(str(c), format_number)(v) for c, v in zip(frame.columns, record, strict=True)]
            for record in frame.itertuples(index=False, name=None)]
    return {"caption": caption, "columns": [str(c) for c in frame.columns], "rows": rows}


def html_table(frame: pd.DataFrame, caption: str = "", formats: Mapping[str, Formatter] | None = None) -> str:
    """The frame as the report's table, for a page that shows one alone."""
    return render("centaurlab.stats", "table.html", {"table": _table_view(frame, caption, formats)})
