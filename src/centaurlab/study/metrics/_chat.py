"""Per-response outcomes of the chat condition: what the assistant answered and how much of it
the participant took, by the Copy button or by selecting text."""

from __future__ import annotations

import pandas as pd

from ._events import field, of_type, prepare, task_rows

CHAT_COLUMNS = ("participant_id", "condition", "task_id", "task_index", "message_id", "response_id", "model",
                "latency_ms", "chars", "copies_button", "copies_selection", "copies", "feedback")


def chat_metrics(events: pd.DataFrame) -> pd.DataFrame:
    """One row per `chat_response` (its first logging; the tutorial excluded).

    * copies_button / copies_selection: `chat_copy` events naming the response_id with via
      "button" / "selection"; copies: their sum.
    * feedback: the value (+1 / -1) of the last `chat_feedback` on the response, NaN if none.
    """
    ev = task_rows(prepare(events))
    responses = of_type(ev, "chat_response")
    if responses.empty:
        return pd.DataFrame(columns=list(CHAT_COLUMNS))
    out = pd.DataFrame({
        "participant_id": responses["participant_id"], "condition": responses["condition"],
        "task_id": responses["task_id"], "task_index": responses["task_index"].astype(int),
        "message_id": field(responses, "message_id"), "response_id": field(responses, "response_id"),
        "model": field(responses, "model"),
        "latency_ms": pd.to_numeric(field(responses, "latency_ms"), errors="coerce"),
        "chars": field(responses, "text").fillna("").astype(str).str.len(),
    }).drop_duplicates(["participant_id", "response_id"]).reset_index(drop=True)
    keys = ["participant_id", "response_id"]
    copies = of_type(ev, "chat_copy")
    copy_table = pd.DataFrame({"participant_id": copies["participant_id"], "response_id": field(copies, "response_id"),
                               "via": field(copies, "via")})
    counts = copy_table.groupby([*keys, "via"]).size().unstack("via") if not copy_table.empty else pd.DataFrame()
    for via in ("button", "selection"):
        column = counts[via] if via in counts.columns else pd.Series(dtype=float)
        out[f"copies_{via}"] = _lookup(out, column).fillna(0).astype(int)
    out["copies"] = out["copies_button"] + out["copies_selection"]
    feedback = of_type(ev, "chat_feedback")
    values = pd.Series(pd.to_numeric(field(feedback, "value"), errors="coerce").to_numpy(),
                       index=pd.MultiIndex.from_arrays([feedback["participant_id"], field(feedback, "response_id")]))
    out["feedback"] = _lookup(out, values[~values.index.duplicated(keep="last")]).astype(float)
    return out.loc[:, list(CHAT_COLUMNS)]


def _lookup(out: pd.DataFrame, by_key: pd.Series) -> pd.Series:
    keys = pd.MultiIndex.from_arrays([out["participant_id"], out["response_id"]])
    return pd.Series(by_key.reindex(keys).to_numpy(), index=out.index)
