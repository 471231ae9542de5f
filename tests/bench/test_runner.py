"""A bench run against an OpenAI-compatible server: every sample stored and graded, errors recorded, resumed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.bench import DEFAULT_MAX_TOKENS, BenchSpec, load_report, run_bench
from centaurlab.cli import app, console
from centaurlab.models import ModelConfig, Registry, calls_for_run
from tests.fakes.openai_server import FakeOpenAI, Reply, chat_body, serve
from tests.helpers import MINI_BANK, pair_sum


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    yield from serve()


@pytest.fixture
def db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'bench.db'}"
    store.upgrade(url)
    return url


def registry(fake: FakeOpenAI) -> Registry:
    cfg = ModelConfig(name="fake", base_url=fake.base_url, model="fake-1", max_retries=0, temperature=0.8)
    return Registry({"fake": cfg})


def answer() -> Reply:
    code = pair_sum().reference_source
    return Reply(body=chat_body(f"Here you go:\n```python\n{code}```\nIt runs in linear time."))


SPEC = BenchSpec(models=("fake",), bank=str(MINI_BANK), framings=("neutral", "dual"), samples=2)


def test_a_model_error_is_recorded_and_a_rerun_asks_only_for_what_is_missing(fake: FakeOpenAI, db: str) -> None:
    fake.script += [Reply(500, {"error": "overloaded"}), answer(), answer(), answer()]
    first = run_bench(SPEC, db, registry=registry(fake), workers=2)
    assert (first.total, first.graded, first.model_errors, first.generated) == (4, 3, 1, 4)
    assert len(fake.requests) == 4

    fake.script.append(answer())
    second = run_bench(SPEC, db, registry=registry(fake), workers=2)
    assert (second.run_id, second.kept, second.graded, second.model_errors, second.generated) == (
        first.run_id, 3, 1, 0, 1
    )
    assert len(fake.requests) == 5

    report = load_report(db, first.run_id)
    assert len(report.frame) == 4 and report.failed == 0
    assert set(report.frame["correctness"]) == {100.0}
    assert set(report.frame["framing"]) == {"neutral", "dual"}


def test_each_sample_has_its_own_seed_and_the_framing_in_its_prompt(fake: FakeOpenAI, db: str) -> None:
    fake.script += [answer() for _ in range(4)]
    run_bench(SPEC, db, registry=registry(fake), workers=1)
    bodies = [r["body"] for r in fake.requests]
    assert len({b["seed"] for b in bodies}) == 4
    assert all(b["temperature"] == 0.8 and b["model"] == "fake-1" for b in bodies)  # the model's default
    prompts = [b["messages"][0]["content"] for b in bodies]
    assert sum("passes all test cases while also running efficiently" in p for p in prompts) == 2  # dual, 2 samples
    with store.session_scope(db) as session:
        assert len(calls_for_run(session, SPEC.run_id())) == 4


def test_the_answer_length_is_the_models_own_else_the_default_and_the_report_states_it(
        fake: FakeOpenAI, db: str) -> None:
    capped = Registry({"fake": ModelConfig(name="fake", base_url=fake.base_url, model="fake-1", max_retries=0,
                                           temperature=0.8, max_tokens=3000, source="centaur.toml")})
    spec = BenchSpec(models=("fake",), bank=str(MINI_BANK), framings=("neutral",), samples=1)
    fake.script += [answer() for _ in range(3)]
    first = run_bench(spec, db, registry=registry(fake), workers=1)  # the model sets no max_tokens
    assert first.max_tokens == {"fake": DEFAULT_MAX_TOKENS} == {"fake": 16384}
    second = run_bench(spec.model_copy(update={"seed": 1}), db, registry=capped, workers=1)  # another run
    assert second.max_tokens == {"fake": 3000}
    third = run_bench(spec.model_copy(update={"max_tokens": 500, "seed": 2}), db, registry=capped, workers=1)
    assert third.to_dict()["max_tokens"] == {"fake": 500}
    assert [r["body"]["max_tokens"] for r in fake.requests] == [16384, 3000, 500]

    protocol = load_report(db, second.run_id).protocol
    assert protocol is not None
    assert protocol.max_tokens == {"fake": {"value": 3000, "source": "the model's setting, centaur.toml",
                                            "sent": [3000]}}
    assert protocol.temperatures_sent == {"fake": [0.8]}
    assert dict(protocol.lines())["max tokens"] == "fake 3000 (the model's setting, centaur.toml)"
    first_protocol = load_report(db, first.run_id).to_dict()["protocol"]
    assert first_protocol["max_tokens"]["fake"]["source"] == "default: the model sets none"


def test_cli_run_report_and_list(fake: FakeOpenAI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "centaur.toml"
    config.write_text(f'[models.fake]\nbase_url = "{fake.base_url}"\nmodel = "fake-1"\nmax_retries = 0\n')
    monkeypatch.chdir(tmp_path)
    fake.script += [answer() for _ in range(2)]
    runner = CliRunner()
    result = runner.invoke(app, ["bench", "run", "-m", "fake", "--bank", str(MINI_BANK), "--framings", "neutral",
                                 "-n", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert "2 samples (1 model, 1 framing in the compass wording, 2 samples per task and framing)" in result.stderr
    assert "max tokens: fake 16384 (default: the model sets none)" in result.stderr
    html = tmp_path / "report.html"
    report = runner.invoke(app, ["bench", "report", "latest", "--html", str(html), "--csv", str(tmp_path / "csv"),
                                 "--json"])
    assert report.exit_code == 0, report.output
    assert '"samples": 2' in report.stdout
    data = json.loads(report.stdout)
    assert data["protocol"] == {
        "models": ["fake"], "samples_per_task_and_framing": 2, "samples_per_model_and_task": 2,
        "framings": ["neutral"], "framing_wording": "compass", "temperature": None,
        "temperatures_sent": {"fake": [None]},
        "max_tokens": {"fake": {"value": 16384, "source": "default: the model sets none", "sent": [16384]}},
        "bank": str(MINI_BANK), "tasks": 1,
    }
    assert data["paired_observations"]["overall"] == {"correctness-efficiency": 2, "correctness-quality": 2,
                                                      "efficiency-quality": 2}
    assert data["paired_observations"]["warnings"][0].startswith(
        "Correlations rest on fewer than 30 paired observations (correctness-efficiency 2, correctness-quality 2, "
        "efficiency-quality 2)")
    assert "docs/quality.md" in data["quality_note"] and "CodeScene's Code Health" in data["quality_note"]
    page = html.read_text()
    assert "<svg" in page and "Correctness" in page and "<script" not in page
    assert (tmp_path / "csv" / "by_model.csv").read_text().startswith("model,n,correctness_median")
    monkeypatch.setattr(console, "_width", 400)  # whole lines, whatever terminal runs the suite
    text = runner.invoke(app, ["bench", "report", "latest"]).stdout
    assert "  models:      fake\n" in text
    assert "  samples:     2 per task and framing (2 per model and task)\n" in text
    assert "  framings:    neutral (COMPASS's wording, verbatim)\n" in text
    assert "  temperature: each model's default (fake: not sent, the endpoint default)\n" in text
    assert "  max tokens:  fake 16384 (default: the model sets none)\n" in text
    assert f"  bank:        {MINI_BANK}, 1 task\n" in text
    assert "warning: Correlations rest on fewer than 30 paired observations" in text
    assert "note: Quality is an open approximation of CodeScene's Code Health" in text
    assert ("human percentile of fake: not computed: no human baseline stored for these tasks; store one with "
            "`centaur study baselines STUDY` or cite one in the task files (1 task without one)\n") in text
    listed = runner.invoke(app, ["bench", "list", "--json"])
    assert '"status": "finished"' in listed.stdout


def test_unknown_task_and_unknown_framing_are_clear_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["bench", "run", "--tasks", "no_such_task"])
    assert result.exit_code == 2 and "no task no_such_task in bank 'algo'" in result.output
    result = runner.invoke(app, ["bench", "run", "--framings", "shouty"])
    assert result.exit_code == 2 and "unknown framing 'shouty'" in result.output
