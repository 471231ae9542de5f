"""The collaboration study's analyses (CollabSkill §6): ratings of people and agents, the agent
ranking beside the autonomous scores, win rates against the autonomous baseline per skill
quartile, pre/post survey changes, survey measures against skill, and behaviours against scores.

Wherever the paper ranks, splits or correlates by skill it uses the CollabSkill score (mu - 3
sigma, §4), and so do these: the agents' order, the quartiles, the median split, the Spearman
correlations. Only the regression that holds skill fixed uses the posterior mean.

Pure functions of `StudyData`; tests run them on the synthetic study with known skills.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

import numpy as np
from scipy import stats

from ..collab import SessionRow, TaskTerm, rate_sessions
from ..rating import DEFAULT_ROUNDS
from .behaviours import behaviours
from .data import MIN_PAIRS, MIN_RATED, Obs, StudyData
from .instruments import HAS_ITEMS, LIKERT_ITEMS, ordinal
from .why_empty import empty_sections

PRE_MEASURES = ("d1_llm_familiarity", "d2_professional_use", "d3_experience_years", *LIKERT_ITEMS, *HAS_ITEMS)


def _f(x: Any) -> float | None:
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)


def _rows(obs: list[Obs]) -> list[SessionRow]:
    rows = []
    for i, o in enumerate(obs):
        row = SessionRow(i, o.kind, o.agent, "", o.human, o.task, "", o.difficulty, "done", 0, 0, [])
        row.outcome = o.score
        rows.append(row)
    return rows


def ratings(data: StudyData, rounds: int = DEFAULT_ROUNDS, seed: int = 0,
            task_term: TaskTerm = "none") -> dict[str, Any]:
    """The paper's model on people's sessions (agent + human + noise), with intervals, the bootstrap and
    leave-one-out; `task_term` fits the model with that term beside it (collab.rate)."""
    return rate_sessions(_rows(data.human_sessions), task_term=task_term, rounds=rounds, seed=seed).as_dict()


def collab_skill(rated: dict[str, Any], kind: str = "humans") -> dict[str, float]:
    """Each rated entity's CollabSkill score (mu - 3 sigma), by name."""
    return {row["name"]: row["conservative"] for row in rated[kind]}


def _rank(values: dict[str, float]) -> dict[str, int]:
    return {name: i + 1 for i, (name, _) in enumerate(sorted(values.items(), key=lambda kv: -kv[1]))}


def agent_ranking(data: StudyData, rated: dict[str, Any]) -> dict[str, Any]:
    """Agents by their CollabSkill score with people, beside their mean score alone on the same tasks."""
    collab = collab_skill(rated, "agents")
    fit = {a["name"]: a for a in rated["agents"]}
    alone: dict[str, list[float]] = defaultdict(list)
    for o in data.autonomous:
        alone[o.agent].append(o.score)
    auto = {a: float(np.mean(v)) for a, v in alone.items()}
    rc, ra = _rank(collab), _rank(auto)
    rows = [{"agent": a, "collab_skill": collab[a], "mu": fit[a]["mu"], "sigma": fit[a]["sigma"],
             "collab_rank": rc[a], "autonomous_mean": auto.get(a), "autonomous_rank": ra.get(a)}
            for a in sorted(collab, key=rc.__getitem__)]
    shared = [a for a in collab if a in auto]
    tau = stats.kendalltau([rc[a] for a in shared], [ra[a] for a in shared]).statistic if len(shared) >= 2 else None
    return {"agents": rows, "kendall_tau": _f(tau)}


