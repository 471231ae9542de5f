"""A bench run exported with `centaur bench export RUN --dataset DIR` loads with `datasets.load_dataset`,
offline, into the rows of the run's tables: every sample (a model error too) with its answer and scores."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.bench import run_bench
from centaurlab.bench._dataset import run_tables
from centaurlab.cli import app
from centaurlab.config import settings
from tests.fakes.openai_server import FakeOpenAI, Reply, serve
from tests.hf_datasets import load_table, rows

from .test_runner import SPEC, answer, registry

runner = CliRunner()


@pytest.fixture
def fake() -> Iterator[FakeOpenAI]:
    yield from serve()


def test_a_bench_run_exported_as_a_dataset_loads_into_its_samples(
        fake: FakeOpenAI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = settings().database_url
    store.upgrade(url)
    fake.script += [Reply(500, {"error": "overloaded"}), answer(), answer(), answer()]
    run_id = run_bench(SPEC, url, registry=registry(fake), workers=1).run_id

    folder = tmp_path / "hf"
    result = runner.invoke(app, ["bench", "export", run_id[:8], "--dataset", str(folder), "--json"])
    assert result.exit_code == 0, result.output
    assert set(json.loads(result.output)["dataset"]["files"]) == {"samples", "run"}

    tables = run_tables(url, "latest")
    samples = load_table(folder, "samples", tmp_path / "cache", monkeypatch)
    assert rows(samples) == rows(tables["samples"])
    assert sorted(samples["status"]) == ["graded", "graded", "graded", "model_error"]
    graded = samples[samples["status"] == "graded"]
    assert set(graded["correctness"]) == {100.0} and all("def " in code for code in graded["code"])
    assert set(samples["framing"]) == {"neutral", "dual"} and set(samples["model"]) == {"fake"}
    run = load_table(folder, "run", tmp_path / "cache", monkeypatch)
    assert rows(run) == rows(tables["run"]) and run["run_id"].tolist() == [run_id]
    assert json.loads(run["config"].iloc[0])["samples"] == 2
    card = (folder / "README.md").read_text()
    assert "- config_name: samples" in card and "Nothing is scrubbed" in card and "| `answer` | `" in card


def test_export_needs_a_target_and_names_an_unknown_run(tmp_path: Path) -> None:
    store.upgrade(settings().database_url)
    none = runner.invoke(app, ["bench", "export", "latest"])
    assert none.exit_code == 2 and "--dataset DIR" in none.output
    missing = runner.invoke(app, ["bench", "export", "nope", "--dataset", str(tmp_path / "x")])
    assert missing.exit_code == 2 and "no bench runs yet" in missing.output
