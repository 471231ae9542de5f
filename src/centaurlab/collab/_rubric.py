"""Rubrics: weighted categories of items, each with its points and how to verify it.

CollabSkill has an agent write a JSON rubric per task with four weighted top-level categories
(correctness and accuracy, deliverable completeness, task requirements, technical quality) and
items that carry a criterion, points and a verification procedure. We keep that shape. The
category weights are ours (the paper weights correctness highest without publishing the split):
40, 25, 20 and 15 points of 100.

Validation is strict and the same for every rubric: points are positive, the items of a
category add up to its weight and the weights to the total, every item says how to verify it,
and no criterion appears twice. A generated rubric may first be *repaired* (exact duplicates
dropped, item points rescaled to the category weight); each repair is recorded with the rubric.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from ..errors import FileFieldError
from .itemchecks import CheckSpec, parse_check
from .itemchecks import files_of as check_files
from .itemchecks import to_json as check_json

CATEGORIES: dict[str, tuple[str, int, str]] = {
    "correctness_accuracy": ("C", 40, "facts, figures and calculations are right"),
    "deliverable_completeness": ("D", 25, "every requested file and part is there"),
    "task_requirements": ("R", 20, "explicit instructions and constraints are followed"),
    "technical_quality": ("T", 15, "organisation, clarity, professional form"),
}
TOTAL = sum(w for _, w, _ in CATEGORIES.values())
MIN_VERIFICATION_WORDS = 4


class RubricError(FileFieldError):
    """A rubric breaks a rule; says where, what and how to fix it."""


@dataclass(frozen=True)
class RubricItem:
    id: str
    category: str
    criterion: str
    points: float
    verification: str
    reads: tuple[str, ...] = ()
    """The deliverables the item reads; empty: all of the task's. Any of them missing or empty: 0 points."""
    checks: tuple[CheckSpec, ...] = ()
    """Deterministic checks that score the item instead of a judge (itemchecks); empty: judges score it."""

    @property
    def checked(self) -> bool:
        return bool(self.checks)

    def deliverables(self, task_deliverables: Sequence[str]) -> tuple[str, ...]:
        return self.reads or tuple(task_deliverables)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "criterion": self.criterion, "points": self.points,
                                "verification": self.verification}
        if self.reads:
            data["reads"] = list(self.reads)
        if self.checks:
            data["check"] = [check_json(c) for c in self.checks]
        return data


@dataclass(frozen=True)
class Rubric:
    task_id: str
    items: tuple[RubricItem, ...]
    weights: dict[str, float] = field(default_factory=dict)
    source: str = "generated"  # generated | researcher | edited
    repairs: tuple[str, ...] = ()

    @property
    def total(self) -> float:
        return sum(i.points for i in self.items)

    def item(self, item_id: str) -> RubricItem:
        return next(i for i in self.items if i.id == item_id)

    def to_json(self) -> dict[str, Any]:
        cats = []
        for name in CATEGORIES:
            items = [i.to_json() for i in self.items if i.category == name]
            cats.append({"name": name, "weight": self.weights.get(name, CATEGORIES[name][1]), "items": items})
        return {
            "task_id": self.task_id,
            "total": self.total,
            "source": self.source,
            "repairs": list(self.repairs),
            "categories": cats,
        }

    def judged(self) -> Rubric:
        """The items a judge scores (those without checks), as a rubric of their own."""
        return Rubric(self.task_id, tuple(i for i in self.items if not i.checked), {}, self.source)

    def only(self, ids: Sequence[str]) -> Rubric:
        keep = set(ids)
        return Rubric(self.task_id, tuple(i for i in self.items if i.id in keep), {}, self.source)

    def as_text(self) -> str:
        lines = []
        for i in self.items:
            lines.append(f"[{i.id}] ({i.category}, {i.points:g} points) {i.criterion} -- verify: {i.verification}")
        return "\n".join(lines)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def criterion_key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", text.lower()).strip()


def parse_rubric(data: Any, task_id: str, where: str | Path = "rubric", source: str = "generated") -> Rubric:
    """Read the JSON shape (categories -> items) into a Rubric, assigning item ids; no checks of sums."""
    if not isinstance(data, dict) or not isinstance(data.get("categories"), list):
        raise RubricError(where, "categories", "is missing or not a list", "give a list of the four categories")
    items: list[RubricItem] = []
    weights: dict[str, float] = {}
    for c, cat in enumerate(data["categories"]):
        if not isinstance(cat, dict) or cat.get("name") not in CATEGORIES:
            raise RubricError(
                where,
                f"categories.{c}.name",
                f"is {cat.get('name') if isinstance(cat, dict) else cat!r}",
                f"use one of {', '.join(CATEGORIES)}",
            )
        name = cat["name"]
        if name in weights:
            raise RubricError(where, f"categories.{c}.name", f"repeats {name}", "merge the two categories")
        weights[name] = float(cat.get("weight", CATEGORIES[name][1]))
        raw_items = cat.get("items")
        if not isinstance(raw_items, list):
            raise RubricError(where, f"categories.{c}.items", "is missing or not a list", "list the items")
        prefix = CATEGORIES[name][0]
        for k, it in enumerate(raw_items):
            field_ = f"categories.{c}.items.{k}"
            if not isinstance(it, dict):
                raise RubricError(where, field_, "is not an object", "write {criterion, points, verification}")
            try:
                points = float(it.get("points"))  # type: ignore[arg-type]
            except (TypeError, ValueError):
                raise RubricError(where, f"{field_}.points", f"is {it.get('points')!r}", "give a number") from None
            items.append(
                RubricItem(
                    id=str(it.get("id") or f"{prefix}{k + 1}"),
                    category=name,
                    criterion=str(it.get("criterion", "")).strip(),
                    points=points,
                    verification=str(it.get("verification", "")).strip(),
                    reads=_reads(it.get("reads"), where, field_),
                    checks=_checks(it.get("check"), where, field_),
                )
            )
    return Rubric(task_id, tuple(items), weights, source)


