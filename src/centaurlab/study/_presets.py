"""Presets: the settings of a published study, filled into a study file where the file leaves them out.

Why presets rather than defaults: a default applies to every study, so a paper's choice made the default
changes the numbers of studies that never asked for it (a study comparing a model at temperature 0 with
the same model at 0.9 would sample both at the paper's 1). A preset applies where a file names it, and
what it fills in is stored with the study, so reports name the settings the data were collected with.

`realhumaneval` (Mozannar et al., appendix C, "LLM parameters"): "For all LLMs, we used a temperature
setting of 1 to ensure varied responses". The paper's other choices are already every study's defaults,
so the preset need not fill them in: the suggestion length; the autocomplete prompt's first line
`# file is main.py, ONLY CODE IN PYTHON IN THIS FILE` and the chat's system prompt, both word for word
(appendix C.1); the chat's 512 tokens; 35-minute sessions and Skip after 10 minutes; and what participants
read, the instructions and the post-study questionnaire word for word (appendix A.2, A.2.4).
"""

from __future__ import annotations

from typing import Any, Literal

Preset = Literal["realhumaneval"]

PRESETS: dict[str, dict[str, dict[str, Any]]] = {
    "realhumaneval": {"autocomplete": {"temperature": 1.0}, "chat": {"temperature": 1.0}},
}


def apply_preset(data: dict[str, Any]) -> dict[str, Any]:
    """The file's contents with its preset's settings filled in where the file gives none (a field the
    file sets wins). An unknown preset is left for validation to report."""
    preset = PRESETS.get(str(data.get("preset")))
    if preset is None:
        return data
    out = dict(data)
    for section, fields in preset.items():
        given = out.get(section, {})
        if isinstance(given, dict):
            out[section] = {**fields, **given}
    return out
