"""An OpenAI-compatible model server for the tests, in a thread: it records every request and
answers with fixed text (the embedded model is exercised by the browser tests, slowly)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI

COMPLETION = "total += value\n\n\ndef other():"
CHAT = "Use a loop:\n\n```python\nfor d in str(num):\n    pass\n```"


@contextmanager
def recording_model(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    """Serve the model "recorder" (named in a centaur.toml that CENTAUR_CONFIG points at)."""
    import uvicorn

    seen: list[dict[str, Any]] = []
    app = FastAPI()

    @app.post("/v1/completions")
    def complete(body: dict[str, Any]) -> dict[str, Any]:
        seen.append({"path": "completions", **body})
        return {"choices": [{"index": 0, "text": COMPLETION, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 5, "completion_tokens": 4}}

    @app.post("/v1/chat/completions")
    def chat(body: dict[str, Any]) -> dict[str, Any]:
        seen.append({"path": "chat", **body})
        return {"choices": [{"index": 0, "message": {"role": "assistant", "content": CHAT}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 5, "completion_tokens": 9}}

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    config = folder / "centaur.toml"
    config.write_text(f'[models.recorder]\nbase_url = "http://127.0.0.1:{port}/v1"\nmax_retries = 0\n')
    monkeypatch.setenv("CENTAUR_CONFIG", str(config))
    try:
        yield seen
    finally:
        server.should_exit = True
        thread.join(timeout=10)