def _reads(value: Any, where: str | Path, field_: str) -> tuple[str, ...]:
    if value is None:
        return ()
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
        raise RubricError(where, f"{field_}.reads", f"is {value!r}", "list the deliverable file names the item reads")
    return tuple(names)


def _checks(value: Any, where: str | Path, field_: str) -> tuple[CheckSpec, ...]:
    if value is None:
        return ()
    out = []
    for k, raw in enumerate(value if isinstance(value, list) else [value]):
        try:
            out.append(parse_check(raw))
        except ValueError as exc:
            raise RubricError(where, f"{field_}.check.{k}", str(exc), "see the check kinds in docs/collab.md") from None
    return tuple(out)


def validate_for_task(rubric: Rubric, deliverables: Sequence[str], where: str | Path = "rubric") -> Rubric:
    """Every item reads deliverables of the task, and every check opens one of the files its item reads."""
    known = set(deliverables)
    for it in rubric.items:
        unknown = [n for n in it.reads if n not in known]
        if unknown:
            raise RubricError(where, f"item {it.id}.reads", f"names {', '.join(unknown)}, not a deliverable",
                              f"use the task's deliverables: {', '.join(deliverables)}")
        read = set(it.deliverables(deliverables))
        for k, check in enumerate(it.checks):
            outside = sorted(check_files(check) - read)
            if outside:
                raise RubricError(where, f"item {it.id}.check.{k}", f"opens {', '.join(outside)}, which the item "
                                  "does not read", "add the file to the item's reads or check another file")
    return rubric


def infer_reads(rubric: Rubric, deliverables: Sequence[str]) -> Rubric:
    """A generated item reads the deliverables its criterion or verification names (a model does
    not say which files an item reads); one that names none reads them all."""
    items = []
    for it in rubric.items:
        text = f"{it.criterion} {it.verification}".lower()
        named = tuple(d for d in deliverables if d.lower() in text)
        items.append(replace(it, reads=it.reads or named))
    return replace(rubric, items=tuple(items))


def validate(rubric: Rubric, where: str | Path = "rubric") -> Rubric:
    """Raise RubricError at the first broken rule; return the rubric unchanged when it holds."""
    missing = [c for c in CATEGORIES if not any(i.category == c for i in rubric.items)]
    if missing:
        raise RubricError(where, "categories", f"has no items in {', '.join(missing)}", "add at least one item to each")
    seen: dict[str, str] = {}
    ids: set[str] = set()
    for it in rubric.items:
        if it.id in ids:
            raise RubricError(where, f"item {it.id}", "repeats an item id", "give each item its own id")
        ids.add(it.id)
        if not it.criterion:
            raise RubricError(where, f"item {it.id}.criterion", "is empty", "say what is checked")
        if not it.points > 0:
            raise RubricError(where, f"item {it.id}.points", f"is {it.points:g}", "give a positive number of points")
        if len(it.verification.split()) < MIN_VERIFICATION_WORDS:
            raise RubricError(
                where,
                f"item {it.id}.verification",
                f"{it.verification!r} does not say how to verify it",
                f"describe the check in at least {MIN_VERIFICATION_WORDS} words (what to open, what to compare)",
            )
        key = criterion_key(it.criterion)
        if key in seen:
            raise RubricError(where, f"item {it.id}.criterion", f"duplicates item {seen[key]}", "remove or reword one")
        seen[key] = it.id
    for name, weight in rubric.weights.items():
        got = sum(i.points for i in rubric.items if i.category == name)
        if abs(got - weight) > 1e-6:
            raise RubricError(
                where,
                f"categories.{name}",
                f"items add up to {got:g}, not the weight {weight:g}",
                "change the items' points or the weight so that they match",
            )
    if abs(sum(rubric.weights.values()) - TOTAL) > 1e-6:
        raise RubricError(
            where,
            "categories.weight",
            f"weights add up to {sum(rubric.weights.values()):g}, not {TOTAL}",
            f"make the four weights add up to {TOTAL}",
        )
    return rubric


