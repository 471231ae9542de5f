"""`centaur study`: validate and create user studies, follow them, export their data, report on them."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any
from urllib.parse import quote

import typer

from ..errors import InvalidInput, NotFound
from ._db import database_url
from ._errors import context
from ._links import server_base_url
from ._output import console, print_json, print_table, styled

app = typer.Typer(no_args_is_help=True, help="User studies: study files, participant links, progress, exports.")

PROLIFIC_QUERY = "PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}"


def _load(path: Path) -> Any:
    from ..models import ModelError
    from ..study import load_study

    with context(f"{path}: the model registry cannot be read: ", errors=(ModelError,),
                 builtin=(FileNotFoundError,)):  # fmt: skip
        return load_study(path)


def _summary(spec: Any, path: Path) -> dict[str, Any]:
    from ..study import resolve_task_sets

    bank, tutorial, sets = resolve_task_sets(spec, path.parent, path)
    return {
        "id": spec.id, "title": spec.title, "bank": bank, "tutorial": tutorial, "task_sets": sets,
        "conditions": {row["condition"]: {"kind": row["kind"], "model": row["model"], "family": row["family"]}
                       for row in spec.condition_table()},
        "cells": len(spec.conditions) * len(sets), "stratify_by": spec.assignment.stratify_by,
        "session_minutes": spec.timing.session_minutes, "skip_after_minutes": spec.timing.skip_after_minutes,
    }


@app.command("validate")
def validate(
    path: Path = typer.Argument(..., help="The study file (.toml or .yaml)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Check a study file completely (fields, models, bank, task sets, survey questions) without storing it."""
    spec = _load(path)
    info = _summary(spec, path)
    if as_json:
        print_json({"valid": True, **info})
        return
    console.print(styled("[green]✓[/] {}: study [bold]{}[/] is valid", path, spec.id))
    conds = ", ".join(f"{n} ({'no AI' if c['kind'] == 'none' else c['kind'] + ', ' + c['model']})"
                      for n, c in info["conditions"].items())
    console.print(f"  conditions: {conds}")
    sets = info["task_sets"]
    console.print(f"  tasks: bank {info['bank']}, tutorial {info['tutorial']}, {len(sets)} task "
                  f"set{'s' * (len(sets) != 1)} of {', '.join(str(len(s)) for s in sets)} tasks; "
                  f"{info['cells']} cells")
    console.print(f"  session {info['session_minutes']:g} min, skip after {info['skip_after_minutes']:g} min"
                  + (f", stratified by {info['stratify_by']}" if info["stratify_by"] else ""))


