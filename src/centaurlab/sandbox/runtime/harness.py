"""Run a submission's tests inside the sandbox and report one JSON verdict per line.

Standard library only. Each report line starts with a nonce chosen by the platform, so output
printed by the submission cannot be mistaken for a verdict. Verdicts are flushed as they happen:
if the sandbox kills the process, the tests already run keep their verdicts.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import io
import json
import os
import signal
import sys
import time
import traceback
import types
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from typing import Any

OUTPUT_CAP = 4000


class TestTimeout(BaseException):
    """Raised by the alarm; a BaseException so `except Exception` in a submission can't eat it."""


def _alarm(_signum: int, _frame: Any) -> None:
    raise TestTimeout()


class Reporter:
    def __init__(self, nonce: str) -> None:
        self.nonce = nonce
        self.out = os.fdopen(os.dup(1), "w", buffering=1)

    def emit(self, record: dict[str, Any]) -> None:
        self.out.write(self.nonce + " " + json.dumps(record, default=repr) + "\n")
        self.out.flush()


def _trace(exc: BaseException) -> str:
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    keep = [ln for ln in lines if "harness.py" not in ln and "centaur_testlib.py" not in ln]
    return "".join(keep)[-OUTPUT_CAP:]


def _run_one(fn: Callable[[], Any], seconds: float) -> tuple[str, str, str, float, Any]:
    """Run fn under an alarm; return (verdict, message, captured output, cpu seconds, value)."""
    buf = io.StringIO()
    value: Any = None
    signal.setitimer(signal.ITIMER_REAL, seconds)
    start = time.process_time()
    try:
        with redirect_stdout(buf), redirect_stderr(buf):
            value = fn()
        verdict, message = "pass", ""
    except TestTimeout:
        verdict, message = "timeout", f"took longer than {seconds:.3g} s"
    except AssertionError as exc:
        verdict, message = "fail", str(exc) or "assertion failed"
    except BaseException as exc:  # noqa: BLE001 - a submission may raise anything, SystemExit too
        verdict, message = "error", _trace(exc)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    cpu = time.process_time() - start
    return verdict, message, buf.getvalue()[-OUTPUT_CAP:], cpu, value


HIDDEN = ("tests", "efficiency")


def _load_hidden(name: str) -> types.ModuleType:
    """Read a test file, delete it, then run it as a module: a submission cannot just open the
    hidden tests (in one process nothing is truly secret, but reading them takes introspection)."""
    path = os.path.join(os.getcwd(), name + ".py")
    with open(path) as fh:
        source = fh.read()
    os.remove(path)
    module = types.ModuleType(name)
    module.__file__ = name + ".py"
    sys.modules[name] = module
    exec(compile(source, module.__file__, "exec"), module.__dict__)  # noqa: S102 - our own test file
    return module


def _import(name: str, seconds: float) -> tuple[Any, str]:
    holder: dict[str, Any] = {}

    def load() -> None:
        holder["module"] = _load_hidden(name) if name in HIDDEN else importlib.import_module(name)

    verdict, message, _out, _cpu, _ = _run_one(load, seconds)
    if verdict != "pass":
        return None, f"importing {name}.py failed: {message}"
    return holder["module"], ""


def run_correctness(rep: Reporter, only: set[str] | None, seconds: float) -> None:
    module, problem = _import("tests", seconds * 5)
    if module is None:
        rep.emit({"kind": "fatal", "message": problem})
        return
    for name in [n for n in vars(module) if n.startswith("test_")]:
        if only and name not in only:
            continue
        fn = getattr(module, name)
        verdict, message, output, cpu, _ = _run_one(fn, seconds)
        rep.emit(
            {
                "kind": "test",
                "id": name,
                "tag": getattr(fn, "__centaur_tag__", "basic"),
                "verdict": verdict,
                "message": message,
                "output": output,
                "cpu_seconds": cpu,
            }
        )


