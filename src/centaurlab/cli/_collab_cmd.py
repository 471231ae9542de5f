"""`centaur collab`: occupational tasks, the autonomous agent baseline, rubrics, judges, reports, ratings.

Thin: options are parsed and checked here, the work is done by `centaurlab.collab`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from ..errors import Conflict, InvalidInput, NotFound
from . import _collab_rate_cmd, _collab_rubric_cmd, _collab_study_cmd, _collab_tasks_cmd, _collab_validate_cmd
from ._collab_tasks_cmd import BANK_OPTION, bank_of, split_ids, task_of
from ._db import database_url
from ._errors import context
from ._output import console, print_json, print_table, styled

app = typer.Typer(
    help="Human-agent collaboration on occupational tasks (CollabSkill): tasks, agents, rubrics, judges, ratings.",
    no_args_is_help=True,
)
app.add_typer(_collab_tasks_cmd.app, name="tasks")
app.add_typer(_collab_study_cmd.app, name="study")  # collaboration studies with people (collabstudy)
app.command("analyse")(_collab_study_cmd.analyse)
app.command("rate")(_collab_rate_cmd.rate)
app.command("validate")(_collab_validate_cmd.validate)  # the grading against labelled sets
app.add_typer(_collab_rubric_cmd.app, name="rubric")  # `rubric TASK` (show, below) and `rubric audit`

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

    from ..collab import SessionOutcome, get_agent, run_baseline
    from ._output import err_console

    with context(builtin=(FileNotFoundError,), kind=NotFound):  # the agents' file centaur.toml names
        cfg = get_agent(agent, step_limit=step_limit)
    b = bank_of(bank)
    with context("--tasks: "):
        chosen = b.select(split_ids(tasks), limit_tasks)
    url = database_url()
    err_console.print(
        f"agent {cfg.name} (model {cfg.model}, {cfg.protocol} protocol, {cfg.step_limit} steps"
        f"{', held to the plan' if cfg.plan else ''}) on {len(chosen)} tasks"
    )
    with Progress(console=err_console, transient=not json_out) as progress:
        bar = progress.add_task("sessions", total=len(chosen))

        def done(o: SessionOutcome) -> None:
            progress.advance(bar)
            if o.status == "failed":
                err_console.print(styled("[yellow]failed[/] {}: {}", o.task_id, o.error))

        outcomes = run_baseline(url, cfg, chosen, on_session=done)
    if json_out:
        print_json(
            [
                {
                    "session": o.session_id,
                    "task": o.task_id,
                    "status": o.status,
                    "stop": o.stop_reason,
                    "steps": o.steps,
                    "tokens": o.tokens,
                    "files": o.files,
                    "seconds": round(o.seconds, 1),
                    "error": o.error,
                }
                for o in outcomes
            ]
        )
        return
    print_table(
        f"autonomous baseline: {cfg.name}",
        ["session", "task", "status", "stop", "steps", "tokens", "files"],
        [[o.session_id, o.task_id, o.status, o.stop_reason, o.steps, o.tokens, ", ".join(o.files)] for o in outcomes],
    )
    console.print("next: centaur collab grade --all")


@app.command("agents")
def agents(json_out: bool = typer.Option(False, "--json", help="Print the agents as JSON.")) -> None:
    """The agents that can be run: built-in ones and [collab.agents.NAME] tables of centaur.toml."""
    from ..collab import all_agents

    with context(builtin=(FileNotFoundError,), kind=NotFound):  # the agents' file centaur.toml names
        found = all_agents()
    data = [cfg.as_dict() for cfg in found.values()]
    if json_out:
        print_json(data)
        return
    print_table(
        "collab agents",
        ["name", "model", "protocol", "constrained", "plan", "step_limit", "tools", "description"],
        [
            [c.name, c.model, c.protocol, c.constrained, c.plan, c.step_limit, ",".join(c.tools), c.description]
            for c in found.values()
        ],
    )


@app.command("grade")
def grade(
    session: int | None = typer.Option(None, "--session", help="Grade this session only."),
    all_: bool = typer.Option(False, "--all", help="Grade every finished session."),
    judges: int = typer.Option(2, help="Judges per session (different judge models where registered)."),
    rubric_model: str = typer.Option("local", help="The model that writes missing rubrics."),
    retry_failed: bool = typer.Option(False, help="Ask again the judges whose answers could not be used."),
    json_out: bool = typer.Option(False, "--json", help="Print one record per session as JSON."),
) -> None:
    """Grade sessions: a rubric per task, its checks, then K judges on the items checks leave; stored, resumable.

    A session that handed in no deliverable is graded 0 ("no deliverable") without a judge.
    """
    from rich.progress import Progress

    from ..collab import GradeOptions, GradeOutcome, grade_sessions, sessions_to_grade
    from ._output import err_console

    if session is None and not all_:
        raise InvalidInput("say which sessions: --session ID or --all")
    if judges < 1:
        raise InvalidInput("--judges must be at least 1")
    url = database_url()
    with context(builtin=(LookupError,), kind=NotFound):  # no session of that id
        todo = sessions_to_grade(url, session)
    with Progress(console=err_console, transient=not json_out) as progress:
        bar = progress.add_task("grading", total=len(todo))

        def done(o: GradeOutcome) -> None:
            progress.advance(bar)
            if o.error or o.failed:
                err_console.print(styled("[yellow]session {}[/] {}: {}", o.session_id, o.task_id,
                                         o.error or "failed judges: " + ", ".join(o.failed)))

        outcomes = grade_sessions(
            url,
            todo,
            GradeOptions(judges=judges, rubric_model=rubric_model, retry_failed=retry_failed),
            on_session=done,
        )
    rows = [o.__dict__ for o in outcomes]
    if json_out:
        print_json(rows)
        return
    cols = ["session_id", "task_id", "rubric_version", "checks", "judged", "kept", "failed", "score", "error"]
    print_table(f"graded {len(rows)} sessions", cols, [
        [r["session_id"], r["task_id"], r["rubric_version"], "" if r["checks"] is None else f"{r['checks']:g}",
         ",".join(r["judged"]), ",".join(r["kept"]), ",".join(r["failed"]), _score(r["score"], r["note"]),
         r["error"] or ""]
        for r in rows
    ], essential=("session_id", "task_id", "score"))
    console.print("next: centaur collab report --html report.html")


@_collab_rubric_cmd.app.command("show")
def rubric(
    task_id: str = typer.Argument(..., help="A task id of the bank."),
    bank: str = BANK_OPTION,
    regenerate: bool = typer.Option(False, help="Write a new version with the model, even if one is stored."),
    edit: bool = typer.Option(False, help="Open the rubric in $EDITOR; the edited one is validated and stored."),
    from_file: Path | None = typer.Option(None, "--from-file", help="Store this JSON file as the new version."),
    model: str = typer.Option("local", help="The model that writes a rubric when none exists."),
    json_out: bool = typer.Option(False, "--json", help="Print the rubric as JSON."),
) -> None:
    """Show a task's rubric (generating it if none exists); regenerate it, or edit it as a new version."""
    import json

    from ..collab import JsonAskError, ensure_rubric, options_for, parse_rubric, rubric_json_text, save_rubric, validate
    from ..models import ModelError, load_registry

    task = task_of(bank, task_id)
    url = database_url()
    # the model's failures need saying what was lost; a broken rubric file (RubricError) says so itself
    with context(f"no rubric for {task_id}: ", errors=(JsonAskError, ModelError), builtin=(LookupError,),
                 kind=NotFound):  # fmt: skip
        registry = load_registry()
        provider = registry.provider(model)
        stored = ensure_rubric(url, task, provider, regenerate=regenerate, options=options_for(registry, model))
    current = stored.rubric
    if edit or from_file:
        if task.rubric_path.is_file():
            raise Conflict(f"{task.rubric_path} is a researcher's rubric and takes precedence; edit that file instead")
        import click

        text = from_file.read_text() if from_file else click.edit(rubric_json_text(current), extension=".json")
        if text is None:
            raise InvalidInput("the editor was closed without saving; nothing stored")
        where = str(from_file or "edited rubric")
        with context("not stored: ", builtin=(ValueError,)):  # not JSON, or a rubric that breaks a rule
            edited = validate(parse_rubric(json.loads(text), task.id, where, source="edited"), where)
        stored = save_rubric(url, edited, "edited", None)
        current = stored.rubric
    if json_out:
        print_json({"version": stored.version, **current.to_json()})
        return
    console.print(
        f"rubric v{stored.version} of {task.id} ({current.source}; {len(current.items)} items, "
        f"{current.total:g} points)"
    )
    for note in current.repairs:
        console.print(f"  repaired: {note}")
    print_table(
        "items",
        ["id", "category", "points", "criterion", "verification"],
        [[i.id, i.category, f"{i.points:g}", i.criterion, i.verification] for i in current.items],
    )


