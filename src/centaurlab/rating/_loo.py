"""Leave-one-human-out and leave-one-task-out rankings of the agents.

A leaderboard that one enthusiastic participant, or one easy task, can reorder is not a
finding. These refits show how far any single human or task moves the agents' ranking
(CollabSkill §6 and its table of mean ranks over the refits). Each refit ranks the agents as
the leaderboard does, by its own mu - k sigma. The noise variance is held at the full-data
value, so differences come from the data alone.

Leaving a human out is exact and vectorised: subtract that human's contribution from the
dense system (_contributions.py) and solve all H systems at once. Leaving a task out changes
every human who worked on it, so it is a refit per task (tasks are few). The task is the
sessions' task label, whether or not the model has a task term: the paper's model has none,
and leaving out a difficulty level instead would remove a third of the data at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np

from ._contributions import human_contributions
from ._design import codes_of
from ._errors import RatingError
from ._posterior import SkillPosterior
from ._priors import CONSERVATIVE_K
from ._problem import SufficientStats
from ._ranking import kendall_tau, ranks_desc
from ._solve import solve
from ._types import FloatArray, IntArray, batch_size


@dataclass(frozen=True)
class LeaveOneOut:
    """Agents' skills and ranks with each group left out in turn (one row per group); ranks are by
    `agent_score` = mu - k sigma of each refit."""

    group: Literal["human", "task"]
    left_out: tuple[str, ...]
    agent_names: tuple[str, ...]
    agent_mu: FloatArray
    agent_rank: IntArray
    tau: FloatArray
    full_rank: IntArray
    agent_score: FloatArray | None = None
    k: float = CONSERVATIVE_K

    @property
    def mean_rank(self) -> FloatArray:
        """Each agent's mean rank over the refits (the paper's leave-one-out table)."""
        return np.asarray(self.agent_rank.mean(axis=0), dtype=np.float64)

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
            "k": self.k,
            "agents": [
                {
                    "name": self.agent_names[i],
                    "rank_full": int(self.full_rank[i]),
                    "rank_min": int(self.rank_min[i]),
                    "rank_max": int(self.rank_max[i]),
                    "mean_rank": float(self.mean_rank[i]),
                }
                for i in np.argsort(self.full_rank, kind="stable")
            ],
        }


def _result(
    post: SkillPosterior,
    group: Literal["human", "task"],
    names: tuple[str, ...],
    mu: FloatArray,
    var: FloatArray,
    k: float,
) -> LeaveOneOut:
    score = mu - k * np.sqrt(np.maximum(var, 0.0))
    ref = post.conservative("agent", k)
    return LeaveOneOut(
        group=group,
        left_out=names,
        agent_names=post.names("agent"),
        agent_mu=mu,
        agent_rank=ranks_desc(score),
        tau=kendall_tau(score, ref),
        full_rank=ranks_desc(ref),
        agent_score=score,
        k=k,
    )


def leave_one_human_out(post: SkillPosterior, k: float = CONSERVATIVE_K) -> LeaveOneOut:
    """Exact refits without each human, all at once."""
    contrib = human_contributions(post.problem, post.solution.noise_var)
    s_full, r_full = contrib.dense_system()
    n_h, kd = contrib.rhs.shape
    na = post.design.n_agents
    out, var = np.empty((n_h, na)), np.empty((n_h, na))
    step = batch_size(8 * 4 * kd * kd, n_h)
    for start in range(0, n_h, step):
        sl = slice(start, start + step)
        s = s_full[None, :, :] - contrib.schur[sl]
        r = r_full[None, :] - contrib.rhs[sl]
        out[sl] = np.linalg.solve(s, r[:, :, None])[:, :na, 0]
        var[sl] = np.diagonal(np.linalg.inv(s), axis1=1, axis2=2)[:, :na]
    names = tuple(post.design.human_names[i] for i in contrib.humans)
    return _result(post, "human", names, out, var, k)


def _task_groups(post: SkillPosterior, tasks: Sequence[object] | np.ndarray | None) -> tuple[IntArray, tuple[str, ...]]:
    d = post.design
    if tasks is not None:
        codes, names = codes_of(tasks)
        if codes.shape != (d.n_sessions,):
            raise RatingError(f"expected one task label per session ({d.n_sessions}), got {codes.shape[0]}")
        return codes, names
    if d.task is None:
        raise RatingError("leave-one-task-out needs sessions with a task column (or a task label per session)")
    return d.task, d.task_names


def leave_one_task_out(
    post: SkillPosterior, tasks: Sequence[object] | np.ndarray | None = None, k: float = CONSERVATIVE_K
) -> LeaveOneOut:
    """One refit per task, without that task's sessions. `tasks` labels each session with its task
    when the model has no task term (or a different one); by default the model's task column."""
    d = post.design
    codes, task_names = _task_groups(post, tasks)
    present = np.flatnonzero(np.bincount(codes, minlength=len(task_names)) > 0)
    if present.size < 2:
        raise RatingError("leave-one-task-out needs sessions on at least two tasks")
    out, var = np.empty((present.size, d.n_agents)), np.empty((present.size, d.n_agents))
    for row, t in enumerate(present):
        sub = post.problem.subset(codes != t)
        sol = solve(SufficientStats.of(sub), post.solution.noise_var)
        out[row] = sol.dense_mean[: d.n_agents]
        var[row] = np.diag(sol.dense_cov)[: d.n_agents]
    return _result(post, "task", tuple(task_names[t] for t in present), out, var, k)
