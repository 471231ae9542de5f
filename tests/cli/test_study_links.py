"""The participants' links `collab study create` and `collab study link` (and the coding studies'
`study create`) print reach the server `centaur serve` starts with the same settings: its host and port
from CENTAUR_HOST/CENTAUR_PORT or centaur.toml, unless --base-url names a public address."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab.cli import app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()


def _run(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_collab_links_use_the_configured_port(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CENTAUR_PORT", "8123")
    created = json.loads(_run("collab", "study", "create", str(EXAMPLES / "collab-study.toml"), "--json"))
    assert created == {"study": "collab-pilot", "link": "http://127.0.0.1:8123/collab/s/collab-pilot"}
    assert "participants' link: http://127.0.0.1:8123/collab/s/collab-pilot" in _run(
        "collab", "study", "create", str(EXAMPLES / "collab-study.toml"))
    assert _run("collab", "study", "link", "collab-pilot").startswith(
        "http://127.0.0.1:8123/collab/s/collab-pilot?source=test-")


def test_collab_links_use_the_configured_host_and_port_of_centaur_toml(tmp_path: Path) -> None:
    (tmp_path / "centaur.toml").write_text('[centaur]\nhost = "10.0.0.5"\nport = 9001\n')  # the test's cwd
    assert _run("collab", "study", "link", "collab-pilot").startswith("http://10.0.0.5:9001/collab/s/collab-pilot?")


def test_a_public_base_url_wins_over_the_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CENTAUR_PORT", "8123")
    created = json.loads(_run("collab", "study", "create", str(EXAMPLES / "collab-study.toml"), "--json",
                              "--base-url", "https://study.example.org/"))
    assert created["link"] == "https://study.example.org/collab/s/collab-pilot"
    assert _run("collab", "study", "link", "collab-pilot", "--base-url", "https://study.example.org").startswith(
        "https://study.example.org/collab/s/collab-pilot?source=test-")


def test_coding_study_links_use_the_same_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CENTAUR_PORT", "8123")
    created = json.loads(_run("study", "create", str(EXAMPLES / "study.toml"), "--json"))
    assert created["link"].startswith("http://127.0.0.1:8123/s/")
