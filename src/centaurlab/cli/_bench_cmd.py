"""`centaur bench`: sample models on tasks under prompt framings, grade every answer, report as COMPASS does."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from pydantic import ValidationError

from ..config import settings
from ..errors import InvalidInput, NotFound
from ..executors import Executor
from ._choices import COMPASS_FRAMINGS, DEFAULT_MAX_TOKENS, MIN_PAIRED
from ._db import database_url
from ._errors import context
from ._executor_opts import address_option, executor_option, opened
from ._output import MEASURE_HELP, console, err_console, print_json, print_table, styled

if TYPE_CHECKING:
    from ..bench import BenchReport, BenchSpec, RunSummary, SampleKey, SampleOutcome

app = typer.Typer(help="Benchmark models on a task bank: correctness, efficiency and quality (COMPASS).",
                  no_args_is_help=True)


def _split(value: str | None) -> tuple[str, ...] | None:
    return tuple(v.strip() for v in value.split(",") if v.strip()) if value else None


def _spec(preset: str, **fields: object) -> BenchSpec:
    from ..bench import BenchSpec

    try:
        return BenchSpec.from_preset(preset, **fields)
    except ValidationError as exc:
        problems = "; ".join(f"--{'-'.join(map(str, e['loc'])).replace('_', '-')}: "
                             f"{e['msg'].removeprefix('Value error, ')}" for e in exc.errors())
        raise InvalidInput(f"invalid bench options: {problems}") from exc
    except ValueError as exc:  # an unknown preset
        raise InvalidInput(f"--preset: {exc}") from exc


@app.command("run")
def run(
    model: list[str] = typer.Option(["local"], "--model", "-m", help="A model of the registry; repeat for several."),
    bank: str = typer.Option("algo", help="Task bank (built-in name or folder)."),
    tasks: str | None = typer.Option(None, help="Only these task ids, comma-separated."),
    limit_tasks: int | None = typer.Option(None, help="Only the first N tasks of the bank (by id)."),
    preset: str = typer.Option("compass", help="Sampling protocol: compass (the paper's: 4 framings x 16 samples "
                               "per task and framing = 64 per model and problem) or quick (4 framings x 5). "
                               "Options below override it."),
    framings: str | None = typer.Option(None, help="Prompt framings, comma-separated; default: the preset's "
                                        f"({','.join(COMPASS_FRAMINGS)})."),
    framing_preset: str | None = typer.Option(
        None, help="Wording of the built-in framings: compass (the paper's text, verbatim; default) or centaur "
                   "(our paraphrase). `centaur bench framings` prints both."),
    framing_file: list[Path] = typer.Option([], help="A .toml of [framings.NAME] or a text file; repeatable."),
    samples: int | None = typer.Option(None, "--samples", "-n",
                                       help="Samples per task and framing, for each model; default: the preset's."),
    temperature: float | None = typer.Option(None, help="Sampling temperature; default: each model's own."),
    max_tokens: int | None = typer.Option(
        None, help=f"Longest answer, in tokens, for every model; default: each model's `max_tokens` setting "
                   f"(centaur.toml; the embedded model's built-in cap), else {DEFAULT_MAX_TOKENS}."),
    seed: int = typer.Option(0, help="Seeds every sample (servers that honour `seed` repeat answers)."),
    measure: str = typer.Option("time", help=MEASURE_HELP),
    workers: int = typer.Option(0, help="Gradings at once (local executor); 0 = the `workers` setting."),
    executor: str = executor_option(),
    ray_address: str | None = address_option(),
    json_out: bool = typer.Option(False, "--json", help="Print the run summary as JSON."),
) -> None:
    """Run a bench, or resume it: the same options continue the same run and never re-ask a stored sample."""
    from ..bench import DEFAULT_FRAMING_PRESET, get_framing, load_framing_file, resolve_max_tokens
    from ..models import load_registry

    for path in framing_file:
        load_framing_file(path)
    chosen = _split(framings)
    for name in chosen or ():
        get_framing(name, framing_preset or DEFAULT_FRAMING_PRESET)
    spec = _spec(preset, models=tuple(model), bank=bank, tasks=_split(tasks), limit_tasks=limit_tasks,
                 framings=chosen, framing_preset=framing_preset, samples=samples, temperature=temperature,
                 max_tokens=max_tokens, seed=seed, measure=measure)
    with context(builtin=(LookupError,), kind=NotFound):  # a task the bank does not have
        total = len(spec.selected_tasks()) * len(spec.models) * len(spec.framings) * spec.samples
    lengths = resolve_max_tokens(spec, load_registry())
    url = database_url()
    err_console.print(f"bench {spec.run_id()}: {total} samples ({_count(len(spec.models), 'model')}, "
                      f"{_count(len(spec.framings), 'framing')} in the {spec.framing_preset} wording, "
                      f"{_count(spec.samples, 'sample')} per task and framing)")
    err_console.print("max tokens: " + "; ".join(f"{m} {n} ({src})" for m, (n, src) in lengths.items()))
    with opened(executor, ray_address, workers or settings().workers or None, url) as runner:
        summary = _run_with_progress(spec, url, runner, total)
    if json_out:
        print_json(summary.to_dict())
        return
    console.print(f"run {summary.run_id}: {summary.graded} graded, {summary.kept} kept from before, "
                  f"{summary.generated} answers asked for, {summary.model_errors} model errors, "
                  f"{summary.seconds:.1f} s")
    console.print(f"report: centaur bench report {summary.run_id} --html report.html")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _run_with_progress(spec: BenchSpec, url: str, runner: Executor, total: int) -> RunSummary:
    """The bench with a bar on stderr: samples done of the total, generated, graded, errors, ETA."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from ..bench import run_bench

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[counts]}"),
               TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn())  # fmt: skip
    counts = {"generated": 0, "graded": 0, "errors": 0}
    lock = threading.Lock()

    def text() -> str:
        return f"{counts['generated']} generated, {counts['graded']} graded, {counts['errors']} errors"

    with Progress(*columns, console=err_console, transient=err_console.is_terminal) as progress:
        bar = progress.add_task("bench", total=total, counts=text())

        def generated(_key: SampleKey) -> None:
            with lock:
                counts["generated"] += 1
                progress.update(bar, counts=text())

        def advance(outcome: SampleOutcome) -> None:
            with lock:
                counts["graded"] += outcome.status in ("graded", "kept")
                counts["errors"] += outcome.status in ("model_error", "grade_error")
                progress.update(bar, advance=1, counts=text())
            if outcome.status in ("model_error", "grade_error"):
                err_console.print(styled("[yellow]{}[/] {} {} {} #{}: {}", outcome.status, outcome.key.model,
                                         outcome.key.task_id, outcome.key.framing, outcome.key.sample,
                                         outcome.error))

        return run_bench(spec, url, executor=runner, on_sample=advance, on_generated=generated)


