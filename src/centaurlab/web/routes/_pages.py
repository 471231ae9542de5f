"""The task pages: one bank's tasks, one task with its editor, grading a solution to a task. Each route
gathers a view from the tasks package and renders one template of `templates/tasks/`."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from ...tasks import BankEntry, Task, markdown_html, task_detail
from ...templating import Markup
from .._html import render_page
from ._deps import bundle_of, catalogue_of, grader_of

router = APIRouter(default_response_class=HTMLResponse, include_in_schema=False)

DIFFICULTY = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}


@router.get("/favicon.ico")
def favicon() -> RedirectResponse:
    return RedirectResponse("/static/favicon.svg", status_code=301)


def _row(task: Task) -> dict[str, Any]:
    meta = task.meta
    return {"id": meta.id, "title": meta.title, "category": meta.category, "difficulty": meta.difficulty.value,
            "difficulty_label": DIFFICULTY.get(meta.difficulty.value, meta.difficulty.value),
            "tests": len(task.tests), "examples": len(meta.examples)}


def _task_sets(bank: BankEntry) -> list[tuple[str, list[tuple[str, bool]]]]:
    """The bank's tutorial and task sets, each task id with whether it loaded (a link, or marked missing)."""
    sets = bank.task_sets
    labelled = ([("Tutorial", [sets.tutorial])] if sets.tutorial else []) + [
        (f"Set {i}", list(ids)) for i, ids in enumerate(sets.sets, 1)]
    return [(label, [(t, t in bank.tasks) for t in ids]) for label, ids in labelled]


@router.api_route("/banks/{bank_name}", methods=["GET", "HEAD"])
def bank_page(bank_name: str, request: Request) -> str:
    bank = catalogue_of(request).bank(bank_name)
    crumbs = [("Task banks", "/tasks"), (bank.title, None)]
    # the bank's description is Markdown from its bank file, rendered by markdown-it (raw HTML escaped)
    return render_page("tasks/bank.html", title=bank.title, bundle=bundle_of(request), crumbs=crumbs,
                       page="page-bank", bank=bank, description=Markup(markdown_html(bank.description)),
                       tasks=[_row(t) for t in bank.tasks.values()], sets=_task_sets(bank))


def _description_html(task: Task) -> Markup:
    """The description without its leading '# Title' line: the page shows the title already. Markdown from
    the task file, rendered by markdown-it (raw HTML escaped)."""
    lines = task.description.lstrip().splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    return Markup(markdown_html("\n".join(lines)))


def _view(task: Task) -> dict[str, Any]:
    detail = task_detail(task)
    return {**detail, "title": task.meta.title, "source": task.meta.source, "licence": task.meta.licence,
            "difficulty_label": DIFFICULTY.get(detail["difficulty"], detail["difficulty"]),
            "by_tag": ", ".join(f"{n} {tag}" for tag, n in detail["tests_by_tag"].items())}


def _crumbs(request: Request, task: Task) -> list[tuple[str, str | None]]:
    bank = catalogue_of(request).banks.get(task.bank)
    return [("Task banks", "/tasks"), (bank.title if bank else task.bank, f"/banks/{task.bank}")]


@router.api_route("/tasks/{task_id}", methods=["GET", "HEAD"])
def task_page(task_id: str, request: Request) -> str:
    task = catalogue_of(request).task(task_id)
    view = _view(task)
    keys = ("id", "title", "starter", "entry_point", "test_count", "example_count", "examples")
    return render_page("tasks/task.html", title=task.meta.title, bundle=bundle_of(request),
                       crumbs=[*_crumbs(request, task), (task.meta.title, None)], page="page-task", task=view,
                       description=_description_html(task), data={k: view[k] for k in keys})


@router.api_route("/grade/{task_id}", methods=["GET", "HEAD"])
def grade_page(task_id: str, request: Request) -> str:
    task = catalogue_of(request).task(task_id)
    view = _view(task)
    keys = ("id", "title", "starter", "entry_point", "test_count", "efficiency_test_count")
    crumbs = [*_crumbs(request, task), (task.meta.title, f"/tasks/{task.meta.id}"), ("Grade", None)]
    return render_page("tasks/grade.html", title=f"Grade: {task.meta.title}", bundle=bundle_of(request),
                       crumbs=crumbs, page="page-grade", task=view, data={k: view[k] for k in keys},
                       factor=grader_of(request).config.efficiency.factor)
