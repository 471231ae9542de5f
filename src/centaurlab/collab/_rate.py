"""Ratings from graded sessions, by the paper's model: outcome = agent + human + noise.

Each graded session is one observation of CollabSkill's additive model (§4, Appendix E), fitted
exactly by `rating.fit_sessions` with the paper's priors (`Priors.collabskill`: every entity
N(0, (25/3)^2), so that skills sit on the score's 0-100 scale as in the paper's tables).

Who is rated is the paper's choice by default: the sessions with a person (eq. 1 has a human in
every observation), with each agent's autonomous runs reported beside as a mean score
(`autonomous`), as §6.2 compares them. `pooled=True` (ours, `--pooled`) also fits the autonomous
runs, as the human "(no human)": each agent's skill then rests on its runs alone as well, and the
people's table gains that entry. Rankings use the CollabSkill score mu - 3 sigma; stability is the paper's:
10,000 bootstrap rounds over sessions, leave-one-human-out and leave-one-task-out (one refit per
task, §6).

A task term (the task's difficulty level, or the task itself) is not part of the paper's model;
asked for, it is fitted as a second model and reported beside the first, never instead of it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal

from .. import rating as r
from ..stats import Figure, best_claim, mean_figure, not_computed, rank_ranges
from ._results import SessionRow
from ._tables import NO_HUMAN

TaskTerm = Literal["difficulty", "task", "none"]
NO_HUMAN_LABEL = "(no human)"
PAPER_MODEL = "outcome = agent + human + noise (CollabSkill §4, Appendix E)"
SKILL_UNIT = "skill (posterior mean), points on the 0-100 score scale"
SKILL_METHOD = "exact posterior, 95% credible interval"
TAU_UNIT = "Kendall tau of each bootstrap round's agent order to the full-data order (-1 to 1)"
AUTONOMOUS_UNIT = "score, 0-100 (rubric points as a percentage)"
PEOPLE_ONLY = ("the sessions with a person (CollabSkill §4, eq. 1); each agent's autonomous runs are reported "
               "beside as its mean score, not rated (§6.2)")
POOLED = ("pooled (ours, not the paper's): the autonomous runs are rated too, as the human '(no human)'; each "
          "agent's skill then also rests on its runs alone, and the people's table gains that entry")
RANK_NOTE = ("rank: the ranks the skill's 95% interval allows ('1-3' where intervals overlap); rows are sorted "
             "by the CollabSkill score mu - 3 sigma, which is a sort, not a claim")


@dataclass
class CollabRating:
    sessions: int
    noise_sigma: float | None
    """None when nothing was rated (no graded session with a person, and not pooled)."""
    task_term: str
    """The term of the model reported beside the paper's ("none": the paper's model only)."""
    model: str = PAPER_MODEL
    k: float = r.CONSERVATIVE_K
    rounds: int = 0
    agents: list[dict[str, Any]] = field(default_factory=list)
    humans: list[dict[str, Any]] = field(default_factory=list)
    tasks: list[dict[str, Any]] = field(default_factory=list)
    """The task term's effects, from the model beside the paper's."""
    beside: dict[str, Any] = field(default_factory=dict)
    """The model with the task term: its formula, noise and agents (mu, sigma, score, rank)."""
    stability: dict[str, Any] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    claims: dict[str, str] = field(default_factory=dict)
    """The sentences about who is highest that the intervals support, per kind (agents, humans)."""
    rank_note: str = RANK_NOTE
    pooled: bool = False
    rated: str = PEOPLE_ONLY
    """Which sessions the fit rates, in words (the paper's choice unless pooled)."""
    autonomous: list[dict[str, Any]] = field(default_factory=list)
    """Per agent: its graded autonomous runs and their mean score with its t interval, beside the rating."""
    not_rated: str | None = None
    """Why nothing is rated, when nothing is."""

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _rows(post: r.SkillPosterior, kind: r.Kind, boot: r.SessionBootstrap | None, k: float) -> list[dict[str, Any]]:
    """Leaderboard rows sorted by the CollabSkill score, each with its 95% intervals, its place in that
    order (`position`) and its rank as a range from the skill's interval (`rank`: '1-3' where the
    intervals overlap; a sort by mu - 3 sigma is not a claim that the first is the best)."""
    low, high = r.credible_intervals(post, kind)
    index = {n: i for i, n in enumerate(post.names(kind))}
    out = []
    for position, row in enumerate(r.skill_rows(post, kind, boot, k), start=1):
        i = index[row.name]
        d = row.as_dict()
        d["position"] = position
        d["ci_low"], d["ci_high"] = float(low[i]), float(high[i])
        # the bootstrap's percentile interval is not shown: one interval per skill, the posterior's,
        # whose coverage is measured (the bootstrap's covers 64-80%, docs/calibration.md)
        d.pop("low"), d.pop("high")
        d["skill"] = skill_figure(d).as_json()
        out.append(d)
    for d, rank in zip(out, rank_ranges([skill_figure(d) for d in out]), strict=True):
        d["rank"] = rank
    return out


def skill_figure(row: dict[str, Any]) -> Figure:
    """A rated row's skill as a policy figure: posterior mean, 95% credible interval, its sessions."""
    return Figure(row["mu"], row.get("ci_low"), row.get("ci_high"), int(row.get("sessions") or 0), SKILL_UNIT,
                  SKILL_METHOD)


def _tau(stability: dict[str, Any], agents: int) -> dict[str, Any]:
    """The bootstrap's Kendall tau as a figure; with one agent there is no order, so it is not computed
    (the mean of an undefined tau is NaN, which reached the terminal as 'mean nan')."""
    mean, q05 = stability.get("kendall_tau_mean"), stability.get("kendall_tau_q05")
    finite = isinstance(mean, float) and math.isfinite(mean)
    fig = (Figure(mean, None, None, int(stability.get("rounds") or 0), TAU_UNIT, "bootstrap mean") if finite
           else not_computed(f"{agents} agent(s): an order needs at least two" if agents < 2
                             else "no bootstrap round gave a defined tau", int(stability.get("rounds") or 0),
                             TAU_UNIT))
    return {"rounds": stability.get("rounds"), "level": stability.get("level"), "kendall_tau": fig.as_json(),
            "kendall_tau_q05": q05 if finite and isinstance(q05, float) and math.isfinite(q05) else None}


def _beside(rows: list[SessionRow], humans: list[str], task_term: TaskTerm, k: float) -> tuple[dict[str, Any],
                                                                                               list[dict[str, Any]]]:
    """The model with the task term, fitted on the same sessions: its agents' figures and its task effects."""
    tasks = [x.difficulty if task_term == "difficulty" else x.task_id for x in rows]
    design = r.SessionDesign.from_labels([x.agent for x in rows], humans, tasks)
    post = r.fit_sessions(design, [x.outcome for x in rows], priors=r.Priors.collabskill())
    agents = [{"name": a["name"], "mu": a["mu"], "sigma": a["sigma"], "conservative": a["conservative"],
               "ci_low": a["ci_low"], "ci_high": a["ci_high"], "skill": a["skill"], "rank": a["rank"]}
              for a in _rows(post, "agent", None, k)]
    info = {"task_term": task_term, "model": f"outcome = agent + human + {task_term} + noise",
            "noise_sigma": post.noise_sigma, "agents": agents}
    return info, _rows(post, "task", None, k)


def is_autonomous(row: SessionRow) -> bool:
    """An agent working alone: the autonomous baseline's runs carry no person."""
    return row.kind == "autonomous" or row.human == NO_HUMAN


def autonomous_scores(rows: list[SessionRow]) -> list[dict[str, Any]]:
    """Each agent's graded autonomous runs as a mean score with its t interval and n, by agent name."""
    by_agent: dict[str, list[float]] = {}
    for x in rows:
        if is_autonomous(x) and not math.isnan(x.outcome):
            by_agent.setdefault(x.agent, []).append(x.outcome)
    return [{"name": a, "sessions": len(v), "score": mean_figure(v, AUTONOMOUS_UNIT, bounds=(0.0, 100.0),
                                                                 what=f"{a}'s autonomous runs").as_json()}
            for a, v in sorted(by_agent.items())]


def rate_sessions(
    rows: list[SessionRow],
    *,
    task_term: TaskTerm = "none",
    rounds: int = r.DEFAULT_ROUNDS,
    seed: int = 0,
    k: float = r.CONSERVATIVE_K,
    pooled: bool = False,
) -> CollabRating:
    """The paper's rating of the graded sessions with a person, the autonomous runs' scores beside;
    `pooled` rates the autonomous runs too (as '(no human)'); `task_term` adds that model beside."""
    graded = [x for x in rows if not math.isnan(x.outcome)]
    if not graded:
        raise r.RatingError("no graded sessions: run `centaur collab grade --all` first")
    beside = autonomous_scores(graded)
    if not pooled:
        graded = [x for x in graded if not is_autonomous(x)]
    if not graded:
        result = CollabRating(0, None, task_term, k=k, autonomous=beside)
        result.not_rated = ("no graded session with a person: the paper rates people's sessions (§4, eq. 1), so "
                            "nothing is rated; the autonomous runs' scores are beside. `--pooled` rates them as "
                            "the human '(no human)'")
        return result
    humans = [NO_HUMAN_LABEL if is_autonomous(x) else x.human for x in graded]
    design = r.SessionDesign.from_labels([x.agent for x in graded], humans)
    post = r.fit_sessions(design, [x.outcome for x in graded], priors=r.Priors.collabskill())
    result = CollabRating(len(graded), post.noise_sigma, task_term, k=k, autonomous=beside, pooled=pooled,
                          rated=POOLED if pooled else PEOPLE_ONLY)
    boot = r.bootstrap_sessions(post, rounds=rounds, seed=seed, k=k) if len(graded) >= 2 and rounds else None
    result.rounds = boot.rounds if boot else 0
    result.agents = _rows(post, "agent", boot, k)
    result.humans = _rows(post, "human", boot, k)
    if boot is not None:
        result.stability["bootstrap"] = {"rounds": boot.rounds, "seed": seed, "resample": "sessions",
                                         "agents": _tau(boot.agents.as_dict(), len(result.agents))}
    result.claims = {kind: best_claim([x["name"] for x in listed], [skill_figure(x) for x in listed], "skill")
                     for kind, listed in (("agents", result.agents), ("humans", result.humans))}
    _leave_one_out(result, post, [x.task_id for x in graded], k)
    if task_term != "none":
        result.beside, result.tasks = _beside(graded, humans, task_term, k)
        by_name = {a["name"]: a for a in result.beside["agents"]}
        for a in result.agents:
            other = by_name[a["name"]]
            a["mu_task_term"], a["rank_task_term"] = other["mu"], other["rank"]
    return result


def _leave_one_out(result: CollabRating, post: r.SkillPosterior, task_ids: list[str], k: float) -> None:
    """Leave each human, then each task, out in turn (the paper's §6); a note says why one is missing."""
    if post.design.n_humans >= 2:
        try:
            result.stability["leave_one_human_out"] = r.leave_one_human_out(post, k).as_dict()
        except r.RatingError as exc:
            result.notes.append(f"leave_one_human_out: {exc}")
    else:
        result.notes.append("leave_one_human_out: needs at least two humans")
    if len(set(task_ids)) >= 2:
        result.stability["leave_one_task_out"] = r.leave_one_task_out(post, task_ids, k).as_dict()
    else:
        result.notes.append("leave_one_task_out: needs sessions on at least two tasks")