@app.command("report", help=(
    "The run's protocol (models, samples per task and framing, framings and their wording, temperature, max "
    "tokens, bank, tasks), then per model, framing, model and framing: each dimension's mean with its 95% "
    "interval and n (draws, in points of 100), rank ranges where models or framings are compared and a 'highest' "
    "only where intervals are separated; consistency, correlations (from 10 draws), PCA (from 10), issues. "
    "Samples at temperature 0 are repeats, not draws: each prompt counts as one draw and consistency is not computed. "
    f"Warns when correlations rest on fewer than {MIN_PAIRED} paired observations; quality is an open "
    "approximation of CodeScene's Code Health (docs/quality.md). Last, each model's percentile among people "
    "(COMPASS), with its interval, n and whose people, or why it is not computed. See docs/bench.md."))
def report(
    run_id: str = typer.Argument("latest", help="A run id (or a unique prefix), or `latest`."),
    html: Path | None = typer.Option(None, help="Write the HTML report (violin plots and tables) here."),
    csv: Path | None = typer.Option(None, help="Write one CSV per table into this folder."),
    json_out: bool = typer.Option(False, "--json", help="Print every figure as JSON."),
    baselines: str | None = typer.Option(None, help="Whose human baselines to place the models among: a study "
                                         "(`centaur study baselines STUDY` stored them) or `task` (those the task "
                                         "files cite); default: each task's newest study baseline, else its task "
                                         "file's."),
) -> None:
    from ..bench import load_report, render_html, sections, write_csv

    url = database_url()
    with context(builtin=(LookupError,), kind=NotFound):  # no run of that id
        result = load_report(url, run_id, baselines)
    if html:
        html.write_text(render_html(result))
        err_console.print(f"wrote {html}")
    if csv:
        written = write_csv(result, csv)
        err_console.print(f"wrote {len(written)} CSV files to {csv}")
    if json_out:
        print_json(result.to_dict())
        return
    _print_protocol(result)
    _print_reading_notes(result)
    for section in sections(result):
        if isinstance(section, str):
            console.print(section, markup=False, highlight=False)
            continue
        print_table(section.title, section.columns, section.rows, essential=section.essential)
        for note in section.notes:
            console.print(f"  {note}", markup=False, highlight=False)


