"""The report as HTML: violin plots of every dimension per model, then the tables of the COMPASS paper.

This module gathers the report's text (`templates/fragment.html` and `report.html` draw it, autoescape on)."""

from __future__ import annotations

from typing import Any

import pandas as pd

from ..templating import Markup, render
from ._protocol import QUALITY_NOTE, evidence
from ._report import DIMENSIONS, BenchReport
from ._view import sections
from ._violin import violin_svg

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
    return str(value)


def _frame_view(frame: pd.DataFrame, digits: int) -> dict[str, Any]:
    return {"columns": [str(c) for c in frame.columns],
            "rows": [[_cell(v, digits) for v in row] for row in frame.itertuples(index=False)]}


def violins(report: BenchReport) -> Markup:
    """A violin per model for each dimension, drawn from its draws and cut at its lowest and highest score;
    n under each is its draws."""
    draws = report.drawn
    # SVG drawn by matplotlib from the scores; its SVG writer escapes the model names it writes as text
    return Markup("".join(
        violin_svg(dim.capitalize(), {str(m): part[dim].dropna().tolist() for m, part in draws.groupby("model")})
        for dim in DIMENSIONS
    ))


PLACEMENT_ABOUT = ("Per task, the model's mean combined score (mean of correctness and efficiency) placed among the "
                   "human scores by a normal approximation, with a delta-method 95% interval that carries the "
                   "uncertainty of the model's mean and of the people's mean and SD. Across tasks, the mean "
                   "percentile with a t interval over tasks (one task: its own interval).")


def _view(report: BenchReport) -> dict[str, Any]:
    """What the report says, in order: protocol, warnings about thin evidence behind correlations and PCA, the
    quality note, the violins, the tables, and the human percentiles under their heading."""
    shown = []
    placement_pending = True
    for section in sections(report, full=True):
        text = section if isinstance(section, str) else None
        first_placement = bool(text and text.startswith("human percentile of") and placement_pending)
        placement_pending = placement_pending and not first_placement
        shown.append({"text": text, "view": None if isinstance(section, str) else section,
                      "placement_heading": first_placement})
    pca_n = report.pca.n if report.pca and report.pca_reason is None else None
    return {"protocol": list(report.protocol.lines()) if report.protocol is not None else [],
            "warnings": evidence(report.drawn, pca_n).warnings, "quality_note": QUALITY_NOTE,
            "graded": len(report.frame), "failed": report.failed, "violins": violins(report),
            "sections": shown, "placement_about": PLACEMENT_ABOUT,
            "issues": _frame_view(report.quality_issues, digits=3)}


def report_fragment(report: BenchReport) -> str:
    """The report's body, for a page of the web app or a standalone document."""
    return render("centaurlab.bench", "fragment.html", _view(report))


def render_html(report: BenchReport) -> str:
    # the fragment was rendered (and escaped) by fragment.html; the style is this module's constant
    return render("centaurlab.bench", "report.html", {"run_id": report.run_id, "style": Markup(STYLE),
                                                      "fragment": Markup(report_fragment(report))})
