"""What the store knows about one model, lens by lens: bench, arena, collab and its model calls.

Read from the store through each pillar's own functions (the pillars own the tables), so a card
never triggers work: an empty lens says which command would fill it. Each lens also keeps the
per-unit values behind its headline score (one per bench sample, per match, per session), which
the comparison resamples for its bootstrap, and names the settings its figures were measured with,
the temperature as the model's logged calls sent it among them.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from ..arena import agents_overview, match_outcomes
from ..arena import win_rate as arena_win_rate
from ..bench import graded_samples, human_placements, stored_runs
from ..collab import has_sessions
from ..models import calls_of_model, sent_max_tokens, sent_temperatures
from ..stats import Figure as Reported
from ..stats import distinct_draws
from ._figures import Figure, json_safe, mean_figure, rate_figure, with_units

BENCH_AXES = ("correctness", "efficiency", "quality", "composite", "human_percentile")


@dataclass
class Group:
    """Figures a lens keeps apart because they differ in kind (the study lens: one group per study, with
    people and scripted participants never in one), with the units behind the group's score."""

    key: str
    label: str
    figures: dict[str, Figure] = field(default_factory=dict)
    units: list[float] = field(default_factory=list)
    people: bool = True

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "label": self.label, "people": self.people,
                "figures": {k: f.as_dict() for k, f in self.figures.items()}}


@dataclass
class Lens:
    """One lens of a card: its figures (name -> Figure), tables, and the units behind its score. A lens
    with groups shows each apart; its figures are then those of one group (`headline`), the one a
    comparison orders models by unless it chooses a group every compared model has."""

    name: str
    figures: dict[str, Figure] = field(default_factory=dict)
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    score: str | None = None
    """The figure models are ordered by in a comparison (higher is better)."""
    units: list[float] = field(default_factory=list)
    empty_hint: str | None = None
    groups: list[Group] = field(default_factory=list)
    headline: str | None = None

    @property
    def empty(self) -> bool:
        return not any(f.n for f in self.figures.values()) and not any(
            f.n for g in self.groups for f in g.figures.values())

    def use_group(self, key: str | None) -> None:
        """Take the figures and units of group `key` as the lens's (none: no figure)."""
        group = next((g for g in self.groups if g.key == key), None)
        self.headline = key if group is not None else None
        self.figures = group.figures if group is not None else {}
        self.units = group.units if group is not None else []

    def name_settings(self, settings: dict[str, Any]) -> None:
        """Give every figure that names no settings of its own these."""
        for f in self.figures.values():
            f.settings = f.settings or dict(settings)

    def as_dict(self) -> dict[str, Any]:
        return {"figures": {k: f.as_dict() for k, f in self.figures.items()}, "tables": json_safe(self.tables),
                "groups": [g.as_dict() for g in self.groups], "headline": self.headline,
                "score": self.score, "empty": self.empty, "fill_with": self.empty_hint if self.empty else None}


def temperature_text(values: list[float | None]) -> str:
    """The temperatures logged calls went out with, as a figure's settings say them."""
    if not values:
        return "not logged (no stored call)"
    shown = [f"{v:g}" if v is not None else "the endpoint's default" for v in values]
    return ", ".join(shown) + (" (calls differ)" if len(values) > 1 else "")


def deterministic_runs(url: str, model: str, run_ids: list[str]) -> set[str]:
    """The runs whose every logged call of the model went out at temperature 0: repeated samples of one
    prompt there cannot differ, so they are one draw, not several (`stats.distinct_draws`)."""
    return {run for run in run_ids if sent_temperatures(url, model, [run]) == [0.0]}


Sample = tuple[str, str, str, dict[str, Any]]  # run, task, framing, the scores on each axis


def one_draw_each(data: list[Sample], fixed: set[str]) -> list[Sample]:
    """Samples as draws: in a deterministic run, the samples of one task and framing are one draw (their mean
    on each axis, which is each sample's value when they agree)."""
    groups: dict[tuple[str, str, str], list[dict[str, Any]]] = defaultdict(list)
    out = []
    for run, task, framing, v in data:
        if run in fixed:
            groups[(run, task, framing)].append(v)
        else:
            out.append((run, task, framing, v))
    for (run, task, framing), values in groups.items():
        draws = distinct_draws(values, deterministic=True)
        merged = {a: mean_figure([v[a] for v in values]).value for a in BENCH_AXES}
        out += [(run, task, framing, merged)] * draws
    return out


