"""The analysis as one self-contained HTML page (tables only, no scripts), for sharing a result."""

from __future__ import annotations

from html import escape
from typing import Any

from ..stats import figure_from_json, is_figure_json, round_to_interval


def _cell(v: Any) -> str:
    """A figure (`Figure.as_json`) as its text, rounded to what its interval supports; a float the
    policy's way; anything else as written."""
    if is_figure_json(v):
        return escape(figure_from_json(v).text())
    if isinstance(v, float):
        return escape(round_to_interval(v)[0])
    return escape("" if v is None else str(v))


def _table(title: str, rows: list[dict[str, Any]], why: str | None = None) -> str:
    """A section's table; an empty one says why (`analysis` result's "empty"), a filled one with a
    reason (columns it could not fill) shows the reason under it."""
    note = f'<p class="why">{escape(why)}</p>' if why else ""
    if not rows:
        return f"<h2>{escape(title)}</h2>{note or '<p>(none)</p>'}"
    cols = [c for c in rows[0] if not isinstance(rows[0][c], dict | list) or is_figure_json(rows[0][c])]
    head = "".join(f"<th>{escape(c)}</th>" for c in cols)
    body = "".join("<tr>" + "".join(f"<td>{_cell(r.get(c))}</td>" for c in cols) + "</tr>" for r in rows)
    return f"<h2>{escape(title)}</h2><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{note}"


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
    parts = [
        _table("Study", summary),
        _table("Agents: skill together vs autonomous", result.get("agent_ranking", {}).get("agents", []),
               why.get("agent_ranking")),
        _table(f"Agent ratings: {rated['model']}, ranked by mu - {rated['k']:g} sigma (exact posterior, 95% "
               f"intervals, {rated['rounds']} bootstrap rounds)", rated["agents"]),
        f"<p>{escape(rated['rank_note'])}. Agents: {escape(rated['claims'].get('agents', ''))}.</p>",
        _table("People: skill", rated["humans"]),
        f"<p>People: {escape(rated['claims'].get('humans', ''))}.</p>",
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
               None if ours.get("indicators") else "<p>(none analysed)</p>"),
        _table("Model codes vs hand codes", result.get("coding_agreement", []), why.get("coding_agreement")),
    ]
    if "recovery" in result:
        parts.append(_table("Recovery of the known skills", [result["recovery"]]))
    style = ("body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem}"
             "table{border-collapse:collapse;margin-bottom:1.5rem}td,th{border:1px solid #ccc;padding:.25rem .5rem;"
             "text-align:right}th{background:#f3f3f3}")
    return (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{escape(title)}</title>"
            f"<style>{style}</style></head><body><h1>{escape(title)}</h1>{''.join(parts)}</body></html>")
