"""Leave-one-human-out and leave-one-task-out rankings of the agents.

A leaderboard that one enthusiastic participant, or one easy task, can reorder is not a
finding. These refits show how far any single human or task moves the agents' ranking. The
noise variance is held at the full-data value, so differences come from the data alone.

Leaving a human out is exact and vectorised: subtract that human's contribution from the
dense system (contributions.py) and solve all H systems at once. Leaving a task out changes
every human who worked on it, so it is a refit per task (tasks are few).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from ._types import FloatArray, IntArray, batch_size
from .contributions import human_contributions
from .errors import RatingError
from .posterior import SkillPosterior
from .problem import SufficientStats
from .ranking import kendall_tau, ranks_desc
from .solve import solve


@dataclass(frozen=True)
class LeaveOneOut:
    """Agents' skills and ranks with each group left out in turn (one row per group)."""

    group: Literal["human", "task"]
    left_out: tuple[str, ...]
    agent_names: tuple[str, ...]
    agent_mu: FloatArray
    agent_rank: IntArray
    tau: FloatArray
    full_rank: IntArray

    @property
    def rank_min(self) -> IntArray:
        return np.asarray(self.agent_rank.min(axis=0))

    @property
    def rank_max(self) -> IntArray:
        return np.asarray(self.agent_rank.max(axis=0))

    @property
    def n_changed(self) -> int:
        """How many left-out groups change the agents' order at all."""
        return int(np.any(self.agent_rank != self.full_rank[None, :], axis=1).sum())

    def most_influential(self) -> str | None:
        """The group whose removal moves the ranking most (lowest tau)."""
        if not self.left_out or not np.any(self.tau < 1.0):
            return None
        return self.left_out[int(np.nanargmin(self.tau))]

    def as_dict(self) -> dict[str, object]:
        return {
            "group": self.group,
            "fits": len(self.left_out),
            "changed_order": self.n_changed,
            "min_kendall_tau": float(np.nanmin(self.tau)) if np.any(~np.isnan(self.tau)) else None,
            "most_influential": self.most_influential(),
            "agents": [
                {"name": n, "rank_full": int(f), "rank_min": int(lo), "rank_max": int(hi)}
                for n, f, lo, hi in zip(self.agent_names, self.full_rank, self.rank_min, self.rank_max, strict=True)
            ],
        }


def _result(
    post: SkillPosterior, group: Literal["human", "task"], names: tuple[str, ...], mu: FloatArray
) -> LeaveOneOut:
    ref = post.mu("agent")
    return LeaveOneOut(
        group=group,
        left_out=names,
        agent_names=post.names("agent"),
        agent_mu=mu,
        agent_rank=ranks_desc(mu),
        tau=kendall_tau(mu, ref),
        full_rank=ranks_desc(ref),
    )


def leave_one_human_out(post: SkillPosterior) -> LeaveOneOut:
    """Exact refits without each human, all at once."""
    contrib = human_contributions(post.problem, post.solution.noise_var)
    s_full, r_full = contrib.dense_system()
    n_h, k = contrib.rhs.shape
    na = post.design.n_agents
    out = np.empty((n_h, na))
    step = batch_size(8 * 3 * k * k, n_h)
    for start in range(0, n_h, step):
        sl = slice(start, start + step)
        s = s_full[None, :, :] - contrib.schur[sl]
        r = r_full[None, :] - contrib.rhs[sl]
        out[sl] = np.linalg.solve(s, r[:, :, None])[:, :na, 0]
    names = tuple(post.design.human_names[i] for i in contrib.humans)
    return _result(post, "human", names, out)


def leave_one_task_out(post: SkillPosterior) -> LeaveOneOut:
    """Refits without each task's sessions (needs a task column)."""
    d = post.design
    if d.task is None:
        raise RatingError("leave-one-task-out needs sessions with a task column")
    tasks = np.flatnonzero(np.bincount(d.task, minlength=d.n_tasks) > 0)
    if tasks.size < 2:
        raise RatingError("leave-one-task-out needs sessions on at least two tasks")
    out = np.empty((tasks.size, d.n_agents))
    for row, t in enumerate(tasks):
        sub = post.problem.subset(d.task != t)
        sol = solve(SufficientStats.of(sub), post.solution.noise_var)
        out[row] = sol.dense_mean[: d.n_agents]
    return _result(post, "task", tuple(d.task_names[t] for t in tasks), out)