def bench_lens(url: str, model: str) -> Lens:
    lens = Lens("bench", score="composite",
                # <bank>: a placeholder in a command, not HTML
                empty_hint=f"centaur bench run --model {model} --bank <bank> --samples 3")
    samples = [(r.run_id, r.task_id, r.framing, {a: getattr(r, a) for a in BENCH_AXES})
               for r in graded_samples(url, model)]
    run_ids = sorted({run for run, *_ in samples})
    fixed = deterministic_runs(url, model, run_ids)
    data = one_draw_each(samples, fixed)
    configs = [r.config for r in stored_runs(url) if r.id in run_ids]
    runs = [f"bench:{run}" for run, *_ in data]
    for axis in BENCH_AXES:
        why = ("no graded sample" if not data else "no human scores for these tasks" if axis == "human_percentile"
               else f"no graded sample has a {axis} score")
        lens.figures[axis] = mean_figure([v[axis] for *_, v in data], runs, bounds=(0.0, 100.0), empty=why)
    lens.units = [float(v["composite"]) for *_, v in data if v["composite"] is not None]
    # consistency as COMPASS defines it (bench/_consistency.py): per task, the SD of each dimension over
    # its generations, averaged over the dimensions; then the mean of those per-task SDs
    by_task: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for run, task, _, v in samples:
        if run not in fixed:
            by_task[(run, task)].append(v)
    task_sds = []
    for values in by_task.values():
        sds = [mean_figure([v[a] for v in values]).sd for a in BENCH_AXES[:3]]
        present = [x for x in sds if x is not None]
        if present:
            task_sds.append(sum(present) / len(present))
    lens.figures["consistency_sd"] = mean_figure(
        task_sds, runs, bounds=(0.0, 100.0),
        empty="samples at temperature 0 cannot differ: one draw per task, so no spread to measure"
        if fixed and not by_task else "no task sampled twice")
    # framing effects: each framing's mean composite minus the mean over every framing
    overall = lens.figures["composite"].value
    by_framing: dict[str, list[float]] = defaultdict(list)
    for _, _, framing, v in data:
        if v["composite"] is not None:
            by_framing[framing].append(float(v["composite"]))
    if overall is not None and len(by_framing) > 1:
        lens.tables["framings"] = [
            {"framing": f, **with_units({"composite": mean_figure(xs, runs)})["composite"].as_dict(),
             "effect": Figure(mean_figure(xs).value - overall, len(xs), unit="points of 100",  # type: ignore[operator]
                              no_interval="a framing's mean minus the mean over every framing, not a test").as_dict()}
            for f, xs in sorted(by_framing.items())
        ]
    _place_among_people(lens, url, model)
    if data:
        lens.name_settings({"framings": sorted({f for _, _, f, _ in data}),
                            "samples_per_framing": sorted({int(c.get("samples", 0)) for c in configs}),
                            "max_tokens": sent_max_tokens(url, model, run_ids),  # as sent: runs take each model's own
                            "temperature": temperature_text(sent_temperatures(url, model, run_ids)),
                            **({"draws": f"{len(samples)} samples, {len(data)} distinct draws (samples of one "
                                         "prompt at temperature 0 count once)"} if fixed else {})})
    return lens


def _place_among_people(lens: Lens, url: str, model: str) -> None:
    """COMPASS's placement: per task, the model's mean combined score among people's (a study's baseline or a
    task file's), with its interval, n and whose people. When any task is placed, the lens's human percentile
    is the mean over the placed tasks (the paper's Table IX), named with whose baselines it rests on."""
    placed = [p for p in human_placements(url, model) if p["percentile"] is not None]
    if not placed:
        return
    lens.tables["human_placement"] = [
        {"run": p["run"], "task": p["task"], **Reported(p["percentile"], p["low"], p["high"], p["n"],
                                                        "percentile among people", "delta method").as_json(),
         "people": p["human_n"], "baseline": p["baseline"]} for p in placed]
    figure = mean_figure([p["percentile"] for p in placed], [f"bench:{p['run']}" for p in placed],
                         bounds=(0.0, 100.0))
    figure.settings = {"human_baselines": sorted({str(p["baseline"]) for p in placed}),
                       "tasks_placed": len(placed)}
    lens.figures["human_percentile"] = figure


def _match_points(winner: int | None, side: int) -> float:
    return 0.5 if winner is None else float(winner == side)


def _win_rate(record: list[float], runs: list[str], empty: str) -> Figure:
    """The arena pillar's win rate (APDP Table 1: wins / (wins + losses), draws apart) as a card figure."""
    wins, losses = sum(p == 1.0 for p in record), sum(p == 0.0 for p in record)
    if wins + losses == 0:
        return Figure(None, 0, runs=runs, reason=empty)
    rate = arena_win_rate(wins, losses)
    return Figure(rate.estimate, rate.n, None, rate.low, rate.high, runs, method="Wilson")


