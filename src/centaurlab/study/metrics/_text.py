"""The study report's tables as text cells, from its JSON (`StudyReport.as_json`): what `centaur study
report` prints and the HTML report and dashboard show. Built from the JSON so that what a reader sees
is exactly what a script reads. A figure that cannot be computed reads "not computed: <reason>" in the
figure's own cell (the cell that stays on screen at any width), never a dash."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ._figures import figure_of


@dataclass
class TextTable:
    title: str
    columns: list[str]
    rows: list[list[str]]
    essential: tuple[str, ...] = ()  # the columns to keep longest when the width runs short
    notes: list[str] = field(default_factory=list)


def figure_text(data: Mapping[str, Any]) -> str:
    """'12 [10, 14] s, n 9' or 'not computed: <reason>'."""
    return figure_of(data).text()


def exclusion_sentence(exclusion: Mapping[str, Any]) -> str:
    """'2 of 12 participants excluded (RealHumanEval's rule: ...): 2 no task completed.'"""
    counts: dict[str, int] = {}
    for p in exclusion["participants"]:
        counts[p["reason"]] = counts.get(p["reason"], 0) + 1
    why = ", ".join(f"{n} {r}" for r, n in counts.items()) or "nobody meets it"
    verb = "excluded" if exclusion["applied"] else "would be excluded (the rule is off: everyone is analysed)"
    out = f"{exclusion['would_be_excluded']} of {exclusion['of']} participants {verb} ({exclusion['rule']}): {why}."
    for condition in exclusion["emptied"]:
        out += f" Condition {condition!r} has no participant left: every figure of it is not computed."
    return out


def exclusion_tables(exclusion: Mapping[str, Any]) -> list[TextTable]:
    by = [[c["condition"], str(c["assigned"]), str(c["excluded"]), str(c["analysed"]),
           "; ".join(f"{n} {r}" for r, n in c["reasons"].items()) or "none excluded"]
          for c in exclusion["by_condition"]]
    tables = [TextTable("exclusions by condition", ["condition", "assigned", "excluded", "analysed", "why"], by,
                        notes=[exclusion_sentence(exclusion)])]
    if exclusion["participants"]:
        who = [[p["participant_id"], p["condition"], p["reason"], str(p["tasks_completed"]),
                "no task started" if p["longest_idle_min"] is None else f"{p['longest_idle_min']:g}"]
               for p in exclusion["participants"]]
        tables.append(TextTable("participants the rule excludes",
                                ["participant", "condition", "why", "tasks completed", "longest idle (min)"], who))
    return tables


def summary_table(rows: Sequence[Mapping[str, Any]], conditions: Sequence[str], title: str) -> TextTable:
    """Metrics as rows, conditions as columns, each cell a figure with interval, unit and n."""
    cells: dict[str, dict[str, str]] = {}
    labels: dict[str, str] = {}
    for r in rows:
        labels[r["metric"]] = r["label"]
        cells.setdefault(r["metric"], {})[r["condition"]] = figure_text(r["figure"])
    body = [[labels[m], *[cells[m].get(c, "not computed: no row") for c in conditions]] for m in labels]
    return TextTable(title, ["Metric", *conditions], body,
                     notes=["Each cell: mean [95% t interval] unit, n participants with a value."])


def effects_table(rows: Sequence[Mapping[str, Any]], title: str) -> TextTable:
    """One row per outcome x condition: the OLS effect with its interval, n, the Welch difference and the claim
    the Benjamini-Hochberg adjusted p allows."""
    body = []
    for r in rows:
        effect = figure_of(r["effect"])
        difference = figure_of(r["difference"])
        same = not difference.computed and difference.reason == effect.reason
        body.append([r["label"], r["condition"], f"{r['n']} vs {r['control_n']}", effect.text(with_n=False),
                     "not computed (as the effect)" if same else difference.text(with_n=False),
                     r["claim"].replace(f", {r['correction']}", "") if effect.computed else "no test"])
    notes = []
    if rows and not any(r["p_adjusted"] is not None for r in rows):
        notes.append("No test could be run: each effect says why.")
    elif rows:
        notes.append(f"effect: the condition's OLS coefficient against {rows[0]['control']!r} with task-set effects "
                     f"(HC3 errors; task-level times clustered by participant), 95% interval; adjusted p: "
                     f"{rows[0]['correction']}, alpha 0.05.")
    return TextTable(title, ["outcome", "condition", "n vs control", "effect, OLS [95% CI]",
                             "difference, Welch [95% CI]", "claim"], body,
                     essential=("outcome", "condition", "effect, OLS [95% CI]", "claim"), notes=notes)


def paired_table(paired: Mapping[str, Any]) -> TextTable:
    body = [[m["rank"], m["model"], figure_text(m["strength"]), figure_text(m["bt_strength"]),
             f"{m['chosen']} of {m['pairs']}"] for m in paired["models"]]
    notes = [f"{paired['pairs']} pairs with a choice ({paired['neither']} shown pairs where neither was accepted). "
             "Rank: a range wherever 95% intervals overlap. Strength controls for the place on screen "
             f"({figure_text(paired['position'])}) and for latency ({figure_text(paired['latency'])})."]
    return TextTable("paired suggestions: models by strength",
                     ["rank", "model", "strength (controlled) [95% CI]", "Bradley-Terry [95% CI]", "chosen"], body,
                     essential=("rank", "model", "strength (controlled) [95% CI]"), notes=notes)


def report_tables(report: Mapping[str, Any]) -> list[TextTable]:
    """Every table of the report, in reading order."""
    conditions = report["conditions"]
    tables = exclusion_tables(report["exclusions"])
    tables.append(summary_table(report["summary"], conditions, "summary by condition"))
    tables.append(effects_table(report["effects"], f"effects against the no-AI condition ({report['control']!r})"))
    tables.append(effects_table(report["effects_z"], "effects on metrics z-scored within task set"))
    for pool in report["pooled"]:
        tables.append(summary_table(pool["summary"], pool["groups"], f"summary by {pool['label']}"))
        tables.append(effects_table(pool["effects"], f"effects by {pool['label']} against {pool['control']!r}"))
    if report["paired"]:
        tables.append(paired_table(report["paired"]))
    return tables
