"""The telemetry contract as the metrics read it, and the one pass that cleans an event log.

Every metric starts from `prepare`: the log is deduplicated by `event_id` (the browser retries
with the same id, so a repeated id is the same event stored twice), payloads exported as JSON
strings are parsed, the tutorial (task_index 0) is dropped, and rows are put in time order.
Times are the browser's `client_ms`, because events are buffered and may reach the server
seconds late; `server_ms` only fills in when a client time is missing."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

import pandas as pd

from centaurlab.stats import StatsError

EVENT_COLUMNS = ("event_id", "study_id", "participant_id", "condition", "task_id", "task_index", "type",
                 "client_ms", "server_ms", "payload")
PARTICIPANT_COLUMNS = ("participant_id", "condition", "task_set")
CONDITIONS = ("none", "autocomplete", "chat", "both")
NO_AI = "none"
CODE_EVENTS = ("code_snapshot", "run", "submit")
PREPARED = "centaurlab.study.metrics.prepared"  # set in DataFrame.attrs so that nested metrics clean once


class EventsError(StatsError):
    """An event log or participant table that does not follow the telemetry contract."""


def parse_payload(value: object) -> dict[str, Any]:
    """A payload as a dict: dicts pass, JSON text (as in CSV/Parquet exports) is parsed, missing is {}."""
    if isinstance(value, Mapping):
        return dict(value)
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return {}
    if isinstance(value, str | bytes):
        parsed = json.loads(value) if value else {}
        if isinstance(parsed, dict):
            return parsed
    raise EventsError(f"payload must be a JSON object, got {str(value)[:60]!r}; export payloads as JSON objects")


def prepare(events: pd.DataFrame) -> pd.DataFrame:
    """The log in time order per participant, deduplicated, with payloads as dicts, `t` (ms) and
    `task_index` as a nullable integer. Tutorial rows (task_index 0) are dropped: every metric
    excludes the tutorial. Rows without a task (surveys, session events) stay, with task_index <NA>."""
    if events.attrs.get(PREPARED):
        return events
    missing = [c for c in EVENT_COLUMNS if c not in events.columns]
    if missing:
        raise EventsError(f"the event log lacks column(s) {', '.join(missing)}; it needs exactly "
                          f"{', '.join(EVENT_COLUMNS)} (as written by `centaur study export`)")
    ev = events.loc[:, list(EVENT_COLUMNS)].copy()
    ev["payload"] = pd.Series([parse_payload(p) for p in ev["payload"]], index=ev.index, dtype=object)
    client = pd.to_numeric(ev["client_ms"], errors="coerce")
    server = pd.to_numeric(ev["server_ms"], errors="coerce")
    ev["t"] = client.fillna(server).astype(float)
    ev["task_index"] = pd.to_numeric(ev["task_index"], errors="coerce").astype("Int64")
    ev = ev.sort_values(["server_ms", "t"], kind="stable").drop_duplicates("event_id", keep="first")
    ev = ev[~(ev["task_index"] == 0).fillna(False).to_numpy(dtype=bool)]
    ev = ev.sort_values(["participant_id", "t"], kind="stable").reset_index(drop=True)
    ev.attrs[PREPARED] = True
    return ev


def task_rows(ev: pd.DataFrame) -> pd.DataFrame:
    """Rows of a prepared log that belong to a (non-tutorial) task."""
    return ev[ev["task_index"].notna().to_numpy(dtype=bool)]


def of_type(ev: pd.DataFrame, *types: str) -> pd.DataFrame:
    return ev[ev["type"].isin(types).to_numpy(dtype=bool)]


def field(ev: pd.DataFrame, name: str) -> pd.Series:
    """One payload field of every row (None where absent)."""
    return pd.Series([p.get(name) for p in ev["payload"]], index=ev.index, dtype=object)


def participants_frame(ev: pd.DataFrame, participants: pd.DataFrame | None) -> pd.DataFrame:
    """participant_id, condition, task_set for everyone in the table or the log. The table wins;
    without one, the condition comes from the events and the task set from `session_started`."""
    if participants is not None:
        missing = [c for c in PARTICIPANT_COLUMNS if c not in participants.columns]
        if missing:
            raise EventsError(f"the participant table lacks column(s) {', '.join(missing)}; it needs "
                              f"{', '.join(PARTICIPANT_COLUMNS)}")
        known = participants.loc[:, list(PARTICIPANT_COLUMNS)].drop_duplicates("participant_id")
    else:
        known = pd.DataFrame(columns=list(PARTICIPANT_COLUMNS))
    started = of_type(ev, "session_started")
    from_log = pd.DataFrame({"participant_id": ev["participant_id"], "condition": ev["condition"]})
    from_log = from_log.drop_duplicates("participant_id")
    sets = pd.Series(field(started, "task_set").to_numpy(), index=started["participant_id"].to_numpy())
    from_log["task_set"] = from_log["participant_id"].map(sets[~sets.index.duplicated()])
    extra = from_log[~from_log["participant_id"].isin(known["participant_id"])]
    frames = [f for f in (known, extra) if not f.empty]
    out = pd.concat(frames, ignore_index=True) if frames else known
    return out.astype({"participant_id": object, "condition": object, "task_set": object})
