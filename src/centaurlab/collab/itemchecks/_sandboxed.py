"""The one kind of check that runs code: a delivered script, in the sandbox, on the reference files.

The script is untrusted (a participant or an agent wrote it), so it runs through
`tools.run_code` like the agent's own Python: a bubblewrap box with time and memory limits and
no network, holding only the task's reference files (under `reference/` as in the agent's
workspace, and beside the script, where a script written for the prompt's wording looks) and the
script. What it writes comes back as data; the file named `output` is then checked here, outside
the box, like a deliverable.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import PurePosixPath

from ...sandbox import Limits
from .._schema import TaskInstance
from .._tools import PYTHON_LIMITS, run_code
from ._match import cell_number, norm
from ._spec import CheckSpec, Runs
from ._tabular import NotATable, read_table

Score = tuple[float, str]
Evaluate = Callable[[CheckSpec, dict[str, bytes], TaskInstance], Score]


def _inputs(task: TaskInstance) -> dict[str, str | bytes]:
    files: dict[str, str | bytes] = {}
    for ref in task.references:
        data = ref.path.read_bytes()
        files[f"reference/{ref.name}"] = data
        files[ref.name] = data
    return files


def _produced(files: dict[str, bytes], output: str) -> bytes | None:
    if output in files:
        return files[output]
    named = [data for name, data in files.items() if PurePosixPath(name).name == output]
    return named[0] if len(named) == 1 else None


def _row_key(row: list[str]) -> tuple[str, ...]:
    out = []
    for cell in row:
        value = cell_number(cell)
        out.append(f"{value:.2f}" if value is not None else norm(cell))
    return tuple(out)


def same_table(name: str, produced: bytes, delivered: bytes) -> Score:
    """Share of rows the two tables have in common (numbers compared to the cent)."""
    try:
        a, b = read_table(name, produced), read_table(name, delivered)
    except NotATable as exc:
        return 0.0, f"cannot compare: {exc}"
    rows_a = [_row_key(r) for r in a.rows]
    rows_b = [_row_key(r) for r in b.rows]
    common = sum(min(rows_a.count(r), rows_b.count(r)) for r in set(rows_a))
    union = len(rows_a) + len(rows_b) - common
    score = common / union if union else 1.0
    return score, f"{common} of {union} rows the same as the delivered {name}"


def runs(spec: Runs, files: dict[str, bytes], task: TaskInstance, evaluate: Evaluate) -> Score:
    script = files[spec.file].decode("utf-8", errors="replace")
    limits: Limits = PYTHON_LIMITS.with_(cpu_seconds=spec.timeout_s, wall_seconds=spec.timeout_s * 2)
    run = run_code(script, _inputs(task), limits)
    if not run.ok:
        tail = (run.stderr.strip().splitlines() or [""])[-1][:200]
        return 0.0, f"{spec.file} did not run cleanly ({run.status}, exit {run.exit_code}): {tail}"
    produced = _produced(run.files, spec.output)
    if produced is None:
        return 0.0, f"{spec.file} ran but wrote no {spec.output}"
    parts: list[Score] = [evaluate(c, {c.file: produced}, task) for c in spec.then]
    if spec.same_as:
        delivered = files.get(spec.same_as)
        parts.append(same_table(spec.output, produced, delivered) if delivered else (0.0, f"no {spec.same_as}"))
    if not parts:
        return 1.0, f"{spec.file} ran and wrote {spec.output}"
    score = sum(p[0] for p in parts) / len(parts)
    return score, f"{spec.file} ran and wrote {spec.output}: " + "; ".join(p[1] for p in parts)
