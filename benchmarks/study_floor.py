"""The floor of `benchmarks/study_load.py`: a server that does the least any study server must.

It answers the participants' requests under the same uvicorn (uvloop, httptools) as the real server,
parses every JSON body, and for a suggestion calls the same fake model with aiohttp, as the real
server does; it checks nothing, stores nothing (it counts the events it was sent) and runs no sandbox
(a Run is answered at once). What it costs per participant loop, and the latencies it reaches, are
what this machine allows any Python server under this load generator: when the floor itself misses
a latency goal at some number of participants, no server code can meet it on this machine.

    python benchmarks/study_floor.py --port PORT --model-url URL   (started by study_load.py --servers floor)
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import aiohttp
import uvicorn

JOIN = {"/s/load", "/s/load/consent", "/s/load/pre", "/s/load/start", "/health"}


class Floor:
    def __init__(self, model_url: str) -> None:
        self.model_url = model_url
        self.stored = 0
        self.client: aiohttp.ClientSession | None = None

    async def _send(self, send: Any, status: int, body: bytes) -> None:
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (message := await receive())["type"] != "lifespan.shutdown":
                if message["type"] == "lifespan.startup":
                    self.client = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=256))
                    await send({"type": "lifespan.startup.complete"})
            if self.client is not None:
                await self.client.close()
            await send({"type": "lifespan.shutdown.complete"})
            return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        path = scope["path"]
        if path in JOIN:
            await self._send(send, 200, b"{}")
        elif path == "/floor/stored":
            await self._send(send, 200, str(self.stored).encode())
        elif path.endswith("/events"):
            events = json.loads(body)["events"]
            self.stored += len(events)
            await self._send(send, 200, json.dumps({"stored": len(events), "duplicates": 0}).encode())
        elif path.endswith("/suggest"):
            request = json.loads(body)
            assert self.client is not None
            async with self.client.post(f"{self.model_url}/completions", json={
                    "model": "fake", "prompt": request["prefix"], "max_tokens": 16}) as r:
                text = (await r.json())["choices"][0]["text"]
            await self._send(send, 200, json.dumps({"completion": text, "request_id": request["request_id"]}).encode())
        elif path.endswith("/run"):
            json.loads(body)
            await self._send(send, 200, b'{"status": "ok"}')
        else:
            await self._send(send, 404, b"{}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--model-url", required=True)
    args = parser.parse_args()
    uvicorn.run(Floor(args.model_url), host="127.0.0.1", port=args.port, log_level="warning",
                timeout_keep_alive=120, access_log=False)


if __name__ == "__main__":
    main()
