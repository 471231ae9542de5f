"""`centaur collab tasks`: browse and check the collab task banks (list, show, check)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from ..errors import NotFound
from ._errors import context
from ._output import console, print_json, print_table, styled

if TYPE_CHECKING:
    from ..collab import CollabBank, TaskInstance

app = typer.Typer(help="Browse and check the collab task banks.", no_args_is_help=True)
BANK_OPTION = typer.Option("collab", "--bank", "-b", help="A built-in collab bank name or a bank folder.")


def split_ids(value: str | None) -> list[str] | None:
    """The ids of a comma-separated option (`--tasks a,b`); None when it is not given."""
    return [v.strip() for v in value.split(",") if v.strip()] if value else None


def bank_of(bank: str) -> CollabBank:
    from ..collab import load_collab_bank

    with context(builtin=(LookupError,), kind=NotFound):  # no bank of that name
        return load_collab_bank(bank)


def task_of(bank: str, task_id: str) -> TaskInstance:
    return bank_of(bank).get(task_id)


def _summary(t: TaskInstance) -> dict[str, object]:
    return {
        "id": t.id,
        "title": t.title,
        "family": t.onet.job_family,
        "family_title": t.onet.family_title,
        "occupation_code": t.onet.occupation_code,
        "occupation": t.onet.occupation_title,
        "difficulty": t.difficulty.value,
        "minutes": t.expected_minutes,
        "references": [r.name for r in t.references],
        "deliverables": [d.name for d in t.deliverables],
        "uuid": t.uuid,
    }


@app.command("list")
def tasks_list(
    bank: str = BANK_OPTION,
    occupation: str | None = typer.Option(
        None, help="Only tasks matching this O*NET-SOC code (e.g. 13-2011.00), best first."
    ),
    json_out: bool = typer.Option(False, "--json", help="Print the tasks as JSON."),
) -> None:
    """List the tasks with their O*NET family, occupation, difficulty and files."""
    from ..collab import match_tasks

    b = bank_of(bank)
    tasks = list(b.tasks.values())
    tier: dict[str, str] = {}
    if occupation:
        with context("--occupation: ", builtin=(ValueError,)):  # not an O*NET-SOC code
            matches = match_tasks(occupation, tasks)
        tier = {m.task_id: m.reason for m in matches}
        tasks = [b.get(m.task_id) for m in matches]
    rows = [{**_summary(t), **({"match": tier[t.id]} if tier else {})} for t in tasks]
    if json_out:
        print_json(rows)
        return
    cols = ["id", "family", "occupation", "difficulty", "minutes", "deliverables"] + (["match"] if tier else [])
    print_table(
        f"{len(rows)} collab tasks ({b.name})",
        cols,
        [[_cell(r[c]) for c in cols] for r in rows],
    )


def _cell(value: object) -> object:
    return ", ".join(str(v) for v in value) if isinstance(value, list) else value


@app.command("show")
def tasks_show(
    task_id: str = typer.Argument(..., help="A task id of the bank."),
    bank: str = BANK_OPTION,
    json_out: bool = typer.Option(False, "--json", help="Print the task as JSON (the evaluator notes included)."),
) -> None:
    """Show a task's prompt, reference files, deliverables and metadata."""
    t = task_of(bank, task_id)
    data = {
        **_summary(t),
        "prompt": t.prompt,
        "source": t.source,
        "licence": t.licence,
        "deliverables": [{"name": d.name, "kind": d.kind.value, "description": d.description} for d in t.deliverables],
        "references": [{"file": r.name, "description": r.description} for r in t.references],
        "evaluator_notes": t.evaluator_notes,
    }
    if json_out:
        print_json(data)
        return
    console.print(styled("[bold]{}[/] ({}, {}, ~{} min)", t.title, t.id, t.difficulty.value, t.expected_minutes))
    console.print(
        f"O*NET {t.onet.occupation_code} {t.onet.occupation_title} - family {t.onet.job_family} "
        f"{t.onet.family_title}; source: {t.source}; licence {t.licence}"
    )
    console.print(t.prompt)
    print_table("reference files", ["file", "description"], [[r.name, r.description] for r in t.references])
    print_table(
        "deliverables", ["name", "kind", "description"], [[d.name, d.kind.value, d.description] for d in t.deliverables]
    )


def _can_generate(model: str) -> bool:
    """Whether `model` could write a rubric: it is registered and, if embedded, its weights are there."""
    from ..models import ModelError, load_registry

    try:
        cfg = load_registry().get(model)
        if cfg.provider == "embedded":
            from ..models import embedded

            embedded.weights_path()
    except (ModelError, FileNotFoundError):
        return False
    return True


@app.command("check")
def tasks_check(
    bank: str = BANK_OPTION,
    rubric_model: str = typer.Option("local", help="The model that would write missing rubrics."),
    json_out: bool = typer.Option(False, "--json", help="Print the checks as JSON."),
) -> None:
    """Check every task: metadata valid, reference files present and readable, rubric present or generatable."""
    from ..collab import check_task

    b = bank_of(bank)
    can_generate = _can_generate(rubric_model)
    results = [check_task(t, can_generate) for t in b.tasks.values()]
    bad = [r for r in results if not r.ok]
    if json_out:
        print_json([{"task": r.task_id, "ok": r.ok, "rubric": r.rubric, "problems": r.problems} for r in results])
    else:
        print_table(
            f"{len(results)} tasks checked, {len(bad)} with problems",
            ["task", "ok", "rubric", "problems"],
            [[r.task_id, "yes" if r.ok else "NO", r.rubric, "; ".join(r.problems)] for r in results],
        )
        families = sorted({t.onet.job_family for t in b.tasks.values()})
        console.print(f"{len(b.tasks)} tasks across {len(families)} O*NET job families: {', '.join(families)}")
    if bad:
        raise typer.Exit(1)