def repair(rubric: Rubric) -> Rubric:
    """Fix what a model commonly gets wrong and record each fix: duplicate items are dropped, the
    default weights are used, and item points are rescaled to add up to their category's weight."""
    notes: list[str] = []
    kept: list[RubricItem] = []
    seen: set[str] = set()
    for it in rubric.items:
        key = criterion_key(it.criterion)
        if key in seen:
            notes.append(f"dropped duplicate item {it.id}")
            continue
        seen.add(key)
        kept.append(it)
    weights = {name: float(w) for name, (_, w, _) in CATEGORIES.items()}
    if any(abs(rubric.weights.get(k, w) - w) > 1e-6 for k, w in weights.items()):
        notes.append("category weights set to the defaults 40/25/20/15")
    out: list[RubricItem] = []
    for name, weight in weights.items():
        cat = [i for i in kept if i.category == name]
        raw = sum(max(i.points, 0.0) for i in cat)
        if not cat:
            continue
        if abs(raw - weight) > 1e-6:
            notes.append(f"{name}: item points rescaled from {raw:g} to {weight:g}")
        shares = [weight / len(cat)] * len(cat) if raw <= 0 else [max(i.points, 0.0) * weight / raw for i in cat]
        rounded = _whole_points(shares, int(weight))
        prefix = CATEGORIES[name][0]
        out += [replace(i, id=f"{prefix}{k + 1}", points=p) for k, (i, p) in enumerate(zip(cat, rounded, strict=True))]
    return Rubric(rubric.task_id, tuple(out), weights, rubric.source, tuple(notes))


def _whole_points(shares: list[float], total: int) -> list[float]:
    """Whole points adding up to `total`, each at least 1 (largest remainders get the spare points),
    so judges can be asked for integers."""
    base = [max(1, int(x)) for x in shares]
    spare = total - sum(base)
    order = sorted(range(len(shares)), key=lambda k: shares[k] - int(shares[k]), reverse=True)
    k = 0
    while spare > 0:
        base[order[k % len(order)]] += 1
        spare -= 1
        k += 1
    while spare < 0:
        j = max(range(len(base)), key=lambda m: base[m])
        base[j] -= 1
        spare += 1
    return [float(b) for b in base]


def load_rubric_file(path: Path, task_id: str | None = None, deliverables: Sequence[str] | None = None) -> Rubric:
    """A researcher's rubric.json: parsed and validated strictly (against the task's deliverables
    when given), never repaired."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise RubricError(path, "(file)", f"is not readable JSON ({exc})", "fix the JSON syntax") from exc
    rubric = validate(parse_rubric(data, task_id or path.parent.name, path, source="researcher"), path)
    return rubric if deliverables is None else validate_for_task(rubric, deliverables, path)


CRITERION_LEADS = {
    "correctness_accuracy": "The figures",
    "deliverable_completeness": "The deliverables include",
    "task_requirements": "The work follows",
    "technical_quality": "The document is",
}
"""How a criterion of each category starts when a small model writes one category at a time: the
lead keeps it on the category's subject and two categories can never share a criterion."""


def _text(max_chars: int, lead: str) -> dict[str, Any]:
    # a pattern replaces the length bounds in llama.cpp's grammar, so it bounds the length itself
    return {"type": "string", "pattern": f'^{lead} [^"\\\\\\n]{{15,{max(20, max_chars - len(lead))}}}$'}


def _item_schema(max_chars: int, criterion_lead: str | None = None) -> dict[str, Any]:
    """One item. The verification must start with "Open " (where a server holds the answer to the
    pattern, even a small model then says what to open before what to compare)."""
    criterion = (
        _text(max_chars, criterion_lead)
        if criterion_lead
        else {"type": "string", "minLength": 8, "maxLength": max_chars}
    )
    return {
        "type": "object",
        "properties": {
            "criterion": criterion,
            "points": {"type": "integer", "minimum": 1, "maximum": 40},
            "verification": _text(max_chars, "Open"),
        },
        "required": ["criterion", "points", "verification"],
        "additionalProperties": False,
    }


def category_schema(category: str, max_items: int = 1, max_chars: int = 100) -> dict[str, Any]:
    """The items of one category, for a model asked one category at a time."""
    item = _item_schema(max_chars, CRITERION_LEADS[category])
    items = {"type": "array", "items": item, "minItems": 1, "maxItems": max_items}
    return {"type": "object", "properties": {"items": items}, "required": ["items"], "additionalProperties": False}


def rubric_schema(max_items_per_category: int = 3, max_chars: int = 200) -> dict[str, Any]:
    """JSON schema of a generated rubric (for grammar-constrained decoding where the server has it)."""
    item = _item_schema(max_chars)
    cats = {
        name: {"type": "array", "items": item, "minItems": 1, "maxItems": max_items_per_category} for name in CATEGORIES
    }
    return {"type": "object", "properties": cats, "required": list(CATEGORIES), "additionalProperties": False}


def from_model_json(data: Any, task_id: str) -> Rubric:
    """The flat shape the model writes ({category: [items]}) into a Rubric."""
    if isinstance(data, dict) and "categories" not in data:
        data = {"categories": [{"name": k, "items": v} for k, v in data.items() if k in CATEGORIES]}
    return parse_rubric(data, task_id, "model answer")
