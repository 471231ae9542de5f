"""`centaur collab study ...` and `centaur collab analyse`: collaboration studies with people.

Thin: the work is done by `centaurlab.collabstudy`.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from ..errors import InvalidInput, NotFound
from ._db import database_url
from ._errors import context
from ._links import server_base_url
from ._output import console, print_json, print_table, styled

if TYPE_CHECKING:
    from ..collabstudy import CollabStudies

app = typer.Typer(help="Collaboration studies: people working occupational tasks with agents in the browser.",
                  no_args_is_help=True)


def _load(path: Path) -> Any:
    from ..collabstudy import load_collab_study

    return load_collab_study(path)


def _summary(study: Any) -> dict[str, Any]:
    return {
        "id": study.id, "title": study.title, "bank": study.tasks.bank,
        "tasks": study.tasks.include or "all", "sessions_per_participant": study.tasks.sessions_per_participant,
        "match_by_occupation": study.tasks.match_by_occupation, "agents": study.agents.embedded,
        "external_agents": study.agents.external, "external_sessions": study.agents.external_sessions,
        "minutes_per_task": study.timing.minutes_per_task, "max_participants": study.recruitment.max_participants,
        "pre_survey": [q.id for q in study.surveys.pre], "post_survey": [q.id for q in study.surveys.post],
    }


@app.command("validate")
def validate(
    path: Path = typer.Argument(..., help="The collaboration study file (TOML)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Check a collaboration study file: agents, bank, tasks and survey items it names."""
    study = _load(path)
    info = _summary(study)
    if as_json:
        print_json({"valid": True, **info})
        return
    console.print(styled("[green]✓[/] {}: collaboration study [bold]{}[/] is valid", path, study.id))
    for key in ("bank", "agents", "sessions_per_participant", "external_sessions"):
        console.print(f"  {key}: {info[key]}")


def _platform() -> CollabStudies:
    """The service over the configured store and the server's workspaces folder."""
    from ..collabstudy import CollabStudies
    from ..config import settings

    return CollabStudies(database_url(), settings().data_dir / "collab-workspaces")


