"""The stored steps of one generated agent: ask a model once, remember the answer and its check.

Steps are numbered in the order the pipeline takes them. On a rerun the same step number with
the same request (digest of model, messages and parameters) is read back from the store instead of
being asked again, with the check that followed it; so an interrupted generation resumes exactly
where it stopped, and a different request at a position (prompts changed) is asked anew. The
models layer's cache (StoredProvider) is a second safety net under this one.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from ... import store
from ...models import ChatRequest, Message, ModelProvider
from . import _tables as gen_store
from ._check import CheckResult


@dataclass
class Step:
    seq: int
    answer: str
    code: str | None = None
    check: CheckResult | None = None
    reused: bool = False


@dataclass(frozen=True)
class Params:
    """Request parameters; the seed is the replicate's, so a replicate asks the same thing every time."""

    temperature: float | None
    max_tokens: int | None
    seed: int

    def request(self, messages: list[Message]) -> ChatRequest:
        return ChatRequest(messages=messages, temperature=self.temperature, max_tokens=self.max_tokens, seed=self.seed)


def messages_json(messages: list[Message]) -> list[dict[str, str]]:
    return [{"role": m.role, "content": m.content} for m in messages]


def request_digest(model: str, messages: list[Message], params: Params) -> str:
    text = json.dumps({"model": model, "messages": messages_json(messages), "temperature": params.temperature,
                       "max_tokens": params.max_tokens, "seed": params.seed}, sort_keys=True)  # fmt: skip
    return hashlib.sha256(text.encode()).hexdigest()


class StepLog:
    def __init__(self, database_url: str, agent: str) -> None:
        self.url = database_url
        self.agent = agent
        self.seq = 0
        self.asked = 0  # requests that reached a provider (not read back from this log)

    def ask(self, provider: ModelProvider, kind: str, round_: int, messages: list[Message], params: Params) -> Step:
        seq, self.seq = self.seq, self.seq + 1
        digest = request_digest(provider.name, messages, params)
        with store.session_scope(self.url) as session:
            row = gen_store.step_at(session, self.agent, seq)
            if row is not None and row.request_sha256 == digest:
                check = CheckResult.from_json(row.check) if row.check else None
                return Step(seq, row.answer, row.code, check, reused=True)
        self.asked += 1
        answer = provider.chat(params.request(messages)).text
        with store.session_scope(self.url) as session:
            gen_store.save_step(session, self.agent, seq, kind=kind, round=round_, model=provider.name,
                                request_sha256=digest, messages=messages_json(messages), answer=answer, code=None,
                                check=None)  # fmt: skip
        return Step(seq, answer)

    def checked(self, step: Step, code: str | None, check: CheckResult) -> None:
        step.code, step.check = code, check
        with store.session_scope(self.url) as session:
            row = gen_store.step_at(session, self.agent, step.seq)
            if row is not None:
                row.code, row.check = code, check.to_json()

    def finish(self, **values: Any) -> None:
        with store.session_scope(self.url) as session:
            gen_store.finish_generated_agent(session, self.agent, **values)
