"""The report as HTML: violin plots of every dimension per model, then the tables of the COMPASS paper."""

from __future__ import annotations

from html import escape
from typing import Any

import pandas as pd

from .report import DIMENSIONS, BenchReport
from .violin import violin_svg

STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d2330;max-width:1200px}
table{border-collapse:collapse;margin:.5rem 0 1.5rem;font-variant-numeric:tabular-nums}
th,td{border-bottom:1px solid #dde1e8;padding:.25rem .6rem;text-align:right}
th:first-child,td:first-child{text-align:left}
.violins{display:flex;flex-wrap:wrap;gap:1rem}
.violin .body{fill:#7aa6e0;fill-opacity:.55;stroke:#2f5d9c}
.violin .median{stroke:#1d2330;stroke-width:2}
.violin .grid{stroke:#e6e9ef}
.violin .title{font-weight:600;font-size:13px}
.violin .tick,.violin .label{font-size:11px;fill:#555}
"""


def _cell(value: Any) -> str:
    if value is None or (isinstance(value, float) and value != value):
        return "–"
    if isinstance(value, float):
        return f"{value:.3f}" if abs(value) < 10 else f"{value:.1f}"
    return escape(str(value))


def table(frame: pd.DataFrame, index: bool = False) -> str:
    if frame.empty:
        return "<p>No data.</p>"
    shown = frame.reset_index() if index else frame
    head = "".join(f"<th>{escape(str(c))}</th>" for c in shown.columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{_cell(v)}</td>" for v in row) + "</tr>" for row in shown.itertuples(index=False)
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _mean_table(frame: pd.DataFrame, key: str) -> pd.DataFrame:
    columns = [key, "n"] + [f"{d}_{s}" for d in DIMENSIONS for s in ("median", "mean", "sd")]
    return frame[[c for c in columns if c in frame.columns]]


def report_fragment(report: BenchReport) -> str:
    """The report's body, for a page of the web app or a standalone document."""
    frame = report.frame
    violins = "".join(
        violin_svg(dim.capitalize(), {str(m): part[dim].dropna().tolist() for m, part in frame.groupby("model")})
        for dim in DIMENSIONS
    )
    sections = [
        f"<p>{len(frame)} graded samples; {report.failed} not graded (model or grading errors).</p>",
        f'<h2>Scores per model</h2><div class="violins">{violins}</div>',
        table(_mean_table(report.by_model, "model")),
        "<h2>Per prompt framing</h2>" + table(_mean_table(report.by_framing, "framing")),
        "<h2>Per task</h2>" + table(_mean_table(report.by_task, "task")),
        "<h2>Consistency over repeated samples</h2>" + table(report.consistency),
        "<h2>Correlation of the dimensions</h2>" + table(report.correlations, index=True),
    ]
    for model, matrix in report.correlations_by_model.items():
        sections.append(f"<h3>{escape(model)}</h3>" + table(matrix, index=True))
    if report.pca is not None:
        explained = ", ".join(f"PC{i + 1} {v:.1%}" for i, v in enumerate(report.pca.explained))
        sections.append(f"<h2>Principal components</h2><p>Explained variance: {explained} "
                        f"({report.pca.n} samples).</p>" + table(report.pca.loadings, index=True))
    sections.append("<h2>Quality issues</h2>" + table(report.quality_issues))
    sections.append("<h2>Human percentiles</h2>" + table(report.human_percentiles))
    return "\n".join(sections)


def render_html(report: BenchReport) -> str:
    title = f"Bench report {escape(report.run_id)}"
    return (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>"
            f"<style>{STYLE}</style></head><body><h1>{title}</h1>{report_fragment(report)}</body></html>")