def _why_no_win_rate(model: str, info: list[tuple[Any, ...]]) -> str:
    """Why the arena lens has no win rate, and the commands that would give it one. A small model's
    generated agents often all fail their checks (no code, a crash): then no tournament can be
    played, and the card says so rather than showing an empty lens with no reason."""
    tournament = "centaur arena tournament --generated naive honest"
    if not info:
        return f"no generated agent: fill with centaur arena generate -m {model}, then {tournament}"
    if any(status == "passed" for *_, status, _, _ in info):
        return f"no decisive match of an accepted agent: fill with {tournament}"
    kinds: dict[str, int] = defaultdict(int)
    for *_, kind in info:
        kinds[kind or "error"] += 1
    failures = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))
    return (f"no generated agent passed its checks (0 of {len(info)}; failures: {failures}), so none could "
            f"play a match: fill with centaur arena generate -m {model} --run retry --debug-rounds 3 (more "
            f"rounds, or other --strategies), then {tournament}")


def arena_lens(url: str, model: str) -> Lens:
    lens = Lens("arena", score="win_rate",
                empty_hint=f"centaur arena generate -m {model}, then centaur arena tournament with its gen-... agents")
    info = [(a["name"], a["run"], a["strategy"], a["status"], a["debug_rounds"], a["failure_kind"])
            for a in agents_overview(url, model=model)]
    names = [a[0] for a in info]
    matches = [(m.tournament_id, m.agent_a, m.agent_b, m.winner) for m in match_outcomes(url, names)]
    points: dict[str, list[float]] = defaultdict(list)  # 1 won, 0 lost, 0.5 drawn (apart from the win rate)
    tournaments: dict[str, set[str]] = defaultdict(set)
    for tid, a, b, winner in matches:
        for side, name in enumerate((a, b)):
            if a != b and name in names and (a not in names or b not in names or side == 0):  # no self-play
                points[name].append(_match_points(winner, side))
                tournaments[name].add(f"arena:{tid}" if tid else "arena:matches")
    all_points = [p for ps in points.values() for p in ps]
    all_runs = sorted({t for ts in tournaments.values() for t in ts})
    lens.units = [p for p in all_points if p != 0.5]  # the decisive matches the win rate counts
    lens.figures["win_rate"] = _win_rate(all_points, all_runs, _why_no_win_rate(model, info))
    lens.tables["record"] = [{"wins": all_points.count(1.0), "losses": all_points.count(0.0),
                              "draws": all_points.count(0.5)}]
    gen_runs = [f"arena-gen:{run}" for _, run, *_ in info]
    lens.figures["accepted"] = rate_figure(sum(a[3] == "passed" for a in info), len(info), gen_runs,
                                           empty="no generated agent")
    lens.figures["debug_rounds"] = mean_figure([d for *_, d, _ in info], gen_runs, bounds=(0.0, math.inf),
                                               empty="no generated agent")
    strategies: dict[str, list[tuple[str, str, str, int, str | None]]] = defaultdict(list)
    for name, run, strategy, status, rounds, kind in info:
        strategies[strategy].append((name, run, status, rounds, kind))
    lens.tables["strategies"] = []
    for strategy, rows in sorted(strategies.items()):
        pts = [p for name, *_ in rows for p in points.get(name, [])]
        kinds: dict[str, int] = defaultdict(int)
        for *_, kind in rows:
            if kind:
                kinds[kind] += 1
        lens.tables["strategies"].append({
            "strategy": strategy, "agents": len(rows), "accepted": sum(r[2] == "passed" for r in rows),
            "win_rate": _win_rate(pts, sorted({t for n, *_ in rows for t in tournaments[n]}),
                                  "no decisive match").as_dict(), "draws": pts.count(0.5),
            "debug_rounds": mean_figure([r[3] for r in rows], bounds=(0.0, math.inf)).as_dict(),
            "failures": dict(kinds),
            "runs": sorted({f"arena-gen:{r[1]}" for r in rows}),
        })
    if info:
        gen = sorted({run for _, run, *_ in info})
        lens.name_settings({"strategies": sorted(strategies), "generation_runs": gen,
                            "temperature": temperature_text(sent_temperatures(
                                url, model, [f"arena-generate:{run}" for run in gen]))})
    return lens


