"""The tests' one fake OpenAI-compatible server: an HTTP server in a thread that records every request and
answers from a script of canned replies, else from a function of the request's JSON body, else with a
default chat answer. A reply may be an error status, a Retry-After, a delay, or server-sent events
(slow, or cut off midway). The pillars' tests configure it (`tests/study/fake_model.py`,
`tests/collab/fake_llm.py`, `tests/arena/generate/fake_models.py`) rather than serve their own."""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Reply:
    status: int = 200
    body: Any = None  # dict -> JSON body
    headers: dict[str, str] = field(default_factory=dict)
    sse: list[str] | None = None  # raw SSE data payloads, sent as `data: ...\n\n`
    delay_s: float = 0.0  # before the headers
    chunk_delay_s: float = 0.0  # between SSE events
    drop_after: int | None = None  # close the connection after this many SSE events


# What a responder may return: a Reply, a JSON body (status 200), or (status, JSON body).
Answer = Reply | dict[str, Any] | tuple[int, Any]
Responder = Callable[[dict[str, Any]], Answer]


def chat_body(text: str | None, prompt_tokens: int = 5, completion_tokens: int = 3,
              tool_calls: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": text}
    if tool_calls:
        message["tool_calls"] = tool_calls
    return {
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if tool_calls else "stop"}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens},
    }


def completion_body(text: str, finish_reason: str = "length", prompt_tokens: int = 4,
                    completion_tokens: int = 2) -> dict[str, Any]:
    return {"choices": [{"index": 0, "text": text, "finish_reason": finish_reason}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens}}


def chat_chunks(*pieces: str, usage: bool = True) -> list[str]:
    out = [json.dumps({"choices": [{"index": 0, "delta": {"content": p}, "finish_reason": None}]}) for p in pieces]
    out.append(json.dumps({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}))
    if usage:
        out.append(json.dumps({"choices": [], "usage": {"prompt_tokens": 7, "completion_tokens": len(pieces)}}))
    out.append("[DONE]")
    return out


def tool_call(call_id: str, name: str, **args: Any) -> dict[str, Any]:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}


def schema_of(body: dict[str, Any]) -> dict[str, Any] | None:
    """The JSON schema a request asked the answer to follow (response_format), if any."""
    fmt = body.get("response_format") or {}
    return (fmt.get("json_schema") or {}).get("schema")


def _as_reply(answer: Answer) -> Reply:
    if isinstance(answer, Reply):
        return answer
    if isinstance(answer, tuple):
        return Reply(status=answer[0], body=answer[1])
    return Reply(body=answer)


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a client that hung up (a test's timeout)
            super().handle_error(request, client_address)


class FakeOpenAI:
    """`requests` holds every request as {"path", "body", "auth"}; the responder is called under a lock, in
    arrival order, so it may keep state of its own."""

    def __init__(self, responder: Responder | None = None) -> None:
        self.script: list[Reply] = []
        self.responder = responder  # answers from the request's body, when the script is empty
        self.requests: list[dict[str, Any]] = []
        self.times: list[float] = []
        self.active = 0
        self.max_active = 0
        self._lock = threading.Lock()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("content-length", 0))
                outer._handle(self, json.loads(self.rfile.read(length) or b"{}"))

        self.httpd = _Server(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def config(self, name: str, **settings: Any) -> str:
        """A `[models.NAME]` table of centaur.toml for a model served here."""
        lines = [f'[models.{name}]', f'base_url = "{self.base_url}"']
        lines += [f"{key} = {json.dumps(value)}" for key, value in settings.items()]
        return "\n".join(lines) + "\n"

    def _handle(self, h: BaseHTTPRequestHandler, payload: dict[str, Any]) -> None:
        with self._lock:
            self.requests.append({"path": h.path, "body": payload, "auth": h.headers.get("authorization")})
            self.times.append(time.monotonic())
            if self.script:
                reply = self.script.pop(0)
            else:
                reply = _as_reply(self.responder(payload) if self.responder else chat_body("default"))
            self.active += 1
            self.max_active = max(self.max_active, self.active)
        try:
            self._serve(h, reply)
        finally:
            with self._lock:
                self.active -= 1

    def _serve(self, h: BaseHTTPRequestHandler, reply: Reply) -> None:
        if reply.delay_s:
            time.sleep(reply.delay_s)
        if reply.sse is not None:
            self._serve_events(h, reply)
            return
        body = json.dumps(reply.body if reply.body is not None else {}).encode()
        h.send_response(reply.status)
        h.send_header("content-type", "application/json")
        h.send_header("content-length", str(len(body)))
        for k, v in reply.headers.items():
            h.send_header(k, v)
        h.end_headers()
        h.wfile.write(body)

    def _serve_events(self, h: BaseHTTPRequestHandler, reply: Reply) -> None:
        assert reply.sse is not None
        h.send_response(reply.status)
        h.send_header("content-type", "text/event-stream")
        h.send_header("connection", "close")
        for k, v in reply.headers.items():
            h.send_header(k, v)
        h.end_headers()
        h.close_connection = True
        for i, data in enumerate(reply.sse):
            if reply.drop_after is not None and i >= reply.drop_after:
                h.wfile.flush()
                return
            h.wfile.write(f"data: {data}\n\n".encode())
            h.wfile.flush()
            if reply.chunk_delay_s:
                time.sleep(reply.chunk_delay_s)

    def __enter__(self) -> FakeOpenAI:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def serve(responder: Responder | None = None) -> Iterator[FakeOpenAI]:
    """For a fixture: `yield from serve()`."""
    with FakeOpenAI(responder) as fake:
        yield fake


@contextmanager
def answering(responder: Responder) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """A fake whose every answer is `responder`'s: yields (base URL, the JSON bodies of the requests so far)."""
    bodies: list[dict[str, Any]] = []

    def recorded(body: dict[str, Any]) -> Answer:
        bodies.append(body)
        return responder(body)

    with FakeOpenAI(recorded) as fake:
        yield fake.base_url, bodies
