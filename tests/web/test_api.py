"""The web platform's JSON API and pages, through FastAPI's TestClient, against the real sandbox."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.tasks import Catalogue, Task
from centaurlab.web import bundle_problem, create_app
from tests.helpers import MINI_BANK, pair_sum


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The built-in study bank (even_odd_count is complete) plus the tests' mini bank."""
    with TestClient(create_app(banks=["study", MINI_BANK])) as c:
        yield c


@pytest.fixture(scope="module")
def even_odd() -> Task:
    return Catalogue(["study"]).task("even_odd_count")


def run(client: TestClient, task_id: str, code: str, suite: str = "tests") -> dict[str, Any]:
    response = client.post(f"/api/tasks/{task_id}/run", json={"code": code, "suite": suite})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def test_banks_list_names_each_bank_with_its_task_count(client: TestClient) -> None:
    banks = {b["name"]: b for b in client.get("/api/banks").json()}
    assert set(banks) == {"study", "mini"}
    assert banks["mini"]["task_count"] == 1 and banks["mini"]["problems"] == []
    assert banks["study"]["task_count"] >= 1 and banks["study"]["url"] == "/banks/study"


def test_bank_lists_its_tasks_and_task_sets(client: TestClient, even_odd: Task) -> None:
    bank = client.get("/api/banks/study").json()
    row = next(t for t in bank["tasks"] if t["id"] == "even_odd_count")
    assert row == {
        "id": "even_odd_count", "bank": "study", "title": even_odd.meta.title, "category": even_odd.meta.category,
        "difficulty": even_odd.meta.difficulty.value, "test_count": len(even_odd.tests),
        "example_count": len(even_odd.meta.examples), "url": "/tasks/even_odd_count",
    }
    assert all(s[0] == "even_odd_count" for s in bank["task_sets"]["sets"])


def test_unknown_bank_is_a_404_naming_it(client: TestClient) -> None:
    response = client.get("/api/banks/nope")
    assert response.status_code == 404
    assert response.json()["detail"].startswith("no bank 'nope'; banks: ")


def test_task_has_description_starter_examples_and_test_ids(client: TestClient, even_odd: Task) -> None:
    data = client.get("/api/tasks/even_odd_count").json()
    assert data["description_markdown"] == even_odd.description
    assert "<table>" in data["description_html"] and "<h2>" in data["description_html"]
    assert data["starter"] == even_odd.starter
    assert data["entry_point"] == "even_odd_count"
    assert data["examples"] == [e.model_dump() for e in even_odd.meta.examples]
    assert [(t["id"], t["tag"]) for t in data["tests"]] == [(t.id, t.tag.value) for t in even_odd.tests]
    assert sum(data["tests_by_tag"].values()) == data["test_count"] == len(even_odd.tests)


def test_the_api_never_leaks_reference_tests_or_known_bad_source(client: TestClient) -> None:
    task = pair_sum()
    secrets = [task.reference_source, task.tests_source, task.efficiency_source or "",
               task.known_bad_source(task.meta.known_bad[0])]
    bodies = [client.get(url).text for url in
              ("/api/banks", "/api/banks/mini", "/api/tasks/pair_sum", "/banks/mini", "/tasks/pair_sum")]
    bodies.append(json.dumps(run(client, "pair_sum", task.starter, "all")))
    for body in bodies:
        for secret in secrets:
            assert secret.strip() and secret.strip() not in body
        assert "reference" not in json.loads(bodies[2])


def test_reference_solution_passes_every_example_and_test(client: TestClient, even_odd: Task) -> None:
    result = run(client, "even_odd_count", even_odd.reference_source, "all")
    examples, tests = result["reports"]
    assert (examples["suite"], tests["suite"]) == ("examples", "tests")
    assert examples["passed"] == examples["total"] == len(even_odd.meta.examples)
    assert tests["passed"] == tests["total"] == len(even_odd.tests)
    assert result["all_passed"] and result["passed"] == result["total"]
    assert [v["id"] for v in tests["verdicts"]] == [t.id for t in even_odd.tests]
    assert {v["verdict"] for v in tests["verdicts"]} == {"pass"}
    assert tests["run"]["backend"] in ("bwrap", "rlimit")
    assert isinstance(tests["run"]["isolated"], bool)
    assert tests["run"]["stdout"] == ""  # the harness's own report lines are not shown


def test_starter_code_gets_failures_with_messages(client: TestClient, even_odd: Task) -> None:
    result = run(client, "even_odd_count", even_odd.starter)
    [report] = result["reports"]
    assert report["suite"] == "tests" and not result["all_passed"]
    assert report["total"] == len(even_odd.tests) and report["passed"] < report["total"]
    failed = [v for v in report["verdicts"] if v["verdict"] == "fail"]
    assert failed and all("expected" in v["message"] for v in failed)


def test_errors_and_printed_output_come_back_per_test(client: TestClient) -> None:
    code = "def count_pairs(nums, target):\n    print('looking at', nums)\n    raise ValueError('boom')\n"
    [report] = run(client, "pair_sum", code, "examples")["reports"]
    first = report["verdicts"][0]
    assert first["verdict"] == "error" and "ValueError: boom" in first["message"]
    assert "looking at [1, 2, 3, 4]" in first["output"]


def test_code_that_does_not_compile_is_reported_not_crashed(client: TestClient) -> None:
    [report] = run(client, "pair_sum", "def count_pairs(:\n", "examples")["reports"]
    assert report["passed"] == 0 and "SyntaxError" in report["problem"]
    assert {v["verdict"] for v in report["verdicts"]} == {"error"}


