"""The collab report: scores per task, agent and sector; judge agreement; the autonomous baseline; ratings."""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from ..rating import DEFAULT_ROUNDS
from ..stats import (
    Figure,
    HtmlReport,
    describe,
    figure,
    figure_from_json,
    is_figure_json,
    mean_figure,
    not_computed,
)
from ._agreement import alpha_figure, calibration_json, disagreements, icc_figure, self_preference
from ._onet import FAMILIES
from ._rate import rate_sessions
from ._results import SessionRow
from ._scoring import NO_DELIVERABLE

DEFAULT_THRESHOLD = 20.0
SCORE_UNIT = "score, 0-100 (rubric points as a percentage)"


def _nan(x: float) -> float | None:
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else float(x)


@dataclass
class CollabReport:
    sessions: list[dict[str, Any]]
    by_agent: list[dict[str, Any]]
    by_task: list[dict[str, Any]]
    by_family: list[dict[str, Any]]
    baseline: list[dict[str, Any]]
    agreement: dict[str, Any]
    calibration: list[dict[str, Any]]
    rating: dict[str, Any] | None
    notes: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _group(rows: list[SessionRow], key: str) -> list[dict[str, Any]]:
    groups: dict[str, list[float]] = defaultdict(list)
    counts: dict[str, int] = defaultdict(int)
    for row in rows:
        k = str(getattr(row, key))
        counts[k] += 1
        if not math.isnan(row.outcome):
            groups[k].append(row.outcome)
    out = []
    for k in sorted(counts):
        vals = groups.get(k, [])
        out.append(
            {
                key: k,
                "sessions": counts[k],
                "graded": len(vals),
                "mean": _nan(float(np.mean(vals))) if vals else None,
                "sd": _nan(float(np.std(vals, ddof=1))) if len(vals) > 1 else None,
                "score": score_figure(vals).as_json(),
            }
        )
    return out


def score_figure(values: list[float]) -> Figure:
    """The mean score of graded sessions with its t interval (none from one session)."""
    if not values:
        return not_computed("no graded session", 0, SCORE_UNIT)
    d = describe(values)
    return figure(d.mean, d.ci_low, d.ci_high, d.n, SCORE_UNIT, "t 95%" if d.n >= 2 else "", what="the mean score")


def computed_on(rows: list[SessionRow]) -> str:
    """What the judges' agreement is computed on, in words: only the items left to the judges (what
    code checks is not theirs to agree on), how many and how many points of the rubric they carry."""
    items = sorted({len({i for scores in r.items.values() for i in scores}) for r in rows})
    share = sorted({(r.judge_max, (r.judge_max or 0) + (r.check_max or 0)) for r in rows if r.judge_max})
    count = f"{items[0]}" if len(items) == 1 else f"{items[0]} to {items[-1]}"
    if len(share) == 1:
        judged, total = share[0]
        points = f"{judged:g} of the rubric's {total:g} points"
    elif share:
        points = f"{min(j for j, _ in share):g} to {max(j for j, _ in share):g} points of each rubric"
    else:
        points = "the whole rubric (no item is decided by checks)"
    return (f"the judges' own share of each session: the {count} rubric item(s) the judges score, {points}, "
            f"as a percentage of those points; {len(rows)} session(s). Points decided by checks are left out")


def agreement_figures(rows: list[SessionRow], threshold: float = DEFAULT_THRESHOLD) -> dict[str, Any]:
    judged = [r for r in rows if r.judges]
    judges = sorted({j for r in judged for j in r.judges} | {j for r in rows for j in r.failed_judges})
    out: dict[str, Any] = {"judges": judges, "threshold": threshold}
    if not judged or len(judges) < 2:
        out["note"] = "agreement needs at least two judges with scores"
        return out
    totals = np.array([[r.judges.get(j, np.nan) for j in judges] for r in judged])
    own = np.array([[r.judge_share(j) for j in judges] for r in judged])  # what the judges judged, not checks
    out["overall"] = {
        "units": len(judged),
        "computed_on": computed_on(judged),
        "icc2_1": icc_figure(own).as_json(),
        "krippendorff_alpha": alpha_figure(own).as_json(),
    }
    flags = disagreements(totals, threshold)
    out["flagged_sessions"] = [
        {"session": r.id, "task": r.task_id, "totals": r.judges} for r, f in zip(judged, flags, strict=True) if f
    ]
    per_cat: dict[str, list[list[float]]] = defaultdict(list)
    per_item: dict[tuple[str, int | None, str], list[list[float]]] = defaultdict(list)
    for r in judged:
        for item, cat in r.item_categories.items():
            vals = [r.items.get(j, {}).get(item, np.nan) for j in judges]
            per_cat[cat].append(vals)
            per_cat["all items"].append(vals)
            per_item[(r.task_id, r.rubric_version, item)].append(vals)
    out["per_category"] = [
        {"category": c, "units": len(v), "icc2_1": icc_figure(v).as_json(),
         "krippendorff_alpha": alpha_figure(np.array(v)).as_json()}
        for c, v in sorted(per_cat.items())
    ]
    out["per_item"] = [
        {"task": t, "rubric_version": ver, "item": i, "sessions": len(v), "icc2_1": icc_figure(v).as_json(),
         "krippendorff_alpha": alpha_figure(np.array(v)).as_json(), "mean_abs_diff": _mean_abs_diff(v)}
        for (t, ver, i), v in sorted(per_item.items(), key=lambda kv: str(kv[0]))
    ]
    models = [next((r.judge_models[j] for r in judged if j in r.judge_models), j) for j in judges]
    out["self_preference"] = [
        {
            "judge": j,
            **sp.__dict__,
            "preference": _nan(sp.preference),
            "own_gap": _nan(sp.own_gap),
            "other_gap": _nan(sp.other_gap),
        }
        for j, sp in zip(judges, self_preference(totals, models, [r.model for r in judged]), strict=True)
    ]
    return out


