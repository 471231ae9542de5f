"""COMPASS's human-equivalent percentile, placed per task and then summarised across tasks.

Per model and task: the model's score is the mean over its generations of the combined score (the mean of
correctness and efficiency; the human data carry no quality score), z = (score - human mean) / human SD,
percentile = the standard normal CDF of z. Per model: the mean and SD of those percentiles across tasks
(the paper's Table IX). Tasks without a human baseline are listed as such, never placed.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from ..grading import combined_score, place
from ..tasks import HumanBaseline

TASK_COLUMNS = ["model", "task", "n", "score", "human_mean", "human_sd", "z", "percentile", "note"]
NO_BASELINE = "no human baseline for this task"


def by_task(frame: pd.DataFrame, baselines: Mapping[str, HumanBaseline]) -> pd.DataFrame:
    rows = []
    for (model, task), part in frame.groupby(["model", "task"], sort=True):
        scored = [combined_score(c, None if e != e else e)
                  for c, e in zip(part["correctness"], part["efficiency"], strict=True) if c == c]
        score = sum(scored) / len(scored) if scored else None
        baseline = baselines.get(str(task))
        row = {"model": model, "task": task, "n": len(scored), "score": score, "human_mean": None,
               "human_sd": None, "z": None, "percentile": None, "note": NO_BASELINE}
        if baseline is not None:
            row.update(human_mean=baseline.mean, human_sd=baseline.sd, note="")
            if score is not None:
                placed = place(score, baseline)
                row.update(z=placed.z, percentile=placed.percentile, note=placed.note)
        rows.append(row)
    return pd.DataFrame(rows, columns=TASK_COLUMNS)


def by_model(tasks: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for model, part in tasks.groupby("model", sort=True):
        placed = pd.to_numeric(part["percentile"], errors="coerce").dropna()
        rows.append({"model": model, "tasks_placed": len(placed), "tasks_without_baseline":
                     int((part["note"] == NO_BASELINE).sum()),
                     "mean": float(placed.mean()) if len(placed) else None,
                     "sd": float(placed.std(ddof=1)) if len(placed) > 1 else None})
    return pd.DataFrame(rows, columns=["model", "tasks_placed", "tasks_without_baseline", "mean", "sd"])
