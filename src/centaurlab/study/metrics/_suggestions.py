"""Per-suggestion outcomes of the autocomplete condition: shown, accepted or rejected, how long
the participant looked before deciding, and whether accepted code survived."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from ._events import CODE_EVENTS, field, of_type, prepare, task_rows

RETENTION_SECONDS = (15, 30, 60)
MATCHES = ("exact", "normalised")
SUGGESTION_COLUMNS = ("participant_id", "condition", "task_id", "task_index", "suggestion_id", "request_id",
                      "trigger", "model", "latency_ms", "chars", "served_ms", "shown", "shown_ms", "outcome",
                      "reject_reason", "verify_s", *(f"retained_{k}s" for k in RETENTION_SECONDS), "suggestion")


def normalise_whitespace(text: str) -> str:
    """Runs of whitespace as one space, trimmed: re-indenting or re-wrapping accepted code
    does not count as removing it (our looser persistence, `match="normalised"`)."""
    return " ".join(text.split())


def _served(ev: pd.DataFrame) -> pd.DataFrame:
    """What the server sent: `suggestion_served`, or in logs from before the browser logged display, the
    server's `suggestion_shown` (it carried the suggestion's text)."""
    served = of_type(ev, "suggestion_served")
    legacy = of_type(ev, "suggestion_shown")
    legacy = legacy[[isinstance(p, dict) and "suggestion" in p for p in legacy["payload"]]]
    return pd.concat([served, legacy]).sort_values(["participant_id", "t"], kind="stable")


def _displays(ev: pd.DataFrame) -> pd.Series:
    """Time the browser first displayed each suggestion: its `suggestion_shown` (a legacy server event
    counts as shown when served, as those logs assumed)."""
    shown = of_type(ev, "suggestion_shown")
    table = pd.DataFrame({"participant_id": shown["participant_id"], "suggestion_id": field(shown, "suggestion_id"),
                          "t": shown["t"]}).drop_duplicates(["participant_id", "suggestion_id"])
    return pd.Series(table["t"].to_numpy(), index=pd.MultiIndex.from_frame(table[["participant_id", "suggestion_id"]]),
                     dtype=float)


def suggestion_metrics(events: pd.DataFrame, match: str = "exact") -> pd.DataFrame:
    """One row per suggestion the server sent (the tutorial excluded); `shown` says whether the
    participant saw it.

    * shown: the browser logged `suggestion_shown` for it (Monaco displayed the ghost text), or it was
      accepted (which needs a display). A suggestion that arrived after the participant typed on, or
      whose request was aborted, was never displayed: it is not shown, and acceptance rates leave it out
      (RealHumanEval: accepted / shown). shown_ms: the display time (the served time if only accepted).
    * trigger: "manual" or "auto", from the `suggestion_requested` with the same request_id
      (None when that request was not logged).
    * outcome: the first of `suggestion_accepted` / `suggestion_rejected` for the suggestion_id
      ("accepted" / "rejected"), else "undecided"; reject_reason from the rejection.
    * verify_s: decision time - display time, in seconds (NaN if undecided or never shown).
    * retained_{15,30,60}s (accepted only, else None), RealHumanEval's persistence: the task's code as it
      stood at accept time + k seconds (or at the task's end, if that came first) is the last
      code-carrying event (`code_snapshot`, `run`, `submit`) at or before then; True if the suggestion is
      found in it, exactly by default (`match="normalised"`: both whitespace-normalised). None if no code
      was logged between the acceptance and then, or the suggestion is only whitespace.
    """
    if match not in MATCHES:
        raise ValueError(f"match must be one of {', '.join(MATCHES)}, not {match!r}")
    ev = task_rows(prepare(events))
    served = _served(ev)
    if served.empty:
        return pd.DataFrame(columns=list(SUGGESTION_COLUMNS))
    out = pd.DataFrame({
        "participant_id": served["participant_id"], "condition": served["condition"], "task_id": served["task_id"],
        "task_index": served["task_index"].astype(int), "suggestion_id": field(served, "suggestion_id"),
        "request_id": field(served, "request_id"), "model": field(served, "model"),
        "latency_ms": pd.to_numeric(field(served, "latency_ms"), errors="coerce"),
        "suggestion": field(served, "suggestion").fillna("").astype(str), "served_ms": served["t"],
        "legacy": served["type"] == "suggestion_shown",
    }).drop_duplicates(["participant_id", "suggestion_id"]).reset_index(drop=True)
    out["chars"] = out["suggestion"].str.len()
    out["trigger"] = _triggers(ev, out)
    decided = _decisions(ev, out)
    out["outcome"] = decided["outcome"].fillna("undecided")
    out["reject_reason"] = decided["reason"]
    keys = pd.MultiIndex.from_arrays([out["participant_id"], out["suggestion_id"]])
    displayed = pd.Series(_displays(ev).reindex(keys).to_numpy(), index=out.index, dtype=float)
    displayed = displayed.where(~out["legacy"], out["served_ms"])
    out["shown"] = displayed.notna() | (out["outcome"] == "accepted")
    out["shown_ms"] = displayed.where(displayed.notna(), out["served_ms"].where(out["shown"]))
    out["verify_s"] = ((decided["t"] - out["shown_ms"]) / 1000.0).where(out["shown"])
    accept_t = decided["t"].where(out["outcome"] == "accepted")
    for k, retained in _retained(ev, out, accept_t, match).items():
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
        texts.append(str(text or ""))
    return {key: (np.asarray(times), texts, float(ends.get(key, math.inf))) for key, (times, texts) in grouped.items()}


def _retained(ev: pd.DataFrame, out: pd.DataFrame, accept_t: pd.Series, match: str) -> dict[int, pd.Series]:
    timelines = _code_timelines(ev)
    same = normalise_whitespace if match == "normalised" else (lambda text: text)
    result: dict[int, list[bool | None]] = {k: [] for k in RETENTION_SECONDS}
    for pid, index, text, t in zip(out["participant_id"], out["task_index"], out["suggestion"], accept_t, strict=True):
        needle = same(text)
        timeline = timelines.get((pid, int(index)))
        for k in RETENTION_SECONDS:
            if math.isnan(t) or not needle.strip() or timeline is None:
                result[k].append(None)
                continue
            times, texts, end = timeline
            at = min(t + k * 1000, end)
            j = int(np.searchsorted(times, at, side="right")) - 1  # the last code at or before `at`
            result[k].append(needle in same(texts[j]) if j >= 0 and times[j] >= t else None)
    return {k: pd.Series(values, index=out.index, dtype=object) for k, values in result.items()}
