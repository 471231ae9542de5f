"""What the COMPASS paper reports about a run, computed from its graded samples (pure pandas/numpy).

Conventions: standard deviations are sample SDs (ddof=1); a dimension a task does not measure (efficiency
on a task without efficiency tests) is missing, not zero, and is left out of that dimension's figures.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from ..stats import MINIMUM_N, Figure, too_few
from ..tasks import HumanBaseline
from . import _consistency as consistency
from . import _figures as figs
from . import _placement as placement
from ._draws import DrawCount, count_draws, draws_frame, fixed_models
from ._protocol import Protocol, reading_notes

DIMENSIONS = ("correctness", "efficiency", "quality", "composite")
AXES = ("correctness", "efficiency", "quality")
SAMPLE_COLUMNS = ("model", "task", "framing", "sample", *DIMENSIONS, "human_percentile", "issues", "code_sha256")


def samples_frame(rows: Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """One row per graded sample; `issues` maps a quality category to its number of findings."""
    frame = pd.DataFrame([{c: row.get(c) for c in SAMPLE_COLUMNS} for row in rows], columns=list(SAMPLE_COLUMNS))
    for column in (*DIMENSIONS, "human_percentile"):
        frame[column] = pd.to_numeric(frame[column], errors="coerce").astype(float)
    frame["issues"] = pd.Series([dict(v) if isinstance(v, Mapping) else {} for v in frame["issues"]], dtype=object)
    return frame


def summary_by(frame: pd.DataFrame, by: str | list[str]) -> pd.DataFrame:
    """Per group (one column or several): n and the median, mean and SD of each dimension."""
    keys = [by] if isinstance(by, str) else by
    rows = []
    for group, part in frame.groupby(keys if len(keys) > 1 else keys[0], sort=True):
        labels: tuple[Any, ...] = group if isinstance(group, tuple) else (group,)
        row: dict[str, Any] = {**dict(zip(keys, labels, strict=True)), "n": len(part)}
        for dim in DIMENSIONS:
            values = part[dim].dropna()
            row[f"{dim}_median"] = float(values.median()) if len(values) else None
            row[f"{dim}_mean"] = float(values.mean()) if len(values) else None
            row[f"{dim}_sd"] = float(values.std(ddof=1)) if len(values) > 1 else None
        rows.append(row)
    return pd.DataFrame(rows)


def correlations(frame: pd.DataFrame) -> pd.DataFrame:
    """Pearson correlations of the three dimensions, each pair over the draws that have both; empty below the
    stated minimum n for a correlation (`stats.MINIMUM_N`)."""
    return frame[list(AXES)].corr(method="pearson", min_periods=MINIMUM_N["correlation"])


@dataclass
class PCA:
    loadings: pd.DataFrame  # rows: dimensions, columns: PC1.. ; each column a unit eigenvector
    explained: list[float]  # share of the total variance per component
    n: int


def pca(frame: pd.DataFrame) -> PCA | None:
    """PCA of the standardised dimensions (the eigenvectors of their correlation matrix), over samples with all
    three. Each component's sign makes its largest loading positive, so reruns agree. None when a dimension
    does not vary or fewer than 3 samples have all three."""
    complete = frame[list(AXES)].dropna()
    if len(complete) < 3 or (complete.std(ddof=1) == 0).any():
        return None
    z = (complete - complete.mean()) / complete.std(ddof=1)
    values, vectors = np.linalg.eigh(np.corrcoef(z.to_numpy(), rowvar=False))
    order = np.argsort(values)[::-1]
    values, vectors = values[order], vectors[:, order]
    for j in range(vectors.shape[1]):
        if vectors[np.argmax(np.abs(vectors[:, j])), j] < 0:
            vectors[:, j] = -vectors[:, j]
    names = [f"PC{j + 1}" for j in range(len(values))]
    loadings = pd.DataFrame(vectors, index=list(AXES), columns=names)
    explained = [float(v) for v in np.clip(values, 0, None) / np.clip(values, 0, None).sum()]
    return PCA(loadings, explained, len(complete))


def quality_issues(frame: pd.DataFrame) -> pd.DataFrame:
    """Per model and quality category: findings in all submissions, and the share of submissions flagged at
    least once in the category (COMPASS's Table VIII: count and %)."""
    rows = []
    for model, part in frame.groupby("model", sort=True):
        counts: Counter[str] = Counter()
        present: Counter[str] = Counter()
        for issues in part["issues"]:
            counts.update(issues)
            present.update(category for category, n in issues.items() if n)
        for category in sorted(counts):
            rows.append({"model": model, "category": category, "count": counts[category],
                         "flagged": present[category], "share_flagged": present[category] / len(part),
                         "submissions": len(part)})
    return pd.DataFrame(rows, columns=["model", "category", "count", "flagged", "share_flagged", "submissions"])


def issues_per_submission(frame: pd.DataFrame) -> pd.DataFrame:
    """Per model: total findings, and the mean and median number per submission (COMPASS's Table VII)."""
    rows = []
    for model, part in frame.groupby("model", sort=True):
        totals = pd.Series([sum(issues.values()) for issues in part["issues"]], dtype=float)
        rows.append({"model": model, "submissions": len(part), "total": int(totals.sum()),
                     "mean": float(totals.mean()), "median": float(totals.median())})
    return pd.DataFrame(rows, columns=["model", "submissions", "total", "mean", "median"])


@dataclass
class BenchReport:
    run_id: str
    frame: pd.DataFrame
    by_model: pd.DataFrame
    by_task: pd.DataFrame
    by_framing: pd.DataFrame
    by_model_framing: pd.DataFrame
    consistency: pd.DataFrame
    consistency_by_task: pd.DataFrame
    consistency_by_framing: pd.DataFrame
    correlations: pd.DataFrame
    correlations_by_model: dict[str, pd.DataFrame]
    pca: PCA | None
    quality_issues: pd.DataFrame
    issues_per_submission: pd.DataFrame
    human_percentiles: pd.DataFrame
    human_percentiles_by_task: pd.DataFrame
    failed: int = 0
    protocol: Protocol | None = None  # what the run asked for
    draws: pd.DataFrame | None = None  # the samples as draws (`_draws.py`): what every figure is computed on
    draw_counts: list[DrawCount] = field(default_factory=list)
    fixed: dict[str, str] = field(default_factory=dict)  # models sampled at temperature 0, and why that matters
    groups: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # by_model, by_framing, ...: figures
    comparisons: dict[str, list[figs.Comparison]] = field(default_factory=dict)
    consistency_figures: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    correlation_figures: dict[str, Figure] = field(default_factory=dict)
    correlation_figures_by_model: dict[str, dict[str, Figure]] = field(default_factory=dict)
    placements: dict[str, Figure] = field(default_factory=dict)  # per model, across its placed tasks

    @property
    def pca_reason(self) -> str | None:
        """Why the PCA is not reported, or None when it is."""
        n = len(self.drawn[list(AXES)].dropna())
        if self.pca is None:
            return too_few("pca", n) or "a dimension does not vary, so it has no principal components"
        return too_few("pca", self.pca.n)

    def to_dict(self) -> dict[str, Any]:
        pca_n = self.pca.n if self.pca is not None and self.pca_reason is None else None
        return {**self._figures(), **reading_notes(self.drawn, pca_n, self.protocol)}

    @property
    def drawn(self) -> pd.DataFrame:
        """The draws every figure is computed from (the samples, when built without a protocol)."""
        return self.frame if self.draws is None else self.draws

    def _figures(self) -> dict[str, Any]:
        return {
            "run": self.run_id,
            "samples": len(self.frame),
            "failed_samples": self.failed,
            "draws": [d.as_json() for d in self.draw_counts],
            **{name: _merged(getattr(self, name), self.groups.get(name, []))
               for name in ("by_model", "by_task", "by_framing", "by_model_framing")},
            "comparisons": {name: [c.as_json() for c in found] for name, found in self.comparisons.items()},
            "consistency": figs.json_rows(self.consistency_figures.get("by_model", [])),
            "consistency_by_framing": figs.json_rows(self.consistency_figures.get("by_model_framing", [])),
            "consistency_by_task": _records(self.consistency_by_task),
            "consistency_not_computed": {m: r for m, r in self.fixed.items()},
            "correlations": {k: f.as_json() for k, f in self.correlation_figures.items()},
            "correlations_by_model": {m: {k: f.as_json() for k, f in c.items()}
                                      for m, c in self.correlation_figures_by_model.items()},
            "pca": self._pca(),
            "quality_issues": _records(self.quality_issues),
            "issues_per_submission": _records(self.issues_per_submission),
            "human_percentiles": [{**row, "percentile": self.placements[str(row["model"])].as_json()}
                                  for row in _records(self.human_percentiles)],
            "human_percentiles_by_task": [
                {**row, "placement": figs.placement_figure(row).as_json()}
                for row in _records(self.human_percentiles_by_task)],
        }

    def _pca(self) -> dict[str, Any]:
        reason = self.pca_reason
        if reason is not None or self.pca is None:
            return {"n": self.pca.n if self.pca else None, "not_computed": reason}
        return {"n": self.pca.n, "not_computed": None, "explained_variance": [_clean(v) for v in self.pca.explained],
                "loadings": _matrix(self.pca.loadings)}


def build_report(run_id: str, rows: Iterable[Mapping[str, Any]], failed: int = 0,
                 baselines: Mapping[str, HumanBaseline] | None = None, protocol: Protocol | None = None) -> BenchReport:
    """`baselines` maps a task id to its human baseline; tasks without one are reported as unplaced.
    `protocol` (the run's, from the store) says which models' samples of one prompt are repeats (temperature 0): their
    samples of one prompt count as one draw, and their consistency is not computed."""
    frame = samples_frame(rows)
    fixed = fixed_models(protocol)
    counts = count_draws(frame, fixed)
    draws = draws_frame(frame, fixed)
    varied = frame[~frame["model"].astype(str).isin(list(fixed))]
    placed = placement.by_task(draws, baselines or {})
    report = BenchReport(
        run_id=run_id, frame=frame, by_model=summary_by(draws, "model"), by_task=summary_by(draws, "task"),
        by_framing=summary_by(draws, "framing"), by_model_framing=summary_by(draws, ["model", "framing"]),
        consistency=consistency.by_model(varied), consistency_by_task=consistency.by_task(varied),
        consistency_by_framing=consistency.by_model_framing(varied), correlations=correlations(draws),
        correlations_by_model={str(m): correlations(p) for m, p in draws.groupby("model", sort=True)},
        pca=pca(draws), quality_issues=quality_issues(draws), issues_per_submission=issues_per_submission(draws),
        human_percentiles=placement.by_model(placed), human_percentiles_by_task=placed, failed=failed,
        protocol=protocol, draws=draws, draw_counts=counts, fixed=fixed,
    )
    _add_figures(report)
    return report


GROUPS = {"by_model": ("model",), "by_task": ("task",), "by_framing": ("framing",),
          "by_model_framing": ("model", "framing")}


def _add_figures(report: BenchReport) -> None:
    """The policy's figures: per group, comparisons of models and of framings, consistency, correlations
    and placements."""
    draws = report.drawn
    fixed = report.fixed
    report.groups = {name: figs.group_figures(draws, keys, fixed) for name, keys in GROUPS.items()}
    report.comparisons = {"by_model": figs.compare(report.groups["by_model"], "model", "model"),
                          "by_framing": figs.compare(report.groups["by_framing"], "framing", "framing")}
    identical = {d.model: d.identical_text() for d in report.draw_counts}
    report.consistency_figures = {
        "by_model": figs.consistency_rows(consistency.by_task(report.frame), ("model",), fixed, identical),
        "by_model_framing": figs.consistency_rows(consistency.by_task(report.frame, ("model", "framing", "task")),
                                                  ("model", "framing"), fixed, identical),
    }
    report.correlation_figures = figs.correlation_figures(draws)
    report.correlation_figures_by_model = {str(m): figs.correlation_figures(p)
                                           for m, p in draws.groupby("model", sort=True)}
    tasks = report.human_percentiles_by_task
    report.placements = {str(m): figs.model_placement(tasks[tasks["model"] == m])
                         for m in report.human_percentiles["model"]}


def _clean(value: Any) -> Any:
    if isinstance(value, (float, np.floating)):
        return None if np.isnan(value) else round(float(value), 6)
    if isinstance(value, np.integer):
        return int(value)
    return value


def _merged(summary: pd.DataFrame, groups: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The descriptive summary (n, median, mean, SD) of each group beside its figures."""
    return [{**plain, **row} for plain, row in zip(_records(summary), figs.json_rows(groups), strict=True)]


def _records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    return [{str(k): _clean(v) for k, v in row.items()} for row in frame.to_dict(orient="records")]


def _matrix(frame: pd.DataFrame) -> dict[str, dict[str, Any]]:
    return {str(r): {str(c): _clean(frame.loc[r, c]) for c in frame.columns} for r in frame.index}
