"""Read a stored run back as report input, and write its report as JSON, CSV and HTML."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pandas as pd

from .. import store
from ..grading import stored_human_baselines
from ..models import sent_max_tokens, sent_temperatures
from ..tasks import HumanBaseline, TaskFileError, load_bank
from . import _placement as placement
from ._framings import canonical_name
from ._protocol import Protocol, run_protocol
from ._records import graded_samples, resolve_run_id, stored_runs
from ._report import DIMENSIONS, BenchReport, build_report, samples_frame
from ._tables import BenchRun, ScoredSample, samples_of


def sample_row(sample: ScoredSample) -> dict[str, Any]:
    findings = ((sample.grade or {}).get("quality_detail") or {}).get("findings") or []
    return {
        "model": sample.model, "task": sample.task_id, "framing": canonical_name(sample.framing),
        "sample": sample.sample,
        "correctness": sample.correctness, "efficiency": sample.efficiency, "quality": sample.quality,
        "composite": sample.composite, "human_percentile": sample.human_percentile,
        "issues": dict(Counter(f["category"] for f in findings)),
        "code_sha256": _digest(sample.code if sample.code is not None else sample.answer),
    }


def _digest(text: str | None) -> str | None:
    """What two samples are compared by: the code graded (else the answer), as a digest."""
    return None if text is None else hashlib.sha256(text.encode()).hexdigest()


def load_report(database_url: str, run: str = "latest", baselines: str | None = None) -> BenchReport:
    """The run's report, its tasks placed among people: `baselines` names whose (`task` for the task files',
    `study:<id>` for a study's), else each task takes its newest stored study baseline or its task file's."""
    run_id = resolve_run_id(database_url, run)
    with store.session_scope(database_url) as session:
        samples = samples_of(session, run_id)
        rows = [sample_row(s) for s in samples if s.status == "graded"]
        failed = sum(s.status != "graded" for s in samples)
        task_ids = [s.task_id for s in samples]
        run_row = session.get(BenchRun, run_id)
        config = dict(run_row.config or {}) if run_row is not None else {}
    protocol = stored_protocol(database_url, run_id, config, task_ids)
    return build_report(run_id, rows, failed, baselines=human_baselines(config.get("bank"), database_url, baselines),
                        protocol=protocol)


def stored_protocol(database_url: str, run_id: str, config: dict[str, Any], task_ids: list[str]) -> Protocol:
    """The run's protocol: its stored configuration, and the temperatures and answer lengths its logged calls
    went out with (what the endpoints were actually asked for, the models' configured defaults included)."""
    models = config.get("models") or []
    return run_protocol(
        config, task_ids,
        temperatures={m: sent_temperatures(database_url, m, [run_id]) for m in models},
        max_tokens_sent={m: sent_max_tokens(database_url, m, [run_id]) for m in models},
    )


TASK_FILES = "task"


def human_baselines(bank: str | None, database_url: str | None = None,
                    source: str | None = None) -> dict[str, HumanBaseline]:
    """The human baselines of the run's bank: those its task files cite, overridden per task by the newest
    baseline one of our studies stored (`centaur study baselines`); `source` keeps one source only (`task`, or
    `study:<id>`). None when the bank is gone (its tasks are then unplaced)."""
    if not bank:
        return {}
    try:
        loaded = load_bank(bank)
        name, tasks = loaded.name, loaded.tasks
    except (TaskFileError, OSError, ValueError, LookupError):
        name, tasks = bank, {}
    cited = {task_id: task.meta.human_baseline for task_id, task in tasks.items()
             if task.meta.human_baseline and source in (None, TASK_FILES)}
    if database_url is None or source == TASK_FILES:
        return cited
    if source is not None and not source.startswith("study:"):
        source = f"study:{source}"
    stored = {t: s.baseline for t, s in stored_human_baselines(database_url, name, source).items()}
    return {**cited, **stored}


def human_placements(database_url: str, model: str, baselines: str | None = None) -> list[dict[str, Any]]:
    """Per run and task of `model`'s graded samples, its percentile among people with the interval, the
    people's n and whose baseline it is (rows of `placement.by_task` with the run and bank); tasks without
    a baseline are left out."""
    samples = graded_samples(database_url, model)
    banks = {r.id: (r.config or {}).get("bank") for r in stored_runs(database_url)}
    out = []
    for run_id in sorted({s.run_id for s in samples}):
        frame = samples_frame([{"model": model, "task": s.task_id, "correctness": s.correctness,
                                "efficiency": s.efficiency} for s in samples if s.run_id == run_id])
        found = human_baselines(banks.get(run_id), database_url, baselines)
        for row in placement.by_task(frame, found).to_dict(orient="records"):
            if row["note"] != placement.NO_BASELINE:
                out.append({"run": run_id, "bank": banks.get(run_id), **{str(k): v for k, v in row.items()}})
    return out


def figure_table(report: BenchReport) -> pd.DataFrame:
    """Every per-group mean as one row of the policy's fields: table, group, measure, estimate, ci_low,
    ci_high, n, unit, interval, not_computed (the CSV twin of the JSON's figures)."""
    rows = []
    for table, groups in report.groups.items():
        for group in groups:
            label = " / ".join(str(group[k]) for k in ("model", "task", "framing") if k in group)
            for dim in DIMENSIONS:
                rows.append({"table": table, "group": label, "measure": dim, **group[dim].as_json(),
                             "no_interval": group.get(f"{dim}_interval")})
    for table, found in report.consistency_figures.items():
        for group in found:
            label = " / ".join(str(group[k]) for k in ("model", "framing") if k in group)
            for dim in DIMENSIONS:
                rows.append({"table": f"consistency_{table}", "group": label, "measure": f"{dim} SD",
                             **group[dim].as_json(), "no_interval": None})
    for model, fig in report.placements.items():
        rows.append({"table": "human_percentiles", "group": model, "measure": "percentile", **fig.as_json(),
                     "no_interval": None})
    return pd.DataFrame(rows)


def write_csv(report: BenchReport, folder: Path) -> list[Path]:
    """One CSV per table, named after it; samples.csv holds every graded sample."""
    folder.mkdir(parents=True, exist_ok=True)
    tables = {
        "samples": report.frame.assign(issues=[json.dumps(i, sort_keys=True) for i in report.frame["issues"]]),
        "figures": figure_table(report),
        "by_model": report.by_model, "by_task": report.by_task, "by_framing": report.by_framing,
        "by_model_framing": report.by_model_framing, "consistency": report.consistency,
        "consistency_by_task": report.consistency_by_task, "consistency_by_framing": report.consistency_by_framing,
        "correlations": report.correlations, "quality_issues": report.quality_issues,
        "issues_per_submission": report.issues_per_submission, "human_percentiles": report.human_percentiles,
        "human_percentiles_by_task": report.human_percentiles_by_task,
    }
    if report.pca is not None:
        tables["pca_loadings"] = report.pca.loadings
    written = []
    for name, table in tables.items():
        path = folder / f"{name}.csv"
        table.to_csv(path, index=name in ("correlations", "pca_loadings"))
        written.append(path)
    return written
