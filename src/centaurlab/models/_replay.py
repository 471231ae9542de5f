"""Replay provider: answers from recorded request/response pairs (JSONL), so reruns cost nothing.

Each line is `{"key": ..., "kind": "chat"|"completion", "request": {...}, "response": {...}}`; the key
is a SHA-256 of the canonical JSON of the request payload (model name included, `stream` excluded).
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ._provider import ModelProvider, OnText, chat_payload, completion_payload
from ._types import ChatRequest, CompletionRequest, ModelConfigError, ModelResponse, ReplayMiss, Usage


def request_key(model: str, kind: str, payload: dict[str, Any]) -> str:
    canonical = json.dumps({"model": model, "kind": kind, "payload": payload}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def _payload(request: ChatRequest | CompletionRequest) -> tuple[str, dict[str, Any]]:
    if isinstance(request, ChatRequest):
        return "chat", chat_payload(request)
    return "completion", completion_payload(request)


def response_to_json(response: ModelResponse) -> dict[str, Any]:
    return {
        "text": response.text, "finish_reason": response.finish_reason, "usage": asdict(response.usage),
        "latency_s": response.latency_s, "first_token_s": response.first_token_s, "cost_usd": response.cost_usd,
    }


class ReplayProvider:
    def __init__(self, name: str, path: str | Path, model: str | None = None) -> None:
        self.name = name
        self.model = model or name
        self.path = Path(path)
        self._lock = threading.Lock()
        self._entries: dict[str, dict[str, Any]] = {}
        if self.path.is_file():
            for lineno, line in enumerate(self.path.read_text().splitlines(), 1):
                if not line.strip():
                    continue
                try:
                    entry = json.loads(line)
                    self._entries[entry["key"]] = entry["response"]
                except (ValueError, KeyError, TypeError):
                    raise ModelConfigError(
                        f"{self.path}:{lineno}: not a replay record (needs 'key' and 'response')"
                    ) from None

    def __len__(self) -> int:
        return len(self._entries)

    def key(self, request: ChatRequest | CompletionRequest) -> str:
        kind, payload = _payload(request)
        return request_key(self.model, kind, payload)

    def record(self, request: ChatRequest | CompletionRequest, response: ModelResponse) -> str:
        """Append one pair to the file (used when recording a live run)."""
        kind, payload = _payload(request)
        key = request_key(self.model, kind, payload)
        entry: dict[str, Any] = {"key": key, "kind": kind, "request": payload, "response": response_to_json(response)}
        with self._lock:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a") as fh:
                fh.write(json.dumps(entry, sort_keys=True) + "\n")
            self._entries[key] = entry["response"]
        return key

    def _answer(self, request: ChatRequest | CompletionRequest, on_text: OnText | None) -> ModelResponse:
        key = self.key(request)
        data = self._entries.get(key)
        if data is None:
            raise ReplayMiss(
                f"model '{self.name}': no recorded answer for this request (key {key[:12]}) in {self.path}; "
                f"{len(self._entries)} recorded. Record it with a live model first, or check that the "
                "request (prompt, parameters, model) is exactly the recorded one."
            )
        usage = Usage(**data.get("usage", {}))
        text = data.get("text", "")
        if on_text is not None and text:
            on_text(text)
        return ModelResponse(
            model=self.name, text=text, finish_reason=data.get("finish_reason"), usage=usage,
            latency_s=0.0, first_token_s=0.0, cost_usd=None, raw=data,
        )

    def chat(self, request: ChatRequest, on_text: OnText | None = None) -> ModelResponse:
        return self._answer(request, on_text)

    def complete(self, request: CompletionRequest, on_text: OnText | None = None) -> ModelResponse:
        return self._answer(request, on_text)


class RecordingProvider:
    """Wraps a live provider and appends every answer to a replay file for later `ReplayProvider` use."""

    def __init__(self, inner: ModelProvider, path: str | Path, model: str | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.replay = ReplayProvider(inner.name, path, model=model or getattr(inner, "model", inner.name))

    def chat(self, request: ChatRequest, on_text: OnText | None = None) -> ModelResponse:
        response = self.inner.chat(request, on_text)
        self.replay.record(request, response)
        return response

    def complete(self, request: CompletionRequest, on_text: OnText | None = None) -> ModelResponse:
        response = self.inner.complete(request, on_text)
        self.replay.record(request, response)
        return response
