"""`centaur study`: validate (clear errors for malformed files), create (links), status, export, report."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from centaurlab.cli import app as cli
from centaurlab.config import settings
from centaurlab.stats import audit
from centaurlab.tasks import load_bank
from centaurlab.web import create_app

from .studyfiles import write_study

runner = CliRunner()


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(cli, list(args))
    return result.exit_code, result.output + (result.stderr if result.stderr_bytes else "")


def test_validate_accepts_the_documented_example() -> None:
    example = Path(__file__).parents[2] / "examples" / "study.toml"
    code, out = _run("study", "validate", str(example), "--json")
    assert code == 0, out
    info = json.loads(out)
    assert info["valid"] and info["id"] == "rhe-replication" and info["tutorial"] == "sum_product"
    assert len(info["task_sets"]) == 5 and info["cells"] == 15 and info["stratify_by"] == "python_experience"


@pytest.mark.parametrize(("content", "suffix", "expected"), [
    ('id = "x"\ntitle = "t"\n[conditions.autocomplete]\nautocomplete_model = "gpt-9"\n', "toml",
     ["conditions.autocomplete.autocomplete_model", "unknown model 'gpt-9'", "[models.gpt-9]"]),
    ('id = "x"\ntitle = "t"\n[conditions.chat]\n', "toml", ["conditions.chat.model", "missing"]),
    ('id = "x"\ntitle = "t"\n[conditions.none]\n[tasks]\nbank = "nope"\n', "toml", ["tasks.bank", "no bank 'nope'"]),
    ('id = "x"\ntitle = "t"\n[conditions.none]\n[tasks]\nsets = [7]\n', "toml",
     ["tasks.sets", "no task set 7", "from 1 to 5"]),
    ('id = "x"\ntitle = "t"\n[conditions.none]\n[tasks]\nsets = [["even_odd_count", "fizz"]]\n', "toml",
     ["tasks.sets[0]", "no task 'fizz'"]),
    ("id: x\ntitle: t\nconditions: {none: {}}\ntiming: {sesion_minutes: 3}\n", "yaml",
     ["timing.sesion_minutes", "correct its spelling"]),
    ("id: x\ntitle: t\nconditions: {sometimes: {}}\n", "yaml", ["conditions.sometimes.kind", "missing"]),
    ('id = "x"\ntitle = "t"\n[conditions.none]\n[assignment]\nstratify_by = "age"\n', "toml",
     ["assignment.stratify_by", "'age' is not a choice question", "python_experience"]),
    ('id = "x"\ntitle =\n', "toml", ["(syntax)", "not valid TOML", "line 2"]),
    ('id = "Bad Id"\ntitle = "t"\n[conditions.none]\n', "toml", ["id:", "lowercase letters"]),
])
def test_a_malformed_study_file_gets_an_error_naming_file_field_and_fix(
    tmp_path: Path, content: str, suffix: str, expected: list[str]
) -> None:
    path = tmp_path / f"study.{suffix}"
    path.write_text(content)
    code, out = _run("study", "validate", str(path))
    assert code == 2
    flat = " ".join(out.split())
    assert "study." + suffix in flat and "fix:" in flat
    for text in expected:
        assert text in flat, (text, flat)


def test_create_prints_links_and_status_counts_participants(tmp_path: Path) -> None:
    path = write_study(tmp_path, conditions=("none", "chat"))
    code, out = _run("study", "create", str(path), "--base-url", "https://study.example.org", "--json")
    assert code == 0, out
    links = json.loads(out)
    assert links["link"] == "https://study.example.org/s/pilot"
    assert links["prolific_link"].endswith("?PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}"
                                           "&SESSION_ID={{%SESSION_ID%}}")
    assert _run("study", "create", str(path))[0] == 0  # again: harmless

    client = TestClient(create_app(database_url=settings().database_url, banks=["study"]))
    client.get("/s/pilot")  # the link only shows the consent: joining is its form's post
    client.post("/s/pilot/consent", data={"agree": "yes"})
    code, out = _run("study", "status", "pilot", "--json")
    assert code == 0
    [study] = json.loads(out)
    assert study["participants"] == 1 and study["by_stage"] == {"pre": 1}
    assert study["conditions"] == ["none", "chat"]

    # changing a study with participants needs --replace
    path.write_text(path.read_text().replace('title = "Pilot"', 'title = "Pilot 2"'))
    code, out = _run("study", "create", str(path))
    assert code == 2 and "--replace" in out
    assert _run("study", "create", str(path), "--replace")[0] == 0
    assert _run("study", "status", "nope")[0] == 2


def _finished_participant(client: TestClient) -> None:
    bank = load_bank("study")
    client.get("/s/pilot", params={"PROLIFIC_PID": "5f1e2d3c4b5a"})
    client.post("/s/pilot/consent", data={"agree": "yes", "PROLIFIC_PID": "5f1e2d3c4b5a"})  # the form's hidden field
    client.post("/s/pilot/pre", data={"programming_experience": "1-2 years", "python_experience": "beginner",
                                      "ai_tool_use": "never"})
    client.post("/s/pilot/start")
    for index, task in enumerate(["sum_product", "even_odd_count", "is_bored"]):
        r = client.post("/api/study/pilot/submit", json={"event_id": f"submit-{index}-0000", "client_ms": 1000 * index,
                                                         "task_index": index,
                                                         "code": bank.tasks[task].reference_source})
        assert r.json()["completed"], r.text
    client.post("/api/study/pilot/events", json={"events": [
        {"event_id": "paste-000001", "type": "paste", "task_index": 1, "client_ms": 1500,
         "payload": {"text": "# contact: bob.smith@example.com", "external": True}}]})
    tlx = {q: "5" for q in ("tlx_mental", "tlx_physical", "tlx_temporal", "tlx_performance", "tlx_effort",
                            "tlx_frustration")}
    client.post("/s/pilot/exit", data={**tlx, "comments": "I'm Robert, call me on +1 555 123 4567"})


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_export_writes_the_tables_with_personal_data_scrubbed(tmp_path: Path, fmt: str) -> None:
    path = write_study(tmp_path, conditions=("none",))
    assert _run("study", "create", str(path))[0] == 0
    _finished_participant(TestClient(create_app(database_url=settings().database_url, banks=["study"])))

    out = tmp_path / "out"
    code, text = _run("study", "export", "pilot", "--out", str(out), "--format", fmt, "--json")
    assert code == 0, text
    files = json.loads(text)
    assert set(files) == {"events", "suggestions", "chat", "tasks", "participants"}
    read = pd.read_csv if fmt == "csv" else pd.read_parquet
    events = read(out / f"pilot_events.{fmt}")
    assert list(events.columns) == ["event_id", "study_id", "participant_id", "condition", "task_id", "task_index",
                                    "type", "client_ms", "server_ms", "payload"]
    payloads = [json.loads(p) for p in events["payload"]]
    assert files["events"]["rows"] == len(events) and (events["type"] == "submit").sum() == 3
    pasted = [p["text"] for p, t in zip(payloads, events["type"], strict=True) if t == "paste"]
    assert pasted == ["# contact: [email]"]
    tasks = read(out / f"pilot_tasks.{fmt}")
    assert list(tasks["outcome"]) == ["completed"] * 3 and list(tasks["tutorial"]) == [True, False, False]
    people = read(out / f"pilot_participants.{fmt}")
    row = people.iloc[0]
    assert row["tasks_completed"] == 2 and row["exit_tlx_mental"] == 5 and row["session_end_reason"] == "finished"
    assert row["exit_comments"] == "I'm [name], call me on [phone]"
    assert row["pre_python_experience"] == "beginner" and row["prolific_pid"] != "5f1e2d3c4b5a"


def test_report_computes_the_metrics_and_writes_html(tmp_path: Path) -> None:
    path = write_study(tmp_path, conditions=("none",))
    assert _run("study", "create", str(path))[0] == 0
    assert _run("study", "report", "pilot")[0] == 2  # no participants yet: a clear error
    _finished_participant(TestClient(create_app(database_url=settings().database_url, banks=["study"])))
    html = tmp_path / "report.html"
    code, out = _run("study", "report", "pilot", "--html", str(html), "--json")
    assert code == 0, out
    result = json.loads(out)
    assert result["participants"] == 1 and {"settings", "tasks"} <= set(result["tables"])
    assert {"summary", "effects", "exclusions"} <= set(result) and audit(result) == []
    assert html.read_text().startswith("<!doctype html") or "<html" in html.read_text()[:200]
