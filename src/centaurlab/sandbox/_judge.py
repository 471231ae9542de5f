"""Run a task's hidden tests on the judge's side against a solution answering from its box.

The test files are the task authors' code: trusted, never copied into a box. They are executed
here in a module of their own whose `import solution` gets proxies (`_proxies.py`) and whose
`import centaur_testlib` gets the judge's helpers. Every comparison, tag and verdict is made in
this process; the box only ever answers one call at a time with a claimed value.
"""

from __future__ import annotations

import builtins
import functools
import traceback
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import InvalidInput
from . import _testlib as testlib
from ._proxies import BoxProvider, RemoteName, RemoteObject, SolutionNames, solution_module, star_module
from ._remote import BoxFailure, Budget, RemoteBox, SolutionRaised

OUTPUT_CAP = 4000
BoxFactory = Callable[[], RemoteBox]


@dataclass
class Outcome:
    id: str
    tag: str
    verdict: str
    message: str = ""
    output: str = ""
    cpu_seconds: float | None = None
    instructions: int | None = None


@dataclass
class JudgeLog:
    """What the run leaves besides verdicts: the boxes' output and why a box had to be replaced."""

    load_output: list[str] = field(default_factory=list)
    stderr: list[str] = field(default_factory=list)
    boxes: int = 0
    cpu_seconds: float = 0.0
    problem: str = ""
    #: why the solution's own code would not import in its box (its traceback, or why the box gave no
    #: answer), if it would not: about the submission alone, so a participant may be shown it, where
    #: `problem` may be about the hidden tests
    load_error: str = ""


class LoadFailed(InvalidInput):
    """The solution could not be loaded into a box (it does not import, or no box would start): every
    test of the submission fails with this reason."""


class Boxes(BoxProvider):
    """Fresh boxes for one submission: the solution is loaded into each; a dead one is replaced."""

    def __init__(self, factory: BoxFactory, source: str, load_seconds: float, log: JudgeLog,
                 limits: dict[str, Any]) -> None:  # fmt: skip
        self.factory, self.source, self.load_seconds, self.log = factory, source, load_seconds, log
        self.limits = limits
        self.box: RemoteBox | None = None
        self.budget = Budget(float("inf"))
        self.outputs: list[str] = []

    def current(self) -> RemoteBox:
        if self.box is not None and not self.box.dead:
            self.box.budget = self.budget
            return self.box
        self.retire()
        try:
            box = self.factory()
        except BoxFailure as exc:
            raise LoadFailed(str(exc)) from None
        box.output = self.outputs
        self.log.boxes += 1
        box.budget = Budget(self.load_seconds)
        try:
            reply = box.request("load", source=self.source, **self.limits)
        except (SolutionRaised, BoxFailure) as exc:
            box.discard()
            self.log.load_error = (exc.remote_trace if isinstance(exc, SolutionRaised) else "") or str(exc)
            raise LoadFailed(f"importing solution.py failed: {self.log.load_error}") from None
        self.log.load_output.append(reply.output)
        box.budget = self.budget
        self.box = box
        return box

    def retire(self) -> None:
        if self.box is not None:
            stderr, cpu = self.box.discard()
            self.log.stderr.append(stderr)
            self.log.cpu_seconds += cpu
            self.box = None


def _trace(exc: BaseException) -> str:
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    return "".join(lines)[-OUTPUT_CAP:]


def _import_hook(solution: types.ModuleType, provider: BoxProvider) -> Callable[..., Any]:
    real = builtins.__import__

    def hook(name: str, globals_: Any = None, locals_: Any = None, fromlist: Any = (), level: int = 0) -> Any:
        if level == 0 and name == "solution":
            if fromlist and "*" in fromlist:  # `from solution import *`, into the module `globals_`
                taken = {*(globals_ or {}), *vars(builtins)}
                return star_module(provider, taken)
            return solution
        if level == 0 and name == "centaur_testlib":
            return testlib
        return real(name, globals_, locals_, fromlist, level)

    return hook


@functools.lru_cache(maxsize=256)
def _compiled(source: str, filename: str) -> types.CodeType:
    """A test file's code, compiled once per process (a module is executed anew for each run)."""
    return compile(source, filename, "exec")


