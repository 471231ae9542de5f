"""Paired suggestions (Copilot Arena): which model's suggestion participants choose when shown two.

`paired_choices` gives one row per pair the browser displayed: the two models (top and bottom), their
latencies, and the choice (top, bottom or neither). `rank_paired` ranks the models from the pairs where
one was accepted, twice:

* Bradley-Terry from `centaurlab.rating` (strengths on the logit scale, sum zero; bootstrap intervals);
* the same model controlling for position and latency, as Copilot Arena does: P(top chosen) =
  logistic(s_top - s_bottom + b_position + b_latency * (latency_top - latency_bottom) in seconds), fitted by
  maximum likelihood with a weak ridge on the strengths (sd 3 logits: finite when a model always wins) and
  bootstrap percentile intervals from resampled pairs. The rating engine has no covariates, hence this
  small fit of our own.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from centaurlab.rating import PairedData, bootstrap_paired, fit_paired

from ._events import field, of_type, prepare, task_rows

PAIR_COLUMNS = ("participant_id", "condition", "pair_id", "model_top", "model_bottom", "latency_top_ms",
                "latency_bottom_ms", "choice")
RIDGE_SD = 3.0


def paired_choices(events: pd.DataFrame) -> pd.DataFrame:
    """One row per displayed pair; choice is "top", "bottom" or "neither" (both dismissed or undecided)."""
    ev = task_rows(prepare(events))
    served = of_type(ev, "suggestion_served")
    served = served[field(served, "pair_id").notna().to_numpy(dtype=bool)]
    if served.empty:
        return pd.DataFrame(columns=list(PAIR_COLUMNS))
    table = pd.DataFrame({"participant_id": served["participant_id"], "condition": served["condition"],
                          "pair_id": field(served, "pair_id"), "suggestion_id": field(served, "suggestion_id"),
                          "position": pd.to_numeric(field(served, "position")), "model": field(served, "model"),
                          "latency_ms": pd.to_numeric(field(served, "latency_ms"), errors="coerce")})
    shown = set(field(of_type(ev, "suggestion_shown"), "suggestion_id").dropna())
    chosen = set(field(of_type(ev, "suggestion_accepted"), "suggestion_id").dropna())
    table["seen"] = table["suggestion_id"].isin(shown | chosen)
    table["chosen"] = table["suggestion_id"].isin(chosen)
    table = table.drop_duplicates(["pair_id", "position"])
    top = table[table["position"] == 0].set_index("pair_id")
    bottom = table[table["position"] == 1].set_index("pair_id")
    both = top.merge(bottom, how="inner", left_index=True, right_index=True, suffixes=("_top", "_bottom"))
    both = both[both["seen_top"] | both["seen_bottom"]]  # never displayed: not a comparison
    choice = pd.Series("neither", index=both.index, dtype=object)
    choice[both["chosen_bottom"].to_numpy(dtype=bool)] = "bottom"
    choice[both["chosen_top"].to_numpy(dtype=bool)] = "top"
    out = pd.DataFrame({"participant_id": both["participant_id_top"], "condition": both["condition_top"],
                        "pair_id": both.index, "model_top": both["model_top"], "model_bottom": both["model_bottom"],
                        "latency_top_ms": both["latency_ms_top"], "latency_bottom_ms": both["latency_ms_bottom"],
                        "choice": choice})
    return out.reset_index(drop=True).loc[:, list(PAIR_COLUMNS)]


@dataclass
class PairedRanking:
    table: pd.DataFrame  # one row per model
    position_logit: float  # log-odds bonus of being shown on top
    position_ci: tuple[float, float]
    latency_logit_per_s: float  # change in log-odds per second of extra latency (negative: slower loses)
    latency_ci: tuple[float, float]
    pairs: int  # pairs with a choice
    neither: int  # displayed pairs where neither was accepted


def _design(decided: pd.DataFrame, names: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    index = {n: i for i, n in enumerate(names)}
    k = len(names)
    x = np.zeros((len(decided), k))
    x[np.arange(len(decided)), [index[m] for m in decided["model_top"]]] += 1
    x[np.arange(len(decided)), [index[m] for m in decided["model_bottom"]]] -= 1
    latency = ((decided["latency_top_ms"] - decided["latency_bottom_ms"]) / 1000.0).fillna(0).to_numpy(float)
    y = (decided["choice"] == "top").to_numpy(float)
    return x, latency, y


def _fit_controlled(x: np.ndarray, latency: np.ndarray, y: np.ndarray) -> np.ndarray:
    """(strengths centred to sum zero, position, latency) by penalised maximum likelihood (Newton steps:
    the problem has a handful of parameters and a concave log-likelihood)."""
    k = x.shape[1]
    design = np.column_stack([x, np.ones(len(y)), latency])
    penalty = np.r_[np.full(k, 1.0 / RIDGE_SD**2), 1e-6, 1e-6]
    theta = np.zeros(k + 2)
    for _ in range(50):
        prob = 1.0 / (1.0 + np.exp(-(design @ theta)))
        grad = design.T @ (prob - y) + penalty * theta
        hessian = (design * (prob * (1 - prob))[:, None]).T @ design + np.diag(penalty)
        step = np.linalg.solve(hessian, grad)
        theta -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    theta[:k] -= theta[:k].mean()
    return theta


def rank_paired(pairs: pd.DataFrame, rounds: int = 1000, seed: int = 0, level: float = 0.95) -> PairedRanking | None:
    """Rank the models of the pairs; None when no pair was decided."""
    decided = pairs[pairs["choice"].isin(["top", "bottom"])].reset_index(drop=True)
    if decided.empty:
        return None
    names = sorted(set(decided["model_top"]) | set(decided["model_bottom"]))
    x, latency, y = _design(decided, names)
    theta = _fit_controlled(x, latency, y)
    rng = np.random.default_rng(seed)
    draws = np.array([_fit_controlled(x[i], latency[i], y[i])
                      for i in (rng.integers(0, len(y), len(y)) for _ in range(rounds))])
    tail = (1 - level) / 2 * 100
    low, high = np.percentile(draws, [tail, 100 - tail], axis=0)
    data = PairedData.from_labels(decided["model_top"].to_numpy(), decided["model_bottom"].to_numpy(), y)
    bt = fit_paired(data, allow_disconnected=True)
    boot = bootstrap_paired(data, bt, rounds=max(rounds, 2), seed=seed, level=level)
    bt_index = {n: i for i, n in enumerate(bt.names)}
    rows = []
    for i, name in enumerate(names):
        j = bt_index[name]
        appearances = int(((decided["model_top"] == name) | (decided["model_bottom"] == name)).sum())
        wins = int((((decided["model_top"] == name) & (y == 1)) | ((decided["model_bottom"] == name) & (y == 0))).sum())
        rows.append({"model": name, "pairs": appearances, "chosen": wins, "share_chosen": wins / appearances,
                     "strength": float(theta[i]), "strength_low": float(low[i]), "strength_high": float(high[i]),
                     "bt_strength": float(bt.strength[j]), "bt_low": float(boot.strengths.low[j]),
                     "bt_high": float(boot.strengths.high[j])})
    table = pd.DataFrame(rows).sort_values("strength", ascending=False, kind="stable").reset_index(drop=True)
    table.insert(0, "rank", range(1, len(table) + 1))
    k = len(names)
    return PairedRanking(table, float(theta[k]), (float(low[k]), float(high[k])), float(theta[k + 1]),
                         (float(low[k + 1]), float(high[k + 1])), len(decided),
                         int((pairs["choice"] == "neither").sum()))
