"""Named conditions in study files: free names with an assistance kind and a model; old files still load."""

from __future__ import annotations

from typing import Any

import pytest

from centaurlab.models import ModelConfig, Registry
from centaurlab.study import StudyFileError, parse_study

REGISTRY = Registry({name: ModelConfig(name=name, base_url="http://127.0.0.1:9/v1", model=name)
                     for name in ("codellama-7b", "codellama-34b", "gpt-3.5-turbo-instruct", "gpt-4o")})


def study(conditions: dict[str, Any]) -> Any:
    return parse_study({"id": "x", "title": "t", "conditions": conditions}, registry=REGISTRY)


def test_the_papers_seven_conditions_with_their_models_and_families() -> None:
    spec = study({
        "no-ai": {"kind": "none"},
        "codellama7b": {"kind": "autocomplete", "model": "codellama-7b"},
        "codellama34b": {"kind": "autocomplete", "model": "codellama-34b"},
        "gpt35": {"kind": "autocomplete", "model": "gpt-3.5-turbo-instruct"},
        "codellama7b-chat": {"kind": "chat", "model": "codellama-7b"},
        "codellama34b-chat": {"kind": "chat", "model": "codellama-34b"},
        "gpt4o-chat": {"kind": "chat", "model": "gpt-4o", "family": "gpt"},
    })
    table = {row["condition"]: (row["kind"], row["model"], row["family"]) for row in spec.condition_table()}
    assert table["no-ai"] == ("none", "none", "none")
    # each model stands alone (RealHumanEval reports 7b, 34b, GPT-3.5 and GPT-4o apart); a model's autocomplete
    # and chat conditions share it; a family pools several models only where the file names it
    assert table["codellama34b"] == ("autocomplete", "codellama-34b", "codellama-34b")
    assert table["codellama7b"][2] == table["codellama7b-chat"][2] == "codellama-7b"
    assert table["gpt35"] == ("autocomplete", "gpt-3.5-turbo-instruct", "gpt-3.5-turbo-instruct")
    assert table["gpt4o-chat"] == ("chat", "gpt-4o", "gpt")
    assert spec.conditions["codellama7b"].autocomplete_model == "codellama-7b"
    chat = spec.conditions["gpt4o-chat"]
    assert chat.chat_model == "gpt-4o" and chat.autocomplete_model is None
    assert spec.kind("gpt35") == "autocomplete" and "provides suggestions inline" in spec.instructions("gpt35")
    # the no-AI condition sees no AI question in the exit survey, whatever its name
    assert len(spec.exit_questions("no-ai")) < len(spec.exit_questions("gpt35"))


def test_old_study_files_with_the_four_fixed_names_still_load() -> None:
    spec = study({"none": {}, "autocomplete": {"autocomplete_model": "gpt-4o"}, "chat": {"chat_model": "gpt-4o"},
                  "both": {"autocomplete_model": "codellama-7b", "chat_model": "gpt-4o"}})
    assert [spec.kind(n) for n in ("none", "autocomplete", "chat", "both")] == ["none", "autocomplete", "chat", "both"]
    assert spec.conditions["both"].model_label() == "codellama-7b+gpt-4o"
    assert spec.conditions["both"].model_family() == "codellama-7b+gpt-4o"


def test_a_paired_condition_holds_a_pool() -> None:
    spec = study({"arena": {"kind": "paired", "models": ["codellama-7b", "gpt-4o"]}})
    assert spec.conditions["arena"].model_names() == ["codellama-7b", "gpt-4o"]


@pytest.mark.parametrize(("conditions", "field", "problem"), [
    ({"gpt4o-chat": {"model": "gpt-4o"}}, "conditions.gpt4o-chat.kind", "missing"),
    ({"ac": {"kind": "autocomplete", "model": "gpt-9"}}, "conditions.ac.model", "unknown model 'gpt-9'"),
    ({"ac": {"kind": "autocomplete"}}, "conditions.ac.model", "missing"),
    ({"arena": {"kind": "paired", "models": ["gpt-4o"]}}, "conditions.arena.models", "two or more models"),
    ({"arena": {"kind": "paired", "models": ["gpt-4o", "gpt-9"]}}, "conditions.arena.models[1]",
     "unknown model 'gpt-9'"),
    ({"x": {"kind": "chat", "model": "gpt-4o", "models": ["gpt-4o", "codellama-7b"]}}, "conditions.x.models",
     "only a paired condition"),
    ({"a": {"kind": "none"}, "b": {"kind": "none"}}, "conditions", "more than one no-AI condition (a, b)"),
    ({"x": {"kind": "sometimes"}}, "conditions.x.kind", "Input should be"),
    ({"Bad Name": {"kind": "none"}}, "conditions.Bad Name", "not a valid condition name"),
])
def test_a_bad_condition_names_the_field_and_the_fix(conditions: dict[str, Any], field: str, problem: str) -> None:
    with pytest.raises(StudyFileError) as caught:
        study(conditions)
    assert caught.value.field == field and problem in caught.value.problem and caught.value.fix


