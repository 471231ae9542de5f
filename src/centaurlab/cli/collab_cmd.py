"""`centaur collab`: occupational tasks, the autonomous agent baseline, rubrics, judges, reports, ratings.

Thin: options are parsed and checked here, the work is done by `centaurlab.collab`.
"""

from __future__ import annotations

import typer

from ..collab.loader import CollabFileError, UnknownCollabTask, load_collab_bank
from ..collab.onet import match_tasks
from .output import console, fail, print_json, print_table

app = typer.Typer(
    help="Human-agent collaboration on occupational tasks (CollabSkill): tasks, agents, rubrics, judges, ratings.",
    no_args_is_help=True,
)
tasks_app = typer.Typer(help="Browse and check the collab task banks.", no_args_is_help=True)
app.add_typer(tasks_app, name="tasks")

BANK_OPTION = typer.Option("collab", "--bank", "-b", help="A built-in collab bank name or a bank folder.")


def bank_or_fail(bank: str):  # type: ignore[no-untyped-def]
    try:
        return load_collab_bank(bank)
    except (LookupError, CollabFileError) as exc:
        raise fail(str(exc)) from exc


def _summary(t) -> dict[str, object]:  # type: ignore[no-untyped-def]
    return {
        "id": t.id, "title": t.title, "family": t.onet.job_family, "family_title": t.onet.family_title,
        "occupation_code": t.onet.occupation_code, "occupation": t.onet.occupation_title,
        "difficulty": t.difficulty.value, "minutes": t.expected_minutes,
        "references": [r.name for r in t.references], "deliverables": [d.name for d in t.deliverables],
        "uuid": t.uuid,
    }


@tasks_app.command("list")
def tasks_list(
    bank: str = BANK_OPTION,
    occupation: str | None = typer.Option(None, help="Only tasks matching this O*NET-SOC code (e.g. 13-2011.00), best first."),
    json_out: bool = typer.Option(False, "--json", help="Print the tasks as JSON."),
) -> None:
    """List the tasks with their O*NET family, occupation, difficulty and files."""
    b = bank_or_fail(bank)
    tasks = list(b.tasks.values())
    tier: dict[str, str] = {}
    if occupation:
        try:
            matches = match_tasks(occupation, tasks)
        except ValueError as exc:
            raise fail(f"--occupation: {exc}") from exc
        tier = {m.task_id: m.reason for m in matches}
        tasks = [b.get(m.task_id) for m in matches]
    rows = [{**_summary(t), **({"match": tier[t.id]} if tier else {})} for t in tasks]
    if json_out:
        print_json(rows)
        return
    cols = ["id", "family", "occupation", "difficulty", "minutes", "deliverables"] + (["match"] if tier else [])
    print_table(f"{len(rows)} collab tasks ({b.name})", cols,
                [[", ".join(r[c]) if isinstance(r[c], list) else r[c] for c in cols] for r in rows])  # type: ignore[arg-type]


@tasks_app.command("show")
def tasks_show(
    task_id: str = typer.Argument(..., help="A task id of the bank."),
    bank: str = BANK_OPTION,
    json_out: bool = typer.Option(False, "--json", help="Print the task as JSON (the evaluator notes included)."),
) -> None:
    """Show a task's prompt, reference files, deliverables and metadata."""
    b = bank_or_fail(bank)
    try:
        t = b.get(task_id)
    except UnknownCollabTask as exc:
        raise fail(str(exc)) from exc
    data = {**_summary(t), "prompt": t.prompt, "source": t.source, "licence": t.licence,
            "deliverables": [{"name": d.name, "kind": d.kind.value, "description": d.description} for d in t.deliverables],
            "references": [{"file": r.name, "description": r.description} for r in t.references],
            "evaluator_notes": t.evaluator_notes}
    if json_out:
        print_json(data)
        return
    console.print(f"[bold]{t.title}[/] ({t.id}, {t.difficulty.value}, ~{t.expected_minutes} min)")
    console.print(f"O*NET {t.onet.occupation_code} {t.onet.occupation_title} - family {t.onet.job_family} "
                  f"{t.onet.family_title}; source: {t.source}; licence {t.licence}")
    console.print(t.prompt)
    print_table("reference files", ["file", "description"], [[r.name, r.description] for r in t.references])
    print_table("deliverables", ["name", "kind", "description"],
                [[d.name, d.kind.value, d.description] for d in t.deliverables])


