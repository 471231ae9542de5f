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
from ...tasks import markdown_html
from ..collab_files import preview_html
from ..html import attachment, e, html_table, layout, plural
from .deps import bundle_of

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


def _row(task: TaskInstance) -> list[str]:
    return [f'<a href="/collab/tasks/{e(task.id)}">{e(task.title)}</a>', f"<code>{e(task.id)}</code>",
            f"{e(task.onet.occupation_title)} <span class=\"muted\">{e(task.onet.occupation_code)}</span>",
            e(task.difficulty.value), str(task.expected_minutes),
            ", ".join(f"<code>{e(d.name)}</code>" for d in task.deliverables), str(len(task.references))]


@router.api_route("/collab/tasks", methods=["GET", "HEAD"])
def collab_tasks(request: Request) -> str:
    sections = []
    for bank in collab_banks().values():
        tasks = [bank.tasks[k] for k in sorted(bank.tasks)]
        table = html_table(["task", "id", "occupation", "difficulty", "minutes", "deliverables", "files"],
                           [_row(t) for t in tasks], f"Tasks of {bank.meta.title}", table_id=f"collab-bank-{bank.name}",
                           caption_hidden=True, numeric=frozenset({4, 6}))
        sections.append(f'<section aria-labelledby="bank-{e(bank.name)}"><h2 id="bank-{e(bank.name)}">'
                        f'{e(bank.meta.title)} <span class="count">({plural(len(tasks), "task")})</span></h2>'
                        f'<p>{e(bank.meta.description)} Bank <code>{e(bank.name)}</code>.</p>{table}</section>')
    body = ('<h1>Collab tasks</h1><p class="lead">The occupational tasks of the collaboration pillar: open one to '
            "read its prompt as participants and agents get it, its reference files, the deliverables it asks for "
            "and the rubric the judges grade them by.</p>" + "".join(sections))
    return layout("Collab tasks", body, bundle=bundle_of(request), crumbs=[("Collab", "/collab"), ("Tasks", None)],
                  page="page-collab-tasks")


def _references(task: TaskInstance) -> str:
    if not task.references:
        return '<p class="muted">This task has no reference files.</p>'
    items = []
    for ref in task.references:
        href = f"/collab/tasks/{e(task.id)}/files/{e(ref.name)}"
        items.append(f'<li data-file="{e(ref.name)}"><details class="file"><summary><span class="file-name">'
                     f'{e(ref.name)}</span> <span class="muted">{e(ref.description)}</span></summary>'
                     f'<div class="file-preview">{preview_html(ref.name, ref.path.read_bytes())}</div>'
                     f'<p class="file-links"><a href="{href}" download>download</a></p></details></li>')
    return f'<ul class="file-list">{"".join(items)}</ul>'


def _rubric(task: TaskInstance) -> str:
    if not task.rubric_path.is_file():
        return (f'<p class="muted">No rubric ships with this task: <code>centaur collab rubric {e(task.id)}</code> '
                "generates one.</p>")
    try:
        rubric = load_rubric_file(task.rubric_path, task.id, [d.name for d in task.deliverables])
    except RubricError as exc:
        return f'<p class="notice notice-bad" role="alert">The rubric does not load: {e(str(exc))}</p>'
    parts = [f'<p>{plural(len(rubric.items), "item")}, {rubric.total:g} points ({e(rubric.source)}); an item with a '
             "check is scored by the check, the others by the judges.</p>"]
    for name, (_, weight, what) in CATEGORIES.items():
        items = [i for i in rubric.items if i.category == name]
        rows = [[f"<code>{e(i.id)}</code>", e(i.criterion), f"{i.points:g}", e(i.verification),
                 "check" if i.checked else "judges"] for i in items]
        title = f"{name.replace('_', ' ')}: {rubric.weights.get(name, weight):g} points, {what}"
        parts.append(f"<h3>{e(title)}</h3>" + html_table(["item", "criterion", "points", "how to verify", "scored by"],
                                                         rows, title, caption_hidden=True, numeric=frozenset({2})))
    return "".join(parts)


@router.api_route("/collab/tasks/{task_id}", methods=["GET", "HEAD"])
def collab_task(task_id: str, request: Request) -> str:
    task = _task(task_id)
    software = f" · software: {e(', '.join(task.software))}" if task.software else ""
    deliverables = "".join(f'<li data-deliverable="{e(d.name)}"><code>{e(d.name)}</code> <span class="muted">'
                           f'{e(d.kind.value)}</span>: {e(d.description)}</li>' for d in task.deliverables)
    body = (f'<h1 id="task-title">{e(task.title)}</h1>'
            f'<p class="task-meta">{e(task.onet.occupation_title)} ({e(task.onet.occupation_code)}, '
            f'{e(task.onet.family_title)}) · {e(task.difficulty.value)} · about {task.expected_minutes} minutes'
            f'{software}</p>'
            f'<section id="task-prompt" aria-labelledby="prompt-h"><h2 id="prompt-h">The prompt</h2>'
            f'<div class="markdown">{markdown_html(task.prompt)}</div></section>'
            f'<section id="task-files" aria-labelledby="files-h"><h2 id="files-h">Reference files</h2>'
            f'{_references(task)}</section>'
            f'<section id="task-deliverables" aria-labelledby="deliverables-h"><h2 id="deliverables-h">Deliverables'
            f'</h2><ul class="checklist">{deliverables}</ul></section>'
            f'<section id="task-rubric" aria-labelledby="rubric-h"><h2 id="rubric-h">Rubric</h2>{_rubric(task)}'
            f'</section><p class="source">Source: {e(task.source)} · Licence: {e(task.licence)} · Bank '
            f'<code>{e(task.bank)}</code></p>')
    crumbs = [("Collab", "/collab"), ("Tasks", "/collab/tasks"), (task.title, None)]
    return layout(task.title, body, bundle=bundle_of(request), crumbs=crumbs, page="page-collab-task")


@router.get("/collab/tasks/{task_id}/files/{name}")
def collab_task_file(task_id: str, name: str) -> Response:
    """A reference file of a task, as a download."""
    task = _task(task_id)
    ref = next((r for r in task.references if r.name == name), None)
    if ref is None:
        raise NotFound(f"task '{task_id}' has no reference file '{name}'")
    return Response(ref.path.read_bytes(), media_type="application/octet-stream",
                    headers={"Content-Disposition": attachment(ref.name)})
