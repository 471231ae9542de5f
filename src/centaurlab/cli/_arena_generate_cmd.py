"""`centaur arena generate`, `centaur arena prompts`, `centaur arena generated ...`: agents written by models."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from ..errors import Conflict, NotFound
from ._choices import BASELINES, BUILTIN_STRATEGIES, LOOP_RESTARTS, LOOP_ROUNDS, LOOP_SAME_FAILURE, TOPOLOGY_NAMES
from ._db import database_url
from ._errors import context
from ._output import console, err_console, print_json, print_table, styled

generated_app = typer.Typer(no_args_is_help=True, help="Agents written by models: list, show, report.")


def _fmt(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:.3f}"
    if isinstance(value, dict):
        return ", ".join(f"{k} {v}" for k, v in value.items()) or "-"
    return str(value)


def generate(
    models: list[str] = typer.Option(..., "--model", "-m", help="An author model of the registry (repeat for more)."),
    strategies: str = typer.Option(",".join(BUILTIN_STRATEGIES), help="Comma-separated strategies: names "
                                   f"({', '.join(BUILTIN_STRATEGIES)}) or strategy .md files."),  # fmt: skip
    replicates: int = typer.Option(2, min=1, help="Agents per model and strategy (the paper: 2)."),
    critic: str | None = typer.Option(None, help="Critic model of CR and GEN (default: the strongest registered, "
                                      "else the author)."),  # fmt: skip
    debug_rounds: int = typer.Option(LOOP_ROUNDS, min=0, help="Most rounds of feeding a failure back to the "
                                     "author in one conversation (the paper: 5-15 cycles were seen)."),
    same_failure_rounds: int = typer.Option(LOOP_SAME_FAILURE, min=1, help="Restart from scratch after this "
                                            "many rounds in a row failing the same way (the paper's 5)."),
    restarts: int = typer.Option(LOOP_RESTARTS, min=0, help="Fresh conversations after the first (the paper "
                                 "restarted until bug-free and gives no number)."),
    helpers: bool = typer.Option(False, "--helpers", help="Give agents the helper library's planner (centaur_arena "
                                 "Fleet, Schedule, improve) and say so in the prompt; default: the paper's protocol, "
                                 "the world and its I/O only. Results name it (library: helpers)."),
    run: str = typer.Option("main", help="Name of this set of agents (names: gen-<run>-... unless main)."),
    temperature: float | None = typer.Option(None, min=0, max=2, help="Sampling temperature (default: the model's)."),
    max_tokens: int | None = typer.Option(None, min=64, help="Longest answer asked for (default: no cap but the "
                                          "model's own, as the paper's chat sessions; always capped to what the "
                                          "prompt leaves of a model's context_tokens, e.g. local's 8,192)."),
    model_timeout: float | None = typer.Option(None, min=1, help="Seconds to wait for one answer (default: each "
                                               "model's timeout_s; a model with a known speed, like local, "
                                               "waits as long as the answer's length needs at its measured "
                                               "speed, never less)."),  # fmt: skip
    check_topology: str = typer.Option("france", help=f"Map of the check matches ({', '.join(TOPOLOGY_NAMES)})."),
    check_tasks: int = typer.Option(10, min=1, help="Tasks per check match."),
    check_seed: int = typer.Option(1, help="Seed of the first check match (the k-th uses seed + k)."),
    check_against: str = typer.Option(",".join(BASELINES), help="Baselines each agent plays once in its check "
                                      "(comma-separated; empty: self-play only)."),  # fmt: skip
    setup_s: float = typer.Option(10.0, "--setup-timeout", help="Setup limit in the check matches, s."),
    bid_s: float = typer.Option(3.0, "--bid-timeout", help="Bid limit in the check matches, s."),
    plan_s: float = typer.Option(10.0, "--plan-timeout", help="Plan limit in the check matches, s."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Have models write agents with each prompt strategy, check each in the sandbox (self-play and one
    short match against each baseline), feed failures back for up to --debug-rounds rounds, start a
    fresh conversation (up to --restarts times) when --same-failure-rounds rounds in a row fail the same
    way, and store everything. Rerun the same command to resume: no model is asked twice."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from ..arena import (
        CheckSpec,
        GenerationSpec,
        Timeouts,
        agent_name,
        agent_names,
        generation_plan,
        load_strategy,
        run_generation,
    )
    from ..models import Registry, load_registry

    names = tuple(s.strip() for s in strategies.split(",") if s.strip())
    for name in names:
        load_strategy(name)
    if check_topology not in TOPOLOGY_NAMES and not Path(check_topology).is_file():
        raise NotFound(f"--check-topology {check_topology!r}: use one of {', '.join(TOPOLOGY_NAMES)} or a "
                       f"topology file")  # fmt: skip
    opponents = tuple(o.strip() for o in check_against.split(",") if o.strip())
    known = agent_names()
    unknown = [o for o in opponents if o not in known]
    if unknown:
        raise NotFound(f"--check-against: unknown agent {', '.join(unknown)}; use agents by name "
                       f"({', '.join(known)})")  # fmt: skip
    with context(builtin=(ValueError,)):  # the specs check their numbers as they are made
        check = CheckSpec(check_topology, check_tasks, check_seed, Timeouts(setup_s, bid_s, plan_s), opponents)
        spec = GenerationSpec(tuple(models), names, replicates, critic, debug_rounds, check, temperature,
                              max_tokens, run, restarts, same_failure_rounds, helpers)  # fmt: skip
    registry = load_registry()
    if model_timeout is not None:
        registry = Registry({name: cfg.model_copy(update={"timeout_s": model_timeout})
                             for name, cfg in registry.models.items()})  # fmt: skip
    for model in (*spec.models, *([critic] if critic else [])):
        registry.get(model)
    url = database_url()
    wanted = {agent_name(m, load_strategy(s).name, r, run) for m, s, r in generation_plan(spec)}
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err_console, transient=True) as progress:
        bar = progress.add_task("generating", total=len(wanted))

        def on_event(kind: str, data: dict[str, Any]) -> None:
            if kind == "start":
                progress.update(bar, description=f"{data['name']}: asking")
            elif kind == "round":
                state = "passed" if data["ok"] else data["kind"]
                progress.update(bar, description=f"{data['name']}: round {data['round']} {state}")
            elif kind == "agent" and data["name"] in wanted:
                progress.advance(bar)

        try:
            with context(builtin=(ValueError,), kind=Conflict):  # a stored agent of that name, other settings
                outcomes = run_generation(spec, registry, url, on_event=on_event)
        finally:
            registry.close()
    rows = [o.summary() for o in outcomes]
    if json_out:
        print_json({"run": run, "library": spec.library, "agents": rows})
    else:
        print_table(f"generated agents ({run}, library: {spec.library})",
                    ["agent", "status", "failure", "debug rounds", "restarts", "asked"],
                    [[r["name"], r["status"], _fmt(r["failure_kind"] or r["error"]), r["debug_rounds"], r["restarts"],
                      r["asked"]] for r in rows])  # fmt: skip
        passed = [r["name"] for r in rows if r["status"] == "passed"]
        if passed:
            err_console.print("enter them in a tournament: centaur arena tournament --generated "
                              "reference naive expcost honest modelopponent riskseeking")
        else:
            err_console.print("no generated agent passed its checks: there is none to enter in a tournament "
                              "(`centaur arena generated show NAME` tells why each failed)")
    errors = [r for r in rows if r["status"] == "error"]
    for r in errors:
        err_console.print(styled("[bold]{}[/]: {} (rerun to resume)", r["name"], r["error"]))
    if errors:
        raise typer.Exit(1)


def prompts(
    name: str | None = typer.Argument(None, help="A strategy to show (name or .md file); none: list them."),
    raw: bool = typer.Option(False, "--raw", help="Show the file as written (placeholders unfilled)."),
    helpers: bool = typer.Option(False, "--helpers", help="As `generate --helpers` sends them (the helper library)."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """The prompt strategies: their kind, base and file; with a NAME, its prompts (the agent template
    and problem description filled in, unless --raw)."""
    from ..arena import builtin_strategies, load_strategy

    if name is None:
        rows = [{"name": s.name, "kind": s.kind, "base": s.base, "file": s.path, "description": s.description}
                for s in builtin_strategies()]  # fmt: skip
        if json_out:
            print_json(rows)
            return
        print_table("prompt strategies", ["name", "kind", "base", "file", "description"],
                    [[r["name"], r["kind"], _fmt(r["base"]), r["file"], r["description"]] for r in rows])  # fmt: skip
        err_console.print("a custom strategy is a .md file in the same format: --strategies A1,my_strategy.md; "
                          "show one: centaur arena prompts A1")  # fmt: skip
        return
    strategy = load_strategy(name)
    shown = {role: (text if raw else strategy.render(role, helpers, **_examples(role))) for role, text in
             strategy.prompts.items()}  # fmt: skip
    if json_out:
        print_json({"name": strategy.name, "kind": strategy.kind, "base": strategy.base, "file": strategy.path,
                    "prompts": shown})  # fmt: skip
        return
    if raw:
        console.print(strategy.text, highlight=False)
        return
    for role, text in shown.items():
        console.rule(f"{strategy.name}: {role}")
        console.print(text, highlight=False)


def _examples(role: str) -> dict[str, str]:
    """Stand-ins for what only a run knows (shown as such)."""
    return {key: f"<{key}: filled in by the run>" for key in ("agent_code", "scores", "improvements", "prompt")}


@generated_app.command("list")
def list_cmd(
    run: str | None = typer.Option(None, help="Only this run."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """The stored generated agents: status, failure kind, debug rounds."""
    from ..arena import agents_overview

    rows = [{k: v for k, v in r.items() if k != "run"} for r in agents_overview(database_url(), run)]
    if json_out:
        print_json(rows)
        return
    print_table("generated agents", ["agent", "model", "strategy", "replicate", "library", "status", "failure",
                                     "debug rounds"],
                [[r["name"], r["model"], r["strategy"], r["replicate"], r["library"], r["status"],
                  _fmt(r["failure_kind"]), r["debug_rounds"]] for r in rows])  # fmt: skip


@generated_app.command("names")
def names_cmd(run: str | None = typer.Option(None, help="Only this run.")) -> None:
    """The accepted agents' names on one line (exit 1 when none passed). To enter them in a tournament,
    `centaur arena tournament --generated reference honest ...` also refuses when none passed."""
    from ..arena import agents_overview

    names = [r["name"] for r in agents_overview(database_url(), run) if r["status"] == "passed"]
    if not names:  # an empty $(...) would silently leave them out of the tournament: say so, and fail
        err_console.print("no generated agent passed its checks (see `centaur arena generated list`); "
                          "`centaur arena tournament --generated ...` refuses to run without them")  # fmt: skip
        raise typer.Exit(1)
    console.print(" ".join(names), highlight=False, soft_wrap=True)


@generated_app.command("show")
def show_cmd(
    name: str = typer.Argument(..., help="A generated agent (gen-...)."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """One generated agent: provenance, every step (prompt, answer, check) and its final code."""
    from ..arena import agent_detail

    detail = agent_detail(database_url(), name)
    if detail is None:
        raise NotFound(f"there is no generated agent {name!r}; see `centaur arena generated list`")
    if json_out:
        print_json(detail)
        return
    a = detail["agent"]
    console.print(styled("[bold]{}[/]: {}", a["name"], a["status"])
                  + (f" ({a['failure_kind']})" if a["failure_kind"] else "")
                  + f", {a['debug_rounds']} debug rounds, {a['restarts']} restarts; library {a['library']}; "
                  f"model {a['model']}, strategy {a['strategy']}, "
                  f"replicate {a['replicate']}"
                  + (f", critic {a['critic']}" if a["critic"] else ""))  # fmt: skip
    print_table("steps", ["#", "kind", "round", "model", "answer", "check"],
                [[s["seq"], s["kind"], s["round"], s["model"], f"{len(s['answer'])} chars",
                  s["verdict"]] for s in detail["steps"]])  # fmt: skip
    if a["source"]:
        console.rule("code")
        console.print(a["source"], highlight=False)


@generated_app.command("report")
def report_cmd(
    tournament: str | None = typer.Argument(None, help="A tournament the agents played (default: the latest one "
                                            "with a generated agent)."),  # fmt: skip
    run: str | None = typer.Option(None, help="Only the agents of this run."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """The paper's figures: win rate per agent with its Wilson 95% interval and n; by model and by strategy
    the mean win rate with its t interval over agents, and SD; for each baseline, the generated agents above
    and below it where the intervals are separated (the others are not separated by the data), and head to
    head; debug rounds and failure kinds per model."""
    from ..arena import generation_report

    report = generation_report(database_url(), tournament, run)
    if json_out:
        print_json(report)
        return
    if not report["agents"]:
        raise NotFound("no generated agent is stored yet; run `centaur arena generate -m MODEL`")
    _print_report(report)


def _fig(value: dict[str, Any], with_n: bool = True) -> str:
    """A figure of the report's JSON as '0.42 [0.31, 0.53] share, n 64' or 'not computed: why'."""
    from ..stats import figure_from_json  # lazy: the statistics stack is slow to import

    shown = figure_from_json(value)
    if not shown.computed:
        return shown.text()
    text = f"{shown.value_text()} {shown.interval_text() or '(no interval)'}"
    return f"{text} n {shown.n}" if with_n else text


