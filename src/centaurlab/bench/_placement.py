"""COMPASS's human-equivalent percentile, placed per task and then summarised across tasks.

Per model and task: the model's score is the mean over its generations of the combined score (the mean of
correctness and efficiency; the human data carry no quality score), z = (score - human mean) / human SD,
percentile = the standard normal CDF of z, with a 95% interval that carries the uncertainty of both means and
of the human SD (`grading.place_with_interval`: a baseline from one of our studies rests on tens of people, not
Codility's thousands). Each placed row names its people (n) and whose baseline it is. Per model: the mean and
SD of those percentiles across tasks (the paper's Table IX). Tasks without a human baseline are listed as such,
never placed.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from ..grading import combined_score, place, place_with_interval
from ..tasks import HumanBaseline

TASK_COLUMNS = ["model", "task", "n", "score", "human_n", "human_mean", "human_sd", "z", "percentile", "low", "high",
                "baseline", "note"]
NO_BASELINE = "no human baseline for this task"


def by_task(frame: pd.DataFrame, baselines: Mapping[str, HumanBaseline]) -> pd.DataFrame:
    rows = []
    for (model, task), part in frame.groupby(["model", "task"], sort=True):
        scored = [combined_score(c, None if e != e else e)
                  for c, e in zip(part["correctness"], part["efficiency"], strict=True) if c == c]
        score = sum(scored) / len(scored) if scored else None
        baseline = baselines.get(str(task))
        row = {"model": model, "task": task, "n": len(scored), "score": score, "human_n": None, "human_mean": None,
               "human_sd": None, "z": None, "percentile": None, "low": None, "high": None, "baseline": None,
               "note": NO_BASELINE}
        if baseline is not None:
            row.update(human_n=baseline.n, human_mean=baseline.mean, human_sd=baseline.sd, baseline=baseline.source,
                       note="")
            if score is not None:
                placed, spread = place(score, baseline), place_with_interval(scored, baseline)
                row.update(z=placed.z, percentile=placed.percentile, low=spread.low, high=spread.high,
                           note=placed.note)
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
