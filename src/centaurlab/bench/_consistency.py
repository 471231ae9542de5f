"""Within-task consistency as COMPASS measures it: how much a model's scores on one task vary from one
generation to the next.

For each model and task, the SD (ddof=1) of each dimension over all its generations of that task; the
task's composite SD is the mean of those dimension SDs (the paper "aggregates" them: its Table XI is the
mean of its Table X's three rows, e.g. (8.427 + 10.331 + 3.724) / 3 = 7.49). Per model, the mean of the
per-task SDs (lower = more consistent) and the SD of those SDs across tasks (how stable that consistency
is). The same figures within each framing use the generations of one framing only.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

AXES = ("correctness", "efficiency", "quality")
TASK_COLUMNS = ["model", "task", "n", *(f"{d}_sd" for d in AXES), "composite_sd"]


def _cell_sds(part: pd.DataFrame) -> dict[str, float | None]:
    sds: dict[str, float | None] = {}
    for dim in AXES:
        values = part[dim].dropna()
        sds[f"{dim}_sd"] = float(values.std(ddof=1)) if len(values) > 1 else None
    present = [v for v in sds.values() if v is not None]
    sds["composite_sd"] = sum(present) / len(present) if present else None
    return sds


def by_task(frame: pd.DataFrame, keys: tuple[str, ...] = ("model", "task")) -> pd.DataFrame:
    """One row per model and task (or per `keys`): the SD of each dimension over its generations."""
    rows = [{**dict(zip(keys, group, strict=True)), "n": len(part), **_cell_sds(part)}
            for group, part in frame.groupby(list(keys), sort=True)]
    return pd.DataFrame(rows, columns=[*keys, *TASK_COLUMNS[len(("model", "task")):]])


def _summarise(cells: pd.DataFrame) -> dict[str, Any]:
    row: dict[str, Any] = {"tasks": int(cells["task"].nunique())}
    for dim in (*AXES, "composite"):
        sds = pd.to_numeric(cells[f"{dim}_sd"], errors="coerce").dropna()
        row[f"{dim}_mean_sd"] = float(sds.mean()) if len(sds) else None
        row[f"{dim}_sd_of_sds"] = float(sds.std(ddof=1)) if len(sds) > 1 else None
    return row


def by_model(frame: pd.DataFrame) -> pd.DataFrame:
    """Per model: mean SD across tasks and SD of the SDs, per dimension and for the composite SD."""
    cells = by_task(frame)
    rows = [{"model": model, **_summarise(part)} for model, part in cells.groupby("model", sort=True)]
    return pd.DataFrame(rows)


def by_model_framing(frame: pd.DataFrame) -> pd.DataFrame:
    """Per model and framing: the same summary, from the generations of that framing only."""
    cells = by_task(frame, ("model", "framing", "task"))
    rows = [{"model": model, "framing": framing, **_summarise(part)}
            for (model, framing), part in cells.groupby(["model", "framing"], sort=True)]
    return pd.DataFrame(rows)