def _print_report(report: dict[str, Any]) -> None:
    from ..arena import RANK_NOTE

    if report["leaderboard"]:
        print_table(f"tournament {report['tournament']}: {report['matches']} matches",
                    ["rank", "agent", "library", "win rate [95%] n", "wins", "losses", "draws", "crashes"],
                    [[r["rank"], ("* " if r["generated"] else "") + r["agent"], r["library"] or "-",
                      _fig(r["win_rate"]), r["wins"], r["losses"], r["draws"], r["crashes"]]
                     for r in report["leaderboard"]],
                    essential=("win rate [95%] n",))  # fmt: skip
        console.print(f"{RANK_NOTE}. {report['leaderboard_claim']}.", highlight=False)
    else:
        err_console.print("no tournament with a generated agent yet: win rates are empty; run "
                          "`centaur arena tournament --generated reference naive expcost honest "
                          "modelopponent riskseeking`")  # fmt: skip
    print_table("by model", ["model", "agents", "passed", "failed", "win rate, mean [95%] n", "SD",
                             "debug rounds, mean [95%] n", "SD", "failure kinds (all rounds)",
                             "same failure every round"],
                [[r["model"], r["agents"], r["passed"], r["failed"], _fig(r["win_rate"]), _fmt(r["win_rate_sd"]),
                  _fig(r["debug_rounds"]), _fmt(r["debug_rounds_sd"]), _fmt(r["failure_kinds"]),
                  r["same_failure_every_round"]] for r in report["by_model"]],
                essential=("win rate, mean [95%] n",))  # fmt: skip
    print_table("by strategy", ["strategy", "agents", "passed", "win rate, mean [95%] n", "SD"],
                [[r["strategy"], r["agents"], r["passed"], _fig(r["win_rate"]), _fmt(r["win_rate_sd"])]
                 for r in report["by_strategy"]])  # fmt: skip
    if report["baselines"]:
        print_table("generated agents against each baseline (separated 95% intervals only)",
                    ["baseline", "win rate [95%] n", "generated", "above", "below", "not separated",
                     "won head to head", "lost head to head"],
                    [[r["baseline"], _fig(r["win_rate"]), r["generated"], r["above"], r["below"],
                      r["not_separated"], r["won_head_to_head"], r["lost_head_to_head"]]
                     for r in report["baselines"]], essential=("above", "not separated"))  # fmt: skip
        for r in report["baselines"]:
            console.print(f"  {r['claim']}", highlight=False)


def register(arena: typer.Typer) -> None:
    """Mount these commands under `centaur arena`."""
    arena.command("generate")(generate)
    arena.command("prompts")(prompts)
    arena.add_typer(generated_app, name="generated")


__all__ = ["register"]
