"""A seeded synthetic collaboration study of the paper's size (93 workers, 386 sessions, 5 agents)
with known skills, survey answers and behaviour codes, to check that the analysis recovers what was
put in: the workers' and agents' skills, a ranking that diverges from the autonomous scores, a
higher win rate against the baseline in the top skill quartile, more trust after the study for the
less skilled, LLM familiarity that goes with skill, and behaviours that go with the score, coded by
a synthetic model coder whose agreement with the hand-coded validation transcripts is known.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._data import Obs, StudyData
from ._fluency import IDS
from ._fluency_check import load_set, validate_coders
from ._instruments import D1_OPTIONS, D2_OPTIONS, HAS_OPTIONS, SENTIMENTS

AGENTS = ("cowork", "code", "codex", "manus", "gemini")
COLLAB_SKILL = (6.0, 3.0, 0.0, -1.5, -6.0)
AUTONOMOUS = (-1.0, 2.0, 5.0, -3.0, 1.0)  # a different order alone than together
DIFFICULTY = {"easy": 4.0, "medium": 0.0, "hard": -5.0}
SYNTHETIC_CODER = "synthetic coder"
GOOD = ("define_audience", "tone_style", "provide_examples", "interaction_mode", "clarify_goal", "specify_format")


def _likert(x: float) -> int:
    return int(np.clip(round(x), 1, 7))


def synthetic_study(workers: int = 93, sessions: int = 386, tasks: int = 25, seed: int = 0) -> StudyData:
    rng = np.random.default_rng(seed)
    task_ids = [f"task{i:02d}" for i in range(tasks)]
    levels = list(DIFFICULTY)
    task_level = {t: levels[i % 3] for i, t in enumerate(task_ids)}
    humans = [f"w{i:03d}" for i in range(workers)]
    skill = dict(zip(humans, rng.normal(0.0, 7.0, workers), strict=True))
    agent_skill = dict(zip(AGENTS, COLLAB_SKILL, strict=True))
    counts = [sessions // workers + (1 if i < sessions % workers else 0) for i in range(workers)]
    out: list[Obs] = []
    z = {h: skill[h] / 7.0 for h in humans}
    for h, n in zip(humans, counts, strict=True):
        for k in range(n):
            agent = AGENTS[(k + int(h[1:])) % len(AGENTS)]
            task = task_ids[int(rng.integers(tasks))]
            propensity = 1 / (1 + np.exp(-(z[h] * 1.2 - 0.3)))
            codes: dict[str, bool | None] = {i: bool(rng.random() < (propensity if i in GOOD else 0.35))
                                             for i in IDS}
            score = 72 + skill[h] + agent_skill[agent] + DIFFICULTY[task_level[task]] + rng.normal(0, 4)
            out.append(Obs(f"s{len(out):04d}", h, agent, task, task_level[task], float(np.clip(score, 0, 100)),
                           "human", int(rng.poisson(4)) + 1, codes))
    for agent, auto in zip(AGENTS, AUTONOMOUS, strict=True):
        for task in task_ids:
            score = 72 + auto + DIFFICULTY[task_level[task]] + rng.normal(0, 4)
            out.append(Obs(f"a-{agent}-{task}", "none", agent, task, task_level[task], float(np.clip(score, 0, 100)),
                           "autonomous"))
    pre: dict[str, dict[str, Any]] = {}
    post: dict[str, dict[str, Any]] = {}
    for h in humans:
        d1 = int(np.clip(round(2.5 + 0.9 * z[h] + rng.normal(0, 0.5)), 1, 4))
        d2 = int(np.clip(round(3 + 0.6 * z[h] + rng.normal(0, 0.8)), 1, 5))
        trust = _likert(3.5 + rng.normal(0, 1.2))
        has_seen = int(np.clip(round(3.6 + rng.normal(0, 0.8)), 1, 5))
        has_wanted = int(np.clip(round(3.4 + rng.normal(0, 0.8)), 1, 5))
        comfort = _likert(3.2 + 0.8 * z[h] + rng.normal(0, 1.0))
        low = skill[h] < float(np.median(list(skill.values())))
        pre[h] = {
            "d1_llm_familiarity": D1_OPTIONS[len(D1_OPTIONS) - d1],
            "d2_professional_use": D2_OPTIONS[len(D2_OPTIONS) - d2],
            "d3_experience_years": int(rng.integers(1, 25)),
            "a1_agent_familiarity": _likert(3.5 + rng.normal(0, 1.4)),
            "a2_trust_autonomy": trust, "a3_delegation_comfort": comfort,
            "a4_has_perceived": HAS_OPTIONS[has_seen - 1], "a5_has_desired": HAS_OPTIONS[has_wanted - 1],
            "a6_role_concern": _likert(3.8 + rng.normal(0, 1.5)), "a7_affect": SENTIMENTS[int(rng.integers(5))],
        }
        shift = rng.random() < (0.8 if low else 0.3)
        post[h] = {**pre[h], "a2_trust_autonomy": _likert(trust + (1.2 if low else 0.2) + rng.normal(0, 0.5)),
                   "a4_has_perceived": HAS_OPTIONS[int(np.clip(has_seen - (1 if shift else 0), 1, 5)) - 1]}
    hand: dict[str, dict[str, bool]] = {}
    for o in out[:: max(1, sessions // 40)][:40]:
        if o.codes is not None:
            hand[o.session] = {i: (not v) if rng.random() < 0.08 else bool(v) for i, v in o.codes.items()}
    truth = {"humans": {h: float(v) for h, v in skill.items()}, "agents": dict(agent_skill),
             "autonomous": dict(zip(AGENTS, AUTONOMOUS, strict=True))}
    # the synthetic model coder on the shipped hand-coded transcripts: their labels, each flipped with
    # probability 5%; the rules code them for real
    vset = load_set()
    checks = {t.id: {i: (not v) if rng.random() < 0.05 else v for i, v in t.labels.items() if i in IDS}
              for t in vset.transcripts}
    return StudyData(out, pre, post, hand, truth, validate_coders(vset, SYNTHETIC_CODER, checks))
