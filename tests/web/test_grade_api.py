"""Grading from the web: POST /api/tasks/{id}/grade and the /grade/{id} page, through FastAPI's
TestClient, against the real sandbox on the tests' mini bank."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.grading import EfficiencyConfig, GradeConfig
from centaurlab.web import create_app
from tests.helpers import MINI_BANK, pair_sum


@pytest.fixture(scope="module")
def db_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    url = f"sqlite:///{tmp_path_factory.mktemp('grade') / 'web.db'}"
    store.upgrade(url)
    return url


@pytest.fixture(scope="module")
def client(db_url: str) -> Iterator[TestClient]:
    """The mini bank (pair_sum has efficiency tests) and the study bank (its tasks have none)."""
    with TestClient(create_app(banks=[MINI_BANK, "study"], database_url=db_url)) as c:
        yield c


def grade(client: TestClient, task_id: str, code: str) -> dict[str, Any]:
    response = client.post(f"/api/tasks/{task_id}/grade", json={"code": code, "measure": "time"})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def test_the_reference_scores_full_marks_and_is_stored(client: TestClient, db_url: str) -> None:
    task = pair_sum()
    data = grade(client, "pair_sum", task.reference_source)
    assert (data["task"], data["bank"]) == ("pair_sum", "mini")
    assert data["correctness"] == 100.0 and data["efficiency"] == 100.0
    assert data["correctness_detail"]["failing"] == []
    [case] = data["efficiency_detail"]["cases"]
    assert case["passed"] and case["verdict"] == "pass" and case["candidate"] <= case["threshold"]
    assert data["efficiency_detail"]["measure"] == "time"
    assert data["quality_detail"]["score_100"] == data["quality"]
    assert data["stored"] is True
    with store.session_scope(db_url) as session:
        config = GradeConfig(EfficiencyConfig(measure="time")).key()
        row = store.find_grade(session, "pair_sum", task.reference_source, config)
        assert row is not None and row.origin == "web" and row.measure == "time"
        assert row.efficiency == 100.0 and row.details["composite"] == data["composite"]


def test_the_same_code_graded_again_is_the_stored_grade(
    client: TestClient, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import centaurlab.grading._jobs as grades  # the grading job the web's grader runs

    code = pair_sum().reference_source + "\n# graded twice\n"
    first = grade(client, "pair_sum", code)
    assert (first["stored"], first["reused"]) == (True, False)

    def not_again(*_args: object, **_kw: object) -> None:
        raise AssertionError("graded again although the store holds this grade")

    monkeypatch.setattr(grades, "grade_solution", not_again)
    again = grade(client, "pair_sum", code)
    assert (again["stored"], again["reused"]) == (True, True)
    assert {k: v for k, v in again.items() if k != "reused"} == {k: v for k, v in first.items() if k != "reused"}
    with store.session_scope(db_url) as session:
        config = GradeConfig(EfficiencyConfig(measure="time")).key()
        assert store.find_grade(session, "pair_sum", code, config) is not None


def test_the_quadratic_solution_is_correct_but_not_efficient(client: TestClient) -> None:
    task = pair_sum()
    source = (MINI_BANK / "pair_sum" / "bad" / "quadratic.py").read_text()
    data = grade(client, "pair_sum", source)
    assert data["correctness"] == 100.0 and data["efficiency"] == 0.0
    [case] = data["efficiency_detail"]["cases"]
    assert not case["passed"] and case["reference"] is not None and case["message"]
    assert data["composite"] < 100.0
    body = json.dumps(data)
    for secret in (task.reference_source, task.tests_source, task.efficiency_source or ""):
        assert secret.strip() not in body


def test_a_task_without_efficiency_tests_has_no_efficiency_score(client: TestClient) -> None:
    data = grade(client, "even_odd_count", "def even_odd_count(num):\n    return (0, 0)\n")
    assert data["efficiency"] is None and data["efficiency_detail"] is None
    detail = data["correctness_detail"]
    assert detail["passed"] < detail["total"] and detail["failing"]
    assert {"id", "tag", "verdict", "message"} <= set(detail["failing"][0])


def test_instructions_mode_is_refused_pointing_at_the_cli(client: TestClient) -> None:
    response = client.post("/api/tasks/pair_sum/grade", json={"code": "x", "measure": "instructions"})
    assert response.status_code == 422
    detail = response.json()["detail"]
    assert detail.startswith("body.measure: instructions mode is not offered on the web")
    assert "centaur grade solution.py --task pair_sum --measure instructions" in detail


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"measure": "time"}, "body.code: Field required"),
        ({"code": "x", "measure": "wall"}, "body.measure: Input should be 'time' or 'instructions'"),
        ({"code": "#" * 200_001}, "body.code: String should have at most 200000 characters"),
        ({"code": "x", "factor": 2}, "body.factor: Extra inputs are not permitted"),
    ],
)
def test_bad_body_is_a_422(client: TestClient, body: dict[str, Any], says: str) -> None:
    response = client.post("/api/tasks/pair_sum/grade", json=body)
    assert response.status_code == 422 and says in response.json()["detail"]
    assert "#" * 100 not in response.text


def test_unknown_task_is_a_404(client: TestClient) -> None:
    response = client.post("/api/tasks/no_such_task/grade", json={"code": ""})
    assert response.status_code == 404
    assert response.json()["detail"].startswith("no task 'no_such_task'")
    page = client.get("/grade/no_such_task")
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")


def test_a_grading_waits_for_a_sandbox_slot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs and gradings share the runner's slots: with every slot taken, a grading waits."""
    import centaurlab.grading._jobs as grades  # the grading job the study's grader runs

    def fake(task: Any, source: str, config: Any, **_kw: Any) -> Any:
        class Done:
            def to_dict(self) -> dict[str, Any]:
                return {"task": task.id}
        return Done()

    monkeypatch.setattr(grades, "grade_solution", fake)
    app = create_app(banks=[MINI_BANK], run_slots=1)
    answers: list[int] = []
    with TestClient(app) as c:
        slots = app.state.runner.slots
        slots.acquire()
        worker = threading.Thread(target=lambda: answers.append(
            c.post("/api/tasks/pair_sum/grade", json={"code": "x"}).status_code))
        worker.start()
        worker.join(timeout=0.5)
        assert worker.is_alive() and answers == []
        slots.release()
        worker.join(timeout=10)
    assert answers == [200]


