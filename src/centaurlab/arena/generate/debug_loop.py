"""The debug loop: ask the author, extract the agent, check it in the sandbox, send the error back.

Round 0 is the strategy's own request; each further round (up to `rounds`) appends the model's
answer and the error the platform recorded to the same conversation and asks again, as the paper's
authors did by hand. The outcome is the first agent that passes, or the last failure and its kind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...models import Message, ModelProvider
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


def run_loop(log: StepLog, author: ModelProvider, messages: list[Message], params: Params, spec: CheckSpec,
             rounds: int, *, kind: str = "author", checker: Checker | None = None,
             on_round: Callable[[int, CheckResult], None] | None = None) -> LoopResult:  # fmt: skip
    checker = checker or (lambda source, s: check_agent(source, s))
    conversation = list(messages)
    kinds: list[str] = []
    last_code: str | None = None
    last = no_code()
    for round_ in range(rounds + 1):
        step: Step = log.ask(author, kind if round_ == 0 else "debug", round_, conversation, params)
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
        conversation = [*conversation, Message("assistant", step.answer), Message("user", debug_message(check))]
    return LoopResult(False, rounds, kinds[-1], last_code, step.answer, last, kinds)
