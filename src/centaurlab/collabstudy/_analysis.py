"""The collaboration study's analyses (CollabSkill §6): ratings of people and agents, the agent
ranking beside the autonomous scores, win rates against the autonomous baseline per skill
quartile, pre/post survey changes, survey measures against skill, and behaviours against scores.

Wherever the paper ranks, splits or correlates by skill it uses the CollabSkill score (mu - 3
sigma, §4), and so do these: the agents' order, the quartiles, the median split, the Spearman
correlations. Only the regression that holds skill fixed uses the posterior mean.

Pure functions of `StudyData`; tests run them on the synthetic study with known skills.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import numpy as np
from scipy import stats

from ..collab import SessionRow, TaskTerm, rate_sessions
from ..rating import DEFAULT_ROUNDS
from ..stats import MINIMUM_N, figure, not_computed, proportion_figure, rank_ranges, too_few
from ..stats import mean_figure as t_figure  # not computed below two values, unlike .figures'
from ._behaviours import behaviours
from ._data import MIN_PAIRS, MIN_RATED, Obs, StudyData
from ._figures import adjust, correlation, mean_figure, p_value
from ._instruments import HAS_ITEMS, LIKERT_ITEMS, ordinal
from ._why_empty import empty_sections

SCORE_UNIT = "score, 0-100"
PRE_MEASURES = ("d1_llm_familiarity", "d2_professional_use", "d3_experience_years", *LIKERT_ITEMS, *HAS_ITEMS)


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
    leave-one-out; `task_term` fits the model with that term beside it (collab._rate)."""
    return rate_sessions(_rows(data.human_sessions), task_term=task_term, rounds=rounds, seed=seed).as_dict()


def collab_skill(rated: dict[str, Any], kind: str = "humans") -> dict[str, float]:
    """Each rated entity's CollabSkill score (mu - 3 sigma), by name."""
    return {row["name"]: row["conservative"] for row in rated[kind]}


def agent_ranking(data: StudyData, rated: dict[str, Any]) -> dict[str, Any]:
    """Agents by their CollabSkill score with people, beside their mean score alone on the same tasks.
    Both ranks are rank ranges from the intervals (the skill's credible interval, the mean's t
    interval); the Kendall tau of the two orders is a description of a handful of agents, with its n,
    and no test."""
    fit = {a["name"]: a for a in rated["agents"]}
    alone: dict[str, list[float]] = defaultdict(list)
    for o in data.autonomous:
        alone[o.agent].append(o.score)
    auto = {a: mean_figure(v, SCORE_UNIT, "the agent alone") for a, v in sorted(alone.items())}
    auto_rank = dict(zip(auto, rank_ranges(list(auto.values())), strict=True))
    rows = [{"agent": a, "collab_skill": fit[a]["conservative"], "skill": fit[a]["skill"],
             "collab_rank": fit[a]["rank"], "autonomous": auto[a].as_json() if a in auto else None,
             "autonomous_rank": auto_rank.get(a)}
            for a in (x["name"] for x in rated["agents"])]
    shared = [a for a in fit if a in auto]
    unit = "Kendall tau of the agents' order together and alone (-1 to 1)"
    if len(shared) < 2:
        tau = not_computed(f"{len(shared)} agent(s) have both orders; an order needs two", len(shared), unit)
    else:
        together = [fit[a]["position"] for a in shared]
        by_alone = sorted(shared, key=lambda a: -(auto[a].estimate or 0.0))
        value = stats.kendalltau(together, [by_alone.index(a) for a in shared]).statistic
        tau = figure(value, None, None, len(shared), unit, what="Kendall tau")
    return {"agents": rows, "kendall_tau": tau.as_json()}


