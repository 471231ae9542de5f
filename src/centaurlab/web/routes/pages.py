"""The task pages: one bank's tasks, one task with its editor, grading a solution to a task."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse

from ...tasks import BankEntry, Task, markdown_html, task_detail
from ..html import e, json_script, layout, plural
from .deps import bundle_of, catalogue_of, grader_of

router = APIRouter(default_response_class=HTMLResponse, include_in_schema=False)

DIFFICULTY = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}


def _problems(bank: BankEntry) -> str:
    if not bank.problems:
        return ""
    items = "".join(f"<li><code>{e(p)}</code></li>" for p in bank.problems)
    return (
        f'<div class="notice notice-warn" role="status"><p><strong>{plural(len(bank.problems), "problem")}'
        f" while loading this bank</strong>; the tasks that load on their own are listed.</p>"
        f'<ul class="problems">{items}</ul></div>'
    )


def _badge(difficulty: str) -> str:
    return f'<span class="badge diff-{e(difficulty)}">{e(DIFFICULTY.get(difficulty, difficulty))}</span>'


@router.get("/favicon.ico")
def favicon() -> RedirectResponse:
    return RedirectResponse("/static/favicon.svg", status_code=301)


def _task_row(task: Task) -> str:
    meta = task.meta
    return (
        f'<tr><td><a href="/tasks/{e(meta.id)}">{e(meta.title)}</a></td>'
        f"<td><code>{e(meta.id)}</code></td><td>{e(meta.category)}</td>"
        f"<td>{_badge(meta.difficulty.value)}</td><td class=\"num\">{len(task.tests)}</td>"
        f'<td class="num">{len(meta.examples)}</td>'
        f'<td><a href="/grade/{e(meta.id)}" aria-label="Grade a solution to {e(meta.title)}">Grade</a></td></tr>'
    )


def _task_sets(bank: BankEntry) -> str:
    sets = bank.task_sets
    if not sets.sets and not sets.tutorial:
        return ""

    def link(task_id: str) -> str:
        if task_id in bank.tasks:
            return f'<a href="/tasks/{e(task_id)}">{e(task_id)}</a>'
        return f'<span class="missing" title="not loaded">{e(task_id)}</span>'

    rows = []
    if sets.tutorial:
        rows.append(f"<li><strong>Tutorial</strong>: {link(sets.tutorial)}</li>")
    for i, ids in enumerate(sets.sets, 1):
        rows.append(f"<li><strong>Set {i}</strong>: {', '.join(link(t) for t in ids)}</li>")
    return (
        '<section aria-labelledby="sets-h"><h2 id="sets-h">Task sets</h2>'
        f'<ul class="sets">{"".join(rows)}</ul></section>'
    )


@router.api_route("/banks/{bank_name}", methods=["GET", "HEAD"])
def bank_page(bank_name: str, request: Request) -> str:
    bank = catalogue_of(request).bank(bank_name)
    rows = "".join(_task_row(t) for t in bank.tasks.values())
    table = (
        '<table class="tasks"><caption class="sr-only">Tasks of this bank</caption><thead><tr>'
        '<th scope="col">Task</th><th scope="col">Id</th><th scope="col">Category</th>'
        '<th scope="col">Difficulty</th><th scope="col" class="num">Tests</th>'
        '<th scope="col" class="num">Examples</th><th scope="col"><span class="sr-only">Grade</span></th></tr>'
        f"</thead><tbody>{rows}</tbody></table>"
    )
    body = (
        f'<h1>{e(bank.title)}</h1><div class="lead">{markdown_html(bank.description)}</div>{_problems(bank)}'
        f'<section aria-labelledby="tasks-h"><h2 id="tasks-h">{plural(len(bank.tasks), "task")}</h2>'
        f'<div class="table-wrap">{table}</div></section>{_task_sets(bank)}'
    )
    crumbs = [("Task banks", "/tasks"), (bank.title, None)]
    return layout(bank.title, body, bundle=bundle_of(request), crumbs=crumbs, page="page-bank")


def _description_html(task: Task) -> str:
    """The description without its leading '# Title' line: the page shows the title already."""
    lines = task.description.lstrip().splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    return markdown_html("\n".join(lines))


@router.api_route("/tasks/{task_id}", methods=["GET", "HEAD"])
def task_page(task_id: str, request: Request) -> str:
    cat = catalogue_of(request)
    task = cat.task(task_id)
    detail = task_detail(task)
    bank = cat.banks.get(task.bank)
    by_tag = ", ".join(f"{n} {tag}" for tag, n in detail["tests_by_tag"].items())
    meta_line = (
        f'<p class="task-meta">{_badge(detail["difficulty"])} <span>{e(detail["category"])}</span>'
        f' <span>{plural(detail["test_count"], "test")} ({e(by_tag)})</span>'
        f' <span>entry point <code>{e(detail["entry_point"])}</code></span></p>'
    )
    keys = ("id", "title", "starter", "entry_point", "test_count", "example_count", "examples")
    data = {k: detail[k] for k in keys}
    body = f"""
