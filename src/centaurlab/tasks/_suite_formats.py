"""The two suite formats the field shares, HumanEval and MBPP, turned into task folders' files.

Pure text work: a record (validated by pydantic at the edge) becomes the files of one task folder
(docs/tasks.md). Nothing here runs a solution; `_importers.py` checks the result in the sandbox.

Tests become one correctness test per assert, so a wrong solution scores the share of asserts it
passes, as COMPASS counts correctness; a loop of asserts in a HumanEval `check` is one test, and a
`check` that is one loop (random inputs) stays one test that calls it whole.
"""

from __future__ import annotations

import ast
import re
import uuid
from dataclasses import dataclass
from typing import Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field

from ..errors import InvalidInput

Format = Literal["humaneval", "mbpp"]
FORMATS: tuple[Format, ...] = ("humaneval", "mbpp")


class HumanEvalRecord(BaseModel):
    """One line of a HumanEval-format file (OpenAI's HumanEval, HumanEval+, MultiPL-E's Python ...)."""

    model_config = ConfigDict(extra="ignore")

    task_id: str = Field(min_length=1)
    prompt: str = Field(min_length=1)
    canonical_solution: str
    test: str = Field(min_length=1)
    entry_point: str = Field(pattern=r"^[A-Za-z_][A-Za-z0-9_]*$")


class MbppRecord(BaseModel):
    """One line of an MBPP-format file; the sanitized release names `text` `prompt` and adds
    `test_imports`, so both spellings are read."""

    model_config = ConfigDict(extra="ignore")

    task_id: int | str
    text: str = Field(min_length=1, validation_alias=AliasChoices("text", "prompt"))
    code: str = Field(min_length=1)
    test_list: list[str] = Field(min_length=1)
    test_setup_code: str = ""
    test_imports: list[str] = []
    challenge_test_list: list[str] = []


RECORDS: dict[Format, type[BaseModel]] = {"humaneval": HumanEvalRecord, "mbpp": MbppRecord}
# the fields only one format has: a file's format is the one whose fields its lines carry most
MARKERS: dict[Format, frozenset[str]] = {
    "humaneval": frozenset({"prompt", "canonical_solution", "test", "entry_point"}),
    "mbpp": frozenset({"text", "code", "test_list", "test_setup_code", "challenge_test_list"}),
}


class RecordProblem(InvalidInput, ValueError):
    """A record that validates but cannot become a sound task: `field` says where to look."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(problem)
        self.field = field
        self.problem = problem


@dataclass(frozen=True)
class Provenance:
    """Where a suite came from, written into `bank.toml` and every `task.toml`."""

    source: str
    licence: str
    version: str = ""


@dataclass(frozen=True)
class TaskFiles:
    """One task folder to write: its id, the suite's own id, the files, and how its tests were cut."""

    task_id: str
    suite_id: str
    files: dict[str, str]
    per_assert: bool


def guess_format(keys: set[str]) -> Format | None:
    scores = {fmt: len(keys & marks) for fmt, marks in MARKERS.items()}
    best = max(scores.values())
    winners = [fmt for fmt, score in scores.items() if score == best]
    return winners[0] if best and len(winners) == 1 else None


def task_id_of(suite_id: str, prefix: str) -> str:
    """A task folder id from a suite's id: lower case, `_` for anything else, numbers padded so the
    folders sort in the suite's order ("HumanEval/7" -> "humaneval_007", MBPP 11 -> "mbpp_011")."""
    parts = [p for p in re.split(r"[^a-z0-9]+", suite_id.lower()) if p]
    parts = [p.zfill(3) if p.isdigit() else p for p in parts]
    if not parts or not parts[0][0].isalpha():
        parts.insert(0, prefix)
    return "_".join(parts)


def _toml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def _task_toml(task_id: str, suite_id: str, title: str, category: str, entry: str, prov: Provenance) -> str:
    source = f"{prov.source} {prov.version}".strip() + f" ({suite_id})"
    lines = [
        f"id = {_toml_str(task_id)}",
        f"uuid = {_toml_str(str(uuid.uuid5(uuid.NAMESPACE_URL, f'{category}:{suite_id}')))}",
        f"title = {_toml_str(title)}",
        f"category = {_toml_str(category)}",
        'difficulty = "easy"',
        f"entry_point = {_toml_str(entry)}",
        f"source = {_toml_str(source)}",
        f"licence = {_toml_str(prov.licence)}",
        "",
        "[reference]",
        'file = "reference.py"',
        'time_complexity = "-"',
        "",
    ]
    return "\n".join(lines)


def _parse(text: str, field: str) -> ast.Module:
    try:
        return ast.parse(text)
    except SyntaxError as exc:
        raise RecordProblem(field, f"is not valid Python: {exc.msg} (line {exc.lineno})") from None


def _counts(node: ast.Assert) -> bool:
    """An assert that can fail: `assert True, "..."` (HumanEval pads a few checks so) would give
    every solution a free test."""
    return not (isinstance(node.test, ast.Constant) and node.test.value)


def _assert_tests(asserts: list[str], prelude: str, tag: str = "basic", start: int = 1) -> str:
    out = []
    for n, text in enumerate(asserts, start):
        body = "\n".join(f"    {line}" for line in ([prelude] if prelude else []) + text.splitlines())
        out.append(f"@{tag}\ndef test_assert_{n:02d}():\n{body}\n")
    return "\n\n".join(out)