def test_unknown_task_is_a_404_naming_it(client: TestClient) -> None:
    for response in (client.get("/api/tasks/no_such_task"),
                     client.post("/api/tasks/no_such_task/run", json={"code": "", "suite": "tests"})):
        assert response.status_code == 404
        assert response.json()["detail"].startswith("no task 'no_such_task'; known tasks include: ")


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"suite": "tests"}, "body.code: Field required"),
        ({"code": "x", "suite": "everything"}, "body.suite: Input should be 'examples', 'tests' or 'all'"),
        ({"code": "x", "language": "c"}, "body.language: Extra inputs are not permitted"),
        ({"code": "#" * 200_001}, "body.code: String should have at most 200000 characters"),
        ({"code": 42}, "body.code: Input should be a valid string"),
    ],
)
def test_bad_body_is_a_422_with_a_clear_message(client: TestClient, body: dict[str, Any], says: str) -> None:
    response = client.post("/api/tasks/pair_sum/run", json=body)
    assert response.status_code == 422
    data = response.json()
    assert says in data["detail"]
    assert all(set(err) == {"loc", "msg", "type"} for err in data["errors"])  # no echo of the input
    assert "#" * 100 not in response.text


def test_not_json_is_a_422(client: TestClient) -> None:
    response = client.post("/api/tasks/pair_sum/run", content=b"code=1",
                           headers={"content-type": "application/json"})
    assert response.status_code == 422 and "body" in response.json()["detail"]


def test_huge_body_is_refused_before_it_is_read(client: TestClient) -> None:
    response = client.post("/api/tasks/pair_sum/run", content=b"x" * 2_000_000,
                           headers={"content-type": "application/json"})
    assert response.status_code == 413 and "request body over" in response.json()["detail"]


def test_pages_render_with_the_content_and_a_strict_csp(client: TestClient, even_odd: Task) -> None:
    home = client.get("/")
    assert home.status_code == 200 and '<a href="/banks/study">' in home.text
    assert "script-src 'self'" in home.headers["content-security-policy"]
    bank = client.get("/banks/study")
    assert bank.status_code == 200 and 'href="/tasks/even_odd_count"' in bank.text
    page = client.get("/tasks/even_odd_count")
    assert page.status_code == 200
    for needle in (even_odd.meta.title, 'id="editor"', 'id="run-examples"', 'id="run-tests"',
                   'id="reset-code"', 'id="results"', 'id="task-data"'):
        assert needle in page.text
    data = page.text.split('id="task-data">', 1)[1].split("</script>", 1)[0]
    assert json.loads(data)["starter"] == even_odd.starter


def test_unknown_pages_are_html_404s(client: TestClient) -> None:
    for url, says in (("/tasks/nope", "no task &#x27;nope&#x27;"), ("/banks/nope", "no bank &#x27;nope&#x27;"),
                      ("/no/such/page", "There is no page at /no/such/page")):
        response = client.get(url)
        assert response.status_code == 404 and response.headers["content-type"].startswith("text/html")
        assert says in response.text


def test_health_reports_banks_and_sandbox(client: TestClient) -> None:
    data = client.get("/health").json()
    assert data["status"] == "ok" and data["banks"]["mini"] == 1
    assert data["sandbox"]["backend"] in ("bwrap", "rlimit")


def _copy_mini(tmp_path: Path) -> Path:
    bank = tmp_path / "bank"
    shutil.copytree(MINI_BANK, bank)
    return bank


def test_description_html_is_safe(tmp_path: Path) -> None:
    bank = _copy_mini(tmp_path)
    (bank / "pair_sum" / "description.md").write_text(
        "# T\n\n<script>alert(1)</script>\n\n[click](javascript:alert(2)) <img src=x onerror=alert(3)>\n"
    )
    with TestClient(create_app(banks=[bank])) as c:
        html = c.get("/api/tasks/pair_sum").json()["description_html"]
        page = c.get("/tasks/pair_sum").text
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "href=\"javascript:" not in html and "<img" not in html and "<a " not in html
    assert "<script>alert" not in page


def test_a_broken_task_does_not_hide_the_rest_of_its_bank(tmp_path: Path) -> None:
    bank = _copy_mini(tmp_path)
    shutil.copytree(bank / "pair_sum", bank / "half_done")
    (bank / "half_done" / "task.toml").write_text('id = "half_done"\ntitle = "not finished"\n')
    with TestClient(create_app(banks=[bank])) as c:
        [summary] = c.get("/api/banks").json()
        page = c.get("/banks/mini").text
    assert summary["task_count"] == 1
    [problem] = summary["problems"]
    assert "half_done/task.toml" in problem and "Fix:" in problem
    assert "1 problem" in page and 'href="/tasks/pair_sum"' in page


def test_runs_are_recorded_when_given_a_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'web.db'}"
    store.upgrade(url)
    task = pair_sum()
    with TestClient(create_app(banks=[MINI_BANK], database_url=url)) as c:
        result = run(c, "pair_sum", task.reference_source, "all")
    assert [r["stored"] for r in result["reports"]] == [True, True]
    with store.session_scope(url) as session:
        rows = store.submissions_for(session, "pair_sum")
        assert sorted(r.suite for r in rows) == ["examples", "tests"]
        assert {r.origin for r in rows} == {"web"} and all(r.passed == r.total for r in rows)


def test_pages_say_how_to_build_a_missing_front_end(tmp_path: Path) -> None:
    with TestClient(create_app(banks=[MINI_BANK], static_dir=tmp_path)) as c:
        page = c.get("/tasks/pair_sum").text
    assert "front end is not built" in page and "npm run build" in page
    assert "make run" in bundle_problem(tmp_path)
