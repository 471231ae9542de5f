"""`centaur models list` and `check` (errors and a fake endpoint; the real model is in test_embedded)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from centaurlab.cli import app
from tests.fakes.openai_server import FakeOpenAI, Reply, chat_chunks

runner = CliRunner()


def test_list_json_has_local_and_configured(tmp_path: Path, fake: FakeOpenAI) -> None:
    (tmp_path / "centaur.toml").write_text(f'[models.f]\nbase_url = "{fake.base_url}"\nroles = ["judge"]\n')
    result = runner.invoke(app, ["models", "list", "--json"], catch_exceptions=False)
    assert result.exit_code == 0
    rows = {r["name"]: r for r in json.loads(result.stdout)}
    assert rows["local"]["provider"] == "embedded" and rows["f"]["roles"] == ["judge"]
    table = runner.invoke(app, ["models", "list"], catch_exceptions=False)
    assert "local" in table.stdout and "embedded" in table.stdout


def test_check_against_fake_endpoint(tmp_path: Path, fake: FakeOpenAI) -> None:
    (tmp_path / "centaur.toml").write_text(
        f'[models.f]\nbase_url = "{fake.base_url}"\nprice_input_per_mtok = 1.0\nprice_output_per_mtok = 2.0\n'
    )
    fake.script += [Reply(sse=chat_chunks("hi", " there")), Reply(sse=chat_chunks("again"))]
    result = runner.invoke(app, ["models", "check", "f", "--json"], catch_exceptions=False)
    data = json.loads(result.stdout)
    assert data["text"] == "hi there" and data["prompt_tokens"] == 7 and data["cost_usd"] == (7 + 2 * 2) / 1e6
    result = runner.invoke(app, ["models", "check", "f"], catch_exceptions=False)
    assert result.exit_code == 0 and "latency" in result.stdout


def test_check_unknown_and_missing_key(tmp_path: Path) -> None:
    (tmp_path / "centaur.toml").write_text(
        '[models.k]\nbase_url = "https://x.example/v1"\napi_key_env = "CENTAUR_NO_SUCH_KEY"\n'
    )
    result = runner.invoke(app, ["models", "check", "nope"])
    assert result.exit_code == 2 and "known models: k, local" in result.stderr and "[models.nope]" in result.stderr
    result = runner.invoke(app, ["models", "check", "k"])
    assert result.exit_code == 2 and "CENTAUR_NO_SUCH_KEY" in result.stderr and "https://x.example/v1" in result.stderr
