"""The analysis as one self-contained HTML page (tables only, no scripts), for sharing a result; the
page is `templates/report.html`, here each section becomes a view of plain text cells."""

from __future__ import annotations

from typing import Any

from ..stats import figure_from_json, is_figure_json, round_to_interval
from ..templating import render


def _cell(v: Any) -> str:
    """A figure (`Figure.as_json`) as its text, rounded to what its interval supports; a float the
    policy's way; anything else as written."""
    if is_figure_json(v):
        return figure_from_json(v).text()
    if isinstance(v, float):
        return round_to_interval(v)[0]
    return "" if v is None else str(v)


def _table(title: str, rows: list[dict[str, Any]], why: str | None = None) -> dict[str, Any]:
    """A section's table; an empty one says why (`analysis` result's "empty"), a filled one with a
    reason (columns it could not fill) shows the reason under it."""
    cols = [c for c in rows[0] if not isinstance(rows[0][c], dict | list) or is_figure_json(rows[0][c])] if rows else []
    return {"title": title, "why": why, "columns": cols, "rows": [[_cell(r.get(c)) for c in cols] for r in rows]}


def _text(text: str) -> dict[str, Any]:
    return {"text": text}


def render_html(result: dict[str, Any], title: str) -> str:
    beh = result.get("behaviours", {})
    summary = [{k: result.get(k) for k in ("sessions", "people", "agents", "autonomous_sessions", "mean_score")}]
    ours = beh.get("ours", {})
    extra = [{"measure": k, **v} for k, v in beh.items() if k in ("total_count", "user_turns")]
    if "total_count" in ours:
        extra.append({"measure": "total_count with ours (not the paper's)", **ours["total_count"]})
    coding = result.get("fluency_coding") or {}
    coders = coding.get("coders", [])
    kappa = [{"indicator": i, **{c["coder"]: c["kappa"].get(i) for c in coders}}
             for i in dict.fromkeys(i for c in coders for i in c["kappa"])]
    rated = result["ratings"]
    why = result.get("empty", {})
    sections = [
        _table("Study", summary),
        _table("Agents: skill together vs autonomous", result.get("agent_ranking", {}).get("agents", []),
               why.get("agent_ranking")),
        _table(f"Agent ratings: {rated['model']}, ranked by mu - {rated['k']:g} sigma (exact posterior, 95% "
               f"intervals, {rated['rounds']} bootstrap rounds)", rated["agents"]),
        _text(f"{rated['rank_note']}. Agents: {rated['claims'].get('agents', '')}."),
        _table("People: skill", rated["humans"]),
        _text(f"People: {rated['claims'].get('humans', '')}."),
        _table("Win rate against the autonomous baseline by skill quartile", result.get("quartile_wins", []),
               why.get("quartile_wins")),
        _table("Sessions left out of the win rates", result.get("quartile_excluded", []),
               None if result.get("quartile_excluded") else "none: every session handed in a deliverable"),
        _table("Survey before and after (Wilcoxon, median split)", result.get("pre_post", []), why.get("pre_post")),
        _table("Pre-survey measures vs skill (Spearman)", result.get("survey_vs_skill", []),
               why.get("survey_vs_skill")),
        _table(f"AI-fluency coders: Cohen's kappa against {coding.get('transcripts', 0)} hand-coded transcripts",
               kappa, why.get("fluency_coding")),
        _table("AI-fluency indicators left out of the analysis", beh.get("left_out", []), why.get("left_out")),
        _table("AI-fluency behaviours vs session score", beh.get("indicators", []), why.get("behaviours")),
        _table("Counts vs session score (Pearson; the total counts the paper's 11 indicators)", extra,
               why.get("counts")),
        _table("Our indicators, beyond the paper's 11 (not in its total)", ours.get("indicators", []),
               None if ours.get("indicators") else "(none analysed)"),
        _table("Model codes vs hand codes", result.get("coding_agreement", []), why.get("coding_agreement")),
    ]
    if "recovery" in result:
        sections.append(_table("Recovery of the known skills", [result["recovery"]]))
    return render("centaurlab.collabstudy", "report.html", {"title": title, "sections": sections})
