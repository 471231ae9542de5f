"""The debug loop: ask the author, extract the agent, check it in the sandbox, send the error back.

Round 0 is the strategy's own request; each further round (up to `rounds`) appends the model's
answer and the error the platform recorded to the same conversation and asks again, as the paper's
authors did by hand. The outcome is the first agent that passes, or the last failure and its kind.

A model with a small context window (the embedded one has 8,192 tokens) cannot hold several long
answers: when the endpoint refuses the whole conversation as too long, the round is asked again with
the strategy's request, the last answer and its error only. When even that does not fit, the agent
fails with the kind `context_overflow`; it is not left for a rerun that would meet the same wall.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ...models import ContextOverflow, Message, ModelError, ModelProvider
from .check import CheckResult, CheckSpec, check_agent, no_code
from .extract import extract_agent
from .steps import Params, Step, StepLog
from .strategies import fragment, render

Checker = Callable[[str, CheckSpec], CheckResult]


@dataclass
class LoopResult:
    passed: bool
    rounds: int  # debug rounds used (0: the first answer passed)
    kind: str | None  # the last failure's kind when not passed
    code: str | None  # the accepted agent, or the last code the model wrote
    answer: str  # the last answer
    check: CheckResult
    kinds: list[str] = field(default_factory=list)  # the failure kind of every round that failed


def debug_message(check: CheckResult) -> str:
    return render(fragment("debug.md"), "prompts/debug.md", **check.feedback())


_TOO_LONG = re.compile(r"context|too long|maximum.*tokens|tokens.*exceed", re.IGNORECASE)


def context_overflow(exc: ModelError) -> bool:
    """Whether an endpoint refused a request for its length (llama.cpp, vLLM and OpenAI say it so), or
    the models layer did before sending it (a model whose context window is configured)."""
    if isinstance(exc, ContextOverflow):
        return True
    text = str(exc)
    return "HTTP 400" in text and _TOO_LONG.search(text) is not None


def overflow_check(exc: ModelError) -> CheckResult:
    return CheckResult(False, "context_overflow", str(exc)[-400:], "when we asked the model")


def _ask(log: StepLog, author: ModelProvider, kind: str, round_: int, conversation: list[Message],
         compact: list[Message], params: Params) -> Step:
    """The round's answer: the whole conversation, else the compact one when the whole is too long."""
    try:
        return log.ask(author, kind, round_, conversation, params)
    except ModelError as exc:
        if not context_overflow(exc) or compact == conversation:
            raise
    return log.ask(author, kind, round_, compact, params)


def run_loop(log: StepLog, author: ModelProvider, messages: list[Message], params: Params, spec: CheckSpec,
             rounds: int, *, kind: str = "author", checker: Checker | None = None,
             on_round: Callable[[int, CheckResult], None] | None = None) -> LoopResult:  # fmt: skip
    checker = checker or (lambda source, s: check_agent(source, s))
    conversation = list(messages)
    kinds: list[str] = []
    last_code: str | None = None
    last = no_code()
    compact = list(messages)
    for round_ in range(rounds + 1):
        try:
            step: Step = _ask(log, author, kind if round_ == 0 else "debug", round_, conversation, compact, params)
        except ModelError as exc:
            if not context_overflow(exc):
                raise
            kinds.append("context_overflow")
            return LoopResult(False, round_, "context_overflow", last_code, "", overflow_check(exc), kinds)
        if step.check is None:
            found = extract_agent(step.answer)
            log.checked(step, found, no_code() if found is None else checker(found, spec))
        code, check = step.code, step.check
        assert check is not None  # set just above, or read back with the step
        last_code, last = code or last_code, check
        if on_round is not None:
            on_round(round_, check)
        if check.ok:
            return LoopResult(True, round_, None, code, step.answer, check, kinds)
        kinds.append(check.kind or "exception")
        error = Message("user", debug_message(check))
        conversation = [*conversation, Message("assistant", step.answer), error]
        compact = [*messages, Message("assistant", f"```python\n{code}\n```" if code else step.answer), error]
    return LoopResult(False, rounds, kinds[-1], last_code, step.answer, last, kinds)
