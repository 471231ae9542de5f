"""The collab banks' task pages over HTTP (the real app, no database: the pages read the banks' files):
`/collab/tasks` lists every built-in occupational task, each task's page renders its prompt, previews and
serves its reference files, lists its deliverables and its rubric (never the evaluator's notes), and the
task banks' page, the front door and the collab page lead there."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from centaurlab.collab import load_collab_bank, load_rubric_file
from centaurlab.web import create_app


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(banks=["study"]))


def test_every_builtin_collab_task_is_listed_and_has_its_page(client: TestClient) -> None:
    bank = load_collab_bank("collab")
    page = client.get("/collab/tasks")
    assert page.status_code == 200 and "<h1>Collab tasks</h1>" in page.text
    links = re.findall(r'<a href="/collab/tasks/([a-z_0-9]+)">', page.text)
    assert len(bank.tasks) == 25 and sorted(links) == sorted(bank.tasks)
    assert "(25 tasks)" in page.text
    for task_id in links:
        task = client.get(f"/collab/tasks/{task_id}")
        assert task.status_code == 200, task_id
        assert f'<h1 id="task-title">{bank.tasks[task_id].title}</h1>'.replace("&", "&amp;") in task.text


def test_a_task_page_shows_prompt_files_deliverables_and_rubric(client: TestClient) -> None:
    task = load_collab_bank("collab").get("budget_variance")
    page = client.get("/collab/tasks/budget_variance").text
    prompt = page[page.index('id="task-prompt"'):page.index('id="task-files"')]
    assert "<h1>" in prompt and "# " not in prompt  # the prompt's Markdown, rendered
    files = page[page.index('id="task-files"'):page.index('id="task-deliverables"')]
    assert 'data-file="budget_vs_actual.csv"' in files and '<table class="preview-table">' in files
    assert 'href="/collab/tasks/budget_variance/files/budget_vs_actual.csv"' in files
    download = client.get("/collab/tasks/budget_variance/files/budget_vs_actual.csv")
    assert download.content == task.references[0].path.read_bytes()
    assert "attachment" in download.headers["content-disposition"]
    assert re.findall(r'data-deliverable="([^"]+)"', page) == ["variance.csv", "variance_memo.md"]
    rubric = load_rubric_file(task.rubric_path, task.id, [d.name for d in task.deliverables])
    shown = page[page.index('id="task-rubric"'):]
    assert f"{len(rubric.items)} items, 100 points" in shown
    for item in rubric.items:
        assert f"<code>{item.id}</code>" in shown and item.criterion.replace("&", "&amp;") in shown
    assert task.evaluator_notes[:40] not in page  # for rubric writers and judges only


def test_unknown_tasks_and_files_are_404(client: TestClient) -> None:
    assert client.get("/collab/tasks/no_such_task").status_code == 404
    assert client.get("/collab/tasks/budget_variance/files/instance.toml").status_code == 404
    assert client.get("/collab/tasks/budget_variance/files/..%2Finstance.toml").status_code == 404


def test_the_banks_page_the_front_door_and_the_collab_page_lead_there(client: TestClient) -> None:
    banks = client.get("/tasks").text
    card = banks[banks.index('data-collab-bank="collab"'):]
    assert '<a href="/collab/tasks">' in card[:card.index("</li>")] and "25 occupational tasks" in card
    home = client.get("/").text
    collab = home[home.index('id="pillar-collab"'):]
    assert 'href="/collab/tasks">Browse the collab tasks</a>' in collab[:collab.index("</section>")]
    assert 'href="/collab/tasks"' in client.get("/collab").text
