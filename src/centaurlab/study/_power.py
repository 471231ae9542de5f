"""Planning a study before running it: the power to detect a stated effect at each number of
participants, estimated by simulation through the analysis the study report runs.

The effect is a standardized difference (Cohen's d): the difference between an AI condition's mean
and the no-AI control's mean on one participant-level outcome, in units of the outcome's
within-condition standard deviation. `--effect 0.3` on tasks_completed means "people with an
assistant complete 0.3 SD more tasks than people without". Every AI condition of the study file is
given that effect, and each is compared with the control as the report compares it
(`condition_effects`: Welch difference, OLS on condition dummies with task-set fixed effects and
HC3 errors, Benjamini-Hochberg over the comparisons of the outcome). A comparison counts as
detected when its adjusted p is at most alpha and the difference has the stated sign.

Participants are simulated as normal draws, spread over the task sets the way the assignment
balances them (round robin within each condition). The analysis does not depend on the outcome's
mean or scale, so the outcome only names the row of the report; a count such as tasks_completed is
not normal, and a power computed on normal draws is the usual approximation for it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from statsmodels.stats.power import TTestIndPower

from ..errors import InvalidInput
from ..stats import PowerCurve, Progress, power_curve
from ._studyfile import StudySpec, resolve_task_sets
from .metrics import OUTCOMES, condition_effects

EFFECT_SCALE = ("Cohen's d: the difference between an AI condition's mean and the no-AI mean, in "
                "within-condition standard deviations of the outcome")
CORRECTION = "Benjamini-Hochberg over the comparisons of this outcome"
PARTICIPANT_OUTCOMES = tuple(o for o in OUTCOMES)
GRID = (0.5, 0.75, 1.0, 1.3, 1.7)  # multiples of the closed-form guess, when no sizes are given


@dataclass(frozen=True)
class StudyPower:
    """A power table for one study design and one effect."""

    study: str
    outcome: str
    effect: float
    alpha: float
    control: str
    conditions: tuple[str, ...]  # the AI conditions, each compared with the control
    task_sets: int
    curve: PowerCurve
    closed_form: float | None  # n per group for the target power by a two-sample t-test at alpha (no correction)

    def rows(self) -> list[dict[str, Any]]:
        k = len(self.conditions) + 1
        return [{"per_condition": p.size, "total": p.size * k, "power": p.each, "power_all": p.every}
                for p in self.curve.points]

    def as_json(self) -> dict[str, Any]:
        k = len(self.conditions) + 1
        needed = self.curve.needed
        total = needed.as_json()
        for key in ("estimate", "ci_low", "ci_high"):
            total[key] = None if total[key] is None else total[key] * k
        total["unit"] = "participants in all"
        return {
            "study": self.study, "outcome": self.outcome, "effect": self.effect, "effect_scale": EFFECT_SCALE,
            "comparison": f"each of {', '.join(self.conditions)} against {self.control}",
            "analysis": "condition_effects: OLS with task-set fixed effects and HC3 errors, as in `study report`",
            "correction": CORRECTION, "alpha": self.alpha, "control": self.control,
            "conditions": list(self.conditions), "task_sets": self.task_sets,
            "table": [{"per_condition": r["per_condition"], "total": r["total"], "power": r["power"].as_json(),
                       "power_all": r["power_all"].as_json()} for r in self.rows()],
            "needed_per_condition": needed.as_json(), "needed_total": total,
            "closed_form_per_condition": None if self.closed_form is None else {
                "value": self.closed_form, "method": "two-sample t-test at alpha, no correction (statsmodels)"},
            "simulations": self.curve.simulations, "seed": self.curve.seed, "target_power": self.curve.target,
        }


def closed_form_n(effect: float, alpha: float = 0.05, power: float = 0.8) -> float | None:
    """Participants per group for `power` in a two-sided two-sample t-test: the guide the grid is built around."""
    try:
        return float(TTestIndPower().solve_power(effect_size=abs(effect), alpha=alpha, power=power))
    except (ValueError, RuntimeError):
        return None


def default_sizes(effect: float, alpha: float, comparisons: int, target: float, minimum: int) -> list[int]:
    """A grid around the closed-form n, with alpha split over the comparisons (Bonferroni, a little
    stricter than the report's Benjamini-Hochberg), so that the crossing of the target falls inside."""
    guess = closed_form_n(effect, alpha / max(comparisons, 1), target) or 50.0
    return sorted({max(minimum, int(round(guess * f))) for f in GRID})


def simulate_participants(rng: np.random.Generator, size: int, control: str, conditions: Sequence[str],
                          effect: float, outcome: str, task_sets: int) -> pd.DataFrame:
    """One simulated participant table: `size` people per condition, task sets assigned round robin."""
    rows = []
    for condition in (control, *conditions):
        shift = 0.0 if condition == control else effect
        values = rng.normal(shift, 1.0, size)
        for i, value in enumerate(values):
            rows.append({"participant_id": f"{condition}-{i}", "condition": condition,
                         "task_set": i % task_sets + 1, outcome: float(value)})
    return pd.DataFrame(rows)


def study_power(*, control: str, conditions: Sequence[str], effect: float, outcome: str = "tasks_completed",
                task_sets: int = 1, sizes: Sequence[int] | None = None, simulations: int = 500, seed: int = 0,
                alpha: float = 0.05, target: float = 0.8, study: str = "", progress: Progress | None = None
                ) -> StudyPower:
    """The power table of a design: `control` and the AI `conditions`, `task_sets` task sets."""
    if outcome not in PARTICIPANT_OUTCOMES:
        raise InvalidInput(f"unknown outcome {outcome!r}", fix=f"use one of: {', '.join(PARTICIPANT_OUTCOMES)}")
    if not conditions:
        raise InvalidInput("the study has no AI condition to compare with its control",
                           fix="add a condition with kind autocomplete, chat, both or paired")
    if effect == 0 or not math.isfinite(effect):
        raise InvalidInput(f"--effect {effect}: the effect must be a nonzero number (Cohen's d)",
                           fix="e.g. --effect 0.3")
    if not 0 < alpha < 1:
        raise InvalidInput(f"--alpha {alpha} must lie between 0 and 1")
    # OLS needs more people than terms: condition and task-set dummies, and at least two per group
    minimum = max(2, math.ceil((len(conditions) + task_sets + 1) / (len(conditions) + 1)))
    grid = list(sizes) if sizes else default_sizes(effect, alpha, len(conditions), target, minimum)
    if min(grid) < minimum:
        raise InvalidInput(f"{min(grid)} participants per condition is too few for the analysis",
                           fix=f"simulate at least {minimum} per condition")
    sign = 1.0 if effect > 0 else -1.0

    def trial(size: int, rng: np.random.Generator) -> list[bool]:
        frame = simulate_participants(rng, size, control, conditions, effect, outcome, task_sets)
        table = condition_effects(frame, outcomes=(outcome,), control=control)
        p_adjusted = table["p_adjusted"].to_numpy(dtype=float)
        difference = table["difference"].to_numpy(dtype=float)
        return [bool(p <= alpha and sign * d > 0) for p, d in zip(p_adjusted, difference, strict=True)]

    curve = power_curve(trial, grid, simulations, seed, target, "participants per condition", progress)
    return StudyPower(study, outcome, effect, alpha, control, tuple(conditions), task_sets, curve,
                      closed_form_n(effect, alpha, target))


def plan_study(spec: StudySpec, path: Path, *, effect: float, control: str | None = None, **options: Any
               ) -> StudyPower:
    """`study_power` for a study file: its conditions, its no-AI control and its number of task sets."""
    plain = [name for name in spec.conditions if spec.kind(name) == "none"]
    if control is None:
        if not plain:
            raise InvalidInput(f"{path}: the study has no condition without AI to compare with",
                               fix='add a condition with kind = "none", or name a control with --control')
        control = plain[0]
    elif control not in spec.conditions:
        raise InvalidInput(f"{path}: no condition {control!r}", fix=f"use one of: {', '.join(spec.conditions)}")
    _, _, sets = resolve_task_sets(spec, path.parent, path)
    others = [name for name in spec.conditions if name != control]
    return study_power(control=control, conditions=others, effect=effect, task_sets=max(1, len(sets)),
                       study=spec.id, **options)
