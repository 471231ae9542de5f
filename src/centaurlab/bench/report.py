"""What the COMPASS paper reports about a run, computed from its graded samples (pure pandas/numpy).

Conventions: standard deviations are sample SDs (ddof=1); a dimension a task does not measure (efficiency
on a task without efficiency tests) is missing, not zero, and is left out of that dimension's figures.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ..tasks import HumanBaseline
from . import consistency, placement
from .protocol import Protocol, reading_notes

DIMENSIONS = ("correctness", "efficiency", "quality", "composite")
AXES = ("correctness", "efficiency", "quality")
SAMPLE_COLUMNS = ("model", "task", "framing", "sample", *DIMENSIONS, "human_percentile", "issues")


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
    """Pearson correlations of the three dimensions, each pair over the samples that have both."""
    return frame[list(AXES)].corr(method="pearson", min_periods=3)


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
    protocol: Protocol | None = None  # what the run asked for; set when read from the store

    def to_dict(self) -> dict[str, Any]:
        return {**self._figures(), **reading_notes(self.frame, self.pca.n if self.pca else None, self.protocol)}

    def _figures(self) -> dict[str, Any]:
        return {
            "run": self.run_id,
            "samples": len(self.frame),
            "failed_samples": self.failed,
            "by_model": _records(self.by_model),
            "by_task": _records(self.by_task),
            "by_framing": _records(self.by_framing),
            "by_model_framing": _records(self.by_model_framing),
            "consistency": _records(self.consistency),
            "consistency_by_task": _records(self.consistency_by_task),
            "consistency_by_framing": _records(self.consistency_by_framing),
            "correlations": _matrix(self.correlations),
            "correlations_by_model": {m: _matrix(c) for m, c in self.correlations_by_model.items()},
            "pca": None if self.pca is None else {
                "n": self.pca.n, "explained_variance": self.pca.explained, "loadings": _matrix(self.pca.loadings),
            },
            "quality_issues": _records(self.quality_issues),
            "issues_per_submission": _records(self.issues_per_submission),
            "human_percentiles": _records(self.human_percentiles),
            "human_percentiles_by_task": _records(self.human_percentiles_by_task),
        }


def build_report(run_id: str, rows: Iterable[Mapping[str, Any]], failed: int = 0,
                 baselines: Mapping[str, HumanBaseline] | None = None) -> BenchReport:
    """`baselines` maps a task id to its human baseline; tasks without one are reported as unplaced."""
    frame = samples_frame(rows)
    placed = placement.by_task(frame, baselines or {})
    return BenchReport(
        run_id=run_id, frame=frame, by_model=summary_by(frame, "model"), by_task=summary_by(frame, "task"),
        by_framing=summary_by(frame, "framing"), by_model_framing=summary_by(frame, ["model", "framing"]),
        consistency=consistency.by_model(frame), consistency_by_task=consistency.by_task(frame),
        consistency_by_framing=consistency.by_model_framing(frame), correlations=correlations(frame),
        correlations_by_model={str(m): correlations(p) for m, p in frame.groupby("model", sort=True)},
        pca=pca(frame), quality_issues=quality_issues(frame), issues_per_submission=issues_per_submission(frame),
        human_percentiles=placement.by_model(placed), human_percentiles_by_task=placed, failed=failed,
    )


def _clean(value: Any) -> Any:
    if isinstance(value, (float, np.floating)):
        return None if np.isnan(value) else round(float(value), 6)
    if isinstance(value, np.integer):
        return int(value)
    return value


def _records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    return [{str(k): _clean(v) for k, v in row.items()} for row in frame.to_dict(orient="records")]


def _matrix(frame: pd.DataFrame) -> dict[str, dict[str, Any]]:
    return {str(r): {str(c): _clean(frame.loc[r, c]) for c in frame.columns} for r in frame.index}
