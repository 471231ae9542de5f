"""Every interval and claim the reports print, with the sizes of the papers and a small study.

Each `Estimator` is one simulation (one call of the report's code per simulated data set) that
may measure several printed intervals at once (`lines`): `centaur rate`'s posterior interval and
its bootstrap interval come from the same fits. The papers' sizes:

* RealHumanEval: 243 participants over 8 conditions (7 models and no AI), about 30 each;
* COMPASS: 393,150 submissions over 50 tasks (about 7,900 people per task), 64 generations per
  model and task (4 framings x 16 samples);
* APDP tournament: 57 agents in a double round robin (3,192 matches per tournament); one
  tournament is simulated;
* CollabSkill: 5 agents, 93 people, 386 sessions (about 4 each).

The small sizes are the size of a pilot: a handful of people per arm, two sessions each.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import InvalidInput
from . import _other_sims as other_sims
from . import _rating_sims as rating_sims
from . import _study_sims as study_sims
from ._core import Check, Draw, Tally, finish

FULL = 5


@dataclass(frozen=True)
class Line:
    """One printed interval (and the claim made from it), as a line of the table."""

    name: str
    interval: str
    claim: str
    note: str = ""


@dataclass(frozen=True)
class Estimator:
    name: str
    lines: tuple[Line, ...]
    sizes: dict[str, dict[str, int]]
    simulate: Callable[[np.random.Generator, dict[str, int]], dict[str, Draw]]
    quick: tuple[int, int] = (100, 100)
    """Simulations of a quick run at the small size and at the papers' (a full run makes FULL times as
    many): set from each simulation's cost, so that a quick run takes a few minutes on 2 cores."""


def _one(name: str, fn: Callable[[np.random.Generator, dict[str, int]], Draw]) -> Callable[..., dict[str, Draw]]:
    def run(rng: np.random.Generator, sizes: dict[str, int]) -> dict[str, Draw]:
        return {name: fn(rng, sizes)}
    return run


_STUDY_PAPER = {"conditions": 8, "per_condition": 30, "shown": 40, "accepted": 12}
_STUDY_SMALL = {"conditions": 3, "per_condition": 5, "shown": 10, "accepted": 3}

ESTIMATORS: tuple[Estimator, ...] = (
    Estimator("study.effects", (
        Line("study.welch", "difference from no AI, Welch t", ""),
    ), {"paper": _STUDY_PAPER, "small": _STUDY_SMALL}, _one("study.welch", study_sims.welch), (60, 60)),
    Estimator("study.ols", (
        Line("study.ols_hc3", "OLS coefficient, HC3 SE, t (task-set dummies)",
             "any effect 'supported' by Benjamini-Hochberg p <= 0.05 over the table"),
    ), {"paper": _STUDY_PAPER, "small": _STUDY_SMALL}, _one("study.ols_hc3", study_sims.ols), (60, 60)),
    Estimator("study.acceptance", (
        Line("study.acceptance", "mean of participants' acceptance rates, Wilson on effective n",
             "a highest condition"),
    ), {"paper": _STUDY_PAPER, "small": _STUDY_SMALL}, _one("study.acceptance", study_sims.acceptance), (200, 200)),
    Estimator("study.persistence", (
        Line("study.persistence", "mean of participants' persistence at 30 s, Wilson on effective n",
             "a highest condition"),
    ), {"paper": _STUDY_PAPER, "small": _STUDY_SMALL}, _one("study.persistence", study_sims.persistence), (200, 200)),
    Estimator("paired", (
        Line("paired.bootstrap", "Bradley-Terry strength, bootstrap percentile", "a best player"),
        Line("paired.wald", "Bradley-Terry strength +- 1.96 se", "a best player"),
    ), {"paper": {"players": 7, "matches_per_pair": 30}, "small": {"players": 3, "matches_per_pair": 4}},
        rating_sims.paired, (100, 100)),
    Estimator("bench.percentile", (
        Line("bench.percentile", "percentile among people, delta method", "above or below the median person"),
    ), {"paper": {"people": 7900, "generations": 64}, "small": {"people": 10, "generations": 5}},
        other_sims.percentile, (300, 200)),
    Estimator("rate", (
        Line("rate.posterior", "posterior mu +- t(n-1) sigma (centaur rate)", "a best agent"),
        Line("rate.bootstrap", "bootstrap percentile over sessions (centaur rate)", "a best agent"),
    ), {"paper": {"agents": 5, "humans": 93, "sessions_per_human": 4},
        "small": {"agents": 2, "humans": 3, "sessions_per_human": 2}}, rating_sims.sessions, (100, 30)),
    Estimator("collab", (
        Line("collab.posterior", "posterior mu +- t(n-1) sigma (collab rate)", "a best agent"),
        Line("collab.bootstrap", "bootstrap percentile over sessions (collab rate)", "a best agent"),
        Line("collab.loo_task", "", "leave-one-task-out: no refit changes the order of equal agents"),
    ), {"paper": {"agents": 5, "humans": 93, "sessions_per_human": 4, "tasks": 20},
        "small": {"agents": 3, "humans": 6, "sessions_per_human": 2, "tasks": 4}}, rating_sims.collab, (60, 24)),
    Estimator("arena", (
        Line("arena.elo", "Elo, strength +- 1.96 se (arena leaderboard)", "a best agent"),
        Line("arena.win_rate", "win rate, Wilson", ""),
    ), {"paper": {"players": 57, "matches_per_pair": 2}, "small": {"players": 5, "matches_per_pair": 4}},
        rating_sims.arena, (100, 40)),
    Estimator("card.kendall_tau", (
        Line("card.kendall_tau", "Kendall tau of two lenses' orders, bootstrap percentile",
             "a model 'ranks' differently on two lenses"),
    ), {"paper": {"models": 6, "samples": 64, "participants": 30, "rounds": 300},
        "small": {"models": 3, "samples": 5, "participants": 5, "rounds": 300}}, other_sims.kendall, (30, 30)),
    Estimator("policy.best_claim", (
        Line("policy.best_claim", "t interval of a mean", "stats.best_claim names a best of k equal groups"),
    ), {"paper": {"groups": 8, "per_group": 30}, "small": {"groups": 3, "per_group": 5}},
        other_sims.policy, (400, 400)),
)

