"""Ratings from graded sessions: (human or none, agent, task term, score) into `rating/`.

Each graded session is one observation of the additive model outcome = agent + human (+ task
term) + noise, fitted exactly by `rating.fit_sessions`. The autonomous baseline enters as the
human "no human", so its skill is the baseline's own entry on the same scale. The task term is
the task's difficulty level by default (one effect per level), or the task itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal

from .. import rating as r
from .results import SessionRow
from .tables import NO_HUMAN

TaskTerm = Literal["difficulty", "task", "none"]
NO_HUMAN_LABEL = "(no human)"


@dataclass
class CollabRating:
    sessions: int
    noise_sigma: float
    task_term: str
    agents: list[dict[str, Any]] = field(default_factory=list)
    humans: list[dict[str, Any]] = field(default_factory=list)
    tasks: list[dict[str, Any]] = field(default_factory=list)
    stability: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _rows(post: r.SkillPosterior, kind: r.Kind, boot: r.SessionBootstrap | None) -> list[dict[str, Any]]:
    low, high = r.credible_intervals(post, kind)
    index = {n: i for i, n in enumerate(post.names(kind))}
    out = []
    for row in r.skill_rows(post, kind, boot):
        i = index[row.name]
        d = row.as_dict()
        d["ci_low"], d["ci_high"] = float(low[i]), float(high[i])
        d["boot_low"], d["boot_high"] = d.pop("low"), d.pop("high")
        out.append(d)
    return out


def rate_sessions(
    rows: list[SessionRow], *, task_term: TaskTerm = "difficulty", rounds: int = 2000, seed: int = 0
) -> CollabRating:
    graded = [x for x in rows if not math.isnan(x.outcome)]
    if not graded:
        raise r.RatingError("no graded sessions: run `centaur collab grade --all` first")
    humans = [NO_HUMAN_LABEL if x.human == NO_HUMAN else x.human for x in graded]
    tasks = None if task_term == "none" else [x.difficulty if task_term == "difficulty" else x.task_id for x in graded]
    design = r.SessionDesign.from_labels([x.agent for x in graded], humans, tasks)
    post = r.fit_sessions(design, [x.outcome for x in graded])
    result = CollabRating(len(graded), post.noise_sigma, task_term)
    boot = r.bootstrap_sessions(post, rounds=rounds, seed=seed) if len(graded) >= 2 else None
    result.agents = _rows(post, "agent", boot)
    result.humans = _rows(post, "human", boot)
    if tasks is not None:
        result.tasks = _rows(post, "task", None)
    if boot is not None:
        result.stability["bootstrap"] = {"rounds": rounds, "seed": seed, "agents": boot.agents.as_dict()}
    for name, fn, need in (
        ("leave_one_human_out", r.leave_one_human_out, design.n_humans),
        ("leave_one_task_out", r.leave_one_task_out, design.n_tasks),
    ):
        if need >= 2:
            try:
                result.stability[name] = fn(post).as_dict()
            except r.RatingError as exc:
                result.notes.append(f"{name}: {exc}")
        else:
            result.notes.append(f"{name}: needs at least two {'humans' if 'human' in name else 'task groups'}")
    return result