def _mean_abs_diff(values: list[list[float]]) -> dict[str, Any]:
    """Mean |first judge - second judge| over the sessions both scored, with its t interval and n (not
    computed below two sessions: one session's gap is no estimate of the next one's)."""
    diffs = [abs(a[0] - a[1]) for a in values if not (math.isnan(a[0]) or math.isnan(a[1]))]
    return mean_figure(diffs, "fraction of the item's points, |first judge - second judge|",
                       what="the sessions' |differences|", bounds=(0.0, 1.0)).as_json()


def calibration_figures(rows: list[SessionRow]) -> list[dict[str, Any]]:
    hand = [r for r in rows if r.hand]
    if not hand:
        return []
    judges = sorted({j for r in hand for j in r.judges})
    human = [float(np.mean(list(r.hand.values()))) for r in hand]
    return [calibration_json(j, [r.outcome if j == "panel" else r.judges.get(j, math.nan) for r in hand], human)
            for j in [*judges, "panel"]]


def points_from(row: SessionRow) -> dict[str, Any]:
    """Which of the session's points came from checks and which from judges (their mean)."""
    judged = [row.judge_points[j] for j in row.judges if j in row.judge_points]
    mean = float(np.mean(judged)) if judged else None
    return {
        "from_checks": None if row.check_points is None else f"{row.check_points:g} of {row.check_max:g}",
        "from_judges": None if not row.judge_max else (
            f"{mean:.1f} of {row.judge_max:g}" if mean is not None else f"- of {row.judge_max:g}"),
    }


def build_report(
    rows: list[SessionRow], threshold: float = DEFAULT_THRESHOLD, rounds: int = DEFAULT_ROUNDS, pooled: bool = False
) -> CollabReport:
    """Every figure of the report; the ratings rate the sessions with a person, as the paper does, unless
    `pooled` (ours) rates the autonomous runs too."""
    notes = []
    rating = None
    try:
        rating = rate_sessions(rows, rounds=rounds, pooled=pooled).as_dict()
    except Exception as exc:  # noqa: BLE001 - a report without ratings still says why
        notes.append(f"ratings: {exc}")
    baseline = _group([r for r in rows if r.kind == "autonomous"], "agent")
    for b in baseline:
        b["agent_alone"] = True
    ungraded = [r.id for r in rows if math.isnan(r.outcome)]
    if ungraded:
        notes.append(f"{len(ungraded)} sessions have no usable judgement yet: {ungraded[:10]}")
    empty = [r.id for r in rows if r.note == NO_DELIVERABLE]
    if empty:
        notes.append(f"{len(empty)} sessions handed in no deliverable and are graded 0 without a judge: {empty[:10]}")
    by_family = _group(rows, "family")
    for f in by_family:
        f["family_title"] = FAMILIES.get(f["family"], "?")
    return CollabReport(
        sessions=[{**r.as_dict(), **points_from(r), "outcome": _nan(r.outcome)} for r in rows],
        by_agent=_group(rows, "agent"),
        by_task=_group(rows, "task_id"),
        by_family=by_family,
        baseline=baseline,
        agreement=agreement_figures(rows, threshold),
        calibration=calibration_figures(rows),
        rating=rating,
        notes=notes,
    )


def _frame(records: list[dict[str, Any]], columns: list[str]) -> pd.DataFrame:
    """A table of the records' columns; a figure (`Figure.as_json`) is shown as its text, estimate with
    interval, unit and n, or 'not computed: why'."""
    return pd.DataFrame([{c: _shown(rec.get(c)) for c in columns} for rec in records], columns=columns)


def _shown(value: Any) -> Any:
    return figure_from_json(value).text() if is_figure_json(value) else value