def run_examples(rep: Reporter, examples: list[dict[str, str]], entry: str, seconds: float) -> None:
    module, problem = _import("solution", seconds * 5)
    if module is None:
        rep.emit({"kind": "fatal", "message": problem})
        return
    scope = dict(vars(module))
    for i, ex in enumerate(examples, 1):
        holder: dict[str, Any] = {}

        def check(ex: dict[str, str] = ex, holder: dict[str, Any] = holder) -> None:
            holder["actual"] = eval(ex["call"], scope)  # noqa: S307 - runs in the sandbox
            expected = eval(ex["result"], scope)  # noqa: S307
            if holder["actual"] != expected:
                raise AssertionError(f"{ex['call']}: expected {ex['result']}, got {holder['actual']!r}")

        verdict, message, output, cpu, _ = _run_one(check, seconds)
        rep.emit(
            {
                "kind": "test",
                "id": f"example_{i}",
                "tag": "example",
                "verdict": verdict,
                "message": message,
                "output": output,
                "cpu_seconds": cpu,
                "call": ex["call"],
            }
        )


def _measured(call: Callable[[], Any], counter: Any) -> tuple[Callable[[], Any], dict[str, int]]:
    """Wrap call so that, under callgrind, only the call itself is counted."""
    counts: dict[str, int] = {}
    if counter is None:
        return call, counts

    def counted() -> Any:
        value, counts["instructions"] = counter.count(call)
        return value

    return counted, counts


def run_efficiency(rep: Reporter, only: set[str] | None, entry: str, seconds: float, repeat: int, measure: str) -> None:
    cases, problem = _import("efficiency", seconds * 5)
    solution, problem2 = _import("solution", seconds * 5) if cases is not None else (None, "")
    if cases is None or solution is None:
        rep.emit({"kind": "fatal", "message": problem or problem2})
        return
    target = getattr(solution, entry, None)
    if target is None:
        rep.emit({"kind": "fatal", "message": f"solution.py defines no '{entry}'"})
        return
    counter = None
    if measure == "instructions":
        from callgrind import Callgrind

        counter, repeat = Callgrind(), 1  # exact counts: one repetition is enough
    for name in [n for n in vars(cases) if n.startswith("perf_")]:
        if only and name not in only:
            continue
        case = getattr(cases, name)()
        call, counts = _measured(functools.partial(target, *case.args, **case.kwargs), counter)
        best, verdict, message = float("inf"), "pass", ""
        for _ in range(repeat):
            verdict, message, _out, cpu, value = _run_one(call, seconds)
            if verdict != "pass":
                break
            if not case.verify(value):
                verdict, message = "fail", "wrong answer"
                break
            best = min(best, cpu)
        rep.emit(
            {
                "kind": "perf",
                "id": name,
                "verdict": verdict,
                "message": message,
                "cpu_seconds": best if verdict == "pass" else None,
                "instructions": counts.get("instructions") if verdict == "pass" else None,
            }
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", choices=["correctness", "examples", "efficiency"], required=True)
    parser.add_argument("--nonce", default="", help="default: read from the first line of stdin")
    parser.add_argument("--entry", default="")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--only", default="")
    parser.add_argument("--measure", choices=["time", "instructions"], default="time")
    args = parser.parse_args()
    sys.path.insert(0, os.getcwd())
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    signal.signal(signal.SIGALRM, _alarm)
    nonce = args.nonce or sys.stdin.readline().strip()  # not in argv, where the submission could read it
    rep = Reporter(nonce)
    only = set(args.only.split(",")) if args.only else None
    if args.mode == "correctness":
        run_correctness(rep, only, args.seconds)
    elif args.mode == "examples":
        with open("examples.json") as fh:
            run_examples(rep, json.load(fh), args.entry, args.seconds)
    else:
        run_efficiency(rep, only, args.entry, args.seconds, args.repeat, args.measure)
    rep.emit({"kind": "done"})


if __name__ == "__main__":
    main()
