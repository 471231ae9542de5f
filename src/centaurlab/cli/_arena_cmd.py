"""`centaur arena`: play matches and tournaments of APDP agents, see leaderboards, replay matches."""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from ..config import settings
from ..errors import Conflict, NotFound
from ..executors import Executor
from . import _arena_agent_cmd, _arena_warmup_cmd
from ._arena_agent_cmd import BID_HELP, PLAN_HELP, SETUP_HELP
from ._choices import BUILTIN_AGENTS, TOPOLOGY_NAMES
from ._db import database_url
from ._errors import context
from ._executor_opts import address_option, executor_option, opened
from ._output import console, err_console, print_json, print_table, styled

if TYPE_CHECKING:
    from ..arena import MatchConfig, Timeouts, TournamentProgress, TournamentSpec

app = typer.Typer(no_args_is_help=True, help="The APDP arena: agents bid for tasks, then plan their deliveries.")
app.add_typer(_arena_warmup_cmd.app, name="warmup")
app.command("try")(_arena_agent_cmd.try_cmd)
app.command("doc")(_arena_agent_cmd.doc_cmd)


def _topologies(value: str) -> tuple[str, ...]:
    names = TOPOLOGY_NAMES if value == "all" else tuple(v.strip() for v in value.split(",") if v.strip())
    unknown = [n for n in names if n not in TOPOLOGY_NAMES and not Path(n).is_file()]
    if unknown or not names:
        raise NotFound(f"--topologies {value!r}: unknown {', '.join(unknown) or '(none)'}; use all, or a "
                       f"comma-separated list of {', '.join(TOPOLOGY_NAMES)} or topology files")  # fmt: skip
    return names


def _print_match(record: dict[str, Any], match_id: int | None, files: dict[int, Path] | None = None) -> None:
    """The match's tables, then each failure; an agent given as a file (`files`, by company) has its
    traceback shown at its own path rather than the sandbox's agent.py."""
    from ..arena import (
        TIMING_COLUMNS,
        auction_rows,
        log_tail,
        map_traceback,
        match_topology,
        plan_lines,
        result_rows,
        timing_rows,
    )

    topology = match_topology(record)
    names = record["agents"]
    print_table(f"auctions on {topology.name} (seed {record['config']['seed']})",
                ["task", "route", "weight", *[f"bid {n}" for n in names], "winner", "price"],
                auction_rows(record, topology))  # fmt: skip
    print_table("plans", ["agent", "vehicle", "stops", "km"],
                [[a, v, stops, "-" if km is None else f"{km:.1f}"] for a, v, stops, km in plan_lines(record, topology)])
    print_table("result" + (f" (match {match_id})" if match_id else ""),
                ["agent", "tasks", "income", "cost", "profit", "outcome"], result_rows(record))  # fmt: skip
    print_table("each company's own time", TIMING_COLUMNS, timing_rows(record))
    logs = record.get("logs") or []
    for failure in record["failures"]:
        path = (files or {}).get(failure["agent"])
        reason = map_traceback(failure["reason"], path)[0] if path is not None else failure["reason"]
        err_console.print(styled("[bold]{}[/] failed ({}, {}): {}", names[failure["agent"]], failure["kind"],
                                 failure["phase"], reason))  # fmt: skip
        log = logs[failure["agent"]] if failure["agent"] < len(logs) else ""
        if log.strip():
            err_console.print(styled("[bold]{}[/]'s own output (the end; all of its last 64 KiB is in --json):\n{}",
                                     names[failure["agent"]], log_tail(log)), highlight=False)  # fmt: skip


def _match_config(config_file: Path | None, topology: str, tasks: int, seed: int, timeouts: Timeouts) -> MatchConfig:
    from ..arena import default_match_config, load_match_config

    if config_file is not None:
        return load_match_config(config_file)
    with context(f"--topology {topology!r}: ", builtin=(KeyError, ValueError, FileNotFoundError)):
        return replace(default_match_config(topology, tasks, seed), timeouts=timeouts)


