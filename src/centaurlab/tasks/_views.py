"""What the API and the pages say about banks and tasks.

Only what a participant may see: never the reference solution, the tests' source or the
known-bad solutions; tests appear by id, tag and docstring.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ._catalogue import BankEntry
from ._schema import Task, TestTag

if TYPE_CHECKING:
    from markdown_it import MarkdownIt


@lru_cache(maxsize=1)
def _markdown() -> MarkdownIt:
    from markdown_it import MarkdownIt  # on first use: every command imports this package, few render Markdown

    # html disabled: raw HTML in a description is shown as text, never injected into the page.
    # markdown-it also refuses javascript:, vbscript: and data: (except images) link targets.
    return MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")


def markdown_html(text: str) -> str:
    return _markdown().render(text)


def task_summary(task: Task) -> dict[str, Any]:
    meta = task.meta
    return {
        "id": meta.id,
        "bank": task.bank,
        "title": meta.title,
        "category": meta.category,
        "difficulty": meta.difficulty.value,
        "test_count": len(task.tests),
        "example_count": len(meta.examples),
        "url": f"/tasks/{meta.id}",
    }


def task_detail(task: Task) -> dict[str, Any]:
    meta = task.meta
    tags = Counter(t.tag.value for t in task.tests)
    return {
        **task_summary(task),
        "uuid": str(meta.uuid),
        "language": meta.language,
        "entry_point": meta.entry_point,
        "tags": list(meta.tags),
        "packages": list(meta.packages),
        "source": meta.source,
        "licence": meta.licence,
        "description_markdown": task.description,
        "description_html": markdown_html(task.description),
        "starter": task.starter,
        "examples": [e.model_dump() for e in meta.examples],
        "tests": [{"id": t.id, "tag": t.tag.value, "doc": t.doc} for t in task.tests],
        "tests_by_tag": {tag.value: tags[tag.value] for tag in TestTag if tags[tag.value]},
        "efficiency_test_count": len(task.efficiency_tests),
        "limits": {
            "cpu_seconds": meta.limits.cpu_seconds,
            "wall_seconds": meta.limits.wall_seconds,
            "memory_mb": meta.limits.memory_mb,
            "test_seconds": meta.limits.test_seconds,
        },
    }


def bank_summary(bank: BankEntry) -> dict[str, Any]:
    return {
        "name": bank.name,
        "title": bank.title,
        "description": bank.description,
        "task_count": len(bank.tasks),
        "problems": list(bank.problems),
        "url": f"/banks/{bank.name}",
    }


def bank_detail(bank: BankEntry) -> dict[str, Any]:
    return {
        **bank_summary(bank),
        "task_sets": {"tutorial": bank.task_sets.tutorial, "sets": [list(s) for s in bank.task_sets.sets]},
        "tasks": [task_summary(t) for t in bank.tasks.values()],
    }
