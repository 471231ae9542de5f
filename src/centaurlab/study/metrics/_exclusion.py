"""RealHumanEval's exclusion rule: a participant who completed no task, or who wrote no code for a
stretch of 15 minutes during the session, is left out of the analyses (263 recruited, 243 kept). Before
it, ours: a researcher's pilot (who came by a pilot link, see `study/_pilots.py`) is left out too, known
from the participants table's `pilot` column or, in the events alone, from its `session_started`.

Code writing is read from the log: every `code_snapshot` (the browser sends one only when the code
changed) and every `run` / `submit` whose code differs from the last code logged for that task. The
idle stretches are the gaps between the first task's start (after the tutorial), those writing
times, and the session's end (`session_ended`, else the participant's last event).
"""

from __future__ import annotations

import pandas as pd

from ._events import CODE_EVENTS, field, of_type, participants_frame, prepare, task_rows

IDLE_MINUTES = 15.0
EXCLUSION_COLUMNS = ("participant_id", "condition", "tasks_completed", "longest_idle_min", "excluded", "reason")
PILOT = "pilot"
NO_TASK = "no task completed"
IDLE = "no code written for {:g} minutes"


def _writing_times(ev: pd.DataFrame) -> dict[object, list[float]]:
    times: dict[object, list[float]] = {}
    last: dict[tuple[object, int], str] = {}
    code = of_type(task_rows(ev), *CODE_EVENTS)
    for pid, index, kind, t, text in zip(code["participant_id"], code["task_index"], code["type"], code["t"],
                                         field(code, "code"), strict=True):
        key, text = (pid, int(index)), str(text or "")
        if kind == "code_snapshot" or last.get(key) != text:
            times.setdefault(pid, []).append(float(t))
        last[key] = text
    return times


def _pilots(ev: pd.DataFrame, participants: pd.DataFrame | None) -> set[object]:
    """The participants who were a researcher's pilot."""
    started = of_type(ev, "session_started")
    out = {pid for pid, flag in zip(started["participant_id"], field(started, "pilot"), strict=True) if flag is True}
    if participants is not None and "pilot" in participants.columns:
        out |= {pid for pid, flag in zip(participants["participant_id"], participants["pilot"], strict=True)
                if flag is True or flag == 1}
    return out


def exclusions(events: pd.DataFrame, participants: pd.DataFrame | None = None,
               idle_minutes: float = IDLE_MINUTES) -> pd.DataFrame:
    """One row per participant: tasks completed, the longest stretch without writing code (minutes),
    and whether the rule excludes them (reason: the first rule that applies)."""
    ev = prepare(events)
    people = participants_frame(ev, participants)
    tasks = task_rows(ev)
    completed = of_type(tasks, "task_completed").drop_duplicates(["participant_id", "task_index"])
    done = completed.groupby("participant_id").size()
    starts = of_type(tasks, "task_loaded").groupby("participant_id")["t"].min()
    ended = of_type(ev, "session_ended").groupby("participant_id")["t"].min()
    last = ev.groupby("participant_id")["t"].max()
    writing = _writing_times(ev)
    pilots = _pilots(ev, participants)
    rows = []
    for pid, condition in zip(people["participant_id"], people["condition"], strict=True):
        n_done = int(done.get(pid, 0))
        idle = None
        if pid in starts.index:
            end = float(ended.get(pid, last.get(pid, starts[pid])))
            points = sorted([float(starts[pid]), *[t for t in writing.get(pid, []) if t <= end], end])
            idle = max(b - a for a, b in zip(points, points[1:], strict=False)) / 60_000.0 if len(points) > 1 else 0.0
        reason = PILOT if pid in pilots else NO_TASK if n_done == 0 \
            else IDLE.format(idle_minutes) if idle is not None and idle >= idle_minutes else ""
        rows.append({"participant_id": pid, "condition": condition, "tasks_completed": n_done,
                     "longest_idle_min": idle, "excluded": bool(reason), "reason": reason or None})
    return pd.DataFrame(rows, columns=list(EXCLUSION_COLUMNS))


def apply_exclusions(events: pd.DataFrame, participants: pd.DataFrame | None = None,
                     idle_minutes: float = IDLE_MINUTES) -> tuple[pd.DataFrame, pd.DataFrame | None, pd.DataFrame]:
    """(events, participants) without the excluded participants, and the exclusion table."""
    ev = prepare(events)
    table = exclusions(ev, participants, idle_minutes)
    out = set(table.loc[table["excluded"], "participant_id"])
    kept = ev[~ev["participant_id"].isin(out).to_numpy(dtype=bool)].copy()
    kept.attrs.update(ev.attrs)
    people = None if participants is None else participants[~participants["participant_id"].isin(out)]
    return kept, people, table
