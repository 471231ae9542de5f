"""Rubric generation: a model reads the task and writes a JSON rubric; stored and versioned.

CollabSkill has an agent (Gemini CLI, headless) read the task prompt and reference files and write
the rubric. We ask a registered model with the task, its reference files as text, the expected
deliverables and the hidden evaluator notes, with the rubric's JSON schema as a constraint. The
answer is repaired (see _rubric.py) and validated; the rubric in use for a task is, in order:
the researcher's `rubric.json` shipped with the task, else the newest stored version (generated
or edited), else a new generated one.

A large model writes the whole rubric in one answer. The embedded 135M model cannot: asked for
all four categories at once it wrote the same item under each of them (the duplicates left
three categories empty), every time. It is therefore asked one category at a time
(`per_category`): each question names the category and what it checks, the grammar starts each
criterion with the category's lead (`rubric.CRITERION_LEADS`) and each verification with "Open"
(what to open, then what to compare), and each category's answer is checked before the next is
asked, so a duplicate or an unverifiable item is retried where it happened.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from ..models import ModelProvider, Registry
from ..store import session_scope
from ._convert import render_for_prompt
from ._llm_json import ask_json
from ._rubric import (
    CATEGORIES,
    MIN_VERIFICATION_WORDS,
    Rubric,
    category_schema,
    criterion_key,
    from_model_json,
    infer_reads,
    load_rubric_file,
    parse_rubric,
    repair,
    rubric_schema,
    validate,
)
from ._schema import TaskInstance
from ._tables import add_rubric, latest_rubric

RUBRIC_SYSTEM = """You write grading rubrics for occupational work tasks. A rubric lists checks a grader
can verify by opening the deliverables. Write JSON with four categories:
correctness_accuracy (facts, figures, calculations), deliverable_completeness (every requested file
and part), task_requirements (explicit instructions and constraints), technical_quality
(organisation, clarity, professional form). Each item has a criterion, integer points and a
verification procedure that says what to open and what to compare."""


@dataclass(frozen=True)
class RubricGenOptions:
    items_per_category: int = 3
    max_chars: int = 200
    max_tokens: int = 1500
    per_category: bool = False
    attempts: int = 3


OFFLINE_RUBRIC = RubricGenOptions(items_per_category=1, max_chars=100, max_tokens=240, per_category=True)
"""The embedded model writes one short item per category, a category per question: with
grammar-constrained decoding it produces a few tokens a second on a busy 2-core machine, and its
longer rubrics are no better."""


def options_for(registry: Registry, model: str) -> RubricGenOptions:
    """OFFLINE_RUBRIC for the embedded model, the defaults for any other."""
    return OFFLINE_RUBRIC if registry.get(model).provider == "embedded" else RubricGenOptions()


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
    options: RubricGenOptions = RubricGenOptions(),
    *,
    seed: int = 0,
) -> Rubric:
    """Ask, repair, validate; raises JsonAskError after `attempts` unusable answers (per category
    when asked per category). The repairs made are listed in `Rubric.repairs`."""
    if options.per_category:
        return _generate_per_category(provider, task, options, seed)

    def accept(data: Any) -> Rubric:
        return validate(repair(from_model_json(data, task.id)))

    messages = [{"role": "system", "content": RUBRIC_SYSTEM}, {"role": "user", "content": rubric_prompt(task)}]
    answer = ask_json(
        provider,
        messages,
        rubric_schema(options.items_per_category, options.max_chars),
        accept,
        attempts=options.attempts,
        max_tokens=options.max_tokens,
        seed=seed,
    )
    rubric: Rubric = answer.value
    return infer_reads(rubric, [d.name for d in task.deliverables])


def _generate_per_category(provider: ModelProvider, task: TaskInstance, options: RubricGenOptions, seed: int) -> Rubric:
    written: dict[str, list[dict[str, Any]]] = {}
    seen: dict[str, str] = {}
    base = rubric_prompt(task)  # the same prefix for every question, so the server reuses its cache

    def accept_for(name: str) -> Any:
        def accept(data: Any) -> list[dict[str, Any]]:
            items = data.get("items") if isinstance(data, dict) else None
            if not isinstance(items, list) or not items:
                raise ValueError("the answer has no items")
            for it in items:
                if not isinstance(it, dict):
                    raise ValueError("an item is not an object")
                key = criterion_key(str(it.get("criterion", "")))
                if not key:
                    raise ValueError("an item has no criterion")
                if key in seen:
                    raise ValueError(f"criterion {it.get('criterion')!r} repeats one of {seen[key]}")
                if len(str(it.get("verification", "")).split()) < MIN_VERIFICATION_WORDS:
                    raise ValueError(f"verification {it.get('verification')!r} does not say how to verify")
                seen[key] = name
            return items

        return accept

    for k, (name, (_, weight, what)) in enumerate(CATEGORIES.items()):
        # the criteria already written are not shown: the small model copies what it is shown
        question = f"{base}\n\nWrite only the {name} part of the rubric now: checks that {what}, {weight} points."
        messages = [{"role": "system", "content": RUBRIC_SYSTEM}, {"role": "user", "content": question}]
        answer = ask_json(
            provider,
            messages,
            category_schema(name, options.items_per_category, options.max_chars),
            accept_for(name),
            attempts=options.attempts,
            max_tokens=options.max_tokens,
            seed=seed + 100 * k,
        )
        written[name] = answer.value
    return infer_reads(validate(repair(from_model_json(written, task.id))), [d.name for d in task.deliverables])


def _stored(row_id: int, version: int, data: dict[str, Any], task_id: str) -> StoredRubric:
    rubric = parse_rubric(data, task_id, f"stored rubric v{version}", source=str(data.get("source", "generated")))
    repairs = tuple(str(note) for note in data.get("repairs") or ())  # kept with the version, shown by `rubric`
    return StoredRubric(row_id, version, replace(rubric, repairs=repairs))


def current_rubric(url: str, task: TaskInstance) -> StoredRubric | None:
    """The rubric in use without generating: the researcher's file, else the newest stored version."""
    if task.rubric_path.is_file():
        return _store_researcher(url, task)
    with session_scope(url) as s:
        row = latest_rubric(s, task.id)
        return None if row is None else _stored(row.id, row.version, row.rubric, task.id)


