from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from centaurlab import store
from centaurlab.collab import (
    RubricError,
    ensure_rubric,
    load_rubric_file,
    options_for,
    parse_rubric,
    save_rubric,
    validate,
)
from centaurlab.collab._loader import BUILTIN_DIR, load_instance
from centaurlab.collab._rubric import CRITERION_LEADS, TOTAL, from_model_json, repair
from centaurlab.collab._rubric_gen import OFFLINE_RUBRIC, current_rubric
from centaurlab.models import OpenAIProvider, load_registry

from .fake_llm import chat, fake_llm, schema_of
from .rubrics import VERIFY, model_rubric, rubric_json


def test_a_valid_rubric_passes_and_gets_ids() -> None:
    rubric = validate(parse_rubric(rubric_json(), "t"))
    assert rubric.total == TOTAL == 100
    assert [i.id for i in rubric.items][:2] == ["C1", "C2"]
    assert rubric.item("T2").points == 5


@pytest.mark.parametrize(
    ("mutate", "field", "problem"),
    [
        (lambda d: d["categories"][0]["items"][0].update(points=30), "categories.correctness_accuracy", "add up to 35"),
        (
            lambda d: d["categories"][1]["items"][1].update(verification="check it"),
            "item D2.verification",
            "does not say how",
        ),
        (
            lambda d: d["categories"][2]["items"][1].update(criterion="task_requirements first check"),
            "item R2.criterion",
            "duplicates item R1",
        ),
        (lambda d: d["categories"][3]["items"].clear(), "categories", "no items in technical_quality"),
        (lambda d: d["categories"][0]["items"][1].update(points=0), "item C2.points", "positive"),
        (lambda d: d["categories"][0].update(name="style"), "categories.0.name", "is 'style'"),
        (lambda d: d["categories"][0]["items"][0].update(points="lots"), "categories.0.items.0.points", "lots"),
    ],
)
def test_broken_rubrics_are_refused_with_field_and_fix(mutate, field: str, problem: str) -> None:  # type: ignore[no-untyped-def]
    data = rubric_json()
    mutate(data)
    with pytest.raises(RubricError) as info:
        validate(parse_rubric(data, "t", "rubric.json"))
    assert info.value.field == field
    assert problem in str(info.value)
    assert info.value.fix


def test_weights_must_add_up_to_the_total() -> None:
    data = rubric_json(technical_quality=25)
    with pytest.raises(RubricError, match="weights add up to 110"):
        validate(parse_rubric(data, "t"))


def test_repair_drops_duplicates_and_rescales_to_whole_points() -> None:
    raw = from_model_json(model_rubric(), "budget_variance")
    with pytest.raises(RubricError):
        validate(raw)
    fixed = validate(repair(raw))
    assert fixed.total == 100
    cats = {i.category: [] for i in fixed.items}
    for i in fixed.items:
        cats[i.category].append(i.points)
    assert cats["correctness_accuracy"] == [10.0, 30.0]  # 10 and 30 of 40: already whole
    assert cats["deliverable_completeness"] == [25.0]
    assert any("dropped duplicate" in n for n in fixed.repairs)
    assert any("rescaled from 3 to 25" in n for n in fixed.repairs)


