"""A self-contained HTML report: one file with its styles and inline SVG figures, no scripts, no
network, so it can be mailed, archived with a paper, or opened years later."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from html import escape

import pandas as pd

from .format import format_number

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
    parts: list[str] = field(default_factory=list)

    def heading(self, text: str, level: int = 2) -> HtmlReport:
        if level not in (2, 3, 4):
            raise ValueError("heading levels are 2-4 (the title is the h1)")
        self.parts.append(f"<h{level}>{escape(text)}</h{level}>")
        return self

    def paragraph(self, text: str, note: bool = False) -> HtmlReport:
        cls = ' class="note"' if note else ""
        self.parts.append(f"<p{cls}>{escape(text)}</p>")
        return self

    def table(self, frame: pd.DataFrame, caption: str = "",
              formats: Mapping[str, Formatter] | None = None) -> HtmlReport:
        """The frame as a table (index dropped); cells go through `formats[column]` or
        `format_number`."""
        self.parts.append(html_table(frame, caption, formats))
        return self

    def figure(self, svg: str, caption: str = "") -> HtmlReport:
        cap = f"<figcaption>{escape(caption)}</figcaption>" if caption else ""
        self.parts.append(f"<figure>{svg}{cap}</figure>")
        return self

    def render(self) -> str:
        body = "\n".join(self.parts)
        return (f'<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
                f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
                f"<title>{escape(self.title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
                f"<h1>{escape(self.title)}</h1>\n{body}\n</body>\n</html>\n")


def html_table(frame: pd.DataFrame, caption: str = "", formats: Mapping[str, Formatter] | None = None) -> str:
    fmt = dict(formats or {})
    head = "".join(f'<th scope="col">{escape(str(c))}</th>' for c in frame.columns)
    rows = []
    for record in frame.itertuples(index=False, name=None):
        cells = "".join(f"<td>{escape(fmt.get(str(c), format_number)(v))}</td>"
                        for c, v in zip(frame.columns, record, strict=True))
        rows.append(f"<tr>{cells}</tr>")
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    # a wide table (the effects have 16 columns) scrolls sideways inside the page, never past its edge
    return (f'<div class="table-wrap"><table>{cap}<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody>'
            "</table></div>")