def _print_protocol(result: BenchReport) -> None:
    """The protocol the run's samples were drawn under, before any figure."""
    if result.protocol is None:
        return
    console.print(f"Bench {result.run_id}, protocol:", markup=False, highlight=False)
    for label, text in result.protocol.lines():
        console.print(f"  {label + ':':<13}{text}", markup=False, highlight=False)


def _print_reading_notes(result: BenchReport) -> None:
    """Warnings about thin evidence behind correlations and PCA, and what the quality score is."""
    from ..bench import QUALITY_NOTE, evidence

    pca_n = result.pca.n if result.pca is not None and result.pca_reason is None else None
    for warning in evidence(result.drawn, pca_n).warnings:
        console.print(f"warning: {warning}", style="yellow", markup=False, highlight=False)
    console.print(f"note: {QUALITY_NOTE}", markup=False, highlight=False)


@app.command("list")
def list_runs(json_out: bool = typer.Option(False, "--json", help="Print the runs as JSON.")) -> None:
    """Every bench run in the database, newest first."""
    from ..bench import stored_runs

    url = database_url()
    runs = [{"run": r.id, "status": r.status, "models": r.config.get("models"), "bank": r.config.get("bank"),
             "framings": r.config.get("framings"), "samples": r.config.get("samples"),
             "created": r.created_at.isoformat()} for r in stored_runs(url)]
    if json_out:
        print_json(runs)
        return
    print_table("Bench runs", ["run", "status", "models", "bank", "framings", "samples", "created"],
                [[r["run"], r["status"], ",".join(r["models"] or []), r["bank"], ",".join(r["framings"] or []),
                  r["samples"], str(r["created"])[:19]] for r in runs])


@app.command("framings")
def framings_cmd(
    framing_preset: str | None = typer.Option(None, help="Only this wording (compass or centaur)."),
    json_out: bool = typer.Option(False, "--json", help="Print the framings as JSON."),
) -> None:
    """The built-in prompt framings (COMPASS's four) in each wording: compass (the paper's, verbatim) and centaur."""
    from ..bench import framing_names, framing_presets, get_framing

    presets = [framing_preset] if framing_preset else framing_presets()
    data = [{"preset": p, "name": n, "instruction": get_framing(n, p).instruction, "source": get_framing(n, p).source}
            for p in presets for n in framing_names(p)]
    if json_out:
        print_json(data)
        return
    print_table("Prompt framings", ["preset", "name", "instruction", "source"],
                [[d["preset"], d["name"], d["instruction"], d["source"]] for d in data])


@app.command("export")
def export(
    run_id: str = typer.Argument("latest", help="A run id (or a unique prefix), or `latest`."),
    inspect_dir: Path | None = typer.Option(
        None, "--inspect", help="Write the run as Inspect AI eval logs into this folder, one per model (needs the "
                                "`inspect` extra); open them with `inspect view --log-dir DIR`."),
    dataset_dir: Path | None = typer.Option(
        None, "--dataset", help="Write the run as a folder Hugging Face `datasets` loads: Parquet tables (samples, "
                                "run) and a dataset card; `datasets.load_dataset(DIR, 'samples')`."),
    license: str = typer.Option("other", "--license", help="With --dataset: the card's licence, a Hugging Face "
                                "identifier such as cc-by-4.0 (default other: set it before publishing)."),
    json_out: bool = typer.Option(False, "--json", help="Print what was written as JSON."),
) -> None:
    """Write a stored bench run in another tool's format; give one or more targets. See docs/bench.md."""
    from ..bench import export_dataset, export_inspect

    if inspect_dir is None and dataset_dir is None:
        raise InvalidInput("bench export: say where to write the run: `--inspect DIR` (Inspect AI eval logs) "
                           "and/or `--dataset DIR` (a Hugging Face datasets folder)")
    url = database_url()
    written: dict[str, object] = {}
    if inspect_dir is not None:
        with context(builtin=(LookupError,), kind=NotFound):  # no run of that id
            exported = export_inspect(url, run_id, inspect_dir)
        written["inspect"] = exported.to_dict()
        if not json_out:
            for log in exported.logs:
                console.print(f"wrote {log.path} ({log.model}, {log.samples} samples)", markup=False,
                              highlight=False)
            if exported.not_graded:
                console.print(f"left out {exported.not_graded} samples that were not graded (model errors or "
                              "unfinished)", markup=False, highlight=False)
            console.print(f"open with: inspect view --log-dir {exported.directory}", markup=False, highlight=False)
    if dataset_dir is not None:
        with context(builtin=(LookupError,), kind=NotFound):  # no run of that id
            files = export_dataset(url, run_id, dataset_dir, license)
        written["dataset"] = {"directory": str(dataset_dir), "files": {k: str(p) for k, p in files.items()}}
        if not json_out:
            console.print(f"wrote {dataset_dir} ({', '.join(files)}); load with "
                          f"datasets.load_dataset({str(dataset_dir)!r}, 'samples')", markup=False, highlight=False)
    if json_out:
        print_json(written)


