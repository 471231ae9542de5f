from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from centaurlab import store
from centaurlab.collab import RubricError, load_instance, parse_rubric, repair, validate
from centaurlab.collab.loader import BUILTIN_DIR
from centaurlab.collab.rubric import TOTAL, from_model_json, load_rubric_file
from centaurlab.collab.rubric_gen import current_rubric, ensure_rubric, save_rubric

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
