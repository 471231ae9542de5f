"""Exporting a study: the raw events and the four RealHumanEval-style tables (autocomplete
suggestions, chat messages, tasks, per-participant summary), as CSV or Parquet, with personal data
scrubbed from free text.

`study_events` and `participant_attributes` read the store into the frames the metrics take
(`centaurlab.study.metrics`): the events with exactly the contract's columns, payload as a dict.
Building the tables is pure (frames in, frames out). `table_chunks` gives one table as the pieces of
its file, made as they are asked for: the dashboard streams them from a worker thread, so that a large
study (or one participant's very long paste) is never one long step that other requests wait behind.
"""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import pandas as pd
from sqlalchemy import select

from .. import store
from ..hfdataset import DEFAULT_LICENSE, write_dataset
from ._dataset import study_card
from ._scrub import scrub_emails, scrub_text
from ._tables import EVENT_COLUMNS, ParticipantRow, events_of

Format = Literal["csv", "parquet"]
ExportFormat = Literal["csv", "parquet", "hf"]  # hf: a folder Hugging Face `datasets` loads (hfdataset.py)
TABLES = ("events", "suggestions", "chat", "tasks", "participants")
ROWS_PER_CHUNK = 200
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
TLX = ("tlx_mental", "tlx_physical", "tlx_temporal", "tlx_performance", "tlx_effort", "tlx_frustration")


def study_events(url: str, study_id: str) -> pd.DataFrame:
    """Every event of a study in the contract's columns, in the order they happened in the browser."""
    with store.session_scope(url) as session:
        rows = [e.to_dict() for e in events_of(session, study_id)]
    frame = pd.DataFrame(rows, columns=list(EVENT_COLUMNS))
    return frame.sort_values(["participant_id", "client_ms", "server_ms"], kind="stable").reset_index(drop=True)


@dataclass(frozen=True)
class LoggedEvent:
    id: int
    type: str
    client_ms: int
    task_index: int | None
    payload: dict[str, Any]


@dataclass(frozen=True)
class ParticipantLog:
    """Where one participant stands, and every event of theirs in the order the browser made them."""

    condition: str | None
    task_set: int | None
    stage: str
    prolific_pid: str | None
    events: list[LoggedEvent]


def participant_log(url: str, study_id: str, participant_id: str) -> ParticipantLog | None:
    """The participant's log, or None when the study has no such participant."""
    with store.session_scope(url) as session:
        p = session.scalars(select(ParticipantRow).where(ParticipantRow.id == participant_id,
                                                         ParticipantRow.study_id == study_id)).first()
        if p is None:
            return None
        events = [LoggedEvent(ev.id, ev.type, ev.client_ms, ev.task_index, ev.payload)
                  for ev in events_of(session, study_id, participant_id)]
        events.sort(key=lambda ev: (ev.client_ms, ev.id))
        return ParticipantLog(p.condition, p.task_set, p.stage, p.prolific_pid, events)


def participant_attributes(url: str, study_id: str) -> pd.DataFrame:
    """One row per assigned participant: participant_id, condition, task_set (and stage, stratum, recruitment,
    and `pilot`: True for a researcher's pilot, whom the analyses leave out by default)."""
    with store.session_scope(url) as session:
        rows = session.scalars(select(ParticipantRow).where(ParticipantRow.study_id == study_id)).all()
        data = [{
            "participant_id": p.id, "condition": p.condition,
            "task_set": None if p.task_set is None else str(p.task_set + 1),
            "stage": p.stage, "stratum": p.stratum, "prolific_pid": p.prolific_pid,
            "prolific_study_id": p.recruitment.get("STUDY_ID"), "prolific_session_id": p.recruitment.get("SESSION_ID"),
            "created_at": p.created_at, "finished_at": p.finished_at, "pilot": p.pilot is not None,
        } for p in rows]
    columns = ["participant_id", "condition", "task_set", "stage", "stratum", "prolific_pid", "prolific_study_id",
               "prolific_session_id", "created_at", "finished_at", "pilot"]
    return pd.DataFrame(data, columns=columns)


# --- scrubbing --------------------------------------------------------------------------------------------------


