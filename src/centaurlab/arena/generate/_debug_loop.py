"""The debug loop: ask the author, extract the agent, check it in the sandbox, send the error back.

Round 0 is the strategy's own request; each further round (up to `rounds` per attempt) appends the
model's answer and the error the platform recorded to the same conversation and asks again, as the
paper's authors did by hand. APDP section 4 also says what they did when a model kept failing on the
same bug over "multiple (e.g., 5-15) cycles": they started again from scratch. So an attempt ends
after `same_failure` debug rounds in a row that fail with the same kind as the failure before them
(the fewest cycles the paper names), or after `rounds` debug rounds (the most it names), and up to
`restarts` fresh conversations follow, each the strategy's request alone, with the attempt's number
added to the replicate's seed so that a sampling model does not repeat itself. The outcome is the
first agent that passes, or the last failure and its kind.

A model with a small context window (the embedded one has 8,192 tokens) cannot hold several long
answers: when the endpoint refuses the whole conversation as too long, the round is asked again with
the strategy's request, the last answer and its error only. When even that does not fit, the agent
fails with the kind `context_overflow`; it is not left for a rerun that would meet the same wall.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from ...models import ContextOverflow, Message, ModelError, ModelProvider
from ._check import CheckResult, CheckSpec, check_agent, no_code
from ._extract import extract_agent
from ._steps import Params, Step, StepLog
from ._strategies import fragment, render

Checker = Callable[[str, CheckSpec], CheckResult]


@dataclass(frozen=True)
class LoopLimits:
    """How long the loop insists. The defaults are the paper's description (APDP section 4): up to 15
    cycles of feeding the error back, a restart from scratch once 5 cycles in a row leave the same
    kind of failure. The paper restarted until it had bug-free agents and gives no count; 3 restarts
    (4 conversations) is ours, so that a model that never writes a working agent ends."""

    rounds: int = 15
    same_failure: int = 5
    restarts: int = 3

    def __post_init__(self) -> None:
        if self.rounds < 0 or self.restarts < 0 or self.same_failure < 1:
            raise ValueError("debug rounds and restarts must be at least 0, same-failure rounds at least 1")


RESTART_SEED = 1000  # attempt k asks with seed replicate + k * RESTART_SEED


@dataclass
class LoopResult:
    passed: bool
    rounds: int  # debug rounds used over every attempt (0: the first answer passed)
    kind: str | None  # the last failure's kind when not passed
    code: str | None  # the accepted agent, or the last code the model wrote
    answer: str  # the last answer
    check: CheckResult
    kinds: list[str] = field(default_factory=list)  # the failure kind of every round that failed
    restarts: int = 0  # fresh conversations started after the first
    attempts: list[list[str]] = field(default_factory=list)  # the failure kinds of each attempt, in order


def debug_message(check: CheckResult) -> str:
    return render(fragment("debug.md"), "prompts/debug.md", False, **check.feedback())


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
             limits: LoopLimits, *, kind: str = "author", checker: Checker | None = None,
             on_round: Callable[[int, CheckResult], None] | None = None) -> LoopResult:  # fmt: skip
    """Attempts until an agent passes or the restarts are spent; a context overflow ends the loop (a
    fresh conversation starts from the same request, which is what did not fit)."""
    checker = checker or (lambda source, s: check_agent(source, s))
    result = LoopResult(False, 0, None, None, "", no_code())
    for attempt in range(limits.restarts + 1):
        seeded = replace(params, seed=params.seed + attempt * RESTART_SEED)
        first = kind if attempt == 0 else "restart"
        kinds = _attempt(log, author, messages, seeded, spec, limits, first, checker, on_round, result)
        result.attempts.append(kinds)
        result.restarts = attempt
        if result.passed or result.kind == "context_overflow":
            break
    return result


def _attempt(log: StepLog, author: ModelProvider, messages: list[Message], params: Params, spec: CheckSpec,
             limits: LoopLimits, first: str, checker: Checker, on_round: Callable[[int, CheckResult], None] | None,
             result: LoopResult) -> list[str]:  # fmt: skip
    """One conversation, updating `result` round by round; returns its failure kinds."""
    conversation, compact = list(messages), list(messages)
    kinds: list[str] = []
    same = 0  # debug rounds in a row whose failure has the kind of the one before
    for round_ in range(limits.rounds + 1):
        try:
            step: Step = _ask(log, author, first if round_ == 0 else "debug", round_, conversation, compact, params)
        except ModelError as exc:
            if not context_overflow(exc):
                raise
            kinds.append("context_overflow")
            result.kinds.append("context_overflow")
            result.kind, result.check, result.answer = "context_overflow", overflow_check(exc), ""
            return kinds
        result.rounds += round_ > 0
        if step.check is None:
            found = extract_agent(step.answer)
            log.checked(step, found, no_code() if found is None else checker(found, spec))
        code, check = step.code, step.check
        assert check is not None  # set just above, or read back with the step
        result.code, result.check, result.answer = code or result.code, check, step.answer
        if on_round is not None:
            on_round(round_, check)
        if check.ok:
            result.passed, result.kind, result.code = True, None, code
            return kinds
        failure = check.kind or "exception"
        same = same + 1 if kinds and kinds[-1] == failure else 0
        kinds.append(failure)
        result.kinds.append(failure)
        result.kind = failure
        if same >= limits.same_failure:
            break  # the same bug, cycle after cycle: start again from scratch
        error = Message("user", debug_message(check))
        conversation = [*conversation, Message("assistant", step.answer), error]
        compact = [*messages, Message("assistant", f"```python\n{code}\n```" if code else step.answer), error]
    return kinds
