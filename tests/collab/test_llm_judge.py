from __future__ import annotations

import json
from typing import Any

import pytest

from centaurlab.collab import Rubric, generate_rubric, load_collab_bank
from centaurlab.collab._llm_json import _NO_SCHEMA
from centaurlab.collab._llm_judge import (
    STRICT_JUDGE_SYSTEM,
    JudgeConfig,
    default_panel,
    judge_schema,
    parse_scores,
    run_judge,
    token_budget,
)
from centaurlab.collab._rubric import RubricItem
from centaurlab.models import ModelConfig, OpenAIProvider, Registry, load_registry

from .fake_llm import chat, fake_llm, schema_of
from .rubrics import model_rubric

RUBRIC = Rubric(
    "press_release",
    (
        RubricItem("C1", "correctness_accuracy", "Price is USD 3,900", 6, "open the release and find the price"),
        RubricItem("D1", "deliverable_completeness", "press_release.md exists", 4, "list the files handed in"),
    ),
)
TASK = load_collab_bank().get("press_release")
FILES = {"press_release.md": b"# Tidewater launches Harbor\nPrice: USD 3,900. Available 14 April 2026."}


def good(c1: float = 6, d1: float = 4) -> str:
    return json.dumps(
        {"C1": {"points": c1, "justification": "price stated"}, "D1": {"points": d1, "justification": "file present"}}
    )


