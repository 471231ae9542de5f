"""A study exported as a Hugging Face `datasets` folder loads with `datasets.load_dataset`, offline, into
exactly the rows of the Parquet export; its card lists every table's file, schema, licence and scrubbing."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from centaurlab.cli import app as cli
from centaurlab.config import settings
from tests.hf_datasets import load_table, rows

from .stored import stored_example

runner = CliRunner()


def test_a_study_export_loads_with_datasets_into_the_parquet_exportsrows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    study = stored_example(settings().database_url, n=6)
    parquet, folder = tmp_path / "parquet", tmp_path / "hf"
    assert runner.invoke(cli, ["study", "export", study, "--out", str(parquet), "--format", "parquet"]).exit_code == 0
    result = runner.invoke(cli, ["study", "export", study, "--out", str(folder), "--format", "hf", "--json"])
    assert result.exit_code == 0, result.output
    written = json.loads(result.output)
    assert set(written) == {"events", "suggestions", "chat", "tasks", "participants"}
    for table in written:
        expected = pd.read_parquet(parquet / f"{study}_{table}.parquet")
        loaded = load_table(folder, table, tmp_path / "cache", monkeypatch)
        assert written[table]["rows"] == len(expected)
        assert list(loaded.columns) == list(expected.columns)
        assert rows(loaded) == rows(expected), table
    assert len(expected) == 6  # participants
    card = (folder / "README.md").read_text()
    assert card.startswith("---\nlicense: other\n") and "- config_name: participants" in card
    assert "Set one before publishing" in card and "salted hashes" in card and "`[email]`" in card
    assert "| `payload` | `" in card and "| `client_ms` | `int64` |" in card


def test_the_licence_is_set_by_option_and_checked(tmp_path: Path) -> None:
    study = stored_example(settings().database_url, n=2)
    folder = tmp_path / "hf"
    ok = runner.invoke(cli, ["study", "export", study, "--out", str(folder), "--format", "hf",
                             "--license", "cc-by-4.0"])
    assert ok.exit_code == 0, ok.output
    card = (folder / "README.md").read_text()
    assert card.startswith("---\nlicense: cc-by-4.0\n") and "Set one before publishing" not in card
    bad = runner.invoke(cli, ["study", "export", study, "--out", str(tmp_path / "x"), "--format", "hf",
                              "--license", "CC BY: 4"])
    assert bad.exit_code == 2 and "licence identifier" in bad.output
