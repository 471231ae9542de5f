"""A study's metrics and report from the store: reads the events and participants, hands them to
`centaurlab.study.metrics` (pure), returns its tables and writes its HTML report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd

from .export import participant_attributes, study_events
from .settings import condition_settings
from .studies import StudyCache


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


def metric_tables(events: pd.DataFrame, people: pd.DataFrame, exclude: bool = True) -> dict[str, pd.DataFrame]:
    """The report's tables; `exclude` applies RealHumanEval's exclusion rule first (the excluded are listed)."""
    from .metrics import (
        apply_exclusions,
        condition_effects,
        control_of,
        exclusions,
        groupings,
        participant_metrics,
        prepare,
        regroup,
        summary_table,
        task_metrics,
        task_summary,
    )

    ev = prepare(events)
    excluded = exclusions(ev, people)
    if exclude:
        ev, kept, excluded = apply_exclusions(ev, people)
        people = people if kept is None else kept
    per_person = participant_metrics(ev, people)
    tasks = task_metrics(ev)
    conditions = [str(c) for c in dict.fromkeys(people["condition"].dropna()) if c in set(per_person["condition"])]
    tables = {
        "summary": summary_table(per_person, conditions),
        "tasks": task_summary(tasks, conditions),
        "effects": condition_effects(per_person, tasks, control=control_of(people)),
    }
    for by in groupings(people):
        pooled, pooled_tasks = regroup(per_person, people, by), regroup(tasks, people, by)
        groups = [str(g) for g in dict.fromkeys(pooled["condition"].dropna())]
        tables[f"summary_by_{by}"] = summary_table(pooled, groups)
        tables[f"effects_by_{by}"] = condition_effects(pooled, pooled_tasks, control=control_of(people, by))
    from .metrics.paired import paired_choices, rank_paired

    ranking = rank_paired(paired_choices(ev))
    if ranking is not None:
        tables["paired_ranking"] = ranking.table.assign(
            position_logit=ranking.position_logit, latency_logit_per_s=ranking.latency_logit_per_s)
    tables["exclusions"] = excluded
    return tables


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
    from .metrics import render_report

    events, people = study_frames(url, study_id)
    spec = StudyCache(url).get(study_id).spec
    return render_report(events, people, title=spec.title, exclude=exclude, categories=task_categories(url, study_id),
                         bench=bench_scores(url), settings=condition_settings(spec, events))


def report_study(url: str, study_id: str, html: Path | None = None, exclude: bool = True) -> dict[str, Any]:
    """The metric tables as JSON-ready rows, the settings they were measured with first; the HTML report
    written to `html` when given."""
    events, people = study_frames(url, study_id)
    if people.empty:
        raise LookupError(f"study '{study_id}' has no assigned participants yet: nothing to report")
    spec = StudyCache(url).get(study_id).spec
    tables = {"settings": condition_settings(spec, events), **metric_tables(events, people, exclude)}
    if html is not None:
        html.parent.mkdir(parents=True, exist_ok=True)
        html.write_text(report_html(url, study_id, exclude))
    out = tables["exclusions"]
    return {"study": study_id, "participants": len(people), "events": len(events), "scripted": spec.scripted,
            "excluded": int(out["excluded"].sum()) if exclude else 0,
            "would_be_excluded": int(out["excluded"].sum()),
            "tables": {name: _records(frame) for name, frame in tables.items()}}
