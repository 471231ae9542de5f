"""The study lens of a model card: RealHumanEval's measures for the conditions that used the model, from
the study pillar's own metrics (its exclusion rule applied, as in its reports).

Why so many groups: a figure means something only beside figures measured the same way. So each
study is its own group, named, with the settings it was measured with (who took part, the
temperature sent, the suggestions' length); a study of scripted participants is labelled so and is
never pooled with people; and within a study what differs in kind stays apart:

* single suggestions (conditions of kind autocomplete or both whose autocomplete model this is):
  acceptance_rate, RealHumanEval's "fraction of suggestions shown that are accepted" per participant,
  then the mean over participants; suggestions_accepted, the same pooled over every suggestion shown
  with a Wilson interval, the lens's score (a t interval over a handful of participants collapses to
  a point when their rates happen to agree, and a comparison would read certainty into it; the
  Wilson interval of the suggestions does not, though it takes one participant's suggestions as
  independent); persistence_30s (accepted code still in the code 30 s later);
* chat (conditions whose chat model this is): chat_copy_share, responses copied at least once;
* the condition as a whole (conditions whose only model this is): NASA-TLX, tasks completed, and the
  difference from no AI in tasks completed and time to success (the pillar's `condition_effects`);
* paired choices (paired conditions whose pool holds the model): paired_choice_rate, the pairs where
  its suggestion was chosen over the pairs shown with it (a choice between two, so about one half
  for an even match, not an acceptance rate), and paired_strength, the Bradley-Terry strength
  controlling for the place on screen and the latency, the fit the study report ranks models by.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from ..stats import Figure as Reported
from ..stats import not_computed
from ..study import study_ids
from ._figures import UNITS, Figure, finite, mean_figure, rate_figure
from ._lenses import Group, Lens

PLACEHOLDERS = ("acceptance_rate", "suggestions_accepted", "persistence_30s", "chat_copy_share", "tlx_mean",
                "tasks_completed")
EFFECTS = {"tasks_completed": "effect_tasks_completed", "mean_time_to_success_s": "effect_time_to_success_s"}
RATE = (0.0, 1.0)


def study_lens(url: str, model: str) -> Lens:
    lens = Lens("study", score="suggestions_accepted",
                # <study.toml>: a placeholder in a command, not HTML
                empty_hint=f"centaur study create <study.toml> with a condition using {model}; "
                           "then centaur serve for participants")
    for study_id in study_ids(url):
        try:
            group = _study_group(url, study_id, model, lens.tables)
        except (LookupError, ValueError, KeyError):
            continue
        if group is not None:
            lens.groups.append(group)
    lens.groups.sort(key=_order)
    lens.use_group(headline(lens.groups))
    if not lens.figures:
        lens.figures = {k: Figure(None, 0, reason="no study condition used the model") for k in PLACEHOLDERS}
    return lens


def _order(g: Group, score: str = "acceptance_rate") -> tuple[bool, int, str]:
    figure = g.figures.get(score)
    return (not g.people, -(figure.n if figure is not None else 0), g.key)


def headline(groups: list[Group]) -> str | None:
    """The group a card shows first and scores by: people before scripts, then the one with most
    participants behind the score, then by study id."""
    return min(groups, key=_order).key if groups else None


def _conditions(spec: Any, model: str) -> dict[str, set[str]]:
    """The study's conditions by what they tell about the model."""
    conds = spec.conditions.items()
    return {
        "single": {n for n, c in conds if c.assistance in ("autocomplete", "both") and c.autocomplete_model == model},
        "chat": {n for n, c in conds if c.assistance in ("chat", "both") and c.chat_model == model},
        "sole": {n for n, c in conds if c.assistance != "paired" and c.model_names() == [model]},
        "paired": {n for n, c in conds if c.assistance == "paired" and model in (c.models or ())},
    }


def _study_group(url: str, study_id: str, model: str, tables: dict[str, list[dict[str, Any]]]) -> Group | None:
    from ..study import (
        StudyCache,
        apply_exclusions,
        model_settings,
        participant_metrics,
        participants_label,
        prepare,
        study_frames,
    )

    spec = StudyCache(url).get(study_id).spec
    which = _conditions(spec, model)
    if not any(which.values()):
        return None
    events, people = study_frames(url, study_id)
    if people.empty or events.empty:
        return None
    ev, kept, _ = apply_exclusions(prepare(events), people)
    people = people if kept is None else kept
    per_person = participant_metrics(ev, people)
    runs = [f"study:{study_id}"]
    label = "scripted participants, not people" if spec.scripted else "people"
    group = Group(study_id, f"{study_id} ({label})", people=not spec.scripted)
    base = {"study": study_id, "participants": participants_label(spec)}
    if which["single"]:
        _single(group, per_person[per_person["condition"].isin(which["single"])], runs,
                model_settings(spec, events, model, which["single"]))
    if which["chat"]:
        chat = per_person[per_person["condition"].isin(which["chat"])]
        group.figures["chat_copy_share"] = mean_figure(
            list(chat["share_responses_copied"]), runs, RATE, empty="no chat response in the model's conditions")
        group.figures["chat_copy_share"].settings = model_settings(spec, events, model, which["chat"],
                                                                   "chat_response")
    if which["sole"]:
        _whole(group, ev, people, per_person, which["sole"], runs, base, tables, study_id)
    if which["paired"]:
        _paired(group, ev, which["paired"], model, runs,
                {**model_settings(spec, events, model, which["paired"]),
                 "pool": sorted({m for n in which["paired"] for m in spec.conditions[n].models or ()})},
                tables, study_id)
    return group


