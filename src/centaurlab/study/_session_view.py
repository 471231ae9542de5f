"""What the coding page needs to show a participant where they are: the task (as a participant may
see it), their code, progress, the clocks, and which assistants and policies apply."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..tasks import failure_summary, markdown_html
from ._participants import now_ms
from ._studies import Study
from ._tables import ParticipantRow


@lru_cache(maxsize=256)
def _description_html(description: str) -> str:
    lines = description.lstrip().splitlines()
    if lines and lines[0].startswith("# "):
        lines = lines[1:]
    return markdown_html("\n".join(lines))


@lru_cache(maxsize=256)
def _markdown(text: str) -> str:
    return markdown_html(text)


def coding_state(study: Study, p: ParticipantRow) -> dict[str, Any]:
    spec = study.spec
    condition = spec.conditions.get(p.condition or "none")
    state: dict[str, Any] = {
        "study_id": study.id,
        "participant_id": p.id,
        "stage": p.stage,
        "condition": p.condition,
        "now_ms": now_ms(),
        "autocomplete": bool(condition and (condition.autocomplete_model or condition.assistance == "paired")),
        "paired": bool(condition and condition.assistance == "paired"),
        "chat": bool(condition and condition.chat_model),
        "block_paste": spec.paste.blocks(spec.kind(p.condition)),
        "suggestion_delay_ms": spec.timing.suggestion_delay_ms,
        "snapshot_ms": int(spec.timing.snapshot_seconds * 1000),
        "skip_after_ms": int(spec.timing.skip_after_minutes * 60_000),
        "session_ends_ms": p.session_ends_ms,
        "instructions_html": _markdown(study.instructions(p.condition or "none")),
        "task": None,
    }
    if p.stage != "coding" or p.task_index >= len(p.sequence):
        return state
    task = study.task(p.sequence[p.task_index])
    state["task"] = {
        "index": p.task_index,
        "count": len(p.sequence) - 1,  # the tutorial is not counted
        "tutorial": p.task_index == 0,
        "tutorial_note": study.tutorial_note(p.condition) if p.task_index == 0 else "",
        "id": study.qualified(task.id),
        "title": task.meta.title,
        "description_html": _description_html(task.description),
        "starter": task.starter,
        "code": p.code.get(str(p.task_index), task.starter),
        "entry_point": task.meta.entry_point,
        "started_ms": p.task_started_ms,
        "attempts": p.attempts,
    }
    return state


def script_console(result: dict[str, Any]) -> tuple[str, str]:
    """(text for the console, status) of a run of the participant's file as a script."""
    lines = [text.rstrip() for text in (result["stdout"], result["stderr"]) if text.strip()]
    status = str(result["status"])
    if status == "ok" and result.get("exit_code"):
        status = "error"
    if status not in ("ok", "error"):
        lines.append(f"(the program was stopped: {status})")
    return "\n".join(lines) or "(no output)", status


def console_text(result: dict[str, Any]) -> tuple[str, str]:
    """(text for the console under the editor, status) of a run of the visible examples."""
    lines: list[str] = []
    status = "ok"
    for report in result["reports"]:
        run = report["run"]
        if run["stdout"].strip():
            lines.append(run["stdout"].rstrip())
        if run["stderr"].strip():
            lines.append(run["stderr"].rstrip())
        if report.get("problem"):
            lines.append(report["problem"])
        if run["status"] != "ok":
            status = run["status"]
        for v in report["verdicts"]:
            mark = "✓" if v["verdict"] == "pass" else "✗"
            lines.append(f"{mark} {v['id']}: {v['message'] or v['verdict']}")
            if v.get("output"):
                lines.append(v["output"].rstrip())
    lines.append(f"{result['passed']}/{result['total']} examples passed")
    if status == "ok" and not result["all_passed"]:
        status = "fail"
    return "\n".join(lines), status


def out_of_time(result: dict[str, Any]) -> int:
    """How many hidden tests the participant's code did not answer within the task's time per test: an
    endless loop, or (on the `algo` bank's large inputs) a solution too slow. Said apart from "k of n
    passed" so that a participant whose code loops is not left guessing; which tests, never."""
    return sum(v["verdict"] == "timeout" for report in result["reports"] for v in report["verdicts"])


def own_code_error(result: dict[str, Any]) -> str:
    """Why the participant's code would not load in the sandbox (a syntax error, a missing module, an
    exception at module level), in one line with the failing line: "SyntaxError: invalid syntax (at
    solution.py:3 `def f(:`)"; "" when it loaded. Taken from the submission's own import only, never
    from a test's verdict or the tests' problems, so nothing of the hidden tests is shown."""
    for report in result["reports"]:
        if report.get("load_error"):
            return failure_summary(report["load_error"])
    return ""