def render_html(rep: CollabReport) -> str:
    doc = HtmlReport("Collab report: occupational tasks, agents and judges")
    doc.paragraph(
        "Scores are 0-100: rubric points as a percentage of the rubric total. Code decides what it "
        "can: a session without deliverables scores 0, items with checks are scored by them, items "
        "whose deliverable is missing score 0; the judges score the rest, and a session's outcome is "
        "the mean of its judges' totals (CollabSkill). See docs/collab.md.",
        note=True,
    )
    for n in rep.notes:
        doc.paragraph(n, note=True)
    doc.heading("Sessions")
    sess = [
        {
            **s,
            "judges": ", ".join(f"{k} {v:.1f}" for k, v in s["judges"].items()) or "-",
            "failed": ", ".join(s["failed_judges"]) or "-",
            "files": ", ".join(s["files"]) or "(none)",
            "outcome": f"0 ({s['note']})" if s["note"] else s["outcome"],
        }
        for s in rep.sessions
    ]
    doc.table(
        _frame(
            sess,
            [
                "id",
                "kind",
                "agent",
                "human",
                "task_id",
                "family",
                "difficulty",
                "steps",
                "files",
                "from_checks",
                "from_judges",
                "judges",
                "failed",
                "outcome",
            ],
        )
    )
    doc.heading("By agent").table(_frame(rep.by_agent, ["agent", "sessions", "graded", "score", "sd"]))
    doc.heading("Autonomous baseline (agent alone)").table(
        _frame(rep.baseline, ["agent", "sessions", "graded", "score", "sd"])
    )
    doc.heading("By task").table(_frame(rep.by_task, ["task_id", "sessions", "graded", "score", "sd"]))
    doc.heading("By O*NET sector").table(
        _frame(rep.by_family, ["family", "family_title", "sessions", "graded", "score", "sd"])
    )
    ag = rep.agreement
    doc.heading("Judge agreement")
    if "overall" in ag:
        doc.paragraph(
            f"Judges: {', '.join(ag['judges'])}. Overall over {ag['overall']['units']} sessions: "
            f"ICC(2,1) {_shown(ag['overall']['icc2_1'])}; Krippendorff's alpha "
            f"{_shown(ag['overall']['krippendorff_alpha'])}. Computed on {ag['overall']['computed_on']}."
        )
        doc.table(
            _frame(ag["per_category"], ["category", "units", "icc2_1", "krippendorff_alpha"]),
            "Per rubric category (item scores as a fraction of their points)",
        )
        doc.table(
            _frame(
                ag["per_item"],
                ["task", "rubric_version", "item", "sessions", "mean_abs_diff", "icc2_1", "krippendorff_alpha"],
            ),
            "Per rubric item (item scores as a fraction of their points)",
        )
        single = sum(1 for i in ag["per_item"] if i["sessions"] < 2)
        if single:
            doc.paragraph(
                f"ICC(2,1), alpha and the mean |difference| need at least two sessions graded with the same "
                f"rubric item; {single} of {len(ag['per_item'])} items have one so far (not computed).",
                note=True,
            )
        flagged = ag["flagged_sessions"]
        doc.paragraph(
            f"{len(flagged)} sessions where the judges' totals differ by more than {ag['threshold']:g} "
            f"points: {', '.join(str(f['session']) for f in flagged) or 'none'}."
        )
        doc.table(
            _frame(
                ag["self_preference"],
                ["judge", "judge_model", "own_n", "own_gap", "other_n", "other_gap", "preference"],
            ),
            "Self-preference: a judge's total minus the rest of the panel's, on its own model's work and on others'",
        )
    else:
        doc.paragraph(ag.get("note", "no agreement figures"), note=True)
    if rep.calibration:
        doc.heading("Calibration against hand grades").table(
            _frame(rep.calibration, ["judge", "n", "pearson", "mean_abs_diff", "bias", "icc2_1"])
        )
    if rep.rating:
        rt = rep.rating
        doc.heading("Ratings (the paper's model, exact posterior)")
        doc.paragraph(f"Rated: {rt['rated']}.")
        if rt["not_rated"]:
            doc.paragraph(rt["not_rated"] + ".", note=True)
        else:
            doc.paragraph(
                f"{rt['model']}; {rt['sessions']} graded sessions; noise sigma {rt['noise_sigma']:.2f}. "
                f"Ranked by the CollabSkill score mu - {rt['k']:g} sigma (the paper's tables)"
                + (f"; beside it, {rt['beside']['model']} (noise sigma {rt['beside']['noise_sigma']:.2f})."
                   if rt["beside"] else ".")
            )
            doc.paragraph(rt["rank_note"] + ".", note=True)
        cols = ["rank", "name", "sessions", "skill", "conservative", "mean_rank",
                "p_first"] + (["mu_task_term", "rank_task_term"] if rt["beside"] else [])
        doc.table(_frame(rt["agents"], cols), "Agents")
        doc.paragraph("Agents: " + rt["claims"].get("agents", "") + ".")
        doc.table(_frame(rt["humans"], [c for c in cols if "task_term" not in c]),
                  "Humans (the autonomous runs are '(no human)')" if rt["pooled"] else "People")
        doc.paragraph("Humans: " + rt["claims"].get("humans", "") + ".")
        if rt["autonomous"]:
            doc.table(_frame(rt["autonomous"], ["name", "sessions", "score"]),
                      "Autonomous runs beside the rating (mean score)" if not rt["pooled"] else "Autonomous runs")
        if rt["tasks"]:
            doc.table(_frame(rt["tasks"], ["name", "sessions", "skill"]), "Task term")
        for note in rt["notes"]:
            doc.paragraph(note, note=True)
    return doc.render()

