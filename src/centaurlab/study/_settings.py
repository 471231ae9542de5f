"""The settings a study's figures were measured with, per condition: who took part (people or scripts),
the models, the temperature each assistant sampled at and where it came from, the suggestions' length.

Why read the temperature from the log: it is what was sent. The study file sets it, or the model's
configuration does, and a configuration can change after the data were collected; every served
suggestion and chat answer carries the temperature its request went out with. Logs from before that
field fall back to the study file's value (such studies always set one).
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from ._studyfile import Condition, StudySpec, SuggestionLength

SETTINGS_COLUMNS = ("condition", "kind", "model", "family", "participants", "autocomplete_temperature",
                    "suggestion_length", "chat_temperature", "chat_max_tokens")


def participants_label(spec: StudySpec) -> str:
    return "scripted" if spec.scripted else "people"


def length_text(length: SuggestionLength) -> str:
    if length.kind == "fixed":
        return f"{length.tokens} tokens"
    return f"{length.low}-{length.high} tokens (truncated Gaussian, mean {length.mean:g}, sd {length.sd:g})"


def _sent(events: pd.DataFrame, kind: str, conditions: set[str], model: str | None) -> list[float | None]:
    """The temperatures logged with the events of `kind` of these conditions (and this model)."""
    if events.empty:
        return []
    rows = events[(events["type"] == kind) & events["condition"].isin(conditions)]
    out: list[float | None] = []
    for payload in rows["payload"]:
        if isinstance(payload, dict) and "temperature" in payload and (model is None or payload.get("model") == model):
            value = payload["temperature"]
            out.append(None if value is None else float(value))
    return out


def temperature_text(spec_value: float | None, sent: list[float | None]) -> str:
    """The temperature(s) sent, and whose they were: the study file's or the model's configuration."""
    whose = "the study file's" if spec_value is not None else "the model's configuration"
    values = sorted({v for v in sent if v is not None})
    if values:
        return f"{', '.join(f'{v:g}' for v in values)} ({whose})"
    if any(v is None for v in sent):
        return "the endpoint's default (none configured)"
    if spec_value is not None:
        return f"{spec_value:g} (the study file's)"
    return "the model's configuration (none sent yet)"


def _assistant(cond: Condition) -> tuple[bool, bool]:
    kind = cond.assistance
    return kind in ("autocomplete", "both", "paired"), kind in ("chat", "both")


def condition_settings(spec: StudySpec, events: pd.DataFrame) -> pd.DataFrame:
    """One row per condition (`SETTINGS_COLUMNS`); an assistant's settings are blank where it has none."""
    rows = []
    for name, cond in spec.conditions.items():
        autocomplete, chat = _assistant(cond)
        rows.append({
            "condition": name, "kind": cond.assistance, "model": cond.model_label(), "family": cond.model_family(),
            "participants": participants_label(spec),
            "autocomplete_temperature": temperature_text(spec.autocomplete.temperature,
                                                         _sent(events, "suggestion_served", {name}, None))
            if autocomplete else "",
            "suggestion_length": length_text(spec.autocomplete.length) if autocomplete else "",
            "chat_temperature": temperature_text(spec.chat.temperature, _sent(events, "chat_response", {name}, None))
            if chat else "",
            "chat_max_tokens": str(spec.chat.max_tokens) if chat else "",
        })
    return pd.DataFrame(rows, columns=list(SETTINGS_COLUMNS))


def model_settings(spec: StudySpec, events: pd.DataFrame, model: str, conditions: set[str],
                   kind: str = "suggestion_served") -> dict[str, Any]:
    """The settings one model's figures in these conditions were measured with (for a model card)."""
    autocomplete = kind == "suggestion_served"
    spec_value = spec.autocomplete.temperature if autocomplete else spec.chat.temperature
    out: dict[str, Any] = {"study": spec.id, "participants": participants_label(spec),
                           "conditions": sorted(conditions),
                           "temperature": temperature_text(spec_value, _sent(events, kind, conditions, model))}
    if autocomplete:
        out["suggestion_length"] = length_text(spec.autocomplete.length)
    else:
        out["max_tokens"] = spec.chat.max_tokens
    return out