@app.command("create")
def create(
    path: Path = typer.Argument(..., help="The collaboration study file (TOML)."),
    base_url: str | None = typer.Option(None, "--base-url", help="Public address of the server in the link "
                                        "(default: http://HOST:PORT from the settings, as `centaur serve` listens)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Store the study (again: update it) and print the participants' link."""
    study = _load(path)
    _platform().create(study)
    link = f"{server_base_url(base_url)}/collab/s/{study.id}"
    if as_json:
        print_json({"study": study.id, "link": link})
        return
    console.print(styled("[green]✓[/] collaboration study [bold]{}[/] stored", study.id))
    console.print(f"  participants' link: {link}")
    if study.recruitment.url_parameters:
        console.print(f"  recruitment parameters kept from the link: {', '.join(study.recruitment.url_parameters)}")
    console.print("  serve it with: centaur serve")


@app.command("link")
def link(
    study_id: str = typer.Argument(..., help="A stored collaboration study."),
    base_url: str | None = typer.Option(None, "--base-url", help="Public address of the server in the link "
                                        "(default: http://HOST:PORT from the settings)."),
) -> None:
    """Print the participants' link of a stored study, with a random test id."""
    console.print(f"{server_base_url(base_url)}/collab/s/{study_id}?source=test-{secrets.token_hex(3)}")


# p-values read '<0.001' below a thousandth: rounded like an estimate, a p of 1e-10 would print as '0'
P_COLUMNS = frozenset({"p", "mw_p", "p_adjusted"})


def _print_table(title: str, rows: list[dict[str, Any]], why: str | None = None) -> None:
    """A section of the analysis; an empty one says why instead of vanishing, a filled one with a reason
    (columns it could not fill) prints the reason under it."""
    if rows:
        from ..stats import format_p

        cols = list(rows[0])
        print_table(title, cols, [[format_p(r.get(c)) if c in P_COLUMNS else _fmt(r.get(c)) for c in cols]
                                  for r in rows])
    if why:
        console.print(f"{title}: " + ("" if rows else "none: ") + why, highlight=False)
    elif not rows:
        console.print(f"{title}: none", highlight=False)


def _fmt(value: Any) -> Any:
    """A figure (`Figure.as_json`) as its text ('0.41 [0.12, 0.64] Pearson r (-1 to 1), n 40' or 'not
    computed: why'); other floats to three significant digits."""
    from ..stats import figure_from_json, is_figure_json, round_to_interval

    if is_figure_json(value):
        return figure_from_json(value).text()
    return round_to_interval(value)[0] if isinstance(value, float) else ("" if value is None else value)


@app.command("code")
def code(
    study_id: str = typer.Argument(..., help="A stored collaboration study."),
    model: str = typer.Option("local", "--model", "-m", help="The model that codes the logs (registry name)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Code each submitted session's interaction log for the 11 AI-fluency indicators, and the hand-coded
    validation transcripts with the same model (both stored, resumable); print its agreement with them."""
    from rich.progress import Progress

    from ..collabstudy import IDS, check_coder, code_study, code_validation_set, load_set, stored_checks
    from ._output import err_console

    url = database_url()
    vset = load_set()
    with Progress(console=err_console, transient=as_json) as progress:
        bar = progress.add_task("coding logs", total=None)
        done = code_study(url, study_id, model, on_session=lambda *_: progress.advance(bar))
        bar = progress.add_task("coding the validation transcripts", total=len(vset.transcripts))
        checked = code_validation_set(url, model, vset=vset, on_transcript=lambda _: progress.advance(bar))
    from .. import store

    with store.session_scope(url) as s:
        agreement = check_coder(model, stored_checks(s, model, vset.digest), vset, IDS)
    if as_json:
        print_json({**done, "validation": {**checked, "check": agreement.as_dict()}})
        return
    console.print(f"coded {done['coded']} sessions ({done['kept']} kept, {len(done['failed'])} failed)")
    for failure in done["failed"]:
        console.print(styled("  [yellow]failed[/] session {}: {}", failure["session"], failure["error"]))
    console.print(f"validation: {agreement.transcripts} of {len(vset.transcripts)} hand-coded transcripts answered "
                  f"({checked['coded']} now, {checked['kept']} kept, {len(checked['failed'])} failed)")
    _print_kappa([agreement])


def _print_kappa(coders: list[Any]) -> None:
    """Cohen's kappa of each coder against the hand codes, one row per indicator."""
    names = sorted({i for c in coders for i in c.kappa}, key=lambda i: (i == "edited_deliverable", i))
    rows = [[i] + [_fmt(c.kappa.get(i)) if i in c.kappa else "" for c in coders] for i in names]
    print_table("Cohen's kappa against the hand-coded transcripts", ["indicator", *[c.coder for c in coders]], rows)
    for c in coders:
        if c.constant:
            console.print(styled("[yellow]flagged[/] {}: the same answers on all {} transcripts", c.coder,
                                 c.transcripts))
        elif c.constant_on:
            console.print(styled("[yellow]flagged[/] {}: the same answer on all {} transcripts for {} of {} indicators "
                                 "({})", c.coder, c.transcripts, len(c.constant_on), len(c.kappa),
                                 ", ".join(c.constant_on)))


def analyse(
    study_id: str = typer.Argument("", help="A stored collaboration study (or --synthetic)."),
    synthetic: bool = typer.Option(False, "--synthetic", help="Analyse the seeded synthetic study of the paper's "
                                   "size (93 workers, 386 sessions, 5 agents) instead."),
    rounds: int = typer.Option(10_000, "--rounds", help="Bootstrap rounds (the paper's 10,000).", min=10),
    seed: int = typer.Option(0, "--seed", help="Seeds the bootstrap (and the synthetic study)."),
    task_term: str = typer.Option("none", "--task-term", help="Also fit the model with a task term (difficulty "
                                  "or task) and report it beside the paper's."),
    coder: str | None = typer.Option(None, "--coder", help="The model whose fluency codes are analysed (default: "
                                     "the one that coded most sessions)."),
    min_kappa: float = typer.Option(0.4, "--min-kappa", help="Leave out an indicator whose coder agrees less with "
                                    "the hand codes (Cohen's kappa)."),
    html: Path | None = typer.Option(None, "--html", help="Also write the analysis as an HTML page here."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """The study's analyses: ratings by the paper's model ranked by mu - 3 sigma, agent ranking vs autonomous
    scores, win rate per skill quartile, survey changes and correlations, the fluency coders' kappa against
    hand-coded transcripts and the validated AI-fluency behaviours against scores."""
    from ..collabstudy import analyse as run
    from ..collabstudy import load_study_data, render_html, synthetic_study
    from ..rating import RatingError

    if not synthetic and not study_id:
        raise InvalidInput("name a stored study (centaur collab study create FILE) or pass --synthetic")
    if task_term not in ("difficulty", "task", "none"):
        raise InvalidInput("--task-term must be difficulty, task or none")
    # the errors say what to do themselves (no such study, no participants yet, no graded session)
    with context(errors=(NotFound, RatingError), builtin=(LookupError,), kind=NotFound):
        data = synthetic_study(seed=seed) if synthetic else load_study_data(database_url(), study_id, coder=coder,
                                                                            min_kappa=min_kappa)
        result = run(data, rounds=rounds, seed=seed, task_term=task_term)  # type: ignore[arg-type]
    title = "Synthetic collaboration study" if synthetic else f"Collaboration study {study_id}"
    if html is not None:
        html.write_text(render_html(result, title), encoding="utf-8")
    if as_json:
        print_json(result)
        return
    _print_analysis(title, result, data)
    if html is not None:
        console.print(f"HTML report: {html}")


def _print_analysis(title: str, result: dict[str, Any], data: Any) -> None:
    rt = result["ratings"]
    why = result.get("empty", {})
    console.print(styled("[bold]{}[/]: {} sessions, {} people, {} agents, mean score {}", title, result["sessions"],
                         result["people"], result["agents"], _fmt(result["mean_score"])))
    console.print(f"{rt['model']}; ranked by the CollabSkill score mu - {rt['k']:g} sigma; bootstrap "
                  f"{rt['rounds']} rounds")
    _print_table("agents: together vs alone", result["agent_ranking"]["agents"], why.get("agent_ranking"))
    for group in ("human", "task"):
        loo = rt["stability"].get(f"leave_one_{group}_out")
        if loo:
            means = ", ".join(f"{a['name']} {a['mean_rank']:.2f}" for a in loo["agents"])
            console.print(f"leave-one-{group}-out ({loo['fits']} refits): mean rank {means}")
    console.print(f"{rt['rank_note']}. Agents: {rt['claims'].get('agents', '')}. People: "
                  f"{rt['claims'].get('humans', '')}.", highlight=False)
    console.print(f"Kendall tau, agents together vs alone: {_fmt(result['agent_ranking']['kendall_tau'])}",
                  highlight=False)
    _print_table("win rate against the autonomous baseline", result["quartile_wins"], why.get("quartile_wins"))
    for gone in result.get("quartile_excluded", []):
        console.print(styled("[yellow]left out of the win rates[/] session {} ({}, {}): {}", gone["session"],
                             gone["person"], gone["quartile"], gone["reason"]))
    keep = ("item", "n", "mean_change", "p", "rank_biserial", "change_lower_half", "change_upper_half", "mw_p")
    _print_table("survey before/after", [{k: r.get(k) for k in keep} for r in result["pre_post"]],
                 why.get("pre_post"))
    keep_rho = ("item", "spearman_rho", "p", "claim")
    _print_table("pre-survey vs skill (Spearman)", [{k: r.get(k) for k in keep_rho} for r in result["survey_vs_skill"]],
                 why.get("survey_vs_skill"))
    if data.fluency is not None:
        _print_kappa(data.fluency.coders)
    if why.get("fluency_coding"):
        console.print(f"fluency coders: {why['fluency_coding']}", highlight=False)
    cols = ("indicator", "sessions", "rate", "r_pb", "p", "claim", "effect_given_skill")
    _print_table("behaviours vs score", [{k: r.get(k) for k in cols} for r in result["behaviours"]["indicators"]],
                 why.get("behaviours"))
    beh = result["behaviours"]
    if beh.get("ours", {}).get("indicators"):
        _print_table("ours, beyond the paper's 11 (not in its total)",
                     [{k: r.get(k) for k in cols} for r in beh["ours"]["indicators"]], None)
    for name, label in (("total_count", "the paper's total (its 11 indicators)"), ("user_turns", "user turns")):
        if name in beh:
            console.print(f"{label} vs score: Pearson r {_fmt(beh[name]['pearson_r'])}", highlight=False)
    if "total_count" in beh.get("ours", {}):
        console.print(f"total with ours (not the paper's) vs score: Pearson r "
                      f"{_fmt(beh['ours']['total_count']['pearson_r'])}", highlight=False)
    for gone in result["behaviours"]["left_out"]:
        console.print(styled("[yellow]left out[/] {} ({}): {}", gone["indicator"], gone["coder"], gone["reason"]))
    if "recovery" in result:
        console.print(f"recovery: Spearman of true and estimated skills {result['recovery']['humans_spearman']:.3f}")


@app.command("export")
def export(
    study_id: str = typer.Argument(..., help="A stored collaboration study."),
    out: Path = typer.Option(Path("."), "--out", "-o", help="Folder for the tables."),
    fmt: str = typer.Option("csv", "--format", "-f", help="csv, parquet, or hf (a folder Hugging Face `datasets` "
                            "loads: Parquet per table and a dataset card)."),
    license: str = typer.Option("other", "--license", help="With --format hf: the card's licence, a Hugging Face "
                                "identifier such as cc-by-4.0 (default other: set it before publishing)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Write sessions, events, deliverables index, every version of every workspace file (with its content),
    surveys, judgements and overrides as CSV or Parquet, or as a Hugging Face dataset folder (free text is not
    scrubbed: see docs/collab-study.md)."""
    from ..collabstudy import export_study

    if fmt not in ("csv", "parquet", "hf"):
        raise InvalidInput(f"--format {fmt}: use csv, parquet or hf")
    with context(builtin=(LookupError,), kind=NotFound):  # no study of that id
        _platform().close_due(study_id)  # tasks whose time ran out while nobody looked: timed_out
        paths = export_study(database_url(), study_id, out, fmt, license)  # type: ignore[arg-type]
    if as_json:
        print_json({"files": [str(p) for p in paths]})
        return
    for p in paths:
        console.print(str(p))


@app.command("override")
def override(
    session: int = typer.Argument(..., help="The collab session id (see the export's sessions table)."),
    score: float = typer.Argument(..., help="Your grade, 0-100."),
    researcher: str = typer.Option("researcher", "--by", help="Who grades."),
    note: str = typer.Option("", "--note", help="Why."),
) -> None:
    """Record a researcher's grade beside the judges' automatic one (which is kept)."""
    from ..collabstudy import override_grade

    with context(builtin=(ValueError,)):  # a score outside 0-100
        override_grade(database_url(), session, researcher, score, note)
    console.print(f"session {session}: {researcher} {score:g} (the judges' grade is kept beside it)")


@app.command("plan")
def plan(
    path: Path = typer.Argument(..., help="The collaboration study file (TOML)."),
    effect: float = typer.Option(..., "--effect", help="The difference in collaborative skill to detect, in score "
                                 "points (0-100): the first agent's skill minus each other agent's."),
    agents: str | None = typer.Option(None, "--agents", help="The agents compared, comma-separated, the first "
                                      "against each other (default: the study's agents)."),
    human_sd: float = typer.Option(7.0, "--human-sd", help="Spread of people's skills, in score points (an "
                                   "assumption: take it from a pilot's `collab rate`)."),
    noise_sd: float = typer.Option(4.0, "--noise-sd", help="Noise of one session's score, in score points (an "
                                   "assumption: a pilot's noise sigma)."),
    participants: str | None = typer.Option(None, "--participants", help="Numbers of participants to simulate, "
                                            "comma-separated (default: a grid around a rough guess)."),
    simulations: int = typer.Option(200, "--simulations", min=10, help="Simulated studies per size."),
    target: float = typer.Option(0.8, "--power", help="The power to find the number of participants for."),
    seed: int = typer.Option(0, "--seed", help="Seeds the simulations."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Plan a collaboration study: the power to tell the first agent from each other agent at each number of
    participants, by simulating studies from the paper's model and rating each as `collab rate` does (an
    order is claimed only on separated 95% intervals). See docs/planning.md."""
    from ..collabstudy import plan_collab_study
    from ._plan_output import print_needed, print_power, simulation_progress, sizes_option

    study = _load(path)
    names = [a.strip() for a in agents.split(",") if a.strip()] if agents else None
    with simulation_progress("simulating studies") as progress:
        result = plan_collab_study(study, effect=effect, agents=names, human_sd=human_sd, noise_sd=noise_sd,
                                   sizes=sizes_option(participants), simulations=simulations, seed=seed,
                                   target=target, progress=progress)
    data = result.as_json()
    if as_json:
        print_json(data)
        return
    console.print(styled("[bold]Power plan for collaboration study {}[/]: {} against {}, effect {} score points",
                         result.study, result.agents[0], ", ".join(result.agents[1:]), f"{result.effect:g}"))
    console.print(f"  {result.sessions_per_participant} sessions per participant; people's skills spread "
                  f"{result.human_sd:g} points (SD), a session's noise {result.noise_sd:g} points (SD): assumptions")
    console.print("  detected: the first agent's 95% interval wholly above the other's in the paper's rating model")
    rows = [{"size": p.size, "sessions": p.size * result.sessions_per_participant, "power": p.each,
             "power_all": p.every} for p in result.curve.points]
    print_power("power by participants", "participants", rows, extra=[("sessions", "sessions")],
                every="every comparison detected" if len(result.agents) > 2 else None)
    print_needed(result.curve.needed, "participants", result.curve.target, result.curve.seed)