@tasks_app.command("check")
def tasks_check(
    bank: str = BANK_OPTION,
    json_out: bool = typer.Option(False, "--json", help="Print the checks as JSON."),
) -> None:
    """Check every task: metadata valid, reference files present and readable, rubric present or generatable."""
    from ..collab.check import check_task

    b = bank_or_fail(bank)
    results = [check_task(t) for t in b.tasks.values()]
    bad = [r for r in results if not r.ok]
    if json_out:
        print_json([{"task": r.task_id, "ok": r.ok, "rubric": r.rubric, "problems": r.problems} for r in results])
    else:
        print_table(f"{len(results)} tasks checked, {len(bad)} with problems", ["task", "ok", "rubric", "problems"],
                    [[r.task_id, "yes" if r.ok else "NO", r.rubric, "; ".join(r.problems)] for r in results])
        families = sorted({t.onet.job_family for t in b.tasks.values()})
        console.print(f"{len(b.tasks)} tasks across {len(families)} O*NET job families: {', '.join(families)}")
    if bad:
        raise typer.Exit(1)


def _split(value: str | None) -> list[str] | None:
    return [v.strip() for v in value.split(",") if v.strip()] if value else None


def _url() -> str:
    from .. import store
    from ..config import settings

    url = settings().database_url
    store.upgrade(url)
    return url


@app.command("run")
def run(
    agent: str = typer.Option("local-agent", "--agent", "-a", help="An agent by name (`centaur collab agents`)."),
    tasks: str | None = typer.Option(None, help="Only these task ids, comma-separated."),
    bank: str = BANK_OPTION,
    limit_tasks: int | None = typer.Option(None, help="Only the first N tasks (by id, after --tasks)."),
    step_limit: int | None = typer.Option(None, help="Override the agent's step limit."),
    json_out: bool = typer.Option(False, "--json", help="Print one record per session as JSON."),
) -> None:
    """The autonomous baseline: run the agent alone on each task; deliverables and trajectory are stored.

    Resumable: sessions already done are kept, so the same command continues after a stop.
    """
    from rich.progress import Progress

    from ..collab.agents import AgentConfigError, get_agent
    from ..collab.runner import SessionOutcome, run_baseline
    from ..models import ModelError
    from .output import err_console

    try:
        cfg = get_agent(agent, step_limit=step_limit)
    except (AgentConfigError, FileNotFoundError) as exc:
        raise fail(str(exc)) from exc
    b = bank_or_fail(bank)
    try:
        chosen = b.select(_split(tasks), limit_tasks)
    except UnknownCollabTask as exc:
        raise fail(f"--tasks: {exc}") from exc
    url = _url()
    err_console.print(f"agent {cfg.name} (model {cfg.model}, {cfg.protocol} protocol, {cfg.step_limit} steps) "
                      f"on {len(chosen)} tasks")
    outcomes: list[SessionOutcome] = []
    try:
        with Progress(console=err_console, transient=not json_out) as progress:
            bar = progress.add_task("sessions", total=len(chosen))

            def done(o: SessionOutcome) -> None:
                progress.advance(bar)
                if o.status == "failed":
                    err_console.print(f"[yellow]failed[/] {o.task_id}: {o.error}")

            outcomes = run_baseline(url, cfg, chosen, on_session=done)
    except ModelError as exc:
        raise fail(str(exc)) from exc
    rows = [{"session": o.session_id, "task": o.task_id, "status": o.status, "stop": o.stop_reason, "steps": o.steps,
             "tokens": o.tokens, "files": o.files, "seconds": round(o.seconds, 1), "error": o.error} for o in outcomes]
    if json_out:
        print_json(rows)
        return
    print_table(f"autonomous baseline: {cfg.name}", ["session", "task", "status", "stop", "steps", "tokens", "files"],
                [[r["session"], r["task"], r["status"], r["stop"], r["steps"], r["tokens"], ", ".join(r["files"])]
                 for r in rows])  # type: ignore[arg-type]
    console.print("next: centaur collab grade --all")


@app.command("agents")
def agents(json_out: bool = typer.Option(False, "--json", help="Print the agents as JSON.")) -> None:
    """The agents that can be run: built-in ones and [collab.agents.NAME] tables of centaur.toml."""
    from ..collab.agents import AgentConfigError, all_agents

    try:
        found = all_agents()
    except (AgentConfigError, FileNotFoundError) as exc:
        raise fail(str(exc)) from exc
    data = [cfg.as_dict() for cfg in found.values()]
    if json_out:
        print_json(data)
        return
    print_table("collab agents", ["name", "model", "protocol", "constrained", "step_limit", "tools", "description"],
                [[d["name"], d["model"], d["protocol"], d["constrained"], d["step_limit"], ",".join(d["tools"]),
                  d["description"]] for d in data])  # type: ignore[arg-type]
