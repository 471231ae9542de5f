"""One study report, computed once and shown three ways (text, HTML, JSON) and on the dashboard.

`build_report` runs the exclusion rule, the metrics and the analyses, and keeps every assigned
condition in view: a condition whose participants were all excluded keeps its column and its effect
rows, each saying who was excluded and why (a report that silently lost a condition read as if the
study never had it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from centaurlab.stats import figure

from ._analyses import Z_METRICS, zscore_participants
from ._effects import condition_effects
from ._events import CONDITIONS, participants_frame, prepare
from ._exclusion import apply_exclusions, exclusions
from ._figures import (
    SUMMARY,
    TLX,
    effect_rows,
    emptied_reason,
    exclusion_summary,
    jsonable,
    paired_rows,
    summary_figures,
)
from ._groups import GROUPINGS, control_of, groupings, regroup
from ._paired import paired_choices, rank_paired
from ._participants import participant_metrics
from ._tasks import task_metrics


@dataclass
class StudyReport:
    events: pd.DataFrame  # the prepared log of the participants analysed
    people: pd.DataFrame  # every participant assigned (before exclusion)
    per_person: pd.DataFrame  # participant_metrics of those analysed
    tasks: pd.DataFrame
    control: str
    conditions: list[str]  # every assigned condition, analysed or not
    exclusion: dict[str, Any]
    summary: list[dict[str, Any]]
    tlx: list[dict[str, Any]]
    effects: list[dict[str, Any]]
    effects_z: list[dict[str, Any]]
    pooled: list[dict[str, Any]] = field(default_factory=list)
    paired: dict[str, Any] | None = None
    pairs_shown: int = 0

    def emptied(self) -> dict[str, str]:
        """Condition -> why it has nobody left to analyse (every participant excluded)."""
        return {c: emptied_reason(self.exclusion, c) or "" for c in self.exclusion["emptied"]}

    def as_json(self) -> dict[str, Any]:
        """The report's figures in the fields of `Figure.as_json` (no NaN anywhere)."""
        out: dict[str, Any] = jsonable({
            "participants": len(self.people), "analysed": len(self.per_person), "control": self.control,
            "conditions": self.conditions, "exclusions": self.exclusion, "summary": self.summary,
            "tlx": self.tlx, "effects": self.effects, "effects_z": self.effects_z, "pooled": self.pooled,
            "paired": self.paired, "pairs_shown": self.pairs_shown})
        return out


def ordered(names: list[str]) -> list[str]:
    """RealHumanEval's condition names first in their order, then any others sorted."""
    present = list(dict.fromkeys(str(n) for n in names))
    known = [c for c in CONDITIONS if c in present]
    return known + sorted(set(present) - set(known))


def build_report(events: pd.DataFrame, participants: pd.DataFrame | None = None, exclude: bool = True,
                 conditions: list[str] | None = None) -> StudyReport:
    """Everything the report shows. `exclude` applies RealHumanEval's exclusion rule (the excluded are
    listed either way); `conditions` fixes the order of the conditions (default: `ordered`)."""
    ev = prepare(events)
    everyone = participants_frame(ev, participants)
    table = exclusions(ev, participants)
    kept = participants
    if exclude:
        ev, kept, table = apply_exclusions(ev, participants)
    names = conditions or ordered(list(everyone["condition"].dropna()))
    exclusion = exclusion_summary(table, names, exclude)
    per_person = participant_metrics(ev, participants_frame(ev, kept))
    tasks = task_metrics(ev)
    control = control_of(participants)
    effects = condition_effects(per_person, tasks, control=control, conditions=names)
    zscored = zscore_participants(per_person)
    effects_z = condition_effects(zscored, outcomes=[f"{m}_z" for m in Z_METRICS], control=control,
                                  conditions=names)
    report = StudyReport(ev, everyone, per_person, tasks, control, names, exclusion,
                         summary_figures(per_person, names, exclusion),
                         summary_figures(per_person, names, exclusion, TLX),
                         effect_rows(effects, control, exclusion), effect_rows(effects_z, control, exclusion))
    if participants is not None:
        report.pooled = [_pooled(report, participants, table, by, exclude) for by in groupings(participants)]
    pairs = paired_choices(ev)
    report.pairs_shown = len(pairs)
    ranking = rank_paired(pairs) if len(pairs) else None
    if ranking is not None:
        report.paired = {
            "pairs": ranking.pairs, "neither": ranking.neither, "models": paired_rows(ranking),
            "position": figure(ranking.position_logit, *ranking.position_ci, ranking.pairs, "logit",
                               "bootstrap percentile over pairs"),
            "latency": figure(ranking.latency_logit_per_s, *ranking.latency_ci, ranking.pairs, "logit per s",
                              "bootstrap percentile over pairs")}
    return report


def _pooled(report: StudyReport, participants: pd.DataFrame, table: pd.DataFrame, by: str,
            exclude: bool) -> dict[str, Any]:
    control = control_of(participants, by)
    groups = ordered(list(participants[by].dropna()))
    mapping = participants.drop_duplicates("participant_id").set_index("participant_id")[by]
    exclusion = exclusion_summary(table.assign(condition=table["participant_id"].map(mapping)
                                               .fillna(table["condition"])), groups, exclude)
    pooled = regroup(report.per_person, participants, by)
    effects = condition_effects(pooled, regroup(report.tasks, participants, by), control=control, conditions=groups)
    return {"by": by, "label": GROUPINGS[by], "control": control, "groups": groups,
            "summary": summary_figures(pooled, groups, exclusion, SUMMARY),
            "effects": effect_rows(effects, control, exclusion)}
