"""A study's metrics and report from the store: reads the events and participants, hands them to
`centaurlab.study.metrics` (pure), returns its tables and writes its HTML report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

from ._export import participant_attributes, study_events
from ._settings import condition_settings
from ._studies import StudyCache
from .metrics import StudyReport, build_report, render_built, task_summary


def study_frames(url: str, study_id: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """(events, participants) in the metrics' contract: assigned participants only, with each condition's
    assistance kind, model and model family (from the study file) for the pooled analyses."""
    study = StudyCache(url).get(study_id)  # raises UnknownStudy (a LookupError)
    events = study_events(url, study_id)
    people = participant_attributes(url, study_id)
    people = people[people["condition"].notna()].loc[:, ["participant_id", "condition", "task_set"]]
    conditions = pd.DataFrame(study.spec.condition_table(), columns=["condition", "kind", "model", "family"])
    people = people.merge(conditions, how="left", on="condition")
    return events, people.reset_index(drop=True)


def _records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """JSON-ready rows; a named index becomes a column, a plain row number does not."""
    named = any(name is not None for name in frame.index.names)
    clean = frame.reset_index(drop=not named)
    clean.columns = [str(c) for c in clean.columns]
    return [{str(k): (None if isinstance(v, float) and v != v else v) for k, v in row.items()}
            for row in clean.astype(object).to_dict("records")]


def task_categories(url: str, study_id: str) -> dict[str, str]:
    """Qualified task id -> the task's category, for the study's tasks."""
    study = StudyCache(url).get(study_id)
    out = {}
    for task_id in {t for ts in study.task_sets for t in ts} | {study.tutorial}:
        out[study.qualified(task_id)] = study.task(task_id).meta.category
    return out


def bench_scores(url: str) -> dict[str, float]:
    """Each model's mean correctness over its graded bench samples (every run), from the store."""
    from ..bench import mean_correctness

    return mean_correctness(url)


def report_html(url: str, study_id: str, exclude: bool = True) -> str:
    """The study's HTML report, its settings first (the CLI's `--html` and the dashboard's)."""
    events, people = study_frames(url, study_id)
    return _html(url, study_id, events, people, _build(url, study_id, events, people, exclude))


def _build(url: str, study_id: str, events: pd.DataFrame, people: pd.DataFrame, exclude: bool) -> StudyReport:
    """The report's figures, the conditions in the study file's order."""
    spec = StudyCache(url).get(study_id).spec
    return build_report(events, people, exclude, conditions=list(spec.conditions))


def _html(url: str, study_id: str, events: pd.DataFrame, people: pd.DataFrame, data: StudyReport) -> str:
    spec = StudyCache(url).get(study_id).spec
    return render_built(data, spec.title, categories=task_categories(url, study_id), bench=bench_scores(url),
                        settings=condition_settings(spec, events), participants=people)


def report_study(url: str, study_id: str, html: Path | None = None, exclude: bool = True) -> dict[str, Any]:
    """The report as JSON: every figure in the fields of `Figure.as_json` (estimate, ci_low, ci_high, n, unit,
    interval, not_computed), the exclusions (who, why, how many per condition), and as `tables` the settings
    the figures were measured with and the per-task times. The HTML report is written to `html` when given."""
    events, people = study_frames(url, study_id)
    if people.empty:
        raise LookupError(f"study '{study_id}' has no assigned participants yet: nothing to report")
    spec = StudyCache(url).get(study_id).spec
    data = _build(url, study_id, events, people, exclude)
    if html is not None:
        html.parent.mkdir(parents=True, exist_ok=True)
        html.write_text(_html(url, study_id, events, people, data))
    figures = data.as_json()
    tables = {"settings": condition_settings(spec, events),
              "tasks": task_summary(data.tasks, data.conditions, data.emptied())}
    return {"study": study_id, "events": len(events), "scripted": spec.scripted, **figures,
            "excluded": figures["exclusions"]["excluded"],
            "would_be_excluded": figures["exclusions"]["would_be_excluded"],
            "tables": {name: _records(frame) for name, frame in tables.items()}}
