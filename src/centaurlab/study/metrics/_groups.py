"""Conditions pooled by assistance kind or by model family, as RealHumanEval pools its seven
conditions (e.g. every chat condition, or every GPT condition) to compare them with no AI.

The participant table may carry, beside participant_id / condition / task_set, the columns `kind`
and `family` (from the study file: `StudySpec.condition_table`). Regrouping replaces each row's
condition with its kind or family, so the per-condition analyses run unchanged on the pools.
"""

from __future__ import annotations

import pandas as pd

from ._events import NO_AI

GROUPINGS = {"kind": "assistance kind", "family": "model family"}


def control_of(participants: pd.DataFrame | None, by: str = "condition") -> str:
    """The no-AI group under a grouping: the value, in column `by`, of the condition of kind `none`."""
    if participants is None or "kind" not in participants.columns or by not in participants.columns:
        return NO_AI
    rows = participants[participants["kind"] == "none"]
    return str(rows[by].iloc[0]) if len(rows) else NO_AI


def groupings(participants: pd.DataFrame | None) -> list[str]:
    """The groupings this participant table supports that differ from the conditions themselves."""
    if participants is None:
        return []
    out = []
    for by in GROUPINGS:
        if by in participants.columns:
            pairs = participants[["condition", by]].drop_duplicates()
            if pairs[by].nunique() < pairs["condition"].nunique():
                out.append(by)
    return out


def regroup(frame: pd.DataFrame, participants: pd.DataFrame, by: str) -> pd.DataFrame:
    """`frame` (any table with participant_id and condition) with each condition replaced by its `by` group."""
    mapping = participants.drop_duplicates("participant_id").set_index("participant_id")[by]
    return frame.assign(condition=frame["participant_id"].map(mapping).fillna(frame["condition"]))