@app.command("match")
def match(
    agent_a: str = typer.Argument(..., help=f"Company 0: a built-in agent ({', '.join(BUILTIN_AGENTS)}) or a .py "
                                  "file."),
    agent_b: str = typer.Argument(..., help="Company 1: a built-in agent or an agent .py file."),
    topology: str = typer.Option("france", help=f"Map: {', '.join(TOPOLOGY_NAMES)} or a topology file."),
    tasks: int = typer.Option(50, min=1, help="Tasks auctioned."),
    seed: int = typer.Option(1, help="Seed of the tasks and fleets."),
    config_file: Path | None = typer.Option(None, "--config", exists=True, help="A match TOML file (overrides these)."),
    setup_s: float = typer.Option(30.0, "--setup-timeout", help=SETUP_HELP),
    bid_s: float = typer.Option(30.0, "--bid-timeout", help=BID_HELP),
    plan_s: float = typer.Option(30.0, "--plan-timeout", help=PLAN_HELP),
    save: bool = typer.Option(True, "--store/--no-store", help="Record the match in the database (to replay it)."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Play one match: the auction log, both plans and the result. Exit 1 if an agent failed."""
    from ..arena import AgentSource, Timeouts, play_match, resolve_agent, save_match
    from ..sandbox import get_backend

    agents = [resolve_agent(agent_a), resolve_agent(agent_b)]
    if agents[0].name == agents[1].name:
        agents[1] = AgentSource(agents[1].name + "_2", agents[1].source, agents[1].helpers)
    config = _match_config(config_file, topology, tasks, seed, Timeouts(setup_s, bid_s, plan_s))
    backend = get_backend()
    with err_console.status(f"{agents[0].name} vs {agents[1].name} on {config.topology}, {config.n_tasks} tasks"):
        record = play_match(config, agents, backend=backend).to_dict()
    match_id = None
    if save:
        match_id = save_match(database_url(), record, agents, topology=config.topology, seed=config.seed)
    if json_out:
        print_json({"id": match_id, **record})
    else:
        files = {i: Path(a) for i, a in enumerate((agent_a, agent_b)) if a.endswith(".py") and Path(a).is_file()}
        _print_match(record, match_id, files)
    if record["failures"]:
        raise typer.Exit(1)


@app.command("tournament")
def tournament(
    agents: list[str] | None = typer.Argument(None, help="Agents: built-in names, agent .py files or accepted "
                                              "generated agents (gen-...); two or more in all, --generated's "
                                              "included."),
    generated: bool = typer.Option(False, "--generated", help="Enter every generated agent that passed its checks "
                                   "too (`centaur arena generate`); refused when none did."),
    generated_run: str | None = typer.Option(None, "--generated-run", help="With --generated: only the agents "
                                             "of this generation run."),
    topologies: str = typer.Option("all", help="all, or a comma-separated list of maps."),
    tournaments: int = typer.Option(3, min=1, help="Tournaments (rounds) per topology."),
    tasks: int = typer.Option(50, min=1, help="Tasks per match."),
    seed: int = typer.Option(0, help="Tournament seed; match seeds derive from it."),
    tournament_id: str | None = typer.Option(None, "--id", help="Name to store and resume it under (default derived)."),
    workers: int = typer.Option(0, help="Matches played at once; 0 = the workers setting (one per core)."),
    executor: str = executor_option(),
    ray_address: str | None = address_option(),
    setup_s: float = typer.Option(30.0, "--setup-timeout", help=SETUP_HELP),
    bid_s: float = typer.Option(30.0, "--bid-timeout", help=BID_HELP),
    plan_s: float = typer.Option(30.0, "--plan-timeout", help=PLAN_HELP),
    json_out: bool = typer.Option(False, "--json", help="Print the leaderboard as JSON."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar or summary line (for scripts)."),
) -> None:
    """Double all-play-all on every topology, stored match by match; rerun the same command to resume.
    A progress bar shows matches done of the total, failures so far and the time left."""
    from .. import store
    from ..arena import Timeouts, TournamentSpec, resolve_agent

    entered = [*(_generated_agents(generated_run) if generated else []), *(agents or [])]
    sources = tuple(resolve_agent(a) for a in dict.fromkeys(entered))
    names = tuple(t for t in _topologies(topologies))
    timeouts = Timeouts(setup_s, bid_s, plan_s)
    with context(builtin=(ValueError,)):
        spec = TournamentSpec(tournament_id or "", sources, names, tournaments, tasks, seed, timeouts)
    if not tournament_id:
        spec = replace(spec, id="t-" + store.config_digest(spec.to_json())[:10])
    url = database_url()
    count = workers or settings().workers or None
    # a ValueError: a stored tournament of this id with other settings
    with context(builtin=(ValueError,), kind=Conflict), opened(executor, ray_address, count, url, processes=True,
                                                               quiet=quiet) as runner:  # fmt: skip
        done = _play_tournament(spec, url, runner, quiet)
    if not quiet:
        err_console.print(f"tournament {spec.id}: {done.played} matches played, {done.already} already stored, "
                          f"{done.failed} lost by an agent's failure")  # fmt: skip
    _show_leaderboard(spec.id, url, json_out, None)


def _generated_agents(run: str | None) -> list[str]:
    """The generated agents that passed; when none did, the tournament is refused rather than
    played without them (it would rank the baselines only, which is not what was asked)."""
    from ..arena import passed_agents

    passed, others = passed_agents(database_url(), run)
    if not passed:
        where = f" of run {run!r}" if run else ""
        tried = "; ".join(others) if others else "none is stored"
        raise NotFound(f"no generated agent{where} passed its checks ({tried}), so none can play; nothing was "
                       "played. Generate agents that pass (`centaur arena generate -m MODEL`, see `centaur arena "
                       "generated list`) or leave out --generated")  # fmt: skip
    err_console.print(f"generated agents entered: {' '.join(passed)}" + (f" (not entered: {'; '.join(others)})"
                                                                         if others else ""))  # fmt: skip
    return passed


def _play_tournament(spec: TournamentSpec, url: str, executor: Executor, quiet: bool) -> TournamentProgress:
    """Run it with a progress bar on stderr (matches done / total, failures, ETA), or silently."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from ..arena import run_tournament

    if quiet:
        return run_tournament(spec, database_url=url, executor=executor)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[failed]}"),
               TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn())  # fmt: skip
    with Progress(*columns, console=err_console, transient=err_console.is_terminal) as progress:
        bar = progress.add_task(f"tournament {spec.id}", total=None, failed="0 failures")

        def update(p: TournamentProgress, _record: dict[str, Any]) -> None:
            progress.update(bar, total=p.total, completed=p.already + p.played,
                            failed=f"{p.failed} failure{'s' * (p.failed != 1)}")  # fmt: skip

        return run_tournament(spec, database_url=url, executor=executor,
                              on_start=lambda p: update(p, {}), on_match=update)  # fmt: skip