@app.command("plan")
def plan(
    effect: float = typer.Option(..., "--effect", help="The difference in mean correctness to detect, in points "
                                 "(0-100): the first model's (or framing's) mean minus the second's."),
    bank: str = typer.Option("algo", "--bank", help="The bank whose number of tasks the run would use."),
    tasks: int | None = typer.Option(None, "--tasks", min=2, help="Number of tasks (default: the bank's)."),
    compare: str = typer.Option("model", "--compare", help="What differs: model or framing."),
    names: str = typer.Option("a,b", "--names", help="The two compared, comma-separated (labels only)."),
    sample_sd: float = typer.Option(30.0, "--sample-sd", help="SD of one sample's correctness within a task "
                                    "(an assumption: take it from a pilot's consistency table)."),
    interaction_sd: float = typer.Option(10.0, "--task-sd", help="SD across tasks of the difference itself (how "
                                         "much more one model gains on some tasks than on others)."),
    samples: str | None = typer.Option(None, "--samples", help="Samples per task to simulate, comma-separated "
                                       "(default: 1,2,4,...,64)."),
    simulations: int = typer.Option(200, "--simulations", min=10, help="Simulated runs per size."),
    target: float = typer.Option(0.8, "--power", help="The power to find the samples per task for."),
    seed: int = typer.Option(0, "--seed", help="Seeds the simulations."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Plan a bench run: the power to detect a difference in mean correctness between two models (or framings) at
    each number of samples per task, by simulating runs and comparing per-task means from the report's tables,
    paired over tasks. Tasks are the unit: past a few samples only more tasks help. See docs/planning.md."""
    from ..bench import bench_power
    from ..tasks import load_bank
    from ._plan_output import print_needed, print_power, simulation_progress, sizes_option

    pair = [n.strip() for n in names.split(",") if n.strip()]
    if tasks is None:
        with context(builtin=(LookupError, FileNotFoundError), kind=NotFound):
            tasks = len(load_bank(bank).tasks)
    with simulation_progress("simulating runs") as progress:
        result = bench_power(effect=effect, tasks=tasks, names=pair, compared=compare, sample_sd=sample_sd,
                             interaction_sd=interaction_sd, sizes=sizes_option(samples), simulations=simulations,
                             seed=seed, target=target, progress=progress)
    if as_json:
        print_json(result.as_json())
        return
    a, b = result.names
    console.print(styled("[bold]Power plan for a bench run[/]: {} against {} ({}s), {} tasks, effect {} correctness "
                         "points", a, b, result.compared, result.tasks, f"{result.effect:g}"))
    console.print(f"  assumed: a sample's SD within a task {result.sample_sd:g}, the difference's SD across tasks "
                  f"{result.interaction_sd:g}; detected: the paired t interval over tasks excludes 0")
    rows = [{"size": p.size, "samples": p.size * result.tasks, "power": p.each, "power_all": p.every}
            for p in result.curve.points]
    print_power("power by samples per task", "samples per task", rows, extra=[(f"per {result.compared}", "samples")])
    print_needed(result.curve.needed, "samples per task", result.curve.target, result.curve.seed)
