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


def summary_by(frame: pd.DataFrame, by: str) -> pd.DataFrame:
    """Per group: n and the median, mean and SD of each dimension."""
    rows = []
    for group, part in frame.groupby(by, sort=True):
        row: dict[str, Any] = {by: group, "n": len(part)}
        for dim in DIMENSIONS:
            values = part[dim].dropna()
            row[f"{dim}_median"] = float(values.median()) if len(values) else None
            row[f"{dim}_mean"] = float(values.mean()) if len(values) else None
            row[f"{dim}_sd"] = float(values.std(ddof=1)) if len(values) > 1 else None
        rows.append(row)
    return pd.DataFrame(rows)


def consistency(frame: pd.DataFrame) -> pd.DataFrame:
    """Per model: for each dimension the mean over (task, framing) cells of the SD over repeated samples, and the
    SD of those SDs across cells; plus the SD of the composite over all the model's samples."""
    rows = []
    for model, part in frame.groupby("model", sort=True):
        row: dict[str, Any] = {"model": model}
        for dim in DIMENSIONS:
            cell_sds = part.groupby(["task", "framing"])[dim].std(ddof=1).dropna()
            row[f"{dim}_within_sd"] = float(cell_sds.mean()) if len(cell_sds) else None
            row[f"{dim}_within_sd_sd"] = float(cell_sds.std(ddof=1)) if len(cell_sds) > 1 else None
        composite = part["composite"].dropna()
        row["composite_sd"] = float(composite.std(ddof=1)) if len(composite) > 1 else None
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
    """Per model and quality category: findings in all samples, and the share of samples with at least one."""
    rows = []
    for model, part in frame.groupby("model", sort=True):
        counts: Counter[str] = Counter()
        present: Counter[str] = Counter()
        for issues in part["issues"]:
            counts.update(issues)
            present.update(category for category, n in issues.items() if n)
        for category in sorted(counts):
            rows.append({"model": model, "category": category, "count": counts[category],
                         "rate": present[category] / len(part), "samples": len(part)})
    return pd.DataFrame(rows, columns=["model", "category", "count", "rate", "samples"])


def human_percentiles(frame: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for model, part in frame.groupby("model", sort=True):
        values = part["human_percentile"].dropna()
        if len(values):
            rows.append({"model": model, "n": len(values), "mean": float(values.mean()),
                         "sd": float(values.std(ddof=1)) if len(values) > 1 else None})
    return pd.DataFrame(rows, columns=["model", "n", "mean", "sd"])


@dataclass
class BenchReport:
    run_id: str
    frame: pd.DataFrame
    by_model: pd.DataFrame
    by_task: pd.DataFrame
    by_framing: pd.DataFrame
    consistency: pd.DataFrame
    correlations: pd.DataFrame
    correlations_by_model: dict[str, pd.DataFrame]
    pca: PCA | None
    quality_issues: pd.DataFrame
    human_percentiles: pd.DataFrame
    failed: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "run": self.run_id,
            "samples": len(self.frame),
            "failed_samples": self.failed,
            "by_model": _records(self.by_model),
            "by_task": _records(self.by_task),
            "by_framing": _records(self.by_framing),
            "consistency": _records(self.consistency),
            "correlations": _matrix(self.correlations),
            "correlations_by_model": {m: _matrix(c) for m, c in self.correlations_by_model.items()},
            "pca": None if self.pca is None else {
                "n": self.pca.n, "explained_variance": self.pca.explained, "loadings": _matrix(self.pca.loadings),
            },
            "quality_issues": _records(self.quality_issues),
            "human_percentiles": _records(self.human_percentiles),
        }


def build_report(run_id: str, rows: Iterable[Mapping[str, Any]], failed: int = 0) -> BenchReport:
    frame = samples_frame(rows)
    return BenchReport(
        run_id=run_id, frame=frame, by_model=summary_by(frame, "model"), by_task=summary_by(frame, "task"),
        by_framing=summary_by(frame, "framing"), consistency=consistency(frame), correlations=correlations(frame),
        correlations_by_model={str(m): correlations(p) for m, p in frame.groupby("model", sort=True)},
        pca=pca(frame), quality_issues=quality_issues(frame), human_percentiles=human_percentiles(frame),
        failed=failed,
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