def calls_lens(url: str, model: str) -> Lens:
    lens = Lens("calls", empty_hint=f"any command that asks {model} (bench run, arena generate, collab run)")
    rows = [(c.run_id, c.latency_s, c.cost, c.cached, c.error, c.completion_tokens) for c in calls_of_model(url, model)]
    runs = [f"calls:{r[0]}" for r in rows if r[0]]
    fresh = [r for r in rows if not r[3]]
    lens.figures["latency_s"] = mean_figure([r[1] for r in fresh], runs, bounds=(0.0, math.inf))
    lens.figures["cost"] = mean_figure([r[2] if r[2] is not None else None for r in fresh], runs,
                                       empty="no priced call: the model has no price in centaur.toml")
    lens.figures["completion_tokens"] = mean_figure([r[5] for r in fresh], runs, empty="no token count reported")
    lens.figures["errors"] = rate_figure(sum(r[4] is not None for r in rows), len(rows), runs)
    lens.figures["cached"] = rate_figure(sum(bool(r[3]) for r in rows), len(rows), runs)
    lens.tables["totals"] = [{"calls": len(rows), "cost": sum(r[2] or 0.0 for r in rows)}]
    if rows:
        lens.name_settings({"calls": "every logged call of the model, all runs",
                            "temperature": temperature_text(sent_temperatures(url, model))})
    return lens


def collab_lens(url: str, model: str, rounds: int = 200) -> Lens:
    """Skill rating of the model's agents (CollabSkill's additive model on the sessions with a person, as the
    paper rates them), its autonomous score (mean judged outcome of its agents alone, beside the rating as
    in the paper's §6.2, not rated) and the gap between the two."""
    lens = Lens("collab", score="skill",
                # <an agent ...>: a placeholder, not HTML
                empty_hint=f"centaur collab run --agent <an agent using {model}> then centaur collab grade --all")
    if not has_sessions(url, model):
        lens.figures["skill"] = Figure(None, 0, reason="no collab session")
        return lens
    from ..collab import load_results, rate_sessions
    from ..rating import RatingError

    rows = load_results(url)
    mine = [r for r in rows if r.model == model and not math.isnan(r.outcome)]
    agents = sorted({r.agent for r in mine})
    runs = [f"collab:{a}" for a in agents]
    auto = [r.outcome for r in mine if r.kind == "autonomous"]
    people = [r.outcome for r in mine if r.kind != "autonomous"]
    lens.figures["autonomous"] = mean_figure(auto, runs, bounds=(0.0, 100.0), empty="no graded autonomous session")
    lens.units = people
    try:
        rating = rate_sessions(rows, rounds=rounds) if mine else None
    except RatingError:
        rating = None
    # the agents' rows without their strict rank among every agent (overlapping intervals make it a rank range,
    # which `centaur collab rate` shows); the card is about this model's agents only
    mine_rows = [{k: v for k, v in a.items() if k != "rank"} for a in (rating.agents if rating else [])
                 if a.get("name") in agents]
    lens.tables["agents"] = mine_rows
    if mine_rows:
        skill = sum(float(a["mu"]) for a in mine_rows) / len(mine_rows)
        lo = min(float(a["ci_low"]) for a in mine_rows)
        hi = max(float(a["ci_high"]) for a in mine_rows)
        lens.figures["skill"] = Figure(skill, len(people), None, lo, hi, runs, method=(
            "posterior 95% interval" if len(mine_rows) == 1 else "from the lowest to the highest of the agents' "
            "posterior 95% intervals"))
        if lens.figures["autonomous"].value is not None:
            lens.figures["gap"] = Figure(skill - lens.figures["autonomous"].value, len(people), runs=runs,
                                         no_interval="a rating minus a mean score, a difference of levels")
    else:
        why = ("no graded session with a person: CollabSkill rates people's sessions (§4), and the autonomous "
               "score stands beside the rating" if mine and not people else "no graded session to rate")
        lens.figures["skill"] = Figure(None, 0, runs=runs, reason=why)
    lens.name_settings({"agents": agents, "temperature": temperature_text(sent_temperatures(url, model, runs))})
    for name in ("skill", "gap"):
        if name in lens.figures:
            lens.figures[name].settings["rated"] = "the sessions with a person (CollabSkill §4); autonomous runs beside"
    return lens


def collab_sessions(url: str, agent: str) -> list[dict[str, Any]]:
    """The sessions behind a card's collab figures for one agent (the target of its `collab:<agent>` runs):
    task, kind, status and the judges' totals, as the collab pillar's results read them."""
    from ..collab import load_results

    return [json_safe({"session": r.id, "kind": r.kind, "task": r.task_id, "model": r.model, "human": r.human,
                       "status": r.status, "judges": dict(r.judges), "outcome": r.outcome})
            for r in load_results(url) if r.agent == agent]