SIZE_KEYS = sorted({key for e in ESTIMATORS for s in e.sizes.values() for key in s})


def estimator_names() -> list[str]:
    return [line.name for e in ESTIMATORS for line in e.lines]


def select(names: Sequence[str] = ()) -> list[Estimator]:
    """The estimators that measure any of `names` (a line's name or a prefix such as 'study'); all
    when none are named."""
    if not names:
        return list(ESTIMATORS)
    chosen = [e for e in ESTIMATORS if any(line.name == n or line.name.startswith(n + ".") or e.name == n
                                           for n in names for line in e.lines)]
    if not chosen:
        raise InvalidInput(f"no estimator named {', '.join(names)}; choose among {', '.join(estimator_names())}")
    return chosen


def simulations_for(estimator: Estimator, size: str, full: bool = False) -> int:
    """The number of simulations a quick (or full) run makes of this estimator at this size."""
    n = estimator.quick[0] if size == "small" else estimator.quick[1]
    return n * FULL if full else n


def calibrate(estimator: Estimator, size: str, simulations: int, seed: int = 0,
              overrides: dict[str, int] | None = None) -> list[Check]:
    """Run `simulations` simulated data sets at the named size (with `overrides` of its numbers)
    and return one Check per printed interval."""
    if size not in estimator.sizes:
        raise InvalidInput(f"no size {size!r}; sizes: {', '.join(estimator.sizes)}")
    sizes = dict(estimator.sizes[size]) | {k: v for k, v in (overrides or {}).items() if k in estimator.sizes[size]}
    rng = np.random.default_rng([seed, sum(map(ord, estimator.name))])
    tallies = {line.name: Tally() for line in estimator.lines}
    for _ in range(simulations):
        for name, draw in estimator.simulate(rng, sizes).items():
            tallies[name].add(draw)
    label = size if not overrides or sizes == estimator.sizes[size] else "custom"
    return [finish(line.name, line.interval, line.claim, label, sizes, simulations, tallies[line.name], line.note)
            for line in estimator.lines]


def run(names: Sequence[str] = (), sizes: Sequence[str] = ("small", "paper"), *, full: bool = False,
        simulations: int | None = None, seed: int = 0, overrides: dict[str, int] | None = None,
        progress: Callable[[Check], None] | None = None) -> list[Check]:
    """Every chosen estimator at every size: `simulations` each, or the quick (full) run's count."""
    checks = []
    for estimator in select(names):
        for size in sizes:
            n = simulations if simulations is not None else simulations_for(estimator, size, full)
            for check in calibrate(estimator, size, n, seed, overrides):
                checks.append(check)
                if progress is not None:
                    progress(check)
    return checks


def as_json(checks: Sequence[Check], seed: int) -> dict[str, object]:
    """The run as JSON: the goal, the seed and one object per line (stats.audit finds nothing in it)."""
    return {"goal": {"coverage": [0.93, 0.97], "false_claims_at_most": 0.05}, "seed": seed,
            "checks": [c.as_json() for c in checks]}
