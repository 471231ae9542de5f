"""The model-card worked example end to end (docs/models-card.md): `examples/model-card/run.sh` on a fresh
data folder fills every lens offline with the embedded model, and then the card is JSON a strict parser
reads, on the command line and from `/api/models/local`, and its study lens compares the two temperatures
the example claims to (0 and 0.9, each configuration's own). Slow: the embedded model answers every
request of the bench, the arena, the study and collab (most of an hour on a busy two-core machine), so it
runs with `make test-examples`, not in `make test`, whose whole suite must fit in 15 minutes on two cores."""

from __future__ import annotations

import json
import os
import socket
import subprocess
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from centaurlab.web import create_app

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "model-card"


def strict(text: str) -> Any:
    def refuse(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    return json.loads(text, parse_constant=refuse)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.slow
@pytest.mark.example
def test_the_worked_example_fills_a_card_that_is_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert (ROOT / ".venv" / "bin" / "centaur").exists(), "the example runs .venv/bin/centaur: run make install first"
    data = tmp_path / "card-data"
    env = {**os.environ, "CENTAUR_DATA_DIR": str(data), "CARD_PORT": str(_free_port()),
           "CENTAUR_CONFIG": str(EXAMPLE / "centaur.toml")}
    run = subprocess.run(["bash", str(EXAMPLE / "run.sh")], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=4 * 3600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    card = subprocess.run([str(ROOT / ".venv" / "bin" / "centaur"), "models", "card", "local", "--json"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=600)
    assert card.returncode == 0, card.stderr
    local = strict(card.stdout)
    for name in ("bench", "study", "collab", "calls"):
        assert not local["lenses"][name]["empty"], name
    monkeypatch.setenv("CENTAUR_CONFIG", str(EXAMPLE / "centaur.toml"))
    with TestClient(create_app(database_url=f"sqlite:///{data / 'centaur.db'}")) as client:
        answer = client.get("/api/models/local")
        assert answer.status_code == 200
        assert strict(answer.text) == local
        warm = strict(client.get("/api/models/local-warm").text)
    temperatures = {model: card["lenses"]["study"]["figures"]["acceptance_rate"]["settings"]["temperature"]
                    for model, card in (("local", local), ("local-warm", warm))}
    assert temperatures == {"local": "0 (the model's configuration)", "local-warm": "0.9 (the model's configuration)"}
    study = local["lenses"]["study"]["groups"][0]
    assert study["key"] == "card-demo" and study["people"] is False
