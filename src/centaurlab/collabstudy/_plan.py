"""Which tasks a participant does, with which agent: a pure function of the study, the bank and
the participant, so the same person always gets the same plan.

Tasks come from `collab.match_tasks` (own occupation, own family, neighbouring families) when the
study matches by occupation, topped up at random from the rest of the pool when the matched tiers
run short. Agents are paired with sessions at random but balanced: each participant's sessions go
through a shuffled cycle of the study's agents, starting at a place drawn from their id.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from ..collab import Match, TaskInstance, match_tasks

EMBEDDED = "embedded"
EXTERNAL = "external"


@dataclass(frozen=True)
class PlannedSession:
    index: int
    task_id: str
    agent: str
    mode: str
    match: str

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _rng(seed: int, participant: str) -> random.Random:
    digest = hashlib.sha256(f"{seed}:{participant}".encode()).hexdigest()
    return random.Random(int(digest[:16], 16))


def plan_sessions(
    participant: str,
    occupation_code: str,
    tasks: Sequence[TaskInstance],
    agents: Sequence[str],
    sessions: int,
    *,
    match: bool = True,
    seed: int = 0,
    external_only: bool = False,
) -> list[PlannedSession]:
    rng = _rng(seed, participant)
    ranked: list[Match] = match_tasks(occupation_code, list(tasks)) if match else []
    by_tier: dict[int, list[str]] = {}
    for m in ranked:
        by_tier.setdefault(m.tier, []).append(m.task_id)
    reasons = {m.task_id: m.reason for m in ranked}
    order: list[str] = []
    for tier in sorted(by_tier):
        ids = by_tier[tier]
        rng.shuffle(ids)
        order += ids
    rest = sorted(t.id for t in tasks if t.id not in reasons)
    rng.shuffle(rest)
    order += rest
    cycle = list(agents)
    rng.shuffle(cycle)
    start = rng.randrange(len(cycle)) if cycle else 0
    out = []
    for i, task_id in enumerate(order[:sessions]):
        agent = "" if external_only or not cycle else cycle[(start + i) % len(cycle)]
        out.append(PlannedSession(i, task_id, agent, EXTERNAL if external_only else EMBEDDED,
                                  reasons.get(task_id, "drawn from the rest of the pool")))
    return out