def test_grade_page_has_the_editor_upload_and_grade_button(client: TestClient) -> None:
    page = client.get("/grade/pair_sum")
    assert page.status_code == 200 and "script-src 'self'" in page.headers["content-security-policy"]
    for needle in ('id="editor"', 'id="upload"', 'type="file"', 'id="grade"', 'id="report"', 'id="grade-data"',
                   'href="/tasks/pair_sum"', "1 efficiency test"):
        assert needle in page.text
    data = json.loads(page.text.split('id="grade-data">', 1)[1].split("</script>", 1)[0])
    assert data["id"] == "pair_sum" and data["efficiency_test_count"] == 1 and data["starter"] == pair_sum().starter
    assert "no efficiency tests" in client.get("/grade/even_odd_count").text


def test_task_page_and_bank_table_link_to_the_grade_page(client: TestClient) -> None:
    assert 'href="/grade/pair_sum"' in client.get("/tasks/pair_sum").text
    assert 'href="/grade/pair_sum"' in client.get("/banks/mini").text


def test_a_grading_that_cannot_be_done_is_a_500_saying_why(monkeypatch: pytest.MonkeyPatch) -> None:
    import centaurlab.grading._jobs as grades  # the grading job the study's grader runs

    def broken(task: Any, source: str, config: Any, **_kw: Any) -> Any:
        raise RuntimeError(f"the reference of {task.id} fails its own efficiency tests: perf_x (timeout)")

    monkeypatch.setattr(grades, "grade_solution", broken)
    with TestClient(create_app(banks=[MINI_BANK])) as c:
        response = c.post("/api/tasks/pair_sum/grade", json={"code": "x"})
    assert response.status_code == 500
    assert response.json()["detail"] == (
        "could not grade pair_sum: the reference of pair_sum fails its own efficiency tests: perf_x (timeout)"
    )


def test_code_without_the_entry_point_is_not_rated_and_stored_so(client: TestClient, db_url: str) -> None:
    data = grade(client, "pair_sum", "def helper(nums):\n    return 0\n")
    assert (data["quality"], data["quality_not_rated"]) == (None, "no definition of count_pairs")
    assert data["composite"] == 0.0
    assert data["stored"] is True
    with store.session_scope(db_url) as session:
        config = GradeConfig(EfficiencyConfig(measure="time")).key()
        row = store.find_grade(session, "pair_sum", "def helper(nums):\n    return 0\n", config)
        assert row is not None and row.quality is None and row.composite == 0.0
        assert row.details["quality_not_rated"] == "no definition of count_pairs"
