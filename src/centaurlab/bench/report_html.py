"""The report as HTML: violin plots of every dimension per model, then the tables of the COMPASS paper."""

from __future__ import annotations

from html import escape
from typing import Any

import pandas as pd

from .protocol import QUALITY_NOTE, evidence
from .report import DIMENSIONS, BenchReport
from .violin import violin_svg

STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1d2330;max-width:1200px}
table{border-collapse:collapse;margin:.5rem 0 1.5rem;font-variant-numeric:tabular-nums}
th,td{border-bottom:1px solid #dde1e8;padding:.25rem .6rem;text-align:right}
th:first-child,td:first-child{text-align:left}
table.protocol td{text-align:left}
.warning{color:#8a4b00}
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
    return _summary_keys(frame, (key,))


def _summary_keys(frame: pd.DataFrame, keys: tuple[str, ...]) -> pd.DataFrame:
    rows = [{**{k: row[k] for k in keys}, "n": row["n"],
             **{dim: _spread(row[f"{dim}_mean"], row[f"{dim}_sd"], row[f"{dim}_median"]) for dim in DIMENSIONS}}
            for row in frame.to_dict(orient="records")]
    return pd.DataFrame(rows)


def _consistency(frame: pd.DataFrame, keys: tuple[str, ...]) -> pd.DataFrame:
    def cell(mean: Any, sd: Any) -> str:
        if mean is None or mean != mean:
            return "–"
        return f"{mean:.1f}" + ("" if sd is None or sd != sd else f" ({sd:.1f})")

    rows = [{**{k: row[k] for k in keys}, "tasks": row["tasks"],
             **{dim: cell(row[f"{dim}_mean_sd"], row[f"{dim}_sd_of_sds"]) for dim in DIMENSIONS}}
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
        *_protocol_sections(report),
        f"<p>{len(frame)} graded samples; {report.failed} not graded (model or grading errors). Scores are "
        "0-100; cells read mean ± SD (median).</p>",
        f'<h2>Scores per model</h2><div class="violins">{violins}</div>',
        table(_summary(report.by_model, "model")),
        "<h2>Per prompt framing</h2>" + table(_summary(report.by_framing, "framing")),
        "<h3>Per model and framing</h3>" + table(_summary_keys(report.by_model_framing, ("model", "framing"))),
        "<h2>Per task</h2>" + table(_summary(report.by_task, "task")),
        "<h2>Consistency over repeated generations</h2><p>For each task, the SD of each dimension over the "
        "model's generations of it; a task's composite SD is the mean of its three dimension SDs. Cells: the "
        "mean of the per-task SDs (in brackets, the SD of those SDs across tasks). Lower is more consistent."
        "</p>" + table(_consistency(report.consistency, ("model",))),
        "<h3>Per model and framing</h3>" + table(_consistency(report.consistency_by_framing, ("model", "framing"))),
        "<h3>Per model and task</h3>" + table(report.consistency_by_task),
        "<h2>Correlation of the dimensions</h2>" + table(report.correlations, index=True, digits=3),
    ]
    for model, matrix in report.correlations_by_model.items():
        sections.append(f"<h3>{escape(model)}</h3>" + table(matrix, index=True, digits=3))
    if report.pca is not None:
        explained = ", ".join(f"PC{i + 1} {v:.1%}" for i, v in enumerate(report.pca.explained))
        sections.append(f"<h2>Principal components</h2><p>Explained variance: {explained} "
                        f"({report.pca.n} samples).</p>" + table(report.pca.loadings, index=True, digits=3))
    sections.append("<h2>Quality issues</h2><p>Findings per submission:</p>"
                    + table(report.issues_per_submission, digits=2)
                    + "<p>Per category: findings, submissions flagged at least once, and their share:</p>"
                    + table(report.quality_issues, digits=3))
    sections.append("<h2>Human percentiles</h2><p>Per task, the model's mean combined score (mean of correctness "
                    "and efficiency) placed among the human scores by a normal approximation; then the mean and SD "
                    "of the percentiles across tasks.</p>" + table(report.human_percentiles)
                    + table(report.human_percentiles_by_task))
    return "\n".join(sections)


def _protocol_sections(report: BenchReport) -> list[str]:
    """The run's protocol, warnings about thin evidence behind correlations and PCA, and the quality note."""
    out = []
    if report.protocol is not None:
        rows = "".join(f"<tr><th>{escape(label)}</th><td>{escape(text)}</td></tr>"
                       for label, text in report.protocol.lines())
        out.append(f'<h2>Protocol</h2><table class="protocol"><tbody>{rows}</tbody></table>')
    warnings = evidence(report.frame, report.pca.n if report.pca else None).warnings
    out += [f'<p class="warning"><strong>Warning:</strong> {escape(w)}</p>' for w in warnings]
    out.append(f"<p>{escape(QUALITY_NOTE)}</p>")
    return out


def render_html(report: BenchReport) -> str:
    title = f"Bench report {escape(report.run_id)}"
    return (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title>"
            f"<style>{STYLE}</style></head><body><h1>{title}</h1>{report_fragment(report)}</body></html>")