def _scrub_payload(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    out = dict(payload)
    for key in ("code", "prefix", "suffix", "suggestion", "output"):
        if isinstance(out.get(key), str):
            out[key] = scrub_emails(out[key])
    if kind in ("chat_message", "chat_response", "chat_copy", "paste") and isinstance(out.get("text"), str):
        out["text"] = scrub_text(out["text"])
    if kind == "chat_message" and isinstance(out.get("history"), list):
        out["history"] = [{**t, "content": scrub_text(str(t.get("content", "")))} if isinstance(t, dict) else t
                          for t in out["history"]]
    if kind == "survey" and isinstance(out.get("answers"), dict):
        out["answers"] = {k: scrub_text(v) if isinstance(v, str) else v for k, v in out["answers"].items()}
    return out


def scrub_events(events: pd.DataFrame) -> pd.DataFrame:
    """The events with names, e-mail addresses and phone numbers removed from free text (chat, surveys,
    pastes) and e-mail addresses from code."""
    out = events.copy()
    out["payload"] = pd.Series([_scrub_payload(t, p) for t, p in zip(out["type"], out["payload"], strict=True)],
                               index=out.index, dtype=object)
    return out


def pseudonymise(participants: pd.DataFrame, salt: str) -> pd.DataFrame:
    """Recruitment-platform ids replaced by salted hashes (the same id gives the same hash within a study)."""
    out = participants.copy()
    for col in ("prolific_pid", "prolific_session_id"):
        out[col] = [None if v is None or v != v else hashlib.sha256(f"{salt}:{v}".encode()).hexdigest()[:16]
                    for v in out[col]]
    return out


def spreadsheet_safe(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame as a CSV file may hold it: each text cell through `safe_cell`; numbers stay numbers.
    Parquet files keep the values as they are."""
    out = frame.copy()
    for column in out.columns:
        if pd.api.types.is_object_dtype(out[column]) or pd.api.types.is_string_dtype(out[column]):
            risky = out[column].map(_needs_care).astype(bool)
            if risky.any():
                out.loc[risky, column] = out.loc[risky, column].map(safe_cell)
    return out


def _needs_care(value: Any) -> bool:
    return isinstance(value, str) and (value.startswith(FORMULA_START) or "\r" in value or "\n" in value)


def safe_cell(text: str) -> str:
    """One text cell as a spreadsheet may open it. A spreadsheet (Excel, LibreOffice, Google Sheets) runs a
    cell that starts with =, +, - or @ (or a tab or carriage return) as a formula, and a participant can type
    one (a Prolific id, a survey answer, a chat message): such a cell gets a leading apostrophe, OWASP's
    advice, which spreadsheets show as text. A bare carriage return is no line end to the CSV writer, which
    leaves it unquoted, yet readers split the row there: line ends become plain newlines (which the writer
    quotes), and each line inside the cell that starts like a formula gets the apostrophe too, so that no
    reader that splits lines regardless of quotes meets a formula at a line's start."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "\n".join("'" + line if line.startswith(FORMULA_START) else line for line in lines)


# --- the tables -------------------------------------------------------------------------------------------------


def _of(events: pd.DataFrame, *types: str) -> list[dict[str, Any]]:
    return [{str(k): v for k, v in r.items()} for r in events[events["type"].isin(types)].to_dict("records")]


def suggestions_table(events: pd.DataFrame) -> pd.DataFrame:
    """One row per suggestion served, whether the browser showed it, and what became of it (accepted,
    rejected and why, or no decision)."""
    decisions: dict[str, dict[str, Any]] = {}
    for e in _of(events, "suggestion_accepted", "suggestion_rejected"):
        sid = e["payload"].get("suggestion_id")
        if sid and sid not in decisions:
            decisions[sid] = e
    requested = {e["payload"].get("request_id"): e for e in _of(events, "suggestion_requested")}
    displayed: dict[str, Any] = {}
    for e in _of(events, "suggestion_shown"):
        sid = e["payload"].get("suggestion_id")
        if sid and "suggestion" not in e["payload"] and sid not in displayed:
            displayed[sid] = e["client_ms"]
    rows = []
    served = [e for e in _of(events, "suggestion_served", "suggestion_shown") if "suggestion" in e["payload"]]
    for e in served:
        p = e["payload"]
        d = decisions.get(p.get("suggestion_id"))
        legacy = e["type"] == "suggestion_shown"  # logs from before the browser reported display
        shown_ms = e["client_ms"] if legacy else displayed.get(p.get("suggestion_id"))
        req = requested.get(p.get("request_id"))
        rows.append({
            "participant_id": e["participant_id"], "condition": e["condition"], "task_id": e["task_id"],
            "task_index": e["task_index"], "request_id": p.get("request_id"), "suggestion_id": p.get("suggestion_id"),
            "pair_id": p.get("pair_id"), "position": p.get("position"),
            "trigger": req["payload"].get("trigger") if req else None, "model": p.get("model"),
            "temperature": p.get("temperature"), "latency_ms": p.get("latency_ms"),
            "requested_ms": req["client_ms"] if req else None,
            "served_ms": e["client_ms"], "shown": shown_ms is not None or (d is not None and d["type"] ==
                                                                            "suggestion_accepted"),
            "shown_ms": shown_ms, "prefix": p.get("prefix"), "suffix": p.get("suffix"),
            "suggestion": p.get("suggestion"),
            "decision": None if d is None else ("accepted" if d["type"] == "suggestion_accepted" else "rejected"),
            "reject_reason": (d["payload"].get("reason")
                              if d is not None and d["type"] == "suggestion_rejected" else None),
            "decision_ms": d["client_ms"] if d is not None else None,
            "logprobs": json.dumps(p.get("logprobs")) if p.get("logprobs") is not None else None,
        })
    return pd.DataFrame(rows, columns=[
        "participant_id", "condition", "task_id", "task_index", "request_id", "suggestion_id", "pair_id", "position",
        "trigger", "model", "temperature", "latency_ms", "requested_ms", "served_ms", "shown", "shown_ms", "prefix",
        "suffix",
        "suggestion", "decision", "reject_reason", "decision_ms", "logprobs"])


def chat_table(events: pd.DataFrame) -> pd.DataFrame:
    """One row per chat message with the editor's code at that moment, its answer, copies, feedback and
    whether it was cancelled."""
    responses = {e["payload"].get("message_id"): e for e in _of(events, "chat_response")}
    cancelled = {e["payload"].get("message_id") for e in _of(events, "chat_cancel")}
    copies: dict[str, list[str]] = {}
    for e in _of(events, "chat_copy"):
        copies.setdefault(e["payload"].get("response_id"), []).append(str(e["payload"].get("via")))
    feedback = {e["payload"].get("response_id"): e["payload"].get("value") for e in _of(events, "chat_feedback")}
    rows = []
    for e in _of(events, "chat_message"):
        p = e["payload"]
        r = responses.get(p.get("message_id"))
        rid = r["payload"].get("response_id") if r else None
        via = copies.get(rid, []) if rid else []
        rows.append({
            "participant_id": e["participant_id"], "condition": e["condition"], "task_id": e["task_id"],
            "task_index": e["task_index"], "message_id": p.get("message_id"), "message": p.get("text"),
            "code": p.get("code"),
            "history_length": len(p.get("history") or []), "sent_ms": e["client_ms"], "response_id": rid,
            "response": r["payload"].get("text") if r else None, "model": r["payload"].get("model") if r else None,
            "temperature": r["payload"].get("temperature") if r else None,
            "latency_ms": r["payload"].get("latency_ms") if r else None,
            "cancelled": p.get("message_id") in cancelled, "copies_button": via.count("button"),
            "copies_selection": via.count("selection"), "feedback": feedback.get(rid) if rid else None,
        })
    return pd.DataFrame(rows, columns=[
        "participant_id", "condition", "task_id", "task_index", "message_id", "message", "code", "history_length",
        "sent_ms",
        "response_id", "response", "model", "temperature", "latency_ms", "cancelled", "copies_button",
        "copies_selection", "feedback"])


def tasks_table(events: pd.DataFrame) -> pd.DataFrame:
    """One row per task a participant loaded: how it ended and how long it took."""
    rows: dict[tuple[str, int], dict[str, Any]] = {}
    for e in events.to_dict("records"):
        if e["task_index"] is None or e["task_index"] != e["task_index"]:
            continue
        key = (e["participant_id"], int(e["task_index"]))
        row = rows.setdefault(key, {
            "participant_id": e["participant_id"], "condition": e["condition"], "task_id": e["task_id"],
            "task_index": int(e["task_index"]), "tutorial": int(e["task_index"]) == 0, "loaded_ms": None,
            "ended_ms": None, "outcome": "unfinished", "attempts": 0, "runs": 0, "suggestions_shown": 0,
            "suggestions_accepted": 0, "chat_messages": 0,
        })
        kind = e["type"]
        if kind == "task_loaded" and row["loaded_ms"] is None:
            row["loaded_ms"] = e["client_ms"]
        elif kind in ("task_completed", "skip") and row["ended_ms"] is None:
            row["ended_ms"] = e["client_ms"]
            row["outcome"] = "completed" if kind == "task_completed" else "skipped"
        counters = {"submit": "attempts", "run": "runs", "suggestion_shown": "suggestions_shown",
                    "suggestion_accepted": "suggestions_accepted", "chat_message": "chat_messages"}
        if kind in counters:
            row[counters[kind]] += 1
    frame = pd.DataFrame(list(rows.values()), columns=[
        "participant_id", "condition", "task_id", "task_index", "tutorial", "loaded_ms", "ended_ms", "outcome",
        "attempts", "runs", "suggestions_shown", "suggestions_accepted", "chat_messages"])
    frame["duration_s"] = (frame["ended_ms"] - frame["loaded_ms"]) / 1000.0
    return frame.sort_values(["participant_id", "task_index"]).reset_index(drop=True)


def summary_table(events: pd.DataFrame, participants: pd.DataFrame) -> pd.DataFrame:
    """One row per participant: cell, progress, and survey answers (pre_* and exit_* columns)."""
    tasks = tasks_table(events)
    timed = tasks[~tasks["tutorial"]]
    rows = []
    for p in participants.to_dict("records"):
        mine = timed[timed["participant_id"] == p["participant_id"]]
        row = {**p, "tasks_loaded": len(mine), "tasks_completed": int((mine["outcome"] == "completed").sum()),
               "tasks_skipped": int((mine["outcome"] == "skipped").sum())}
        for e in _of(events[events["participant_id"] == p["participant_id"]], "survey", "session_ended"):
            if e["type"] == "session_ended":
                row["session_end_reason"] = e["payload"].get("reason")
                continue
            prefix = "pre_" if e["payload"].get("survey") == "pre" else "exit_"
            for k, v in (e["payload"].get("answers") or {}).items():
                row[prefix + k] = v
        rows.append(row)
    return pd.DataFrame(rows)


def build_tables(events: pd.DataFrame, participants: pd.DataFrame) -> dict[str, pd.DataFrame]:
    return {
        "events": events, "suggestions": suggestions_table(events), "chat": chat_table(events),
        "tasks": tasks_table(events), "participants": summary_table(events, participants),
    }


def _file_ready(frame: pd.DataFrame) -> pd.DataFrame:
    if "payload" not in frame.columns:
        return frame
    frame = frame.copy()
    frame["payload"] = [json.dumps(p, ensure_ascii=False, sort_keys=True) for p in frame["payload"]]
    return frame


def frame_chunks(frame: pd.DataFrame, fmt: Format, rows_per_chunk: int = ROWS_PER_CHUNK,
                 header: bool = True) -> Iterator[bytes]:
    """A table's file in pieces: CSV a few hundred rows at a time (the same bytes as one `to_csv` of the
    whole frame: every cell is written on its own), Parquet in one piece (its footer needs every row)."""
    if fmt == "parquet":
        buffer = io.BytesIO()
        _file_ready(frame).to_parquet(buffer, index=False, engine="pyarrow")
        yield buffer.getvalue()
        return
    if header:
        yield frame.iloc[:0].to_csv(index=False).encode()
    for start in range(0, len(frame), rows_per_chunk):
        part = spreadsheet_safe(_file_ready(frame.iloc[start:start + rows_per_chunk]))
        yield part.to_csv(index=False, header=False).encode()


def _events_csv(url: str, study_id: str, rows_per_chunk: int) -> Iterator[bytes]:
    """The events table scrubbed a chunk at a time as it is written: the header goes out before the store is
    read, and no step handles more than one chunk's text."""
    yield pd.DataFrame(columns=list(EVENT_COLUMNS)).to_csv(index=False).encode()
    events = study_events(url, study_id)
    for start in range(0, len(events), rows_per_chunk):
        yield from frame_chunks(scrub_events(events.iloc[start:start + rows_per_chunk]), "csv", rows_per_chunk,
                                header=False)


def table_chunks(url: str, study_id: str, name: str, fmt: Format, keep_recruitment_ids: bool = True,
                 rows_per_chunk: int = ROWS_PER_CHUNK) -> Iterator[bytes]:
    """One table of a study as the pieces of its file, each made only when it is asked for (nothing is read
    before the first). Free text is scrubbed; recruitment ids are kept unless `keep_recruitment_ids` is off
    (the dashboard shows them to its researchers anyway)."""
    if name not in TABLES:
        raise ValueError(f"no table {name!r}; tables: {', '.join(TABLES)}")
    if name == "events" and fmt == "csv":
        yield from _events_csv(url, study_id, rows_per_chunk)
        return
    participants = participant_attributes(url, study_id)
    if not keep_recruitment_ids:
        participants = pseudonymise(participants, study_id)
    frame = build_tables(scrub_events(study_events(url, study_id)), participants)[name]
    yield from frame_chunks(frame, fmt, rows_per_chunk)


def export_study(url: str, study_id: str, out: Path, fmt: ExportFormat = "csv", keep_recruitment_ids: bool = False,
                 license: str = DEFAULT_LICENSE) -> dict[str, Path]:
    """Write the tables of a study to `out` (one file per table, or with `hf` a dataset folder: the same
    Parquet tables and a dataset card under the `license` given); returns their paths by table name."""
    events = scrub_events(study_events(url, study_id))
    participants = participant_attributes(url, study_id)
    if not keep_recruitment_ids:
        participants = pseudonymise(participants, study_id)
    tables = build_tables(events, participants)
    if fmt == "hf":
        ready = {name: _file_ready(frame) for name, frame in tables.items()}
        return write_dataset(out, ready, study_card(study_id, license, keep_recruitment_ids))
    out.mkdir(parents=True, exist_ok=True)
    paths = {}
    for name, frame in tables.items():
        path = out / f"{study_id}_{name}.{fmt}"
        with path.open("wb") as file:
            for chunk in frame_chunks(frame, fmt):
                file.write(chunk)
        paths[name] = path
    return paths
