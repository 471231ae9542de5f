"""The readable report of one grade: scores first, then what lost points."""

from __future__ import annotations

from rich.table import Table

from ..grading import Grade
from .output import console, print_fitted


def _score(value: float | None) -> str:
    if value is None:
        return "[dim]n/a[/]"
    colour = "green" if value >= 90 else "yellow" if value >= 50 else "red"
    return f"[{colour}]{value:.1f}[/]"


def _scores_table(grade: Grade) -> Table:
    table = Table(title=f"{grade.bank}/{grade.task_id}", show_header=False)
    c = grade.correctness
    tags = ", ".join(f"{tag} {n.passed}/{n.total}" for tag, n in c.by_tag.items())
    table.add_row("correctness", _score(c.score), f"{c.passed}/{c.total} tests ({tags})")
    if grade.efficiency:
        e = grade.efficiency
        passed = sum(case.passed for case in e.cases)
        table.add_row("efficiency", _score(e.score), f"{passed}/{len(e.cases)} cases, measured in {e.unit}")
    else:
        table.add_row("efficiency", _score(None), "the task has no efficiency tests")
    q = grade.quality
    table.add_row("quality", _score(q.score_100), f"code health {q.score_10:.2f}/10, {len(q.findings)} findings")
    table.add_row("[bold]composite[/]", _score(grade.composite), "weighted mean of the dimensions")
    if grade.placement:
        p = grade.placement
        table.add_row("human percentile", f"{p.percentile:.1f}", f"z = {p.z:+.2f} on correctness+efficiency {p.score}")
    return table


def _efficiency_table(grade: Grade) -> Table | None:
    if not grade.efficiency:
        return None
    e = grade.efficiency
    table = Table(title=f"efficiency cases ({e.unit})")
    for col in ("case", "verdict", "candidate", "reference", "ratio", "threshold"):
        table.add_column(col)
    for case in e.cases:
        fmt = (lambda v: "-" if v is None else f"{v:,.0f}") if e.measure == "instructions" else (
            lambda v: "-" if v is None else f"{v:.4f}")  # fmt: skip
        verdict = "[green]pass[/]" if case.passed else f"[red]{case.verdict if case.verdict != 'pass' else 'slow'}[/]"
        ratio = "-" if case.ratio is None else f"{case.ratio:.2f}x"
        table.add_row(case.id, verdict, fmt(case.candidate), fmt(case.reference), ratio, fmt(case.threshold))
    return table


def print_grade(grade: Grade) -> None:
    print_fitted(_scores_table(grade))
    if grade.correctness.failing:
        console.print("[bold]Failing tests[/]")
        for v in grade.correctness.failing:
            message = (v.message.strip().splitlines() or [""])[-1][:160]
            console.print(f"  [red]{v.verdict}[/] {v.id} ({v.tag}): {message}", markup=True, highlight=False)
    table = _efficiency_table(grade)
    if table is not None:
        print_fitted(table)
    if grade.quality.findings:
        console.print("[bold]Quality findings[/]")
        for finding in grade.quality.findings:
            console.print(f"  {finding}", markup=False, highlight=False)
    if grade.placement and grade.placement.note:
        console.print(f"[yellow]note:[/] {grade.placement.note}")
