"""The collaboration banks' task pages (`/collab/tasks`): every occupational task of the built-in collab
banks with its rendered prompt, its reference files (previewed as a participant's workspace shows them,
and downloadable), the deliverables it asks for and the rubric the judges grade them by, so that a
researcher can read what participants and agents are given before choosing tasks for a study.

The evaluator's notes stay hidden here as everywhere a worker could look: they are for rubric writers
and judges. The rubric is shown: it is public in the bank's folder too, but a study that does not want
participants to read it should not send them to these pages (participants' pages never link here).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from ...collab import (
    CATEGORIES,
    CollabBank,
    RubricError,
    TaskInstance,
    builtin_collab_bank_names,
    load_collab_bank,
    load_rubric_file,
)
from ...errors import NotFound
from .._collab_files import markdown, preview_view
from .._html import attachment, render_page
from ._deps import bundle_of

router = APIRouter(default_response_class=HTMLResponse, include_in_schema=False)


@cache
def collab_banks() -> dict[str, CollabBank]:
    """The built-in collab banks, loaded once per process (they are files shipped with the package)."""
    return {name: load_collab_bank(name) for name in builtin_collab_bank_names()}


def _task(task_id: str) -> TaskInstance:
    for bank in collab_banks().values():
        if task_id in bank.tasks:
            return bank.tasks[task_id]
    known = sorted(t for b in collab_banks().values() for t in b.tasks)
    raise NotFound(f"no collab task '{task_id}'; tasks include: {', '.join(known[:8])}")


@router.api_route("/collab/tasks", methods=["GET", "HEAD"])
def collab_tasks(request: Request) -> str:
    banks = [{"name": bank.name, "title": bank.meta.title, "description": bank.meta.description,
              "tasks": [bank.tasks[k] for k in sorted(bank.tasks)]} for bank in collab_banks().values()]
    return render_page("collab/tasks.html", title="Collab tasks", bundle=bundle_of(request),
                       crumbs=[("Collab", "/collab"), ("Tasks", None)], page="page-collab-tasks", banks=banks)


def _rubric(task: TaskInstance) -> dict[str, Any]:
    """The rubric's view: its items by category, or why there is none to show ("missing", or the load error)."""
    if not task.rubric_path.is_file():
        return {"missing": True, "error": None}
    try:
        rubric = load_rubric_file(task.rubric_path, task.id, [d.name for d in task.deliverables])
    except RubricError as exc:
        return {"missing": False, "error": str(exc)}
    categories = [{"title": f"{name.replace('_', ' ')}: {rubric.weights.get(name, weight):g} points, {what}",
                   "items": [i for i in rubric.items if i.category == name]}
                  for name, (_, weight, what) in CATEGORIES.items()]
    return {"missing": False, "error": None, "count": len(rubric.items), "total": f"{rubric.total:g}",
            "source": rubric.source, "categories": categories}


@router.api_route("/collab/tasks/{task_id}", methods=["GET", "HEAD"])
def collab_task(task_id: str, request: Request) -> str:
    task = _task(task_id)
    references = [{"name": ref.name, "description": ref.description,
                   "preview": preview_view(ref.name, ref.path.read_bytes())} for ref in task.references]
    crumbs = [("Collab", "/collab"), ("Tasks", "/collab/tasks"), (task.title, None)]
    return render_page("collab/task.html", title=task.title, bundle=bundle_of(request), crumbs=crumbs,
                       page="page-collab-task", task=task, prompt=markdown(task.prompt), references=references,
                       rubric=_rubric(task))


@router.get("/collab/tasks/{task_id}/files/{name}")
def collab_task_file(task_id: str, name: str) -> Response:
    """A reference file of a task, as a download."""
    task = _task(task_id)
    ref = next((r for r in task.references if r.name == name), None)
    if ref is None:
        raise NotFound(f"task '{task_id}' has no reference file '{name}'")
    return Response(ref.path.read_bytes(), media_type="application/octet-stream",
                    headers={"Content-Disposition": attachment(ref.name)})