def _store_researcher(url: str, task: TaskInstance) -> StoredRubric:
    rubric = load_rubric_file(task.rubric_path, task.id, [d.name for d in task.deliverables])
    data = rubric.to_json()
    with session_scope(url) as s:
        row = add_rubric(
            s,
            task.id,
            "researcher",
            data,
            None,
            reuse=lambda r: r.source == "researcher" and r.rubric.get("categories") == data["categories"],
        )
        return StoredRubric(row.id, row.version, rubric)


def ensure_rubric(
    url: str,
    task: TaskInstance,
    provider: ModelProvider | None,
    *,
    regenerate: bool = False,
    options: RubricGenOptions = RubricGenOptions(),
) -> StoredRubric:
    if task.rubric_path.is_file():
        return _store_researcher(url, task)
    if not regenerate:
        found = current_rubric(url, task)
        if found is not None:
            return found
    if provider is None:
        raise LookupError(f"task {task.id} has no rubric and no model was given to write one")
    rubric = generate_rubric(provider, task, options)
    # without --regenerate, a rubric another process stored while this one was writing is used instead
    return save_rubric(url, rubric, "generated", provider.name, keep_existing=not regenerate)


def save_rubric(url: str, rubric: Rubric, source: str, model: str | None, keep_existing: bool = False) -> StoredRubric:
    """Store a new version; with `keep_existing`, the newest stored version if there is one."""
    data = {**rubric.to_json(), "source": source}
    with session_scope(url) as s:
        row = add_rubric(s, rubric.task_id, source, data, model, reuse=(lambda r: True) if keep_existing else None)
        if row.rubric != data:
            return _stored(row.id, row.version, row.rubric, rubric.task_id)
        return StoredRubric(row.id, row.version, rubric)


def rubric_json_text(rubric: Rubric) -> str:
    return json.dumps(rubric.to_json(), indent=2)
