"""The readable report of one grade: scores first, then what lost points.

It reads the grade's dict (`Grade.to_dict()`), the form a grade takes in the store, so that a grade
found there prints exactly as one graded now.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from ..grading import Finding
from ._output import console, print_fitted, styled


def no_baseline(tasks: str = "this task") -> str:
    """Why a grade has no human percentile: only real, cited human data make one (docs/tasks.md)."""
    return f"human baseline: none for {tasks} (percentile not computed)"


def explained(grade: dict[str, Any]) -> dict[str, Any]:
    """The grade for --json: a missing human percentile is an explicit null with the reason beside it."""
    if grade.get("placement"):
        return grade
    return grade | {"human_percentile": None, "human_percentile_note": no_baseline()}


def _score(value: float | None) -> Text:
    if value is None:
        return Text("n/a", "dim")
    colour = "green" if value >= 90 else "yellow" if value >= 50 else "red"
    return Text(f"{value:.1f}", colour)


def _efficiency_row(e: dict[str, Any] | None) -> tuple[Text, str]:
    if not e:
        return _score(None), "the task has no efficiency tests"
    passed = sum(case["passed"] for case in e["cases"])
    return _score(e["score"]), f"{passed}/{len(e['cases'])} cases, measured in {e['unit']}"


def _quality_row(grade: dict[str, Any]) -> tuple[str | Text, str]:
    unrated = grade.get("quality_not_rated")
    if unrated:
        return Text("not rated", "red"), f"{unrated}: counts 0 in the composite"
    q = grade["quality_detail"]
    return _score(q["score_100"]), f"code health {q['score_10']:.2f}/10, {len(q['findings'])} findings"


def _scores_table(grade: dict[str, Any]) -> Table:
    table = Table(title=f"{grade['bank']}/{grade['task']}", show_header=False)
    c = grade["correctness_detail"]
    tags = ", ".join(f"{tag} {n['passed']}/{n['total']}" for tag, n in c["by_tag"].items())
    table.add_row("correctness", _score(c["score"]), f"{c['passed']}/{c['total']} tests ({tags})")
    table.add_row("efficiency", *_efficiency_row(grade["efficiency_detail"]))
    table.add_row("quality", *_quality_row(grade))
    table.add_row(Text("composite", "bold"), _score(grade["composite"]), "weighted mean of the dimensions")
    if grade["placement"]:
        p = grade["placement"]
        table.add_row("human percentile", f"{p['percentile']:.1f}",
                      f"z = {p['z']:+.2f} on correctness+efficiency {p['score']}")  # fmt: skip
    else:
        table.add_row("human percentile", _score(None), no_baseline())
    return table


def _efficiency_table(e: dict[str, Any] | None) -> Table | None:
    if not e:
        return None
    table = Table(title=f"efficiency cases ({e['unit']})")
    for col in ("case", "verdict", "candidate", "reference", "ratio", "threshold"):
        table.add_column(col)
    for case in e["cases"]:
        fmt = (lambda v: "-" if v is None else f"{v:,.0f}") if e["measure"] == "instructions" else (
            lambda v: "-" if v is None else f"{v:.4f}")  # fmt: skip
        verdict = case["verdict"] if case["verdict"] != "pass" else "slow"
        shown = Text("pass", "green") if case["passed"] else Text(verdict, "red")
        ratio = "-" if case["ratio"] is None else f"{case['ratio']:.2f}x"
        table.add_row(case["id"], shown, fmt(case["candidate"]), fmt(case["reference"]), ratio, fmt(case["threshold"]))
    return table


def print_grade(grade: dict[str, Any]) -> None:
    """Print a `Grade.to_dict()`."""
    print_fitted(_scores_table(grade))
    failing = grade["correctness_detail"]["failing"]
    if failing:
        console.print(styled("[bold]Failing tests[/]"))
        for v in failing:
            message = (v["message"].strip().splitlines() or [""])[-1][:160]
            console.print(styled("  [red]{}[/] {} ({}): {}", v["verdict"], v["id"], v["tag"], message), highlight=False)
    table = _efficiency_table(grade["efficiency_detail"])
    if table is not None:
        print_fitted(table)
    findings = grade["quality_detail"]["findings"]
    if findings and not grade.get("quality_not_rated"):
        console.print(styled("[bold]Quality findings[/]"))
        for finding in findings:
            console.print(f"  {Finding.from_dict(finding)}", highlight=False)
    if grade["placement"] and grade["placement"]["note"]:
        console.print(styled("[yellow]note:[/] {}", grade["placement"]["note"]))