@app.command("report")
def report(
    html: Path | None = typer.Option(None, help="Write the HTML report here."),
    aggregate: str = typer.Option("mean", help="A session's outcome from its judges: mean, median or trimmed."),
    threshold: float = typer.Option(20.0, help="Flag sessions whose judges differ by more than this many points."),
    pooled: bool = typer.Option(
        False, "--pooled", help="Ours, not the paper's: the ratings also rate the autonomous runs, as the human "
        "'(no human)' (see `collab rate --pooled`). By default only sessions with a person are rated."),
    json_out: bool = typer.Option(False, "--json", help="Print every figure as JSON."),
) -> None:
    """Scores per task, agent and O*NET sector; judge agreement; the autonomous baseline; ratings of the
    sessions with a person (the paper's), the autonomous runs beside them."""
    from ..collab import build_report, load_results, render_html
    from ._output import err_console

    if aggregate not in ("mean", "median", "trimmed"):
        raise InvalidInput("--aggregate must be mean, median or trimmed")
    url = database_url()
    rep = build_report(load_results(url, aggregate), threshold, pooled=pooled)
    if html:
        html.write_text(render_html(rep))
        err_console.print(f"wrote {html}")
    if json_out:
        print_json(rep.to_dict())
        return
    print_table(
        "sessions",
        ["id", "agent", "human", "task", "files", "checks", "judges", "outcome"],
        [
            [
                s["id"],
                s["agent"],
                s["human"],
                s["task_id"],
                len(s["files"]),
                s["from_checks"] or "-",
                ", ".join(f"{k} {v:.1f}" for k, v in s["judges"].items()) or "-",
                _score(s["outcome"], s["note"]),
            ]
            for s in rep.sessions
        ],
    )
    ov = rep.agreement.get("overall")
    if ov:
        console.print(
            f"judge agreement over {ov['units']} sessions: ICC(2,1) {_stat(ov['icc2_1'])}; "
            f"Krippendorff's alpha {_stat(ov['krippendorff_alpha'])}; computed on {ov['computed_on']}. "
            f"{len(rep.agreement['flagged_sessions'])} sessions flagged (judges' totals more than "
            f"{rep.agreement['threshold']:g} points apart)", highlight=False
        )
    elif rep.agreement.get("note"):
        console.print(f"judge agreement: {rep.agreement['note']}")
    if rep.rating and rep.rating["not_rated"]:
        console.print(f"ratings: {rep.rating['not_rated']}", highlight=False)
    elif rep.rating:
        ranked = ", ".join(f"{a['name']} (rank {a['rank']}) {_stat(a['skill'])}" for a in rep.rating["agents"])
        console.print(f"rated: {rep.rating['rated']}. Agents sorted by the CollabSkill score mu - "
                      f"{rep.rating['k']:g} sigma: {ranked}. {rep.rating['claims'].get('agents', '')}", highlight=False)
    for n in rep.notes:
        console.print(n)