def _single(group: Group, rows: pd.DataFrame, runs: list[str], settings: dict[str, Any]) -> None:
    f = group.figures
    f["acceptance_rate"] = mean_figure(list(rows["acceptance_rate"]), runs, RATE,
                                       empty="no participant saw a suggestion of the model")
    f["suggestions_accepted"] = rate_figure(int(rows["suggestions_accepted"].sum()),
                                            int(rows["suggestions_shown"].sum()), runs, empty="no suggestion shown")
    f["persistence_30s"] = mean_figure(list(rows["retained_30s"]), runs, RATE, empty="no accepted suggestion to follow")
    for key in ("acceptance_rate", "suggestions_accepted", "persistence_30s"):
        f[key].settings = settings
    accepted, shown = int(rows["suggestions_accepted"].sum()), int(rows["suggestions_shown"].sum())
    group.units = [1.0] * accepted + [0.0] * (shown - accepted)  # one per suggestion shown, for the bootstrap


def _whole(group: Group, ev: pd.DataFrame, people: pd.DataFrame, per_person: pd.DataFrame, conditions: set[str],
           runs: list[str], settings: dict[str, Any], tables: dict[str, list[dict[str, Any]]], study_id: str) -> None:
    from ..study import condition_effects, control_of, task_metrics

    rows = per_person[per_person["condition"].isin(conditions)]
    whole = {**settings, "conditions": sorted(conditions)}
    group.figures["tlx_mean"] = mean_figure(list(rows["tlx_mean"]), runs, empty="no exit survey answered")
    group.figures["tasks_completed"] = mean_figure(list(rows["tasks_completed"]), runs, empty="no participant")
    try:
        effects = condition_effects(per_person, task_metrics(ev), control=control_of(people))
    except (ValueError, KeyError):
        effects = pd.DataFrame()
    mine = [{str(k): v for k, v in r.items()} for r in effects.to_dict("records") if r.get("condition") in conditions]
    for outcome, name in EFFECTS.items():
        found = [r for r in mine if r.get("metric") == outcome]
        if found:
            r = found[0]
            group.figures[name] = Figure(finite(r.get("difference")), int(r.get("n") or 0), None,
                                         finite(r.get("ci_low")), finite(r.get("ci_high")), runs,
                                         {**settings, "condition": r["condition"], "against": control_of(people)},
                                         reason=str(r.get("note") or "") or "no difference computable")
            if group.figures[name].value is not None and group.figures[name].interval() is None:
                group.figures[name].no_interval = str(r.get("note") or "") or "the study's analysis gave none"
    for key in ("tlx_mean", "tasks_completed"):
        group.figures[key].settings = whole
    tables.setdefault("effects", []).extend(_effect_row(r, study_id) for r in mine)


def _effect_row(r: dict[str, Any], study_id: str) -> dict[str, Any]:
    """A row of the study pillar's effects as the card shows it: the Welch difference from no AI as a figure
    (its interval, n and unit, or why it is missing) and its p-values; the study report has the regression."""
    n = int(r.get("n") or 0) + int(r.get("control_n") or 0)
    unit = UNITS.get(EFFECTS.get(str(r.get("metric")), ""), f"difference in {r.get('metric')}")
    diff = finite(r.get("difference"))
    note = str(r.get("note") or "")
    figure = (Reported(diff, finite(r.get("ci_low")), finite(r.get("ci_high")), n, unit, "Welch t")
              if diff is not None else not_computed(note or "no difference computable", n, unit))
    return {"study": study_id, "metric": r.get("metric"), "level": r.get("level"), "condition": r.get("condition"),
            "n": int(r.get("n") or 0), "control_n": int(r.get("control_n") or 0), "difference": figure.as_json(),
            "p_welch": _p(r.get("p_welch")), "p_adjusted": _p(r.get("p_adjusted")), "note": note or None}


def _p(x: Any) -> float | None:
    """A p-value to six places (a p below 1e-6 is shown as 0, not as float noise)."""
    p = finite(x)
    return None if p is None else round(p, 6)


def _paired(group: Group, ev: pd.DataFrame, conditions: set[str], model: str, runs: list[str],
            settings: dict[str, Any], tables: dict[str, list[dict[str, Any]]], study_id: str) -> None:
    from ..study import paired_choices, rank_paired

    pairs = paired_choices(ev)
    pairs = pairs[pairs["condition"].isin(conditions)]
    top, bottom = pairs["model_top"] == model, pairs["model_bottom"] == model
    chosen = (top & (pairs["choice"] == "top")) | (bottom & (pairs["choice"] == "bottom"))
    group.figures["paired_choice_rate"] = rate_figure(int(chosen.sum()), int((top | bottom).sum()), runs,
                                                      empty="no pair with the model's suggestion shown")
    group.figures["paired_choice_rate"].settings = settings
    ranking = rank_paired(pairs, rounds=200)
    rows = [] if ranking is None else [{str(k): v for k, v in r.items()} for r in ranking.table.to_dict("records")]
    tables.setdefault("paired", []).extend({**r, "study": study_id} for r in rows)
    mine = [r for r in rows if r.get("model") == model]
    group.figures["paired_strength"] = (
        Figure(finite(mine[0]["strength"]), int(mine[0]["pairs"]), None, finite(mine[0]["strength_low"]),
               finite(mine[0]["strength_high"]), runs, {**settings, "fit": "Bradley-Terry controlling for place "
                                                        "on screen and latency (the study report's ranking)"})
        if mine else Figure(None, 0, runs=runs, settings=settings, reason="no pair with a choice"))
