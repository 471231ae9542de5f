"""The studies' model for the tests: the tests' one fake OpenAI-compatible server, recording every request
and answering with fixed text (the embedded model is exercised by the browser tests, slowly)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests.fakes.openai_server import Answer, FakeOpenAI, chat_body, completion_body

COMPLETION = "total += value\n\n\ndef other():"
CHAT = "Use a loop:\n\n```python\nfor d in str(num):\n    pass\n```"


@contextmanager
def recording_model(folder: Path, monkeypatch: pytest.MonkeyPatch,
                    completion: str = COMPLETION, chat: str = CHAT) -> Iterator[list[dict[str, Any]]]:
    """Serve the model "recorder" (named in a centaur.toml that CENTAUR_CONFIG points at), which completes
    every prompt with `completion` and every chat with `chat`; yields the requests so far, each its JSON body
    with "path": "completions" or "chat"."""
    seen: list[dict[str, Any]] = []

    def answer(body: dict[str, Any]) -> Answer:
        if "messages" in body:
            seen.append({"path": "chat", **body})
            return chat_body(chat, prompt_tokens=5, completion_tokens=9)
        seen.append({"path": "completions", **body})
        return completion_body(completion, finish_reason="stop", prompt_tokens=5, completion_tokens=4)

    with FakeOpenAI(answer) as fake:
        config = folder / "centaur.toml"
        config.write_text(fake.config("recorder", max_retries=0))
        monkeypatch.setenv("CENTAUR_CONFIG", str(config))
        yield seen
