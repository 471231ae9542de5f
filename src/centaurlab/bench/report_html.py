"""The report as HTML: violin plots of every dimension per model, then the tables of the COMPASS paper."""

from __future__ import annotations

from html import escape
from typing import Any

import pandas as pd

from .protocol import QUALITY_NOTE, evidence
from .report import DIMENSIONS, BenchReport
from .view import TableView, sections
from .violin import violin_svg

STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d2330;max-width:1200px}
table{border-collapse:collapse;margin:.5rem 0 1.5rem;font-variant-numeric:tabular-nums}
th,td{border-bottom:1px solid #dde1e8;padding:.25rem .6rem;text-align:right}
th:first-child,td:first-child{text-align:left}
table.protocol td{text-align:left}
.warning{color:#8a4b00}
.note{color:#444;margin:.2rem 0}
.violins{display:flex;flex-wrap:wrap;gap:1rem}
.violin .body{fill:#7aa6e0;fill-opacity:.55;stroke:#2f5d9c}
.violin .median{stroke:#1d2330;stroke-width:2}
.violin .grid{stroke:#e6e9ef}
.violin .title{font-weight:600;font-size:13px}
.violin .tick,.violin .label{font-size:11px;fill:#555}
"""


def _cell(value: Any, digits: int) -> str:
    if value is None or (isinstance(value, float) and value != value):
        return "–"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return escape(str(value))


def table(frame: pd.DataFrame, *, index: bool = False, digits: int = 1) -> str:
    if frame.empty:
        return "<p>No data.</p>"
    shown = frame.reset_index() if index else frame
    head = "".join(f"<th>{escape(str(c)) if not (index and i == 0) else ''}</th>" for i, c in enumerate(shown.columns))
    body = "".join(
        "<tr>" + "".join(f"<td>{_cell(v, digits)}</td>" for v in row) + "</tr>" for row in shown.itertuples(index=False)
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def view_table(view: TableView) -> str:
    """A titled table of text cells and the notes under it."""
    head = "".join(f"<th>{escape(c)}</th>" for c in view.columns)
    body = "".join("<tr>" + "".join(f"<td>{escape(v)}</td>" for v in row) + "</tr>" for row in view.rows)
    notes = "".join(f'<p class="note">{escape(n)}</p>' for n in view.notes)
    heading = (f"<h2>{escape(view.heading)}</h2>" if view.heading else "") + (
        f"<p>{escape(view.about)}</p>" if view.about else "")
    shown = f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>" if view.rows else "<p>No data.</p>"
    return f"{heading}<h3>{escape(view.title)}</h3>{shown}{notes}"


def violins(report: BenchReport) -> str:
    """A violin per model for each dimension, drawn from its draws and cut at its lowest and highest score;
    n under each is its draws."""
    draws = report.drawn
    return "".join(
        violin_svg(dim.capitalize(), {str(m): part[dim].dropna().tolist() for m, part in draws.groupby("model")})
        for dim in DIMENSIONS
    )


PLACEMENT_ABOUT = ("Per task, the model's mean combined score (mean of correctness and efficiency) placed among the "
                   "human scores by a normal approximation, with a delta-method 95% interval that carries the "
                   "uncertainty of the model's mean and of the people's mean and SD. Across tasks, the mean "
                   "percentile with a t interval over tasks (one task: its own interval).")


def report_fragment(report: BenchReport) -> str:
    """The report's body, for a page of the web app or a standalone document."""
    parts = [
        *_protocol_sections(report),
        f"<p>{len(report.frame)} graded samples; {report.failed} not graded (model or grading errors). Scores are "
        "points of 100; each mean is shown with its 95% interval and n, the number of draws it rests on.</p>",
        f'<h2>Scores per model</h2><p>Each violin spans its lowest to its highest score.</p>'
        f'<div class="violins">{violins(report)}</div>',
    ]
    placement_heading = ["<h2>Human percentiles</h2>", f"<p>{escape(PLACEMENT_ABOUT)}</p>"]
    for section in sections(report, full=True):
        if isinstance(section, str) and section.startswith("human percentile of") and placement_heading:
            parts += placement_heading
            placement_heading = []
        parts.append(f"<p>{escape(section)}</p>" if isinstance(section, str) else view_table(section))
    parts.append("<h2>Quality issues per category</h2><p>Findings, draws flagged at least once, and their share:</p>"
                 + table(report.quality_issues, digits=3))
    return "\n".join(parts)


def _protocol_sections(report: BenchReport) -> list[str]:
    """The run's protocol, warnings about thin evidence behind correlations and PCA, and the quality note."""
    out = []
    if report.protocol is not None:
        rows = "".join(f"<tr><th>{escape(label)}</th><td>{escape(text)}</td></tr>"
                       for label, text in report.protocol.lines())
        out.append(f'<h2>Protocol</h2><table class="protocol"><tbody>{rows}</tbody></table>')
    warnings = evidence(report.drawn, report.pca.n if report.pca and report.pca_reason is None else None).warnings
    out += [f'<p class="warning"><strong>Warning:</strong> {escape(w)}</p>' for w in warnings]
    out.append(f"<p>{escape(QUALITY_NOTE)}</p>")
    return out


def render_html(report: BenchReport) -> str:
    title = f"Bench report {escape(report.run_id)}"
    return (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>"
            f"<style>{STYLE}</style></head><body><h1>{title}</h1>{report_fragment(report)}</body></html>")
