"""A tiny OpenAI-compatible HTTP server in a thread, answering from a script of canned replies."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
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


def chat_body(text: str, prompt_tokens: int = 5, completion_tokens: int = 3) -> dict[str, Any]:
    return {
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens},
    }


def completion_body(text: str) -> dict[str, Any]:
    return {"choices": [{"index": 0, "text": text, "finish_reason": "length"}],
            "usage": {"prompt_tokens": 4, "completion_tokens": 2}}


def chat_chunks(*pieces: str, usage: bool = True) -> list[str]:
    out = [json.dumps({"choices": [{"index": 0, "delta": {"content": p}, "finish_reason": None}]}) for p in pieces]
    out.append(json.dumps({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}))
    if usage:
        out.append(json.dumps({"choices": [], "usage": {"prompt_tokens": 7, "completion_tokens": len(pieces)}}))
    out.append("[DONE]")
    return out


class FakeOpenAI:
    def __init__(self) -> None:
        self.script: list[Reply] = []
        self.responder: Callable[[dict[str, Any]], Reply] | None = None  # answers from the request, when no script
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
                payload = json.loads(self.rfile.read(length) or b"{}")
                with outer._lock:
                    outer.requests.append({"path": self.path, "body": payload,
                                           "auth": self.headers.get("authorization")})
                    outer.times.append(time.monotonic())
                    reply = (outer.script.pop(0) if outer.script else outer.responder(payload) if outer.responder
                             else Reply(body=chat_body("default")))  # fmt: skip
                    outer.active += 1
                    outer.max_active = max(outer.max_active, outer.active)
                try:
                    outer._serve(self, reply)
                finally:
                    with outer._lock:
                        outer.active -= 1

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def _serve(self, h: BaseHTTPRequestHandler, reply: Reply) -> None:
        if reply.delay_s:
            time.sleep(reply.delay_s)
        if reply.sse is not None:
            h.send_response(reply.status)
            h.send_header("content-type", "text/event-stream")
            h.send_header("connection", "close")
            for k, v in reply.headers.items():
                h.send_header(k, v)
            h.end_headers()
            for i, data in enumerate(reply.sse):
                if reply.drop_after is not None and i >= reply.drop_after:
                    h.wfile.flush()
                    h.close_connection = True
                    return
                h.wfile.write(f"data: {data}\n\n".encode())
                h.wfile.flush()
                if reply.chunk_delay_s:
                    time.sleep(reply.chunk_delay_s)
            h.close_connection = True
            return
        body = json.dumps(reply.body if reply.body is not None else {}).encode()
        h.send_response(reply.status)
        h.send_header("content-type", "application/json")
        h.send_header("content-length", str(len(body)))
        for k, v in reply.headers.items():
            h.send_header(k, v)
        h.end_headers()
        h.wfile.write(body)

    def __enter__(self) -> FakeOpenAI:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def serve() -> Iterator[FakeOpenAI]:
    with FakeOpenAI() as fake:
        yield fake