<div class="task-layout">
  <section class="task-info" aria-labelledby="task-title">
    <h1 id="task-title">{e(task.meta.title)}</h1>
    {meta_line}
    <article class="markdown">{_description_html(task)}</article>
    <p class="source">Source: {e(task.meta.source)} · Licence: {e(task.meta.licence)}</p>
  </section>
  <section class="workbench" aria-label="Solution">
    <div class="toolbar" role="toolbar" aria-label="Run">
      <button type="button" id="run-examples" class="btn" disabled>Run examples</button>
      <button type="button" id="run-tests" class="btn btn-primary" disabled>Run tests</button>
      <a class="btn" id="grade-link" href="/grade/{e(task.meta.id)}"
         title="Grade your code on correctness, efficiency and code quality">Grade</a>
      <button type="button" id="reset-code" class="btn btn-quiet" disabled>Reset code</button>
      <span class="kbd-hint"><kbd>Ctrl</kbd>+<kbd>Enter</kbd> runs the tests</span>
    </div>
    <div id="editor" class="editor" data-language="python">
      <noscript><p class="notice notice-bad">The editor needs JavaScript.</p></noscript>
    </div>
    <p id="run-status" class="sr-only" role="status"></p>
    <section id="results" class="results" aria-busy="false" aria-label="Verdicts">
      <p class="placeholder">Run the examples or the tests: the verdicts appear here.</p>
    </section>
  </section>
</div>
{json_script("task-data", data)}
"""
    crumbs = [("Task banks", "/tasks"), (bank.title if bank else task.bank, f"/banks/{task.bank}"),
              (task.meta.title, None)]
    return layout(task.meta.title, body, bundle=bundle_of(request), crumbs=crumbs, page="page-task")


def _grade_intro(n_eff: int, factor: float) -> str:
    efficiency = (
        f"the share of the {plural(n_eff, 'efficiency test')} on which your code needs at most {factor:g}&times; "
        "the reference's CPU time, both measured now" if n_eff else "not graded, this task has no efficiency tests"
    )
    return (
        '<p class="lead">Paste your code or upload a <code>.py</code> file, then <strong>Grade</strong>. '
        f"<strong>Correctness</strong>: the share of the tests passed. <strong>Efficiency</strong>: {efficiency}. "
        "<strong>Quality</strong>: code health, 1 to 100. <strong>Composite</strong>: their mean.</p>"
    )


@router.api_route("/grade/{task_id}", methods=["GET", "HEAD"])
def grade_page(task_id: str, request: Request) -> str:
    cat = catalogue_of(request)
    task = cat.task(task_id)
    detail = task_detail(task)
    bank = cat.banks.get(task.bank)
    n_eff = detail["efficiency_test_count"]
    meta_line = (
        f'<p class="task-meta">{_badge(detail["difficulty"])} <span>{e(detail["category"])}</span>'
        f' <span>{plural(detail["test_count"], "test")}</span>'
        f' <span>{plural(n_eff, "efficiency test") if n_eff else "no efficiency tests"}</span>'
        f' <span>entry point <code>{e(detail["entry_point"])}</code></span>'
        f' <a href="/tasks/{e(task.meta.id)}">Back to the task</a></p>'
    )
    keys = ("id", "title", "starter", "entry_point", "test_count", "efficiency_test_count")
    data = {k: detail[k] for k in keys}
    body = f"""
<section class="grade-head" aria-labelledby="grade-title">
  <h1 id="grade-title">Grade a solution: {e(task.meta.title)}</h1>
  {meta_line}
  {_grade_intro(n_eff, grader_of(request).config.efficiency.factor)}
</section>
<div class="grade-layout">
  <section class="workbench" aria-label="Solution">
    <div class="toolbar" role="toolbar" aria-label="Grade">
      <input type="file" id="upload" class="file-input" accept=".py,text/x-python,text/plain" disabled>
      <label for="upload" class="btn">Upload .py file…</label>
      <button type="button" id="grade" class="btn btn-primary" disabled>Grade</button>
      <span id="upload-name" class="file-name"></span>
      <span class="kbd-hint"><kbd>Ctrl</kbd>+<kbd>Enter</kbd> grades</span>
    </div>
    <div id="editor" class="editor" data-language="python">
      <noscript><p class="notice notice-bad">The editor needs JavaScript.</p></noscript>
    </div>
  </section>
  <section class="grade-side" aria-label="Grade report">
    <p id="run-status" class="sr-only" role="status"></p>
    <div id="report" class="results grade-report" aria-busy="false">
      <p class="placeholder">Grade the code: the three scores, the composite, the failing tests, the efficiency
      cases and the code-health findings appear here.</p>
    </div>
  </section>
</div>
{json_script("grade-data", data)}
"""
    crumbs = [("Task banks", "/tasks"), (bank.title if bank else task.bank, f"/banks/{task.bank}"),
              (task.meta.title, f"/tasks/{task.meta.id}"), ("Grade", None)]  # fmt: skip
    title = f"Grade: {task.meta.title}"
    return layout(title, body, bundle=bundle_of(request), crumbs=crumbs, page="page-grade")
