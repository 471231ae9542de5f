"""One row per participant: the unit of analysis of a between-subjects study."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ._chat import chat_metrics
from ._events import participants_frame, prepare
from ._suggestions import RETENTION_SECONDS, suggestion_metrics
from ._surveys import SURVEY_COLUMNS, survey_metrics
from ._tasks import task_metrics

KEYS = ["participant_id", "condition"]
PARTICIPANT_METRICS = (
    "tasks_attempted", "tasks_completed", "tasks_skipped", "tasks_unfinished", "mean_time_to_success_s",
    "suggestions_served", "suggestions_shown", "suggestions_accepted", "acceptance_rate", "acceptance_rate_manual",
    "acceptance_rate_auto",
    "mean_verify_s", *(f"retained_{k}s" for k in RETENTION_SECONDS), "chat_messages", "chat_messages_per_task",
    "chat_responses", "responses_copied", "share_responses_copied", "copies_button", "copies_selection",
    "copies_per_response", "copies_button_per_response",
    "copies_selection_per_response", *SURVEY_COLUMNS[1:],
)


def participant_metrics(events: pd.DataFrame, participants: pd.DataFrame | None = None) -> pd.DataFrame:
    """One row per participant x condition, for everyone in `participants` or in the log
    (participant_id, condition, task_set, then `PARTICIPANT_METRICS`). Rates are NaN where
    their denominator is 0, so a participant who saw no suggestion does not count as 0%.

    * tasks_attempted / completed / skipped / unfinished: rows of `task_metrics` by outcome
      (attempted = all of them: every task reached after the tutorial).
    * mean_time_to_success_s: mean time_to_success_s over the completed tasks.
    * suggestions_served: suggestions the server sent; suggestions_shown: those the browser displayed.
    * acceptance_rate: accepted / shown over `suggestion_metrics` (RealHumanEval's definition: a
      suggestion never displayed is not in the denominator); _manual and _auto over the shown
      suggestions with that trigger. mean_verify_s: mean verify_s over decided shown suggestions.
    * retained_{15,30,60}s: share of accepted suggestions still in the code k s later, over those
      where it could be determined (see `suggestion_metrics`).
    * chat_messages: `chat_message` events; chat_messages_per_task: that / tasks_attempted.
    * responses_copied: chat responses with at least one copy; share_responses_copied: that /
      chat_responses (RealHumanEval's chat preference, "% of responses copied").
    * chat_responses, copies_button, copies_selection: sums over `chat_metrics`;
      copies_per_response: (copies_button + copies_selection) / chat_responses, and
      copies_button_per_response, copies_selection_per_response: each kind / chat_responses.
    * tlx_*, tlx_mean, ai_helpfulness: from `survey_metrics`.
    """
    ev = prepare(events)
    people = participants_frame(ev, participants)
    tasks = task_metrics(ev)
    base = pd.concat([people[KEYS], tasks[KEYS]], ignore_index=True).drop_duplicates()
    base = base.merge(people[["participant_id", "task_set"]], how="left", on="participant_id")
    out = base.set_index(KEYS)
    out = out.join(_task_part(tasks)).join(_suggestion_part(suggestion_metrics(ev))).join(_chat_part(chat_metrics(ev)))
    out = out.reset_index().merge(survey_metrics(ev), how="left", on="participant_id")
    counts = ["tasks_attempted", "tasks_completed", "tasks_skipped", "tasks_unfinished", "suggestions_served",
              "suggestions_shown", "suggestions_accepted", "chat_messages", "chat_responses", "responses_copied",
              "copies_button", "copies_selection"]
    out[counts] = out[counts].fillna(0).astype(int)
    out["chat_messages_per_task"] = _ratio(out["chat_messages"], out["tasks_attempted"])
    out["share_responses_copied"] = _ratio(out["responses_copied"], out["chat_responses"])
    out["copies_per_response"] = _ratio(out["copies_button"] + out["copies_selection"], out["chat_responses"])
    for via in ("button", "selection"):
        out[f"copies_{via}_per_response"] = _ratio(out[f"copies_{via}"], out["chat_responses"])
    out = out.sort_values(KEYS, kind="stable").reset_index(drop=True)
    return out.loc[:, [*KEYS, "task_set", *PARTICIPANT_METRICS]]


def _task_part(tasks: pd.DataFrame) -> pd.DataFrame:
    g = tasks.assign(unfinished=tasks["outcome"] == "unfinished").groupby(KEYS)
    return pd.DataFrame({
        "tasks_attempted": g.size(),
        "tasks_completed": g["completed"].sum(),
        "tasks_skipped": g["skipped"].sum(),
        "tasks_unfinished": g["unfinished"].sum(),
        "mean_time_to_success_s": g["time_to_success_s"].mean(),
        "chat_messages": g["chat_messages"].sum(),
    })


def _suggestion_part(all_sug: pd.DataFrame) -> pd.DataFrame:
    served = all_sug.groupby(KEYS).size().rename("suggestions_served")
    sug = all_sug[all_sug["shown"].astype(bool)]
    accepted = sug["outcome"] == "accepted"
    frame = pd.DataFrame({
        **{k: sug[k] for k in KEYS},
        "accepted": accepted.astype(float),
        "manual": accepted.astype(float).where(sug["trigger"] == "manual"),
        "auto": accepted.astype(float).where(sug["trigger"] == "auto"),
        "verify": pd.to_numeric(sug["verify_s"], errors="coerce"),
        **{f"retained_{k}s": pd.to_numeric(sug[f"retained_{k}s"].astype(object), errors="coerce")
           for k in RETENTION_SECONDS},
    })
    g = frame.groupby(KEYS)
    return pd.DataFrame({"suggestions_served": served}).join(pd.DataFrame({
        "suggestions_shown": g.size(),
        "suggestions_accepted": g["accepted"].sum(),
        "acceptance_rate": g["accepted"].mean(),
        "acceptance_rate_manual": g["manual"].mean(),
        "acceptance_rate_auto": g["auto"].mean(),
        "mean_verify_s": g["verify"].mean(),
        **{f"retained_{k}s": g[f"retained_{k}s"].mean() for k in RETENTION_SECONDS},
    }), how="left")


def _chat_part(chat: pd.DataFrame) -> pd.DataFrame:
    g = chat.assign(copied=chat["copies"] > 0).groupby(KEYS)
    return pd.DataFrame({"chat_responses": g.size(), "responses_copied": g["copied"].sum(),
                         "copies_button": g["copies_button"].sum(), "copies_selection": g["copies_selection"].sum()})


def _ratio(num: pd.Series, den: pd.Series) -> pd.Series:
    return (num / den.where(den > 0)).astype(float).replace([np.inf, -np.inf], np.nan)
