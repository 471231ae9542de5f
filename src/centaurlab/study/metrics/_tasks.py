"""Per-task outcomes: did the participant solve the task, skip it, or run out of time, and how
long did it take. RealHumanEval's productivity measures are built on these rows."""

from __future__ import annotations

import numpy as np
import pandas as pd

from ._events import field, of_type, prepare, task_rows

TASK_COLUMNS = ("participant_id", "condition", "task_id", "task_index", "outcome", "completed", "skipped",
                "time_to_success_s", "time_on_task_s", "attempts", "runs", "submits", "suggestions_shown",
                "suggestions_accepted", "chat_messages", "chat_copies")


def task_metrics(events: pd.DataFrame) -> pd.DataFrame:
    """One row per participant x task the participant reached (the tutorial excluded).

    * start: the first `task_loaded` of the task (a page refresh logs another; it does not
      restart the clock), or the task's first event when no `task_loaded` was logged.
    * outcome: "completed" if a `task_completed` was logged, else "skipped" if a `skip` was,
      else "unfinished" (the session ended on it). Every row counts as attempted.
    * time_to_success_s: first `task_completed` - start, in seconds; NaN unless completed.
    * time_on_task_s: (first `task_completed` or `skip`, else the task's last event) - start.
    * attempts: `attempts` of the `task_completed` payload (NaN unless completed);
      runs, submits, suggestions_shown, suggestions_accepted, chat_messages, chat_copies: event counts.
    """
    ev = task_rows(prepare(events))
    if ev.empty:
        return pd.DataFrame(columns=list(TASK_COLUMNS))
    keys = ["participant_id", "task_index"]
    grouped = ev.groupby(keys, sort=True)
    out = grouped.agg(condition=("condition", "first"), task_id=("task_id", "first"),
                      first_t=("t", "min"), last_t=("t", "max"))
    firsts = ev.groupby([*keys, "type"])["t"].min().unstack("type")
    counts = ev.groupby([*keys, "type"]).size().unstack("type")
    loaded = _col(firsts, "task_loaded")
    done = _col(firsts, "task_completed")
    skipped_at = _col(firsts, "skip")
    start = loaded.fillna(out["first_t"])
    is_done = done.notna()
    is_skip = skipped_at.notna() & ~is_done
    end = done.where(is_done, skipped_at.where(is_skip, out["last_t"]))
    out["outcome"] = np.where(is_done, "completed", np.where(is_skip, "skipped", "unfinished"))
    out["completed"] = is_done
    out["skipped"] = is_skip
    out["time_to_success_s"] = ((done - start) / 1000.0).where(is_done)
    out["time_on_task_s"] = (end - start) / 1000.0
    completions = of_type(ev, "task_completed").drop_duplicates(keys)
    attempts = pd.Series(pd.to_numeric(field(completions, "attempts"), errors="coerce").to_numpy(),
                         index=pd.MultiIndex.from_frame(completions[keys]))
    out["attempts"] = attempts.reindex(out.index).astype(float)
    for column, event_type in [("runs", "run"), ("submits", "submit"), ("suggestions_shown", "suggestion_shown"),
                               ("suggestions_accepted", "suggestion_accepted"), ("chat_messages", "chat_message"),
                               ("chat_copies", "chat_copy")]:
        out[column] = _col(counts, event_type).fillna(0).astype(int)
    out = out.reset_index()
    out["task_index"] = out["task_index"].astype(int)
    return out.loc[:, list(TASK_COLUMNS)]


def _col(table: pd.DataFrame, name: str) -> pd.Series:
    return table[name] if name in table.columns else pd.Series(np.nan, index=table.index)