def quartile_wins(data: StudyData, rated: dict[str, Any]) -> list[dict[str, Any]]:
    """Each person's session against the same agent alone on the same task (ties count half), by the
    quartile of the person's CollabSkill score."""
    skill = collab_skill(rated)
    baseline: dict[tuple[str, str], list[float]] = defaultdict(list)
    for o in data.autonomous:
        baseline[(o.agent, o.task)].append(o.score)
    names = sorted(skill, key=skill.__getitem__)
    quart = {h: min(3, i * 4 // len(names)) for i, h in enumerate(names)}
    wins: dict[int, list[float]] = defaultdict(list)
    for o in data.human_sessions:
        base = baseline.get((o.agent, o.task))
        if base and o.human in quart:
            b = float(np.mean(base))
            wins[quart[o.human]].append(1.0 if o.score > b else 0.5 if o.score == b else 0.0)
    return [{"quartile": f"Q{q + 1}", "people": sum(1 for v in quart.values() if v == q), "sessions": len(wins[q]),
             "win_rate": float(np.mean(wins[q])) if wins[q] else None} for q in range(4)]


def _paired(pre: list[float], post: list[float]) -> dict[str, Any]:
    d = np.asarray(post) - np.asarray(pre)
    out: dict[str, Any] = {"n": len(d), "mean_pre": float(np.mean(pre)), "mean_post": float(np.mean(post)),
                           "mean_change": float(np.mean(d))}
    nz = d[d != 0]
    if len(nz) == 0:
        return {**out, "wilcoxon_w": None, "p": None, "rank_biserial": 0.0}
    test = stats.wilcoxon(pre, post, zero_method="wilcox")
    ranks = stats.rankdata(np.abs(nz))
    plus, minus = float(ranks[nz > 0].sum()), float(ranks[nz < 0].sum())
    return {**out, "wilcoxon_w": float(test.statistic), "p": float(test.pvalue),
            "rank_biserial": (plus - minus) / (plus + minus)}


def pre_post(data: StudyData, rated: dict[str, Any]) -> list[dict[str, Any]]:
    """Per attitude item: paired Wilcoxon (rank-biserial effect size), then the change of people below vs
    at or above the median CollabSkill score, Mann-Whitney U."""
    skill = collab_skill(rated)
    median = float(np.median(list(skill.values()))) if skill else 0.0
    rows = []
    for item in (*LIKERT_ITEMS, *HAS_ITEMS):
        pairs: list[tuple[str, float, float]] = []
        for h in data.pre:
            a = ordinal(item, data.pre[h].get(item))
            b = ordinal(item, data.post.get(h, {}).get(item))
            if a is not None and b is not None:
                pairs.append((h, a, b))
        if len(pairs) < MIN_PAIRS:
            continue
        row = {"item": item, **_paired([a for _, a, _ in pairs], [b for _, _, b in pairs])}
        low = [b - a for h, a, b in pairs if h in skill and skill[h] < median]
        high = [b - a for h, a, b in pairs if h in skill and skill[h] >= median]
        row["change_lower_half"] = float(np.mean(low)) if low else None
        row["change_upper_half"] = float(np.mean(high)) if high else None
        if low and high and len(set(low + high)) > 1:
            u = stats.mannwhitneyu(low, high, alternative="two-sided")
            row["mann_whitney_u"], row["mw_p"] = float(u.statistic), float(u.pvalue)
        rows.append(row)
    return rows


def survey_vs_skill(data: StudyData, rated: dict[str, Any]) -> list[dict[str, Any]]:
    """Spearman correlation of each pre-survey measure with the person's CollabSkill score."""
    skill = collab_skill(rated)
    rows = []
    for item in PRE_MEASURES:
        pairs = [(ordinal(item, data.pre[h].get(item)), skill[h]) for h in data.pre if h in skill]
        xs = [(x, s) for x, s in pairs if x is not None]
        if len(xs) < MIN_RATED or len({x for x, _ in xs}) < 2:
            continue
        rho = stats.spearmanr([x for x, _ in xs], [s for _, s in xs])
        rows.append({"item": item, "n": len(xs), "spearman_rho": float(rho.statistic), "p": float(rho.pvalue)})
    return rows


def analyse(data: StudyData, rounds: int = DEFAULT_ROUNDS, seed: int = 0,
            task_term: TaskTerm = "none") -> dict[str, Any]:
    from .fluency import agreement

    rated = ratings(data, rounds=rounds, seed=seed, task_term=task_term)
    people = data.human_sessions
    result: dict[str, Any] = {
        "sessions": len(people), "people": len({o.human for o in people}), "agents": len({o.agent for o in people}),
        "autonomous_sessions": len(data.autonomous),
        "mean_score": float(np.mean([o.score for o in people])) if people else None,
        "ratings": rated, "agent_ranking": agent_ranking(data, rated), "quartile_wins": quartile_wins(data, rated),
        "pre_post": pre_post(data, rated), "survey_vs_skill": survey_vs_skill(data, rated),
        "behaviours": behaviours(data, rated),
        "fluency_coding": data.fluency.as_dict() if data.fluency else None,
    }
    model_codes = {o.session: o.codes for o in people if o.codes is not None}
    if data.hand_codes:
        result["coding_agreement"] = agreement(model_codes, data.hand_codes)
    result["empty"] = empty_sections(data, result)
    truth = data.truth
    if truth:
        est = {h["name"]: h["mu"] for h in rated["humans"]}
        shared = [h for h in truth["humans"] if h in est]
        result["recovery"] = {
            "humans_spearman": float(stats.spearmanr([truth["humans"][h] for h in shared],
                                                     [est[h] for h in shared]).statistic),
            "agents_true_order": sorted(truth["agents"], key=lambda a: -truth["agents"][a]),
            "agents_estimated_order": [a["agent"] for a in result["agent_ranking"]["agents"]],
        }
    return result