def _show_leaderboard(tournament_id: str, url: str, json_out: bool, csv_file: Path | None) -> None:
    from ..arena import (
        COLUMNS,
        DISPLAY_COLUMNS,
        RANK_NOTE,
        agent_libraries,
        leaderboard,
        rating_claim,
        tournament_results,
    )

    matches = tournament_results(tournament_id, url)
    if not matches:
        raise NotFound(f"tournament {tournament_id!r} has no stored matches; see `centaur arena tournaments`")
    board = leaderboard(matches, libraries=agent_libraries(url))
    if csv_file is not None:
        with csv_file.open("w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=COLUMNS)
            writer.writeheader()
            writer.writerows(r.as_dict() for r in board)
    claim = rating_claim(board)
    if json_out:
        print_json({"tournament": tournament_id, "matches": len(matches), "rank_note": RANK_NOTE,
                    "rating_claim": claim, "rows": [r.as_json() for r in board]})
        return
    shown = [r.display() for r in board]
    # the rank and both intervals are the last to go when the width runs short
    essential = [label for key, label in DISPLAY_COLUMNS if key in ("rating", "win_rate", "games")]
    print_table(f"tournament {tournament_id}: {len(matches)} matches", [label for _, label in DISPLAY_COLUMNS],
                [[row[key] for key, _ in DISPLAY_COLUMNS] for row in shown], essential)  # fmt: skip
    console.print(f"{RANK_NOTE}. {claim}.", highlight=False)


@app.command("leaderboard")
def leaderboard_cmd(
    tournament_id: str | None = typer.Argument(None, help="Tournament id (default: the latest)."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
    csv_file: Path | None = typer.Option(None, "--csv", help="Also write the table to this CSV file."),
) -> None:
    """The leaderboard of a stored tournament, sorted as the paper's Table 1 (total wins, then fewest
    losses): wins and losses per tournament (mean, SD), win rate with its 95% Wilson interval and n,
    crashes, and a Bradley-Terry rating (Elo scale) with its 95% interval (strength +- 1.96 se). The rank is a
    range ("1-2") wherever the ratings' intervals overlap."""
    from ..arena import stored_tournaments

    url = database_url()
    if tournament_id is None:
        stored = stored_tournaments(url)
        if not stored:
            raise NotFound("no tournament is stored yet; run `centaur arena tournament AGENTS...`")
        tournament_id = stored[-1].id
    _show_leaderboard(tournament_id, url, json_out, csv_file)


@app.command("tournaments")
def tournaments_cmd(json_out: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """The stored tournaments."""
    from ..arena import stored_tournaments

    rows = [{"id": t.id, "created": t.created_at.isoformat(timespec="seconds"), **t.spec,
             "agents": [a for a, _sha in t.spec["agents"]]}
            for t in stored_tournaments(database_url())]  # fmt: skip
    if json_out:
        print_json(rows)
        return
    print_table("tournaments", ["id", "agents", "topologies", "rounds", "tasks", "created"],
                [[r["id"], ", ".join(r["agents"]), ", ".join(r["topologies"]), r["rounds"], r["n_tasks"],
                  r["created"]] for r in rows])  # fmt: skip


@app.command("replay")
def replay(
    match_id: int = typer.Argument(..., help="A stored match id (printed by `match`, shown on /arena)."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Play a stored match again from its stored configuration and agent sources; exit 1 unless it
    comes out identical (bids, plans, profits, winner, failures)."""
    from ..arena import AgentSource, MatchRecord, agent_sources, replay_match, stored_match

    url = database_url()
    stored = stored_match(url, match_id)
    if stored is None:
        raise NotFound(f"there is no match {match_id}")
    record = MatchRecord.from_dict(stored.record)
    sources = agent_sources(url, stored.sources_sha256)
    agents = [AgentSource(name, src or "") for name, src in zip(record.agents, sources, strict=True)]
    with err_console.status(f"replaying match {match_id}"):
        _again, differences = replay_match(record, agents)
    if json_out:
        print_json({"id": match_id, "identical": not differences, "differences": differences})
    elif differences:
        console.print(f"match {match_id} replayed DIFFERENTLY: {', '.join(differences)} changed")
    else:
        console.print(f"match {match_id} replayed identically ({len(record.auctions)} auctions, winner "
                      f"{'draw' if record.winner is None else record.agents[record.winner]})")  # fmt: skip
    if differences:
        raise typer.Exit(1)


@app.command("show")
def show(
    match_id: int = typer.Argument(..., help="A stored match id."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """A stored match: auction log, plans, result."""
    from ..arena import stored_match

    stored = stored_match(database_url(), match_id)
    if stored is None:
        raise NotFound(f"there is no match {match_id}")
    record = stored.record
    if json_out:
        print_json({"id": match_id, **record})
    else:
        _print_match(record, match_id)


@app.command("new-agent")
def new_agent(
    name: str = typer.Argument(..., help="The agent's name; writes NAME.py."),
    folder: Path = typer.Option(Path("."), "--dir", help="Where to write it."),
    force: bool = typer.Option(False, "--force", help="Overwrite an existing file."),
) -> None:
    """Write a documented starting agent to NAME.py: it bids its marginal cost (as Honest), or just
    under the opponent's estimated cost when that is higher, and plans with the helper library's
    planner; comments list the next steps."""
    from ..arena import new_agent_source

    with context(builtin=(ValueError,)):
        source = new_agent_source(name)
    target = folder / f"{Path(name).stem}.py"
    if target.exists() and not force:
        raise Conflict(f"{target} exists; pass --force to overwrite it")
    target.write_text(source)
    console.print(f"wrote {target}; try it against each baseline: centaur arena try {target}", soft_wrap=True)