def test_a_researcher_rubric_takes_precedence_and_is_versioned(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    store.upgrade(url)
    folder = tmp_path / "budget_variance"
    shutil.copytree(BUILTIN_DIR / "collab" / "budget_variance", folder)
    (folder / "rubric.json").unlink()  # the built-in task ships a researcher rubric; start without it
    task = load_instance(folder, "test")
    generated = validate(repair(from_model_json(model_rubric(), task.id)))
    first = save_rubric(url, generated, "generated", "some-model")
    assert first.version == 1
    assert current_rubric(url, task).version == 1  # type: ignore[union-attr]
    (folder / "rubric.json").write_text(json.dumps(rubric_json()))
    task = load_instance(folder, "test")
    chosen = ensure_rubric(url, task, provider=None, regenerate=True)
    assert chosen.version == 2 and chosen.rubric.source == "researcher"
    again = ensure_rubric(url, task, provider=None)
    assert again.version == 2  # the same researcher rubric is not stored twice
    (folder / "rubric.json").write_text(json.dumps(rubric_json(correctness_accuracy=30)))
    with pytest.raises(RubricError, match="weights add up to 90"):
        load_rubric_file(folder / "rubric.json")


def test_without_rubric_or_model_ensure_says_so(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    store.upgrade(url)
    folder = tmp_path / "press_release"
    shutil.copytree(BUILTIN_DIR / "collab" / "press_release", folder)
    (folder / "rubric.json").unlink()  # a copy of the built-in task without its researcher rubric
    task = load_instance(folder, "test")
    with pytest.raises(LookupError, match="no rubric"):
        ensure_rubric(url, task, provider=None)
    assert VERIFY


def _copy_without_rubric(tmp_path: Path, task_id: str) -> Path:
    folder = tmp_path / task_id
    shutil.copytree(BUILTIN_DIR / "collab" / task_id, folder)
    (folder / "rubric.json").unlink()  # the built-in task ships a researcher rubric; start without it
    return folder


def test_a_small_model_writes_one_category_at_a_time_and_is_repaired(tmp_path: Path) -> None:
    """Per category: a criterion repeated from an earlier category is refused and asked again; the
    points that do not add up are rescaled, and each repair is recorded with the stored rubric."""
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    store.upgrade(url)
    task = load_instance(_copy_without_rubric(tmp_path, "budget_variance"), "test")
    answers = iter(
        [
            ("The figures match the budget file", 7),
            ("The figures match the budget file", 3),  # repeats C1: refused, asked again
            ("The deliverables include the memo and the table", 3),
            ("The work follows the 250-word limit", 30),
            ("The document is laid out as a memo", 15),
        ]
    )

    def answer(body: dict[str, Any]) -> Any:
        criterion, points = next(answers)
        item = {"criterion": criterion, "points": points, "verification": "Open memo.md and read it against the task"}
        return chat(json.dumps({"items": [item]}))

    with fake_llm(answer) as (base, seen):
        provider = OpenAIProvider("fake", base, "m", max_retries=0)
        stored = ensure_rubric(url, task, provider, options=OFFLINE_RUBRIC)
    assert len(seen) == 5
    leads = [schema_of(b)["properties"]["items"]["items"]["properties"]["criterion"]["pattern"] for b in seen]  # type: ignore[index]
    assert leads[0].startswith("^The figures ") and leads[-1].startswith("^The document is ")
    assert "Write only the task_requirements part" in seen[3]["messages"][1]["content"]
    rubric = stored.rubric
    assert stored.version == 1 and rubric.source == "generated" and rubric.total == TOTAL
    assert [(i.id, i.points) for i in rubric.items] == [("C1", 40.0), ("D1", 25.0), ("R1", 20.0), ("T1", 15.0)]
    assert "correctness_accuracy: item points rescaled from 7 to 40" in rubric.repairs
    again = current_rubric(url, task)
    assert again is not None and again.version == 1
    assert "task_requirements: item points rescaled from 30 to 20" in again.rubric.repairs  # stored with it


@pytest.mark.slow
def test_the_embedded_model_writes_a_valid_rubric(tmp_path: Path) -> None:
    """The real path: the 135M model, held to each category's schema, gives a rubric that passes
    validation after the mechanical repairs."""
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    store.upgrade(url)
    task = load_instance(_copy_without_rubric(tmp_path, "press_release"), "test")
    registry = load_registry(None)
    options = options_for(registry, "local")
    assert options == OFFLINE_RUBRIC
    stored = ensure_rubric(url, task, registry.provider("local"), options=options)
    rubric = validate(stored.rubric)
    assert rubric.total == TOTAL and {i.category for i in rubric.items} == set(CRITERION_LEADS)
    for item in rubric.items:
        assert item.criterion.startswith(CRITERION_LEADS[item.category])
        assert item.verification.startswith("Open ")
    assert current_rubric(url, task).version == stored.version == 1  # type: ignore[union-attr]