def test_scores_are_parsed_in_both_shapes() -> None:
    assert parse_scores(json.loads(good(3, 4)), RUBRIC)["C1"] == {
        "points": 3.0,
        "max": 6,
        "justification": "price stated",
    }
    listed = {
        "scores": [
            {"item": "C1", "points": 0, "justification": "no price"},
            {"item": "D1", "score": 4, "justification": "there"},
        ]
    }
    assert parse_scores(listed, RUBRIC)["D1"]["points"] == 4.0


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"C1": {"points": 6, "justification": "x"}}, "D1 has no score"),
        ({"C1": {"points": 7, "justification": "x"}, "D1": {"points": 1, "justification": "y"}}, "outside 0..6"),
        ({"C1": {"points": True, "justification": "x"}, "D1": {"points": 1, "justification": "y"}}, "not a number"),
        ({"C1": {"points": "6", "justification": "x"}, "D1": {"points": 1, "justification": "y"}}, "not a number"),
        ({"C1": {"points": 6, "justification": " "}, "D1": {"points": 1, "justification": "y"}}, "no justification"),
        (
            {"C1": {"points": 6, "justification": "x"}, "D1": {"points": 1, "justification": "y"}, "Z9": {}},
            "unknown items Z9",
        ),
        ([1, 2], "JSON object"),
    ],
)
def test_bad_judge_output_is_refused(data: Any, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        parse_scores(data, RUBRIC)


def test_the_schema_bounds_each_item() -> None:
    schema = judge_schema(RUBRIC)
    assert schema["required"] == ["C1", "D1"]
    assert schema["properties"]["C1"]["properties"]["points"] == {"type": "integer", "minimum": 0, "maximum": 6}


def test_malformed_answers_are_retried_with_new_seeds_then_accepted() -> None:
    answers = iter(["not json at all", good(c1=9), "```json\n" + good(c1=5) + "\n```"])
    with fake_llm(lambda body: chat(next(answers))) as (url, seen):
        result = run_judge(
            JudgeConfig("j", "fake", seed=1), OpenAIProvider("fake", url, "m", max_retries=0), TASK, RUBRIC, FILES
        )
    assert result.status == "ok" and result.attempts == 3
    assert result.total == pytest.approx(90.0)  # (5 + 4) of 10 points
    assert [r["seed"] for r in seen] == [1000, 1001, 1002]
    assert schema_of(seen[0]) == judge_schema(RUBRIC)
    assert "USD 3,900" in seen[0]["messages"][1]["content"]


def test_a_judge_that_never_answers_well_is_a_failed_judgement_not_a_zero() -> None:
    with fake_llm(lambda body: chat('{"C1": {"points": 2}}')) as (url, _):
        result = run_judge(
            JudgeConfig("j", "fake"), OpenAIProvider("fake", url, "m", max_retries=0), TASK, RUBRIC, FILES
        )
    assert result.status == "failed" and result.total is None and result.scores == {}
    assert result.error is not None and "attempt 3: item C1 has no justification" in result.error


def test_a_cut_answer_is_retried_sampling_with_more_tokens() -> None:
    """The embedded judge at temperature 0 wrote the same over-long answer three times: a retry must
    differ from the first request, and an answer cut at max_tokens gets more room."""

    def answer(body: dict[str, Any]) -> Any:
        if body["max_tokens"] < 200:
            cut = chat(good()[:40])
            cut["choices"][0]["finish_reason"] = "length"
            return cut
        return chat(good(c1=2))

    with fake_llm(answer) as (url, seen):
        cfg = JudgeConfig("j", "fake", temperature=0.0, justification_chars=40)
        result = run_judge(cfg, OpenAIProvider("fake", url, "m", max_retries=0), TASK, RUBRIC, FILES)
    budget = token_budget(RUBRIC, 40)
    assert budget == 2 * (28 + 40) + 16
    assert [r["max_tokens"] for r in seen] == [budget, budget + budget // 2]
    assert [r["temperature"] for r in seen] == [0.0, 0.6]
    assert result.status == "ok" and result.attempts == 2 and result.total == pytest.approx(60.0)


def test_a_server_without_response_format_is_asked_plainly() -> None:
    def answer(body: dict[str, Any]) -> Any:
        if "response_format" in body:
            return 400, {"error": {"message": "response_format is not supported"}}
        return chat(good())

    with fake_llm(answer) as (url, seen):
        provider = OpenAIProvider("plain-server", url, "m", max_retries=0)
        result = run_judge(JudgeConfig("j", "plain-server"), provider, TASK, RUBRIC, FILES)
    assert result.status == "ok" and result.total == 100.0
    assert "response_format" in seen[0] and "response_format" not in seen[1]
    assert "plain-server" in _NO_SCHEMA
    _NO_SCHEMA.discard("plain-server")


def test_a_generated_rubric_is_repaired_and_validated() -> None:
    task = load_collab_bank().get("budget_variance")
    with fake_llm(lambda body: chat(json.dumps(model_rubric()))) as (url, seen):
        rubric = generate_rubric(OpenAIProvider("fake", url, "m", max_retries=0), task)
    assert rubric.total == 100 and len(rubric.items) == 5
    assert "correctness_accuracy" in schema_of(seen[0])["properties"]  # type: ignore[index]
    prompt = seen[0]["messages"][1]["content"]
    assert "Cloud hosting" in prompt and "Evaluator notes" in prompt


def test_the_panel_prefers_different_judge_models() -> None:
    two = Registry(
        {
            "a": ModelConfig(name="a", base_url="http://x/v1"),
            "b": ModelConfig(name="b", base_url="http://y/v1"),
            **load_registry(None).models,
        }
    )
    assert [(j.name, j.model) for j in default_panel(two)] == [("a", "a"), ("b", "b")]
    offline = default_panel(Registry(load_registry(None).models))
    assert [(j.model, j.seed, j.temperature) for j in offline] == [("local", 1, 0.0), ("local", 2, 0.7)]
    assert offline[0].system != offline[1].system == STRICT_JUDGE_SYSTEM  # two graders, not one twice


@pytest.mark.slow
def test_the_embedded_model_returns_a_usable_judgement() -> None:
    """The real path: llama.cpp holds the small model to the schema, so its answer parses."""
    provider = load_registry(None).provider("local")
    cfg = JudgeConfig("local#1", "local", seed=1, max_tokens=120, justification_chars=40)
    result = run_judge(cfg, provider, TASK, RUBRIC, FILES, attempts=2)
    assert result.status == "ok", result.error
    assert set(result.scores) == {"C1", "D1"}
    assert 0 <= result.total <= 100  # type: ignore[operator]
    assert all(0 <= s["points"] <= s["max"] for s in result.scores.values())
