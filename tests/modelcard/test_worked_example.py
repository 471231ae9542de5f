"""The model-card worked example end to end (docs/models-card.md): `examples/model-card/run.sh` on a fresh
data folder fills every lens offline with the embedded model, and then the card is JSON a strict parser
reads, on the command line and from `/api/models/local`, and its study lens compares the two temperatures
the example claims to (0 and 0.9, each configuration's own). Slow: the embedded model answers every
request of the bench, the arena, the study and collab (most of an hour on a busy two-core machine), so it
runs with `make test-examples`, not in `make test`, whose whole suite must fit in 15 minutes on two cores.

Its fast version runs in `make test`: the same script, on one bench task and three participants, with a
stand-in endpoint for both configurations (the tests' fake OpenAI server) whose answers hold no code, so
every generated arena agent fails its checks, as the embedded model's often do: the script must go on to
the cards, and the arena lens must say why it has no win rate and which commands would give it one."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from centaurlab.web import create_app
from tests.fakes.openai_server import FakeOpenAI, chat_body, completion_body, schema_of

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
    bin_dir = Path(sys.executable).parent
    assert (bin_dir / "centaur").exists(), "the example runs the centaur command beside python: run make install"
    data = tmp_path / "card-data"
    env = {**os.environ, "CENTAUR_DATA_DIR": str(data), "CARD_PORT": str(_free_port()), "CENTAUR_BIN": str(bin_dir),
           "CENTAUR_CONFIG": str(EXAMPLE / "centaur.toml")}
    run = subprocess.run(["bash", str(EXAMPLE / "run.sh")], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=4 * 3600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    card = subprocess.run([str(bin_dir / "centaur"), "models", "card", "local", "--json"], cwd=ROOT,
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


def _filled(schema: dict[str, Any]) -> Any:
    """An answer that follows a judge's or a rubric writer's JSON schema: half the points of each item."""
    kind = schema.get("type")
    if "enum" in schema:
        return schema["enum"][0]
    if kind == "object":
        return {key: _filled(sub) for key, sub in schema.get("properties", {}).items()}
    if kind == "array":
        return [_filled(schema["items"])] * max(1, schema.get("minItems", 1)) if "items" in schema else []
    if kind in ("integer", "number"):
        return int(schema.get("maximum", 10)) // 2
    if kind == "boolean":
        return True
    return "checked the files"


def _stand_in(body: dict[str, Any]) -> Any:
    """Answers without code: the bench's samples fail their tests and every generated agent `no_code`."""
    schema = schema_of(body)
    if schema:
        return chat_body(json.dumps(_filled(schema)))
    if "prompt" in body:  # an autocomplete suggestion
        return completion_body("    return 0\n", finish_reason="stop")
    return chat_body("I would rather describe the idea than write it.")


@pytest.mark.slow
def test_the_worked_example_goes_on_to_the_cards_when_no_agent_passes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bin_dir = Path(sys.executable).parent
    if not (bin_dir / "centaur").exists():
        pytest.skip("the example runs the centaur command beside this interpreter: run make install first")
    with FakeOpenAI(_stand_in) as fake:
        config = tmp_path / "centaur.toml"
        warm = (EXAMPLE / "centaur.toml").read_text().split("[collab.agents.warm-agent]")[1]
        config.write_text(fake.config("local", model="stand-in", temperature=0.0, max_retries=0)
                          + fake.config("local-warm", model="stand-in", temperature=0.9, max_retries=0)
                          + "[collab.agents.warm-agent]" + warm)
        data = tmp_path / "card-data"
        env = {key: value for key, value in os.environ.items() if key != "CENTAUR_DATABASE_URL"}
        env.update(CENTAUR_DATA_DIR=str(data), CENTAUR_CONFIG=str(config), CENTAUR_BIN=str(bin_dir),
                   CARD_PORT=str(_free_port()), CARD_BENCH_TASKS="min_gap", CARD_PARTICIPANTS="3",
                   CARD_COLLAB_TASKS="1", COLUMNS="200")
        run = subprocess.run(["bash", str(EXAMPLE / "run.sh")], cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=900)
        assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
        card = subprocess.run([str(bin_dir / "centaur"), "models", "card", "local", "--json"], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=300)
    assert card.returncode == 0, card.stderr
    assert "no generated agent passed its checks, so no tournament; going on" in run.stderr
    local = strict(card.stdout)
    arena = local["lenses"]["arena"]["figures"]
    assert arena["accepted"]["estimate"] == 0.0 and arena["win_rate"]["estimate"] is None
    why = arena["win_rate"]["not_computed"]
    assert why.startswith("no generated agent passed its checks (0 of 1; failures: no_code 1)")
    assert "centaur arena generate -m local" in why
    for name in ("bench", "study", "collab", "calls"):
        assert not local["lenses"][name]["empty"], name
    assert "no generated agent passed its checks" in " ".join(run.stdout.split())  # the printed card says it too
    monkeypatch.setenv("CENTAUR_CONFIG", str(config))
    with TestClient(create_app(database_url=f"sqlite:///{data / 'centaur.db'}")) as client:
        answer = client.get("/api/models/local")
        assert answer.status_code == 200 and strict(answer.text) == local
