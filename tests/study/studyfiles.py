"""Study files for the tests: short timings, one or every condition, the embedded model as the assistant."""

from __future__ import annotations

from pathlib import Path
from typing import Any

CONDITIONS = {
    "none": "[conditions.none]\n",
    "autocomplete": '[conditions.autocomplete]\nautocomplete_model = "local"\n',
    "chat": '[conditions.chat]\nchat_model = "local"\n',
    "both": '[conditions.both]\nautocomplete_model = "local"\nchat_model = "local"\n',
}


def write_study(folder: Path, study_id: str = "pilot", conditions: tuple[str, ...] = ("none", "autocomplete", "chat"),
                sets: str = '[["even_odd_count", "is_bored"]]', extra: str = "", skip_after_minutes: float = 0.0,
                session_minutes: float = 20.0, temperature: float = 0.0, trim: str = "smart",
                bank: str = "study", tutorial: str | None = None) -> Path:
    """Deterministic assistants by default (temperature 0, trimmed suggestions): the tests check what they
    answer. `temperature=1.0, trim="none"` gives the paper's settings. A bank without a tutorial of its
    own (`algo`) needs `tutorial`."""
    body = "".join(CONDITIONS[c] for c in conditions)
    tutorial_line = f'tutorial = "{tutorial}"' if tutorial else ""
    if "[paste]" not in extra:  # the browser tests type code by pasting it; the paper's default refuses that
        extra = "[paste]\nblock_external = false\n" + extra
    text = f"""id = "{study_id}"
title = "Pilot"
seed = 7
{body}
[tasks]
bank = "{bank}"
sets = {sets}
{tutorial_line}

[timing]
session_minutes = {session_minutes}
skip_after_minutes = {skip_after_minutes}
suggestion_delay_ms = 400
snapshot_seconds = 1

[autocomplete]
temperature = {temperature}
trim = "{trim}"

[autocomplete.length]
kind = "fixed"
tokens = 24

[chat]
max_tokens = 96
temperature = {temperature}

[recruitment]
completion_url = "https://app.prolific.com/submissions/complete?cc=TESTCODE"
{extra}"""
    path = folder / f"{study_id}.toml"
    path.write_text(text)
    return path


def to_coding(client: Any, study: str = "pilot", experience: str = "1-2 years") -> None:
    """Take a test client's participant from the study link to the coding stage (consent, pre-survey, start)."""
    client.get(f"/s/{study}")
    client.post(f"/s/{study}/consent", data={"agree": "yes"})
    client.post(f"/s/{study}/pre", data={"programming_experience": experience, "python_experience": "beginner",
                                         "ai_tool_use": "never"})
    client.post(f"/s/{study}/start")
