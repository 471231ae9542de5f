"""Rubric generation: a model reads the task and writes a JSON rubric; stored and versioned.

CollabSkill has an agent (Gemini CLI, headless) read the task prompt and reference files and write
the rubric. We ask a registered model with the task, its reference files as text, the expected
deliverables and the hidden evaluator notes, with the rubric's JSON schema as a constraint. The
answer is repaired (see rubric.py) and validated; the rubric in use for a task is, in order:
the researcher's `rubric.json` shipped with the task, else the newest stored version (generated
or edited), else a new generated one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..models import ModelProvider
from ..store import session_scope
from ..store.collab import add_rubric, latest_rubric
from .convert import render_for_prompt
from .llm_json import ask_json
from .rubric import CATEGORIES, Rubric, from_model_json, load_rubric_file, parse_rubric, repair, rubric_schema, validate
from .schema import TaskInstance

RUBRIC_SYSTEM = """You write grading rubrics for occupational work tasks. A rubric lists checks a grader
can verify by opening the deliverables. Write JSON with four categories:
correctness_accuracy (facts, figures, calculations), deliverable_completeness (every requested file
and part), task_requirements (explicit instructions and constraints), technical_quality
(organisation, clarity, professional form). Each item has a criterion, integer points and a
verification procedure that says what to open and what to compare."""


@dataclass(frozen=True)
class StoredRubric:
    id: int
    version: int
    rubric: Rubric


def rubric_prompt(task: TaskInstance, reference_chars: int = 3000) -> str:
    deliverables = "\n".join(f"- {d.name} ({d.kind.value}): {d.description}" for d in task.deliverables)
    share = reference_chars // max(1, len(task.references))
    refs = "\n".join(render_for_prompt(r.name, r.path.read_bytes(), share) for r in task.references)
    notes = f"\nEvaluator notes (hidden from the worker):\n{task.evaluator_notes}\n" if task.evaluator_notes else ""
    weights = ", ".join(f"{name} {w} points" for name, (_, w, _) in CATEGORIES.items())
    return (
        f"Task: {task.title}\n\n{task.prompt.strip()}\n\nDeliverables:\n{deliverables}\n{notes}\n"
        f"Reference files:\n{refs}\n\nWrite the rubric as JSON. Category weights: {weights}."
    )


def generate_rubric(
    provider: ModelProvider,
    task: TaskInstance,
    *,
    items_per_category: int = 3,
    max_chars: int = 200,
    max_tokens: int = 1500,
    attempts: int = 3,
    seed: int = 0,
) -> Rubric:
    """Ask, repair, validate; raises JsonAskError after `attempts` unusable answers."""

    def accept(data: Any) -> Rubric:
        return validate(repair(from_model_json(data, task.id)))

    messages = [{"role": "system", "content": RUBRIC_SYSTEM}, {"role": "user", "content": rubric_prompt(task)}]
    answer = ask_json(
        provider,
        messages,
        rubric_schema(items_per_category, max_chars),
        accept,
        attempts=attempts,
        max_tokens=max_tokens,
        seed=seed,
    )
    rubric: Rubric = answer.value
    return rubric


def _stored(row_id: int, version: int, data: dict[str, Any], task_id: str) -> StoredRubric:
    rubric = parse_rubric(data, task_id, f"stored rubric v{version}", source=str(data.get("source", "generated")))
    return StoredRubric(row_id, version, rubric)


def current_rubric(url: str, task: TaskInstance) -> StoredRubric | None:
    """The rubric in use without generating: the researcher's file, else the newest stored version."""
    if task.rubric_path.is_file():
        return _store_researcher(url, task)
    with session_scope(url) as s:
        row = latest_rubric(s, task.id)
        return None if row is None else _stored(row.id, row.version, row.rubric, task.id)


def _store_researcher(url: str, task: TaskInstance) -> StoredRubric:
    rubric = load_rubric_file(task.rubric_path, task.id)
    data = rubric.to_json()
    with session_scope(url) as s:
        row = latest_rubric(s, task.id)
        if row is None or row.source != "researcher" or row.rubric.get("categories") != data["categories"]:
            row = add_rubric(s, task.id, "researcher", data, None)
        return StoredRubric(row.id, row.version, rubric)


def ensure_rubric(
    url: str,
    task: TaskInstance,
    provider: ModelProvider | None,
    *,
    regenerate: bool = False,
    items_per_category: int = 3,
    max_chars: int = 200,
    max_tokens: int = 1500,
) -> StoredRubric:
    if task.rubric_path.is_file():
        return _store_researcher(url, task)
    if not regenerate:
        found = current_rubric(url, task)
        if found is not None:
            return found
    if provider is None:
        raise LookupError(f"task {task.id} has no rubric and no model was given to write one")
    rubric = generate_rubric(
        provider, task, items_per_category=items_per_category, max_chars=max_chars, max_tokens=max_tokens
    )
    return save_rubric(url, rubric, "generated", provider.name)


def save_rubric(url: str, rubric: Rubric, source: str, model: str | None) -> StoredRubric:
    data = {**rubric.to_json(), "source": source}
    with session_scope(url) as s:
        row = add_rubric(s, rubric.task_id, source, data, model)
        return StoredRubric(row.id, row.version, rubric)


def rubric_json_text(rubric: Rubric) -> str:
    return json.dumps(rubric.to_json(), indent=2)
