"""Planning a bench run: how many samples per task are needed to tell two models (or two framings)
apart on mean correctness.

The effect is a difference in mean correctness, in points of the 0-100 scale: model A's mean minus
model B's over the bank's tasks. Each simulated run draws, per task, a base correctness (spread
`task_sd` across tasks), a task-specific deviation of the difference (`interaction_sd`: a model is
better on some tasks than on others), and `samples` graded samples per model and task around the
cell's mean (`sample_sd`), clipped to 0-100. The samples go through the bench report's own tables
(`samples_frame`, and `summary_by` for each model and task), and the two models are compared
paired over tasks, each task one unit: the mean of the per-task differences with its t interval
(`stats.describe`). A run detects the difference when that interval excludes 0 on the stated side.

Why tasks, not samples, are the unit: samples of one task share the task, so more samples narrow
the per-task means but never the spread between tasks. Past a few samples per task the power
stops growing; the plan shows where, and only more tasks raise it further.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import InvalidInput
from ..stats import PowerCurve, Progress, describe, power_curve
from ._report import samples_frame, summary_by

EFFECT_SCALE = "correctness points (0-100): the first model's mean correctness minus the second's, over tasks"
SIZES = (1, 2, 4, 8, 16, 32, 64)
BASE = 50.0


@dataclass(frozen=True)
class BenchPower:
    compared: str  # "model" or "framing"
    names: tuple[str, str]
    tasks: int
    effect: float
    task_sd: float
    interaction_sd: float
    sample_sd: float
    curve: PowerCurve

    def as_json(self) -> dict[str, Any]:
        rows = [{"samples_per_task": p.size, "samples_per_" + self.compared: p.size * self.tasks,
                 "power": p.each.as_json()} for p in self.curve.points]
        return {"compared": self.compared, "names": list(self.names), "tasks": self.tasks, "effect": self.effect,
                "effect_scale": EFFECT_SCALE, "analysis": "per-task means (bench report's summary_by), paired "
                "over tasks: the mean difference's t interval excludes 0", "task_sd": self.task_sd,
                "interaction_sd": self.interaction_sd, "sample_sd": self.sample_sd, "table": rows,
                "needed_samples_per_task": self.curve.needed.as_json(), "simulations": self.curve.simulations,
                "seed": self.curve.seed, "target_power": self.curve.target}


def simulate_samples(rng: np.random.Generator, samples: int, tasks: int, names: Sequence[str], compared: str,
                     effect: float, task_sd: float, interaction_sd: float, sample_sd: float) -> list[dict[str, Any]]:
    """One simulated run's graded samples (correctness only), as the bench report reads them."""
    rows = []
    base = rng.normal(BASE, task_sd, tasks)
    shift = effect + rng.normal(0.0, interaction_sd, tasks)
    for t in range(tasks):
        for j, name in enumerate(names):
            mean = base[t] + (shift[t] / 2 if j == 0 else -shift[t] / 2)
            values = np.clip(rng.normal(mean, sample_sd, samples), 0.0, 100.0)
            for s, value in enumerate(values):
                rows.append({"model": name if compared == "model" else "m", "task": f"t{t:03d}",
                             "framing": name if compared == "framing" else "f", "sample": s,
                             "correctness": float(value)})
    return rows


def paired_difference_detected(rows: list[dict[str, Any]], names: Sequence[str], compared: str, sign: float) -> bool:
    """The comparison the plan simulates, on a run's samples: per-task means, paired over tasks."""
    cells = summary_by(samples_frame(rows), [compared, "task"])
    means = cells.pivot(index="task", columns=compared, values="correctness_mean")
    diff = describe(means[names[0]] - means[names[1]])
    if not (math.isfinite(diff.ci_low) and math.isfinite(diff.ci_high)):
        return False
    return diff.ci_low > 0 if sign > 0 else diff.ci_high < 0


def bench_power(*, effect: float, tasks: int, names: Sequence[str] = ("a", "b"), compared: str = "model",
                task_sd: float = 25.0, interaction_sd: float = 10.0, sample_sd: float = 30.0,
                sizes: Sequence[int] | None = None, simulations: int = 200, seed: int = 0, target: float = 0.8,
                progress: Progress | None = None) -> BenchPower:
    """The power table for a difference in mean correctness between two models (or framings), by samples per task."""
    if compared not in ("model", "framing"):
        raise InvalidInput(f"cannot compare by {compared!r}", fix="compare models or framings")
    pair = tuple(dict.fromkeys(names))
    if len(pair) != 2:
        raise InvalidInput("a bench plan compares exactly two models (or framings)", fix="name two, e.g. --names a,b")
    if tasks < 2:
        raise InvalidInput(f"{tasks} task: a paired comparison over tasks needs at least two",
                           fix="use a bank with more tasks, or --tasks N")
    if effect == 0 or not math.isfinite(effect):
        raise InvalidInput(f"--effect {effect}: the effect must be a nonzero number of correctness points",
                           fix="e.g. --effect 10")
    sign = 1.0 if effect > 0 else -1.0

    def trial(size: int, rng: np.random.Generator) -> list[bool]:
        rows = simulate_samples(rng, size, tasks, pair, compared, effect, task_sd, interaction_sd, sample_sd)
        return [paired_difference_detected(rows, pair, compared, sign)]

    curve = power_curve(trial, list(sizes or SIZES), simulations, seed, target, "samples per task", progress)
    return BenchPower(compared, (pair[0], pair[1]), tasks, effect, task_sd, interaction_sd, sample_sd, curve)
