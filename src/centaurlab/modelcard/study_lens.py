"""The study lens of a model card: RealHumanEval's measures for the conditions that used the model.

For every stored study with a condition naming the model, the study pillar's own metrics (its
exclusion rule applied, as in its reports): acceptance rate, persistence (accepted suggestions
still in the code 30 s later), share of chat responses copied, NASA-TLX, and the difference from
the no-AI condition in tasks completed and time to success; and the paired-suggestion rating
(Bradley-Terry with a bootstrap) where the study paired models.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from ..study import study_ids
from .figures import Figure, mean_figure
from .lenses import Lens

PER_PERSON = {"acceptance_rate": "acceptance_rate", "persistence_30s": "retained_30s",
              "chat_copy_share": "share_responses_copied", "tlx_mean": "tlx_mean",
              "tasks_completed": "tasks_completed"}
RATES = {key: (0.0, 1.0) for key in ("acceptance_rate", "persistence_30s", "chat_copy_share")}
EFFECTS = {"tasks_completed": "effect_tasks_completed", "mean_time_to_success_s": "effect_time_to_success_s"}


def study_lens(url: str, model: str) -> Lens:
    lens = Lens("study", score="acceptance_rate",
                empty_hint=f"centaur study create <study.toml> with a condition using {model}; "
                           "then centaur serve for participants")
    values: dict[str, list[float]] = defaultdict(list)
    runs: list[str] = []
    effects: list[dict[str, Any]] = []
    paired: list[dict[str, Any]] = []
    for study_id in study_ids(url):
        try:
            effects_rows, per_person, pairs = _study_tables(url, study_id, model)
        except (LookupError, ValueError, KeyError):
            continue
        if per_person is None:
            continue
        runs.append(f"study:{study_id}")
        for key, column in PER_PERSON.items():
            if column in per_person:
                values[key].extend(float(v) for v in per_person[column].dropna())
        effects.extend({**row, "study": study_id} for row in effects_rows)
        paired.extend({**row, "study": study_id} for row in pairs)
    for key in PER_PERSON:
        lens.figures[key] = mean_figure(values[key], runs, bounds=RATES.get(key))
    lens.units = values["acceptance_rate"]
    for outcome, name in EFFECTS.items():
        rows = [r for r in effects if r.get("metric") == outcome and r.get("difference") is not None]
        if rows:
            r = rows[0]
            lens.figures[name] = Figure(float(r["difference"]), int(r.get("n") or 0), None,
                                        _num(r.get("ci_low")), _num(r.get("ci_high")), [f"study:{r['study']}"])
    if effects:
        lens.tables["effects"] = effects
    if paired:
        lens.tables["paired"] = paired
        mine = [p for p in paired if p.get("model") == model]
        if mine:
            p = mine[0]
            lens.figures["paired_strength"] = Figure(float(p["bt_strength"]), int(p["pairs"]), None,
                                                     _num(p.get("bt_low")), _num(p.get("bt_high")),
                                                     [f"study:{p['study']}"])
    return lens


def _num(x: Any) -> float | None:
    try:
        v = float(x)
    except (TypeError, ValueError):
        return None
    return None if v != v else v


def _study_tables(url: str, study_id: str, model: str) -> tuple[list[dict[str, Any]], Any, list[dict[str, Any]]]:
    """(effect rows of the model's conditions, their participants' metrics, paired-rating rows)."""
    from ..study import (
        apply_exclusions,
        condition_effects,
        control_of,
        paired_choices,
        participant_metrics,
        prepare,
        rank_paired,
        study_frames,
        task_metrics,
    )

    events, people = study_frames(url, study_id)
    if people.empty or events.empty:
        return [], None, []
    uses = people["model"].fillna("").map(lambda label: model in str(label).split("+"))
    conditions = set(people.loc[uses, "condition"])
    pairs_rows: list[dict[str, Any]] = []
    ev = prepare(events)
    ev, kept, _ = apply_exclusions(ev, people)
    people = people if kept is None else kept
    per_person = participant_metrics(ev, people)
    ranking = rank_paired(paired_choices(ev), rounds=200)
    if ranking is not None:
        pairs_rows = [{str(k): v for k, v in r.items()} for r in ranking.table.to_dict("records")]
    if not conditions and not any(r.get("model") == model for r in pairs_rows):
        return [], None, []
    mine = per_person[per_person["condition"].isin(conditions)]
    effect_rows: list[dict[str, Any]] = []
    try:
        effects = condition_effects(per_person, task_metrics(ev), control=control_of(people))
        effect_rows = [{str(k): v for k, v in r.items()} for r in effects.to_dict("records")
                       if r.get("condition") in conditions]
    except (ValueError, KeyError):
        pass
    return effect_rows, mine, pairs_rows
