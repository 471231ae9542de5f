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


def _spread(mean: Any, sd: Any, median: Any) -> str:
    """mean ± SD (median), the compact cell of the summary tables."""
    if mean is None or mean != mean:
        return "–"
    spread = "" if sd is None or sd != sd else f" ± {sd:.1f}"
    return f"{mean:.1f}{spread} ({median:.1f})"


def _summary(frame: pd.DataFrame, key: str) -> pd.DataFrame:
    rows = [{key: row[key], "n": row["n"], **{dim: _spread(row[f"{dim}_mean"], row[f"{dim}_sd"], row[f"{dim}_median"])
                                               for dim in DIMENSIONS}}
            for row in frame.to_dict(orient="records")]
    return pd.DataFrame(rows)


def _consistency(frame: pd.DataFrame) -> pd.DataFrame:
    def cell(mean: Any, sd: Any) -> str:
        if mean is None or mean != mean:
            return "–"
        return f"{mean:.1f}" + ("" if sd is None or sd != sd else f" ({sd:.1f})")

    rows = [{"model": row["model"], **{dim: cell(row[f"{dim}_within_sd"], row[f"{dim}_within_sd_sd"])
                                       for dim in DIMENSIONS}, "composite SD": row["composite_sd"]}
            for row in frame.to_dict(orient="records")]
    return pd.DataFrame(rows)


def report_fragment(report: BenchReport) -> str:
    """The report's body, for a page of the web app or a standalone document."""
    frame = report.frame
    violins = "".join(
        violin_svg(dim.capitalize(), {str(m): part[dim].dropna().tolist() for m, part in frame.groupby("model")})
        for dim in DIMENSIONS
    )
    sections = [
        f"<p>{len(frame)} graded samples; {report.failed} not graded (model or grading errors). Scores are "
        "0-100; cells read mean ± SD (median).</p>",
        f'<h2>Scores per model</h2><div class="violins">{violins}</div>',
        table(_summary(report.by_model, "model")),
        "<h2>Per prompt framing</h2>" + table(_summary(report.by_framing, "framing")),
        "<h2>Per task</h2>" + table(_summary(report.by_task, "task")),
        "<h2>Consistency over repeated samples</h2><p>Per dimension: the mean over task x framing cells of the SD "
        "over repeated samples (in brackets, the SD of those SDs across cells); then the SD of the composite over "
        "all samples.</p>" + table(_consistency(report.consistency)),
        "<h2>Correlation of the dimensions</h2>" + table(report.correlations, index=True, digits=3),
    ]
    for model, matrix in report.correlations_by_model.items():
        sections.append(f"<h3>{escape(model)}</h3>" + table(matrix, index=True, digits=3))
    if report.pca is not None:
        explained = ", ".join(f"PC{i + 1} {v:.1%}" for i, v in enumerate(report.pca.explained))
        sections.append(f"<h2>Principal components</h2><p>Explained variance: {explained} "
                        f"({report.pca.n} samples).</p>" + table(report.pca.loadings, index=True, digits=3))
    sections.append("<h2>Quality issues</h2>" + table(report.quality_issues, digits=2))
    sections.append("<h2>Human percentiles</h2>" + table(report.human_percentiles))
    return "\n".join(sections)


def render_html(report: BenchReport) -> str:
    title = f"Bench report {escape(report.run_id)}"
    return (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>"
            f"<style>{STYLE}</style></head><body><h1>{title}</h1>{report_fragment(report)}</body></html>")
