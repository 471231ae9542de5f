"""Graded sessions read back from the store as plain rows, the input of reports and ratings.

A session's outcome is 0 when it handed in no deliverable, its checks' grade when code decided
every item, and otherwise the mean of its usable judges' totals (each on the whole rubric).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from ..store import session_scope
from ._agreement import aggregate
from ._loader import load_collab_bank
from ._scoring import NO_DELIVERABLE, final_score
from ._tables import CollabCheck, CollabFile, CollabHandGrade, CollabJudgement, CollabRubric, CollabSession


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
    check_points: float | None = None
    """Points decided by code (checked items, and 0 for items whose deliverable is missing)."""
    check_max: float | None = None
    judge_points: dict[str, float] = field(default_factory=dict)
    """judge -> the points it gave on the items left to the judges."""
    judge_max: float | None = None
    note: str | None = None
    """"no deliverable" for a session graded 0 without a judge."""

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k not in ("items", "item_categories")}

    def judge_share(self, judge: str) -> float:
        """A judge's grade of what it judged, in percent (its total when there are no checks)."""
        if self.judge_max and judge in self.judge_points:
            return self.judge_points[judge] * 100.0 / self.judge_max
        return self.judges.get(judge, math.nan)


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
        checks = {(c.session_id, c.rubric_id): c for c in s.scalars(select(CollabCheck))}
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
    for sid, rubric_id in [(j.session_id, j.rubric_id) for j in judgements] + list(checks):
        newest[sid] = max(newest.get(sid, 0), versions[rubric_id][0])
    for (sid, rubric_id), check in checks.items():
        row = by_id.get(sid)
        if row is not None and versions[rubric_id][0] == newest[sid]:
            _add_checks(row, versions[rubric_id][0], versions[rubric_id][1], check)
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
        row.judge_points[j.judge] = sum(float(v["points"]) for v in j.scores.values())
        row.items[j.judge] = {k: v["points"] / v["max"] for k, v in j.scores.items() if v.get("max")}
        for cat in rubric.get("categories", []):
            for it in cat.get("items", []):
                if it["id"] in j.scores:  # items the judges scored, not those checks decided
                    row.item_categories[it["id"]] = cat["name"]
    for h in hands:
        if h.session_id in by_id:
            by_id[h.session_id].hand[h.grader] = h.total
    for row in rows:
        row.outcome = aggregate(list(row.judges.values()), how)
        if row.note == NO_DELIVERABLE:
            row.outcome = 0.0
        elif row.check_max is not None and row.check_points is not None and not row.judges:
            row.outcome, row.note = final_score(False, row.check_points, row.check_max, bool(row.judge_max), [])
    return rows


def _add_checks(row: SessionRow, version: int, rubric: dict[str, Any], check: CollabCheck) -> None:
    row.rubric_version = version
    if check.status == "no_deliverable":
        row.note = NO_DELIVERABLE
        return
    total = sum(float(it["points"]) for cat in rubric.get("categories", []) for it in cat.get("items", []))
    row.check_points, row.check_max = check.points, check.max_points
    row.judge_max = total - check.max_points