def _score(value: float | None, note: str | None) -> str:
    return f"{value or 0:.1f} ({note})" if note else "-" if value is None else f"{value:.1f}"


def _stat(x: dict[str, Any]) -> str:
    """A figure of the report's JSON as text: estimate [interval] unit, n; or 'not computed: why'."""
    from ..stats import figure_from_json

    return figure_from_json(x).text()


def _f(v: object) -> str:
    from ..stats import figure_from_json, is_figure_json

    if is_figure_json(v):
        return figure_from_json(v).text(with_n=False)  # type: ignore[arg-type]
    return f"{v:.2f}" if isinstance(v, float) else "-" if v is None else str(v)


@app.command("hand-grade")
def hand_grade(
    session: int = typer.Argument(..., help="The session graded."),
    score: float = typer.Argument(..., help="The researcher's total, 0-100."),
    grader: str = typer.Option("researcher", help="Who graded."),
) -> None:
    """Record a researcher's own grade of a session (for `centaur collab calibrate`)."""
    from ..collab import record_hand_grade

    if not 0 <= score <= 100:
        raise InvalidInput("score must lie between 0 and 100")
    if not record_hand_grade(database_url(), session, grader, score):
        raise NotFound(f"no collab session {session}")
    console.print(f"session {session}: {grader} {score:g}")


@app.command("calibrate")
def calibrate(json_out: bool = typer.Option(False, "--json", help="Print the figures as JSON.")) -> None:
    """Each judge's agreement with the researcher's hand grades: Pearson r, mean |difference| and bias (judge
    minus hand grade), each mean with its t 95% interval over the sessions and n, and ICC(2,1); a figure the
    sessions cannot give yet is not computed, with the reason under the table."""
    from dataclasses import replace

    from ..collab import calibration_figures, load_results
    from ..stats import figure_from_json

    figures = calibration_figures(load_results(database_url()))
    if not figures:
        raise NotFound("no hand grades yet: record some with `centaur collab hand-grade SESSION SCORE`")
    if json_out:
        print_json(figures)
        return
    cols = {"pearson": "Pearson r", "mean_abs_diff": "mean |difference| [95%]", "bias": "bias [95%]",
            "icc2_1": "ICC(2,1) [95%]"}
    reasons: dict[str, list[str]] = {}
    rows = []
    for f in figures:
        row = [f["judge"], str(f["n"])]
        for key, head in cols.items():
            shown = figure_from_json(f[key])
            if not shown.computed:
                reasons.setdefault(shown.reason, []).append(f"{head.split(' [')[0]} of {f['judge']}")
            # the unit is in the title: the cell keeps the estimate and its interval
            row.append(replace(shown, unit="").text(with_n=False) if shown.computed else "not computed")
        rows.append(row)
    print_table("judges against hand grades (points of 100)", ["judge", "n", *cols.values()], rows)
    for reason, where in reasons.items():
        console.print(f"not computed: {reason} ({', '.join(where)})", highlight=False)


