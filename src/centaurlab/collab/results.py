"""Graded sessions read back from the store as plain rows, the input of reports and ratings."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from ..store import session_scope
from .agreement import aggregate
from .loader import load_collab_bank
from .tables import CollabFile, CollabHandGrade, CollabJudgement, CollabRubric, CollabSession


@dataclass
class SessionRow:
    id: int
    kind: str
    agent: str
    model: str
    human: str
    task_id: str
    family: str
    difficulty: str
    status: str
    steps: int
    tokens: int
    files: list[str]
    rubric_version: int | None = None
    judges: dict[str, float] = field(default_factory=dict)
    judge_models: dict[str, str] = field(default_factory=dict)
    items: dict[str, dict[str, float]] = field(default_factory=dict)
    """judge -> item id -> fraction of the item's points."""
    item_categories: dict[str, str] = field(default_factory=dict)
    failed_judges: list[str] = field(default_factory=list)
    hand: dict[str, float] = field(default_factory=dict)
    outcome: float = math.nan

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in ("items", "item_categories")}


def load_results(url: str, how: str = "mean") -> list[SessionRow]:
    """Every stored session with its judges' totals on the newest rubric version judged."""
    meta: dict[tuple[str, str], tuple[str, str]] = {}
    with session_scope(url) as s:
        sessions = list(s.scalars(select(CollabSession).order_by(CollabSession.id)))
        files: dict[int, list[str]] = {}
        for sid, name in s.execute(select(CollabFile.session_id, CollabFile.name)):
            files.setdefault(sid, []).append(name)
        versions = {r.id: (r.version, r.rubric) for r in s.scalars(select(CollabRubric))}
        judgements = list(s.scalars(select(CollabJudgement).order_by(CollabJudgement.id)))
        hands = list(s.scalars(select(CollabHandGrade)))
    rows: list[SessionRow] = []
    for sess in sessions:
        key = (sess.bank, sess.task_id)
        if key not in meta:
            try:
                t = load_collab_bank(sess.bank).get(sess.task_id)
                meta[key] = (t.onet.job_family, t.difficulty.value)
            except LookupError:
                meta[key] = ("?", "?")
        family, difficulty = meta[key]
        rows.append(
            SessionRow(
                sess.id,
                sess.kind,
                sess.agent,
                sess.model,
                sess.human,
                sess.task_id,
                family,
                difficulty,
                sess.status,
                sess.steps,
                sess.tokens,
                sorted(files.get(sess.id, [])),
            )
        )
    by_id = {r.id: r for r in rows}
    newest: dict[int, int] = {}
    for j in judgements:
        v = versions[j.rubric_id][0]
        newest[j.session_id] = max(newest.get(j.session_id, 0), v)
    for j in judgements:
        row = by_id.get(j.session_id)
        version, rubric = versions[j.rubric_id]
        if row is None or version != newest[j.session_id]:
            continue
        row.rubric_version = version
        if j.status != "ok" or j.total is None:
            row.failed_judges.append(j.judge)
            continue
        row.judges[j.judge] = j.total
        row.judge_models[j.judge] = j.model
        row.items[j.judge] = {k: v["points"] / v["max"] for k, v in j.scores.items() if v.get("max")}
        for cat in rubric.get("categories", []):
            for it in cat.get("items", []):
                row.item_categories[it["id"]] = cat["name"]
    for h in hands:
        if h.session_id in by_id:
            by_id[h.session_id].hand[h.grader] = h.total
    for row in rows:
        row.outcome = aggregate(list(row.judges.values()), how)
    return rows