def quartile_wins(data: StudyData, rated: dict[str, Any]) -> dict[str, Any]:
    """Each person's session against the same agent alone on the same task (a tie of scores counts
    half), by the quartile of the person's CollabSkill score, with a Wilson interval per quartile.

    A session that handed in nothing is left out and listed: its 0 would tie a baseline's 0 and count
    as half a win. The split needs `MINIMUM_N["quartile"]` people in every quartile; below that it is
    not computed, rather than spreading three people over Q1-Q3 and leaving Q4 empty."""
    skill = collab_skill(rated)
    names = sorted(skill, key=skill.__getitem__)
    per = len(names) // 4
    if too_few("quartile", per):
        need = MINIMUM_N["quartile"]
        return {"rows": [], "excluded": [], "not_computed": f"{len(names)} rated people give {per} per quartile, "
                f"below the stated minimum of {need} per quartile ({4 * need} people) for a quartile split"}
    baseline: dict[tuple[str, str], list[float]] = defaultdict(list)
    for o in data.autonomous:
        baseline[(o.agent, o.task)].append(o.score)
    quart = {h: min(3, i * 4 // len(names)) for i, h in enumerate(names)}
    wins: dict[int, list[float]] = defaultdict(list)
    excluded = []
    for o in data.human_sessions:
        base = baseline.get((o.agent, o.task))
        if not base or o.human not in quart:
            continue
        if o.empty:
            excluded.append({"session": o.session, "person": o.human, "quartile": f"Q{quart[o.human] + 1}",
                             "reason": "handed in no deliverable: not a win, loss or tie"})
            continue
        b = float(np.mean(base))
        wins[quart[o.human]].append(1.0 if o.score > b else 0.5 if o.score == b else 0.0)
    unit = "share of sessions scoring above the agent alone (a tie counts half)"
    rows = [{"quartile": f"Q{q + 1}", "people": sum(1 for v in quart.values() if v == q), "sessions": len(wins[q]),
             "excluded": sum(1 for x in excluded if x["quartile"] == f"Q{q + 1}"),
             "win_rate": proportion_figure(sum(wins[q]), len(wins[q]), unit, what="the win rate").as_json()}
            for q in range(4)]
    return {"rows": rows, "excluded": excluded, "not_computed": None}


CHANGE_UNIT = "scale points, after - before"
LEVEL_UNIT = "scale points"


def _paired(pre: list[float], post: list[float]) -> dict[str, Any]:
    """The paired change: its mean with the t interval of the per-person changes (the Wilcoxon test
    beside it is the paper's; the interval says how large the change may be, which a p does not)."""
    d = np.asarray(post) - np.asarray(pre)
    out: dict[str, Any] = {
        "n": len(d), "mean_pre": t_figure(pre, LEVEL_UNIT, what="the answers before").as_json(),
        "mean_post": t_figure(post, LEVEL_UNIT, what="the answers after").as_json(),
        "mean_change": t_figure(d, CHANGE_UNIT, what="the per-person changes", method="paired t 95%").as_json(),
    }
    nz = d[d != 0]
    if len(nz) == 0:
        return {**out, "wilcoxon_w": None, "p": None, "rank_biserial": 0.0}
    test = stats.wilcoxon(pre, post, zero_method="wilcox")
    ranks = stats.rankdata(np.abs(nz))
    plus, minus = float(ranks[nz > 0].sum()), float(ranks[nz < 0].sum())
    return {**out, "wilcoxon_w": float(test.statistic), "p": p_value(float(test.pvalue)),
            "rank_biserial": (plus - minus) / (plus + minus)}


def pre_post(data: StudyData, rated: dict[str, Any]) -> list[dict[str, Any]]:
    """Per attitude item: paired Wilcoxon (rank-biserial effect size) and the mean change with its paired t
    interval, then the change of people below vs at or above the median CollabSkill score (each half's mean
    change with its interval), Mann-Whitney U."""
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
        row["change_lower_half"] = t_figure(low, CHANGE_UNIT, what="the changes below the median skill",
                                            method="paired t 95%").as_json()
        row["change_upper_half"] = t_figure(high, CHANGE_UNIT, what="the changes at or above the median skill",
                                            method="paired t 95%").as_json()
        if low and high and len(set(low + high)) > 1:
            u = stats.mannwhitneyu(low, high, alternative="two-sided")
            row["mann_whitney_u"], row["mw_p"] = float(u.statistic), p_value(float(u.pvalue))
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
        rho, p = correlation([x for x, _ in xs], [s for _, s in xs], "spearman")
        rows.append({"item": item, "n": len(xs), "spearman_rho": rho.as_json(), "p": p})
    adjust(rows, "p", "survey measures")
    return rows


def analyse(data: StudyData, rounds: int = DEFAULT_ROUNDS, seed: int = 0,
            task_term: TaskTerm = "none") -> dict[str, Any]:
    from ._fluency import agreement

    rated = ratings(data, rounds=rounds, seed=seed, task_term=task_term)
    quarters = quartile_wins(data, rated)
    people = data.human_sessions
    result: dict[str, Any] = {
        "sessions": len(people), "people": len({o.human for o in people}), "agents": len({o.agent for o in people}),
        "autonomous_sessions": len(data.autonomous),
        "mean_score": mean_figure([o.score for o in people], SCORE_UNIT, "the sessions").as_json(),
        "ratings": rated, "agent_ranking": agent_ranking(data, rated), "quartile_wins": quarters["rows"],
        "quartile_excluded": quarters["excluded"],
        "pre_post": pre_post(data, rated), "survey_vs_skill": survey_vs_skill(data, rated),
        "behaviours": behaviours(data, rated),
        "fluency_coding": data.fluency.as_dict() if data.fluency else None,
    }
    model_codes = {o.session: o.codes for o in people if o.codes is not None}
    if data.hand_codes:
        result["coding_agreement"] = agreement(model_codes, data.hand_codes)
    result["empty"] = empty_sections(data, result)
    if quarters["not_computed"]:
        earlier = result["empty"].get("quartile_wins")
        result["empty"]["quartile_wins"] = (f"{earlier}; and " if earlier else "") + quarters["not_computed"]
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
