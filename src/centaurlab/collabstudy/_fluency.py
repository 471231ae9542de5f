"""AI-fluency behaviour coding: a model reads a session's interaction log and says, for each of the
11 observable indicators CollabSkill codes (its §6 and Appendix H, after the AI Fluency Index),
whether the person showed it. The codebook with an example of each is docs/collab-fluency.md.

The model answers one JSON object of booleans, schema-constrained where the server allows
(`collab.ask_json`); an unusable answer is retried and then reported, never guessed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..collab import ask_json
from ..errors import InvalidInput
from ..models import ModelProvider


@dataclass(frozen=True)
class Indicator:
    id: str
    name: str
    definition: str


INDICATORS: tuple[Indicator, ...] = (
    Indicator("clarify_goal", "Clarifying the goal", "states what the work is for or what success looks like "
              "before or while asking for it"),
    Indicator("specify_format", "Specifying format", "asks for a structure, layout, length or file type of the "
              "output"),
    Indicator("provide_examples", "Giving examples", "shows an example of the wanted output or its quality"),
    Indicator("define_audience", "Defining the audience", "says who will read or use the output"),
    Indicator("tone_style", "Tone and style", "asks for a tone, register or style of writing"),
    Indicator("interaction_mode", "Interaction mode", "tells the agent how to work with them (ask first, go step "
              "by step, just do it, propose options)"),
    Indicator("missing_context", "Supplying missing context", "adds facts, constraints or background the agent "
              "did not have"),
    Indicator("iterate", "Iterating", "asks for changes to an output the agent produced, building on it"),
    Indicator("question_reasoning", "Questioning reasoning", "challenges or asks the agent to explain its "
              "reasoning or a choice it made"),
    Indicator("consult_approach", "Consulting on approach", "asks the agent how it would go about the task, "
              "or discusses options before doing it"),
    Indicator("check_facts", "Checking facts", "verifies or asks the agent to verify a figure, claim or "
              "calculation against a source"),
)
IDS: tuple[str, ...] = tuple(i.id for i in INDICATORS)
TOTAL_INDICATORS: tuple[str, ...] = IDS
"""What the fluency total counts by default: the paper's 11 indicators ("The total count of observed
behaviors", §6; "6.0 out of 11", Appendix H), none of ours."""


class CodingError(InvalidInput, ValueError):
    """Codes that an agreement statistic cannot use."""


def render_log(log: Sequence[dict[str, Any]], limit: int = 6000) -> str:
    """A harness conversation as 'PERSON: ...' / 'AGENT: ...' lines, at most `limit` characters; the
    harness's own messages to the model are not the person's and are left out (_transcript.py)."""
    from ._transcript import from_messages

    return from_messages(log).render(limit)


def schema() -> dict[str, Any]:
    return {"type": "object", "properties": {i: {"type": "boolean"} for i in IDS}, "required": list(IDS),
            "additionalProperties": False}


def prompt(log_text: str) -> list[dict[str, str]]:
    book = "\n".join(f"- {i.id}: {i.name}: the person {i.definition}." for i in INDICATORS)
    return [
        {"role": "system", "content": "You code interaction logs between a person and an AI agent for research. "
                                      "Judge only what the PERSON wrote. Answer with one JSON object."},
        {"role": "user", "content": f"Indicators:\n{book}\n\nFor each indicator answer true if the person shows it "
                                    f"at least once in this log, else false.\n\nLOG:\n{log_text}"},
    ]


def accept(value: Any) -> dict[str, bool]:
    if not isinstance(value, dict):
        raise ValueError("the answer is not a JSON object")
    missing = [i for i in IDS if i not in value]
    if missing:
        raise ValueError(f"indicators missing: {', '.join(missing)}")
    bad = [i for i in IDS if not isinstance(value[i], bool)]
    if bad:
        raise ValueError(f"not true/false: {', '.join(bad)}")
    return {i: bool(value[i]) for i in IDS}


def code_log(provider: ModelProvider, log_text: str, *, max_tokens: int = 300, seed: int = 0) -> dict[str, bool]:
    answer = ask_json(provider, prompt(log_text), schema(), accept, max_tokens=max_tokens, seed=seed)
    codes: dict[str, bool] = answer.value
    return codes


def cohen_kappa(a: Sequence[bool], b: Sequence[bool]) -> float:
    """Agreement of two coders on one indicator beyond chance (nan when chance agreement is total)."""
    n = len(a)
    if n == 0 or n != len(b):
        raise CodingError("kappa needs two equally long, non-empty lists of codes")
    observed = sum(x == y for x, y in zip(a, b, strict=True)) / n
    pa, pb = sum(a) / n, sum(b) / n
    expected = pa * pb + (1 - pa) * (1 - pb)
    return float("nan") if expected == 1 else (observed - expected) / (1 - expected)


def agreement(model: Mapping[str, Mapping[str, bool | None]],
              hand: Mapping[str, Mapping[str, bool | None]]) -> list[dict[str, Any]]:
    """Per indicator: sessions compared, percent agreement and Cohen's kappa of the codes against a hand-coded
    sample (keys are session ids present in both; a code that is None, not observed, is not compared)."""
    shared = sorted(set(model) & set(hand))
    rows = []
    for i in IDS:
        pairs = [(model[s].get(i), hand[s].get(i)) for s in shared]
        a = [bool(x) for x, y in pairs if x is not None and y is not None]
        b = [bool(y) for x, y in pairs if x is not None and y is not None]
        rows.append({"indicator": i, "n": len(a),
                     "agreement": sum(x == y for x, y in zip(a, b, strict=True)) / len(a) if a else None,
                     "kappa": cohen_kappa(a, b) if a else None})
    return rows


def fluency_total(codes: Mapping[str, bool | None], counted: Sequence[str] = TOTAL_INDICATORS) -> int:
    """How many of the `counted` indicators the person showed (a code that is None, not observable, counts
    as not shown); by default the paper's 11."""
    return sum(bool(codes.get(i)) for i in counted)


def dumps(codes: dict[str, bool]) -> str:
    return json.dumps({i: codes[i] for i in IDS})