def load_module(name: str, source: str, boxes: Boxes) -> types.ModuleType:
    """Execute a hidden test file here, its `solution` bound to the boxes."""
    module = types.ModuleType(name)
    module.__file__ = f"{name}.py"
    scope = dict(vars(builtins))
    scope["__import__"] = _import_hook(solution_module(boxes), boxes)
    module.__dict__["__builtins__"] = scope
    exec(_compiled(source, module.__file__), module.__dict__)  # noqa: S102 - the task's own tests
    return module


def judge_call(fn: Callable[[], Any], boxes: Boxes, seconds: float) -> tuple[str, str, Any]:
    """Run one test function here; (verdict, message, value)."""
    boxes.budget = Budget(seconds)
    if boxes.box is not None:
        boxes.box.budget = boxes.budget
    token = testlib.current_box.set(boxes)
    try:
        return "pass", "", fn()
    except BoxFailure as exc:
        return ("timeout" if exc.kind == "timeout" else "error"), str(exc), None
    except SolutionRaised as exc:
        return "error", exc.remote_trace or str(exc), None
    except AssertionError as exc:
        return "fail", str(exc) or "assertion failed", None
    except LoadFailed:
        raise
    except Exception as exc:  # noqa: BLE001 - a test that breaks on what the solution returned
        return "error", _trace(exc), None
    finally:
        boxes.budget = Budget(float("inf"))
        if boxes.box is not None:
            boxes.box.budget = boxes.budget
        testlib.current_box.reset(token)


def tests_of(module: types.ModuleType, prefix: str, only: set[str] | None) -> list[tuple[str, Any]]:
    """The test functions of a module: never a name of the solution's (a proxy a star-import bound)."""
    return [(n, f) for n, f in vars(module).items() if n.startswith(prefix) and callable(f)
            and not isinstance(f, (RemoteName, RemoteObject)) and (not only or n in only)]  # fmt: skip


def run_tests(boxes: Boxes, source: str, only: set[str] | None, seconds: float) -> list[Outcome]:
    boxes.budget = Budget(seconds)  # what the tests import from the solution is asked of its box
    try:
        module = load_module("tests", source, boxes)
    except LoadFailed as exc:
        boxes.log.problem = str(exc)
        return []
    except BoxFailure as exc:
        boxes.log.problem = f"importing tests.py failed: {exc}"
        return []
    except Exception as exc:  # noqa: BLE001 - e.g. `from solution import f` and no f
        boxes.log.problem = f"importing tests.py failed: {type(exc).__name__}: {exc}"
        return []
    finally:
        boxes.budget = Budget(float("inf"))
    outcomes = []
    for name, fn in tests_of(module, "test_", only):
        start = len(boxes.outputs)
        try:
            verdict, message, _ = judge_call(fn, boxes, seconds)
        except LoadFailed as exc:
            boxes.log.problem = str(exc)
            break
        tag = getattr(fn, testlib.TAG_ATTR, "basic")
        outcomes.append(Outcome(name, tag, verdict, message, "".join(boxes.outputs[start:])[-OUTPUT_CAP:]))
    return outcomes


def run_examples(boxes: Boxes, examples: list[dict[str, str]], seconds: float) -> list[Outcome]:
    names = SolutionNames(boxes)
    scope = {"__builtins__": builtins}
    outcomes = []
    for i, ex in enumerate(examples, 1):

        def check(ex: dict[str, str] = ex) -> None:
            actual = eval(ex["call"], scope, names)  # noqa: S307 - the task's own example, evaluated here
            expected = eval(ex["result"], scope, names)  # noqa: S307
            if actual != expected:
                raise AssertionError(f"{ex['call']}: expected {ex['result']}, got {actual!r}")

        start = len(boxes.outputs)
        try:
            verdict, message, _ = judge_call(check, boxes, seconds)
        except LoadFailed as exc:
            boxes.log.problem = str(exc)
            break
        output = "".join(boxes.outputs[start:])[-OUTPUT_CAP:]
        outcomes.append(Outcome(f"example_{i}", "example", verdict, message, output))
    return outcomes
