"""Read a stored run back as report input, and write its report as JSON, CSV and HTML."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from .. import store
from ..models import sent_max_tokens, sent_temperatures
from ..tasks import HumanBaseline, TaskFileError, load_bank
from .framings import canonical_name
from .protocol import Protocol, run_protocol
from .records import resolve_run_id
from .report import BenchReport, build_report
from .tables import BenchRun, BenchSample, samples_of


def sample_row(sample: BenchSample) -> dict[str, Any]:
    findings = ((sample.grade or {}).get("quality_detail") or {}).get("findings") or []
    return {
        "model": sample.model, "task": sample.task_id, "framing": canonical_name(sample.framing),
        "sample": sample.sample,
        "correctness": sample.correctness, "efficiency": sample.efficiency, "quality": sample.quality,
        "composite": sample.composite, "human_percentile": sample.human_percentile,
        "issues": dict(Counter(f["category"] for f in findings)),
    }


def load_report(database_url: str, run: str = "latest") -> BenchReport:
    run_id = resolve_run_id(database_url, run)
    with store.session_scope(database_url) as session:
        samples = samples_of(session, run_id)
        rows = [sample_row(s) for s in samples if s.status == "graded"]
        failed = sum(s.status != "graded" for s in samples)
        task_ids = [s.task_id for s in samples]
        run_row = session.get(BenchRun, run_id)
        config = dict(run_row.config or {}) if run_row is not None else {}
    report = build_report(run_id, rows, failed, baselines=human_baselines(config.get("bank")))
    report.protocol = stored_protocol(database_url, run_id, config, task_ids)
    return report


def stored_protocol(database_url: str, run_id: str, config: dict[str, Any], task_ids: list[str]) -> Protocol:
    """The run's protocol: its stored configuration, and the temperatures and answer lengths its logged calls
    went out with (what the endpoints were actually asked for, the models' configured defaults included)."""
    models = config.get("models") or []
    return run_protocol(
        config, task_ids,
        temperatures={m: sent_temperatures(database_url, m, [run_id]) for m in models},
        max_tokens_sent={m: sent_max_tokens(database_url, m, [run_id]) for m in models},
    )


def human_baselines(bank: str | None) -> dict[str, HumanBaseline]:
    """The human baselines of the run's bank; none when the bank is gone (its tasks are then unplaced)."""
    if not bank:
        return {}
    try:
        tasks = load_bank(bank).tasks
    except (TaskFileError, OSError, ValueError, LookupError):
        return {}
    return {task_id: task.meta.human_baseline for task_id, task in tasks.items() if task.meta.human_baseline}


def write_csv(report: BenchReport, folder: Path) -> list[Path]:
    """One CSV per table, named after it; samples.csv holds every graded sample."""
    folder.mkdir(parents=True, exist_ok=True)
    tables = {
        "samples": report.frame.assign(issues=[json.dumps(i, sort_keys=True) for i in report.frame["issues"]]),
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
