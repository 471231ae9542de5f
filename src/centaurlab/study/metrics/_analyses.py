"""RealHumanEval's further analyses: metrics z-scored within task set at the participant level (task sets
differ in difficulty), time to success by task category, and how the per-model results of the study line up
with the same models' static benchmark scores."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pandas as pd
from scipy import stats as sps

from centaurlab.stats import zscore_within

from ._figures import cell_of_times

Z_METRICS = ("tasks_completed", "mean_time_to_success_s")


def zscore_participants(per_person: pd.DataFrame, metrics: Sequence[str] = Z_METRICS) -> pd.DataFrame:
    """`per_person` with `<metric>_z`: (value - task-set mean) / task-set SD over the participants of that
    task set (the paper's z_{i,t}); NaN where a task set has fewer than two values or no spread."""
    out = per_person.copy()
    for metric in metrics:
        out[f"{metric}_z"] = zscore_within(per_person, metric, "task_set").to_numpy()
    return out


def category_summary(tasks: pd.DataFrame, categories: Mapping[str, str], conditions: list[str]) -> pd.DataFrame:
    """Task categories as rows, conditions as columns: mean time to success [95% interval] s (completed of
    reached)."""
    frame = tasks.assign(category=tasks["task_id"].map(lambda t: categories.get(str(t), "(unknown)")))
    rows = []
    for category in sorted(frame["category"].unique()):
        row = {"Category": category}
        for condition in conditions:
            row[condition] = cell_of_times(frame[(frame["category"] == category) & (frame["condition"] == condition)])
        rows.append(row)
    return pd.DataFrame(rows, columns=["Category", *conditions])


def per_model_results(per_person: pd.DataFrame, participants: pd.DataFrame) -> pd.DataFrame:
    """Per model (the `model` column of the participant table; no-AI left out): participants, mean tasks
    completed and mean time to success."""
    models = participants.drop_duplicates("participant_id").set_index("participant_id")["model"]
    frame = per_person.assign(model=per_person["participant_id"].map(models))
    frame = frame[frame["model"].notna() & (frame["model"] != "none")]
    grouped = frame.groupby("model")
    return pd.DataFrame({"participants": grouped.size(), "tasks_completed": grouped["tasks_completed"].mean(),
                         "mean_time_to_success_s": grouped["mean_time_to_success_s"].mean()}).reset_index()


def bench_correlation(results: pd.DataFrame, bench: Mapping[str, float],
                      metrics: Sequence[str] = ("tasks_completed", "mean_time_to_success_s")) -> pd.DataFrame:
    """Pearson and Spearman correlations, over the models with both, of each study metric with the model's
    bench score (e.g. its mean correctness). Needs three models or more; fewer say so in `note`."""
    joined = results[results["model"].isin(list(bench))].assign(bench=lambda f: f["model"].map(bench))
    rows = []
    for metric in metrics:
        part = joined[["bench", metric]].dropna()
        row: dict[str, object] = {"metric": metric, "models": len(part), "pearson_r": np.nan, "pearson_p": np.nan,
                                  "spearman_rho": np.nan, "spearman_p": np.nan, "note": ""}
        if len(part) < 3:
            row["note"] = "needs 3 or more models with a bench run"
        elif part["bench"].nunique() < 2 or part[metric].nunique() < 2:
            row["note"] = "no spread"
        else:
            r, p = sps.pearsonr(part["bench"], part[metric])
            rho, q = sps.spearmanr(part["bench"], part[metric])
            row.update(pearson_r=float(r), pearson_p=float(p), spearman_rho=float(rho), spearman_p=float(q))
        rows.append(row)
    return pd.DataFrame(rows)