@app.command("create")
def create(
    path: Path = typer.Argument(..., help="The study file (.toml or .yaml)."),
    base_url: str | None = typer.Option(None, "--base-url", help="Public address of the server in the links "
                                        "(default: http://HOST:PORT from the settings)."),
    replace: bool = typer.Option(False, "--replace", help="Apply changed settings to a study that has participants."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Store a study (validated first) and print its participant links. Creating it again is harmless."""
    from ..study import create_study

    spec = _load(path)
    url = database_url()
    create_study(url, spec, path.parent, source=str(path), replace=replace)
    link = f"{server_base_url(base_url)}/s/{quote(spec.id)}"
    links = {"study": spec.id, "link": link, "prolific_link": f"{link}?{PROLIFIC_QUERY}",
             "completion_url": spec.recruitment.completion_url}
    if as_json:
        print_json(links)
        return
    console.print(styled("[green]✓[/] study [bold]{}[/] created ({} conditions)", spec.id, len(spec.conditions)))
    console.print(f"  participant link: {link}", soft_wrap=True)
    console.print(f"  Prolific link:    {links['prolific_link']}", soft_wrap=True)
    if spec.recruitment.completion_url:
        console.print(f"  completion:       {spec.recruitment.completion_url}")
    console.print("  start the server with `centaur serve`; a browser that agrees to the consent becomes a participant")


@app.command("pilot-link")
def pilot_link(
    study_id: str = typer.Argument(..., help="The study's id."),
    condition: str | None = typer.Option(None, "--condition", help="The condition the pilot is put in (a name "
                                         "from the study file); default: any, balanced among the pilots."),
    base_url: str | None = typer.Option(None, "--base-url", help="Public address of the server in the link "
                                        "(default: http://HOST:PORT from the settings)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Print a pilot link: whoever opens it takes part in the condition it names, marked as a pilot (the
    `pilot` column of the participants export), balanced apart from the study's participants and left out of
    `study report` unless --keep-all. The link is signed: editing its condition makes a plain participant."""
    from ..study import PilotLinks, StudyCache

    url = database_url()
    study = StudyCache(url).get(study_id)  # UnknownStudy: a NotFound, said with its fix
    query = PilotLinks(url).query(study.id, list(study.spec.conditions), condition)
    link = f"{server_base_url(base_url)}/s/{quote(study.id)}?{query}"
    if as_json:
        print_json({"study": study.id, "condition": condition, "pilot_link": link})
        return
    console.print(f"pilot link ({'condition ' + condition if condition else 'any condition'}): {link}", soft_wrap=True)


@app.command("status")
def status(
    study_id: str | None = typer.Argument(None, help="One study (default: all)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Participants of each study by stage, and per condition."""
    from ..study import list_studies

    url = database_url()
    studies = [s for s in list_studies(url) if study_id in (None, s["id"])]
    if study_id and not studies:
        raise NotFound(f"no study '{study_id}'; create it with `centaur study create FILE`")
    if as_json:
        print_json(studies)
        return
    if not studies:
        console.print("no studies yet: `centaur study create FILE`")
        return
    print_table("studies", ["study", "title", "participants", "finished", "conditions", "created"],
                [[s["id"], s["title"], s["participants"], s["finished"], ", ".join(s["conditions"]),
                  f"{s['created_at']:%Y-%m-%d %H:%M}"] for s in studies])
    for s in studies:
        stages = ["consent", "pre", "instructions", "coding", "exit", "done"]
        rows = [[cond, *[counts.get(st, 0) for st in stages]] for cond, counts in sorted(s["by_condition"].items())]
        if rows:
            print_table(f"{s['id']}: participants by condition and stage", ["condition", *stages], rows)


@app.command("export")
def export(
    study_id: str = typer.Argument(..., help="The study's id."),
    out: Path = typer.Option(..., "--out", help="Folder to write the tables to."),
    fmt: str = typer.Option("csv", "--format", help="csv, parquet, or hf (a folder Hugging Face `datasets` loads: "
                            "Parquet per table and a dataset card)."),
    keep_recruitment_ids: bool = typer.Option(False, "--keep-recruitment-ids",
                                              help="Keep Prolific ids as they are (default: salted hashes)."),
    license: str = typer.Option("other", "--license", help="With --format hf: the card's licence, a Hugging Face "
                                "identifier such as cc-by-4.0 (default other: set it before publishing)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Write the raw events and the suggestions, chat, tasks and participants tables, with names, e-mail
    addresses and phone numbers scrubbed from free text."""
    from ..study import StudyCache, export_study

    if fmt not in ("csv", "parquet", "hf"):
        raise InvalidInput(f"--format {fmt}: use csv, parquet or hf")
    url = database_url()
    StudyCache(url).get(study_id)
    paths = export_study(url, study_id, out, fmt, keep_recruitment_ids, license)  # type: ignore[arg-type]
    import pandas as pd

    counts = {name: len(pd.read_csv(p) if fmt == "csv" else pd.read_parquet(p)) for name, p in paths.items()}
    if as_json:
        print_json({name: {"path": str(p), "rows": counts[name]} for name, p in paths.items()})
        return
    print_table(f"export of {study_id}", ["table", "rows", "file"],
                [[name, counts[name], str(p)] for name, p in paths.items()])
    if fmt == "hf":
        console.print(f"dataset card: {out / 'README.md'}; load with datasets.load_dataset({str(out)!r}, TABLE)",
                      markup=False, highlight=False)


def _cell(column: str, value: Any) -> str:
    """A report cell for a person: p-values as p-values, other numbers to 3 decimals (a difference of
    4.9e-17 is 0), missing values as a dash."""
    from ..stats import format_number, format_p

    if isinstance(value, float) and column.startswith("p_"):
        return format_p(value)
    if isinstance(value, float) and math.isfinite(value):
        value = round(value, 3)
    return format_number(value)


@app.command("report")
def report(
    study_id: str = typer.Argument(..., help="The study's id."),
    html: Path | None = typer.Option(None, "--html", help="Write the HTML report to this file."),
    as_json: bool = typer.Option(False, "--json", help="Print the report as JSON (every figure with estimate, "
                                 "ci_low, ci_high, n, unit, interval, not_computed)."),
    keep_all: bool = typer.Option(False, "--keep-all", help="Analyse everyone: do not apply RealHumanEval's "
                                  "exclusion rule (no task completed, or no code written for 15 minutes)."),
) -> None:
    """Metrics and analyses of a study: per condition, each figure with its 95% interval, n and unit; the effects
    against no AI (OLS with HC3 errors, Benjamini-Hochberg), a direction stated only where the adjusted test
    supports it. Participants the paper's exclusion rule excludes are listed (who, why, how many per condition)
    and left out unless --keep-all; a figure that cannot be computed says why."""
    from ..study import report_study

    url = database_url()
    with context(builtin=(LookupError,), kind=NotFound):  # no study, or nothing of it to report yet
        result = report_study(url, study_id, html, exclude=not keep_all)
    if as_json:
        print_json(result)
        return
    _print_report(result)
    if html:
        console.print(styled("[green]✓[/] report written to {}", html))


def _print_report(result: dict[str, Any]) -> None:
    """The report's tables, each figure's 'not computed: <reason>' in a column kept at any width."""
    from ..study import report_tables

    if result.get("scripted"):
        console.print(styled("[bold]The participants of this study are scripts, not people.[/]"))
    rows = result["tables"]["settings"]
    if rows:
        print_table("settings", list(rows[0]), [[_cell(k, v) for k, v in r.items()] for r in rows],
                    essential=("autocomplete_temperature", "chat_temperature"))
    for table in report_tables(result):
        print_table(table.title, table.columns, table.rows, essential=table.essential)
        for note in table.notes:
            console.print(note, highlight=False)
    rows = result["tables"]["tasks"]
    if rows:
        print_table("tasks: mean time to success [95% CI] over those who completed it", list(rows[0]),
                    [[str(v) for v in r.values()] for r in rows], essential=("Task",))


@app.command("plan")
def plan(
    path: Path = typer.Argument(..., help="The study file (.toml or .yaml)."),
    effect: float = typer.Option(..., "--effect", help="The effect to detect, as Cohen's d: an AI condition's "
                                 "mean minus the no-AI mean, in standard deviations of the outcome."),
    outcome: str = typer.Option("tasks_completed", "--outcome", help="The participant-level outcome: "
                                "tasks_completed, tasks_skipped, mean_time_to_success_s or tlx_mean."),
    control: str | None = typer.Option(None, "--control", help="The condition compared against (default: the "
                                       "study's condition without AI)."),
    participants: str | None = typer.Option(None, "--participants", help="Participants per condition to "
                                            "simulate, comma-separated (default: a grid around the closed-form "
                                            "guess)."),
    simulations: int = typer.Option(400, "--simulations", min=10, help="Simulated studies per size (more: a "
                                    "narrower Monte-Carlo interval, a slower plan)."),
    alpha: float = typer.Option(0.05, "--alpha", help="Significance level of the Benjamini-Hochberg-adjusted test."),
    target: float = typer.Option(0.8, "--power", help="The power to find the number of participants for."),
    seed: int = typer.Option(0, "--seed", help="Seeds the simulations."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Plan a study: the power to detect a stated effect at each number of participants, by simulating
    studies and analysing each as `study report` does (OLS with task-set fixed effects and HC3 errors,
    Benjamini-Hochberg over the AI conditions), and the number needed for 80% power. See docs/planning.md."""
    from ..study import EFFECT_SCALE, plan_study
    from ._plan_output import print_needed, print_power, simulation_progress, sizes_option

    spec = _load(path)
    with simulation_progress("simulating studies") as progress:
        result = plan_study(spec, path, effect=effect, control=control, outcome=outcome,
                            sizes=sizes_option(participants), simulations=simulations, seed=seed, alpha=alpha,
                            target=target, progress=progress)
    if as_json:
        print_json(result.as_json())
        return
    k = len(result.conditions) + 1
    console.print(styled("[bold]Power plan for study {}[/]: outcome {}, effect d = {} for each of {}", result.study,
                         result.outcome, f"{result.effect:g}", ", ".join(result.conditions)))
    console.print(f"  effect scale: {EFFECT_SCALE}")
    console.print(f"  each against {result.control}, as `study report` tests it: OLS with "
                  f"{result.task_sets} task set{'s' * (result.task_sets != 1)} as fixed effects, HC3 errors, "
                  f"Benjamini-Hochberg over {len(result.conditions)} comparison{'s' * (len(result.conditions) != 1)}, "
                  f"alpha {result.alpha:g}")
    rows = [{"size": r["per_condition"], "total": r["total"], "power": r["power"], "power_all": r["power_all"]}
            for r in result.rows()]
    print_power("power by participants", "per condition", rows, extra=[("total", "total")],
                every="every AI condition detected" if len(result.conditions) > 1 else None)
    print_needed(result.curve.needed, "participants per condition", result.curve.target, result.curve.seed,
                 total=lambda n: n * k)
    if result.closed_form is not None:
        console.print(f"  for reference, a two-sample t-test without correction needs {math.ceil(result.closed_form)} "
                      "per group (closed form)")
