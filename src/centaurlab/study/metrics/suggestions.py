"""Per-suggestion outcomes of the autocomplete condition: shown, accepted or rejected, how long
the participant looked before deciding, and whether accepted code survived."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from .events import CODE_EVENTS, field, of_type, prepare, task_rows

RETENTION_SECONDS = (15, 30, 60)
SUGGESTION_COLUMNS = ("participant_id", "condition", "task_id", "task_index", "suggestion_id", "request_id",
                      "trigger", "model", "latency_ms", "chars", "shown_ms", "outcome", "reject_reason",
                      "verify_s", *(f"retained_{k}s" for k in RETENTION_SECONDS), "suggestion")


def normalise_whitespace(text: str) -> str:
    """Runs of whitespace as one space, trimmed: re-indenting or re-wrapping accepted code
    does not count as removing it."""
    return " ".join(text.split())


def suggestion_metrics(events: pd.DataFrame) -> pd.DataFrame:
    """One row per suggestion shown (its first `suggestion_shown`; the tutorial excluded).

    * trigger: "manual" or "auto", from the `suggestion_requested` with the same request_id
      (None when that request was not logged).
    * outcome: the first of `suggestion_accepted` / `suggestion_rejected` for the suggestion_id
      ("accepted" / "rejected"), else "undecided"; reject_reason from the rejection.
    * verify_s: decision time - shown time, in seconds (NaN if undecided): the time spent
      verifying the suggestion.
    * retained_{15,30,60}s (accepted only, else None): take the first code-carrying event
      (`code_snapshot`, `run` or `submit`) of the same task at or after accept time + k seconds
      and no later than the task's end (its `task_completed` or `skip`); True if the suggestion,
      whitespace-normalised, is a substring of that code, also whitespace-normalised; None if
      there is no such event or the suggestion is only whitespace.
    """
    ev = task_rows(prepare(events))
    shown = of_type(ev, "suggestion_shown")
    if shown.empty:
        return pd.DataFrame(columns=list(SUGGESTION_COLUMNS))
    out = pd.DataFrame({
        "participant_id": shown["participant_id"], "condition": shown["condition"], "task_id": shown["task_id"],
        "task_index": shown["task_index"].astype(int), "suggestion_id": field(shown, "suggestion_id"),
        "request_id": field(shown, "request_id"), "model": field(shown, "model"),
        "latency_ms": pd.to_numeric(field(shown, "latency_ms"), errors="coerce"),
        "suggestion": field(shown, "suggestion").fillna("").astype(str), "shown_ms": shown["t"],
    }).drop_duplicates(["participant_id", "suggestion_id"]).reset_index(drop=True)
    out["chars"] = out["suggestion"].str.len()
    out["trigger"] = _triggers(ev, out)
    decided = _decisions(ev, out)
    out["outcome"] = decided["outcome"].fillna("undecided")
    out["reject_reason"] = decided["reason"]
    out["verify_s"] = (decided["t"] - out["shown_ms"]) / 1000.0
    accept_t = decided["t"].where(out["outcome"] == "accepted")
    for k, retained in _retained(ev, out, accept_t).items():
        out[f"retained_{k}s"] = retained
    return out.loc[:, list(SUGGESTION_COLUMNS)]


def _triggers(ev: pd.DataFrame, out: pd.DataFrame) -> pd.Series:
    requested = of_type(ev, "suggestion_requested")
    index = pd.MultiIndex.from_arrays([requested["participant_id"], field(requested, "request_id")])
    by_request = pd.Series(field(requested, "trigger").to_numpy(), index=index)
    by_request = by_request[~by_request.index.duplicated()]
    keys = pd.MultiIndex.from_arrays([out["participant_id"], out["request_id"]])
    return pd.Series(by_request.reindex(keys).to_numpy(), index=out.index, dtype=object).where(lambda s: s.notna())


def _decisions(ev: pd.DataFrame, out: pd.DataFrame) -> pd.DataFrame:
    """The first decision on each shown suggestion: outcome, its time t and the rejection reason."""
    dec = of_type(ev, "suggestion_accepted", "suggestion_rejected")
    table = pd.DataFrame({"participant_id": dec["participant_id"], "suggestion_id": field(dec, "suggestion_id"),
                          "outcome": dec["type"].str.removeprefix("suggestion_"), "t": dec["t"],
                          "reason": field(dec, "reason")}).drop_duplicates(["participant_id", "suggestion_id"])
    merged = out[["participant_id", "suggestion_id"]].merge(table, how="left", on=["participant_id", "suggestion_id"])
    merged.index = out.index
    merged.loc[merged["outcome"] != "rejected", "reason"] = None
    return merged


def _code_timelines(ev: pd.DataFrame) -> dict[tuple[object, int], tuple[np.ndarray, list[str], float]]:
    """Per (participant, task): the times and code of its code-carrying events, and its end."""
    ended = of_type(ev, "task_completed", "skip")
    finished = ended.groupby(["participant_id", "task_index"], as_index=False)["t"].min()
    ends = {(pid, int(index)): float(t) for pid, index, t in finished.itertuples(index=False, name=None)}
    code = of_type(ev, *CODE_EVENTS)
    grouped: dict[tuple[object, int], tuple[list[float], list[str]]] = {}
    for pid, index, t, text in zip(code["participant_id"], code["task_index"], code["t"], field(code, "code"),
                                   strict=True):
        times, texts = grouped.setdefault((pid, int(index)), ([], []))
        times.append(float(t))
        texts.append(normalise_whitespace(str(text or "")))
    return {key: (np.asarray(times), texts, float(ends.get(key, math.inf))) for key, (times, texts) in grouped.items()}


def _retained(ev: pd.DataFrame, out: pd.DataFrame, accept_t: pd.Series) -> dict[int, pd.Series]:
    timelines = _code_timelines(ev)
    result: dict[int, list[bool | None]] = {k: [] for k in RETENTION_SECONDS}
    for pid, index, text, t in zip(out["participant_id"], out["task_index"], out["suggestion"], accept_t, strict=True):
        needle = normalise_whitespace(text)
        timeline = timelines.get((pid, int(index)))
        for k in RETENTION_SECONDS:
            if math.isnan(t) or not needle or timeline is None:
                result[k].append(None)
                continue
            times, texts, end = timeline
            j = int(np.searchsorted(times, t + k * 1000, side="left"))
            result[k].append(needle in texts[j] if j < len(times) and times[j] <= end else None)
    return {k: pd.Series(values, index=out.index, dtype=object) for k, values in result.items()}