def test_the_papers_instructions_in_every_condition() -> None:
    """RealHumanEval's words by default (the exact text: tests/study/test_paper_words.py); ours on request."""
    spec = study({"no-ai": {"kind": "none"}, "gpt4o-chat": {"kind": "chat", "model": "gpt-4o"}})
    for name in ("no-ai", "gpt4o-chat"):
        text = spec.instructions(name)
        assert "only standard python libraries and only numpy and pandas" in text
        assert "It is NOT allowed to use any outside resources" in text
    assert "AI assistant is not perfect" in spec.instructions("gpt4o-chat")
    assert "AI assistant is not perfect" not in spec.instructions("no-ai")
    ours = parse_study({"id": "x", "title": "t", "wording": "ours", "conditions": {"none": {}}}, registry=REGISTRY)
    assert "no search engine" in ours.instructions("none") and "pasting from outside" in ours.instructions("none")
    open_paste = parse_study({"id": "x", "title": "t", "wording": "ours", "conditions": {"none": {}},
                              "paste": {"block_external": False}}, registry=REGISTRY)
    assert "pasting from outside" not in open_paste.instructions("none")
    assert open_paste.paste.blocks("none") is False and spec.paste.blocks("chat") is True


def test_the_consent_names_the_sessions_length_and_timed_tasks_say_speed_counts() -> None:
    from centaurlab.study import Study
    from centaurlab.tasks import load_bank

    default = study({"none": {}})
    short = parse_study({"id": "x", "title": "t", "conditions": {"none": {}}, "timing": {"session_minutes": 30}},
                        registry=REGISTRY)
    own = parse_study({"id": "x", "title": "t", "conditions": {"none": {}}, "consent": "Our own words."},
                      registry=REGISTRY)
    assert "for about\n35 minutes" in default.consent and "for about\n30 minutes" in short.consent
    assert own.consent == "Our own words."
    # the algo bank's tasks are graded on speed too (efficiency tests); the study bank's are not
    algo = Study("x", short, load_bank("algo"), "range_sums", [["min_gap", "anagram_pairs"]])
    plain = Study("x", short, load_bank("study"), "sum_product", [["even_odd_count"]])
    assert algo.instructions("none").startswith(short.instructions("none"))
    assert "Speed counts too" in algo.instructions("none") and "Speed counts" not in plain.instructions("none")


def test_the_tutorial_names_only_the_assistance_of_the_condition() -> None:
    """A no-AI participant's tutorial speaks of no assistant; the others name what they have."""
    from centaurlab.study import Study
    from centaurlab.tasks import load_bank

    spec = study({"no-ai": {"kind": "none"}, "ac": {"kind": "autocomplete", "model": "codellama-7b"},
                  "talk": {"kind": "chat", "model": "gpt-4o"},
                  "both": {"kind": "both", "autocomplete_model": "codellama-7b", "chat_model": "gpt-4o"}})
    bank = load_bank("study")
    s = Study("x", spec, bank, "sum_product", [["even_odd_count"]])
    notes = {name: s.tutorial_note(name) for name in ("no-ai", "ac", "talk", "both")}
    assert "assistant" not in notes["no-ai"].lower()
    assert "assistant" not in bank.tasks["sum_product"].description.lower()
    assert "inline suggestions" in notes["ac"] and "chatbot" not in notes["ac"]
    assert "chatbot" in notes["talk"] and "inline" not in notes["talk"]
    assert "inline suggestions" in notes["both"] and "chatbot" in notes["both"]
    assert all(n.startswith("This is the tutorial task, to make you familiar with the study.") for n in notes.values())