def _check_asserts(test: str) -> list[str] | None:
    """`check(candidate)` cut into tests: one per top-level statement that asserts (an assert, or a
    loop of them), each after the statements before it that assert nothing (imports, a seeded
    generator, helper values), so every test runs as it would in the whole `check`. None when there is
    only one such statement: the `check` then runs whole."""
    module = _parse(test, "test")
    check = next((n for n in module.body if isinstance(n, ast.FunctionDef) and n.name == "check"), None)
    if check is None:
        raise RecordProblem("test", "defines no `check(candidate)` function")
    setup: list[ast.stmt] = []
    units: list[str] = []
    for stmt in check.body:
        if not any(isinstance(node, ast.Assert) for node in ast.walk(stmt)):
            setup.append(stmt)
        elif not isinstance(stmt, ast.Assert) or _counts(stmt):
            units.append("\n".join(ast.unparse(s) for s in [*setup, stmt]))
    return units if len(units) > 1 else None


def humaneval_files(rec: HumanEvalRecord, prov: Provenance) -> TaskFiles:
    """The judge's side holds the prompt completed by the canonical solution, as the harness's program
    does: a few checks compare with the task's own helper functions (HumanEval/33)."""
    task_id = task_id_of(rec.task_id, "humaneval")
    reference = rec.prompt + rec.canonical_solution
    _parse(rec.prompt, "prompt")
    _parse(reference, "canonical_solution")
    asserts = _check_asserts(rec.test)
    head = (
        f'"""Tests of {rec.task_id}, from its `check`."""\n\nimport solution as _box\n'
        f"from centaur_testlib import basic\n\n# the task's own code, completed by its canonical solution\n"
        f"{reference}\n\n{rec.test}\n\n"
    )
    if asserts:
        tests = head + _assert_tests(asserts, f"candidate = _box.{rec.entry_point}")
    else:
        tests = head + f"@basic\ndef test_check():\n    check(_box.{rec.entry_point})\n"
    files = {
        "task.toml": _task_toml(task_id, rec.task_id, rec.task_id, "HumanEval", rec.entry_point, prov),
        "description.md": f"# {rec.task_id}\n\nComplete `{rec.entry_point}`:\n\n```python\n{rec.prompt.strip()}\n```\n",
        "starter.py": rec.prompt,
        "reference.py": reference,
        "tests.py": tests,
    }
    return TaskFiles(task_id, rec.task_id, files, asserts is not None)


def _mbpp_asserts(tests: list[str], field: str) -> list[str]:
    out: list[str] = []
    for i, text in enumerate(tests):
        module = _parse(text, f"{field}[{i}]")
        if not module.body or not all(isinstance(s, ast.Assert) for s in module.body):
            raise RecordProblem(f"{field}[{i}]", "is not an assert statement")
        out.extend(ast.unparse(s) for s in module.body)
    return out


def _mbpp_entry(code: ast.Module, asserts: list[str]) -> ast.FunctionDef | ast.ClassDef:
    """The function (or class) the asserts call: the first name called that the code defines."""
    defined = {n.name: n for n in code.body if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    for text in asserts:
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in defined:
                return defined[node.func.id]
    raise RecordProblem("code", "defines no function that test_list calls")


def _mbpp_starter(code: ast.Module, entry: ast.FunctionDef | ast.ClassDef, text: str) -> str:
    """The code's imports and the entry's signature with the problem as its docstring: MBPP has no
    prompt, so this is what a person or model starts from."""
    imports = [ast.unparse(n) for n in code.body if isinstance(n, ast.Import | ast.ImportFrom)]
    doc = '    """' + text.strip().replace('"""', "'''").replace("\\", "\\\\") + '"""'
    if isinstance(entry, ast.ClassDef):
        head = f"class {entry.name}:"
    else:
        head = f"def {entry.name}({ast.unparse(entry.args)}):"
    return "\n".join([*imports, *([""] if imports else []), head, doc, ""])


def mbpp_files(rec: MbppRecord, prov: Provenance) -> TaskFiles:
    suite_id = str(rec.task_id)
    task_id = task_id_of(f"mbpp_{suite_id}" if suite_id.isdigit() else suite_id, "mbpp")
    code = _parse(rec.code, "code")
    asserts = _mbpp_asserts(rec.test_list, "test_list")
    challenge = _mbpp_asserts(rec.challenge_test_list, "challenge_test_list")
    entry = _mbpp_entry(code, asserts)
    _parse(rec.test_setup_code, "test_setup_code")
    setup = "\n".join([*rec.test_imports, rec.test_setup_code.strip()]).strip()
    tests = (
        f'"""Tests of MBPP {suite_id}, one per assert of its test list."""\n\n'
        "from centaur_testlib import basic, edge\nfrom solution import *  # noqa: F403\n\n"
        + (f"{setup}\n\n\n" if setup else "\n")
        + _assert_tests(asserts, "")
        + ("\n\n" + _assert_tests(challenge, "", "edge", len(asserts) + 1) if challenge else "")
    )
    files = {
        "task.toml": _task_toml(task_id, suite_id, f"MBPP {suite_id}", "MBPP", entry.name, prov),
        "description.md": f"# MBPP {suite_id}\n\n{rec.text.strip()}\n\nThe tests call `{entry.name}`.\n",
        "starter.py": _mbpp_starter(code, entry, rec.text),
        "reference.py": rec.code.rstrip() + "\n",
        "tests.py": tests,
    }
    return TaskFiles(task_id, suite_id, files, True)


def task_files(fmt: Format, record: BaseModel, prov: Provenance) -> TaskFiles:
    if isinstance(record, HumanEvalRecord):
        return humaneval_files(record, prov)
    assert isinstance(record, MbppRecord), fmt
    return mbpp_files(record, prov)
