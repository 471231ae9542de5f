"""Arena throughput and planner quality, each measured against a baseline in the same run.

- matches per minute: baseline-vs-baseline matches (50 tasks, France), sandboxed agents, one at a
  time; the baseline is the bare cost of starting and closing two sandboxed Python processes;
- planner: the helper library's default planner (`centaur_arena.improve`, which every agent and
  the reference agent plan with: ruin and recreate in rounds, until it converges or the deadline)
  against the default before it (one annealing run of random ruin and recreate, kept here as
  `improve_before`), on 50-task pickup-and-delivery instances (a company's 2-vehicle fleet, open
  routes from the homes), each given the same wall-clock budgets, and PyVRP given the same budget
  and given `--converged` seconds (its converged cost, the bar). PyVRP models each task as a
  shipment, each vehicle as its own type starting at its home and ending at a dummy depot that is
  0 km from everywhere (and 10,000 km back), with distances in integer metres.

The best known cost of an instance is the lowest any of these reached in the run (with `--long`,
also ours given that many seconds); instances cycle through the four maps, seeds 1000, 1001, ...

    python benchmarks/arena.py [--instances 4] [--first 0] [--budgets 2,6] [--converged 60] [--long 0]
                               [--matches 6] [--skip-throughput] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import replace
from typing import Any

import centaur_arena as lib
from centaurlab.arena import (
    BASELINES,
    Timeouts,
    default_match_config,
    load_topology,
    play_match,
    resolve_agent,
    world_json,
)
from centaurlab.sandbox import Limits, get_backend, python_argv


def sandbox_pair_seconds(repeats: int = 5) -> float:
    """The floor of a match: start two sandboxed interpreters, one line each, close them."""
    backend = get_backend()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        sessions = [backend.spawn(python_argv("m.py"), {"m.py": "print('ready')"}, Limits()) for _ in range(2)]
        for session in sessions:
            session.receive(10)
            session.close()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def throughput(matches: int) -> dict[str, Any]:
    pairs = [(a, b) for a in BASELINES for b in BASELINES if a != b][:matches]
    seconds = []
    for i, (a, b) in enumerate(pairs):
        config = replace(default_match_config("france", 50, 100 + i), timeouts=Timeouts(10, 3, 10))
        start = time.perf_counter()
        record = play_match(config, [resolve_agent(a), resolve_agent(b)])
        seconds.append(time.perf_counter() - start)
        assert not record.failures, record.failures
    floor = sandbox_pair_seconds()
    per_match = statistics.mean(seconds)
    return {"matches": len(pairs), "seconds_per_match": per_match, "matches_per_minute": 60 / per_match,
            "sandbox_pair_s": floor, "ratio_to_sandbox_floor": per_match / floor}  # fmt: skip


def instance(topology_name: str, seed: int) -> tuple[lib.World, list[lib.Task]]:
    config = default_match_config(topology_name, 50, seed)
    world = lib.World.from_dict(world_json(config, load_topology(topology_name), 0))
    tasks = [lib.Task(t.id, t.pickup, t.delivery, t.weight) for t in config.tasks()]
    return world, tasks


def improve_before(schedule: lib.Schedule, rng: random.Random, deadline: float, temperature: float) -> lib.Schedule:
    """The default planner before this one: ruin and recreate of 1-6 random tasks, one annealing
    run cooling over the time to the deadline."""
    current, current_cost = schedule.copy(), schedule.cost()
    best, best_cost = current.copy(), current_cost
    ids = sorted(current.tasks)
    started, progress, k = time.monotonic(), 0.0, 0
    while True:
        if k % 8 == 0:
            now = time.monotonic()
            if now > deadline:
                return best
            progress = (now - started) / max(1e-9, deadline - started)
        k += 1
        removed = rng.sample(ids, rng.randint(1, min(6, len(ids))))
        candidate = current.copy()
        for task_id in removed:
            candidate.remove(task_id)
        if any(candidate.add(current.tasks[task_id]) == math.inf for task_id in removed):
            continue
        cost = candidate.cost()
        heat = temperature * (1 - progress)
        if cost <= current_cost + 1e-9 or (heat > 0 and rng.random() < math.exp((current_cost - cost) / heat)):
            current, current_cost = candidate, cost
            if cost < best_cost - 1e-9:
                best, best_cost = candidate.copy(), cost


def before(world: lib.World, tasks: list[lib.Task], seconds: float, seed: int) -> float:
    start = time.monotonic()
    schedule = lib.build_schedule(world.topology, world.vehicles, tasks)
    heat = 0.2 * schedule.cost() / len(tasks)
    return improve_before(schedule, random.Random(seed), start + seconds, heat).cost()


def ours(world: lib.World, tasks: list[lib.Task], seconds: float, seed: int) -> tuple[float, float]:
    """The default planner's cost and the seconds it used (it stops early once converged)."""
    start = time.monotonic()
    schedule = lib.build_schedule(world.topology, world.vehicles, tasks)
    best = lib.improve(schedule, random.Random(seed), deadline=start + seconds)
    return best.cost(), time.monotonic() - start


def pyvrp_cost(world: lib.World, tasks: list[lib.Task], seconds: float, seed: int) -> float:
    import pyvrp
    from pyvrp.stop import MaxRuntime

    model = pyvrp.Model()
    n = len(world.topology.cities)
    places = [model.add_location(x=float(i), y=0.0, name=world.topology.cities[i]) for i in range(n)]
    end = model.add_location(x=-1.0, y=0.0, name="end")
    for vehicle in world.vehicles:
        depot = model.add_depot(places[vehicle.home], name=f"home {vehicle.id}")
        finish = model.add_depot(end, name=f"end {vehicle.id}")
        model.add_vehicle_type(1, capacity=vehicle.capacity, start_depot=depot, end_depot=finish,
                               unit_distance_cost=round(vehicle.cost_per_km))  # fmt: skip
    for task in tasks:
        model.add_shipment(places[task.pickup], places[task.delivery], amount=task.weight)
    for i in range(n):
        for j in range(n):
            model.add_edge(places[i], places[j], round(world.topology.distance(i, j) * 1000))
        model.add_edge(places[i], end, 0)
        model.add_edge(end, places[i], 10**7)  # 10,000 km: never taken, and no scaling trouble
    model.add_edge(end, end, 0)
    result = model.solve(MaxRuntime(seconds), seed=seed, display=False)
    assert result.is_feasible(), "PyVRP found no feasible solution"
    return result.cost() / 1000


def planner(instances: int, budgets: list[float], converged: float, long: float,
            first: int = 0) -> list[dict[str, Any]]:  # fmt: skip
    """One row per instance and budget. `best_known` is the lowest cost anything reached on the
    instance in this run: PyVRP converged, ours or the default before at any budget, and ours
    given `long` seconds (if > 0), so that the bar is never only what PyVRP happens to reach."""
    assert all(float(v.cost_per_km).is_integer() for v in instance("france", 1)[0].vehicles)
    rows: list[dict[str, Any]] = []
    names = ["england", "france", "netherlands", "switzerland"]
    for k in range(first, instances):
        name = names[k % len(names)]
        world, tasks = instance(name, 1000 + k)
        bar = pyvrp_cost(world, tasks, converged, k)
        ours_long = ours(world, tasks, long, k)[0] if long > 0 else math.inf
        if long > 0:
            print(f"  {name} seed {1000 + k}: ours at {long:g} s {ours_long:,.0f}", file=sys.stderr, flush=True)
        own = len(rows)
        for seconds in budgets:
            old = before(world, tasks, seconds, k)
            new, used = ours(world, tasks, seconds, k)
            theirs = pyvrp_cost(world, tasks, seconds, k)
            row = {"map": name, "seed": 1000 + k, "seconds": seconds, "before": old, "ours": new, "ours_used_s": used,
                   "pyvrp": theirs, "pyvrp_converged": bar, "ratio": new / bar, "ratio_before": old / bar}  # fmt: skip
            rows.append(row)
            print(f"  {name} seed {1000 + k} at {seconds:g} s: before {old:,.0f}, ours {new:,.0f} ({used:.1f} s), "
                  f"PyVRP {theirs:,.0f}; PyVRP at {converged:g} s {bar:,.0f}; ours / converged {new / bar:.3f}, "
                  f"before / converged {old / bar:.3f}", file=sys.stderr, flush=True)  # fmt: skip
        best = min([bar, ours_long] + [float(r[key]) for r in rows[own:] for key in ("before", "ours", "pyvrp")])
        for done in rows[own:]:
            done.update(ours_long=ours_long, best_known=best, ratio_best=done["ours"] / best)
    return rows


def _geomean(values: list[float]) -> float:
    return math.exp(statistics.mean(math.log(v) for v in values))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--instances", type=int, default=4)
    parser.add_argument("--budgets", default="2,6")
    parser.add_argument("--converged", type=float, default=60.0, help="PyVRP's seconds for its converged cost")
    parser.add_argument("--first", type=int, default=0, help="start at this instance (seed 1000 + first)")
    parser.add_argument("--long", type=float, default=0.0, help="also give our planner this many seconds (a bar)")
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--skip-throughput", action="store_true")
    parser.add_argument("--json", dest="json_file")
    args = parser.parse_args()
    budgets = [float(b) for b in args.budgets.split(",")]
    flow: dict[str, Any] = {}
    if not args.skip_throughput:
        flow = throughput(args.matches)
        print(f"throughput: {flow['matches_per_minute']:.1f} matches/min ({flow['seconds_per_match']:.2f} s per "
              f"50-task match, {flow['ratio_to_sandbox_floor']:.1f}x the {flow['sandbox_pair_s']:.2f} s of starting "
              f"two sandboxes)")  # fmt: skip
    rows = planner(args.instances, budgets, args.converged, args.long, args.first)
    for seconds in budgets:
        at = [r for r in rows if r["seconds"] == seconds]
        ratios, old = [r["ratio"] for r in at], [r["ratio_before"] for r in at]
        print(f"planner at {seconds:g} s, cost / PyVRP converged ({args.converged:g} s): ours {_geomean(ratios):.3f} "
              f"geometric mean (worst {max(ratios):.3f}), the default before {_geomean(old):.3f} (worst "
              f"{max(old):.3f}); ours / before {_geomean([r['ours'] / r['before'] for r in at]):.3f}; "
              f"ours / PyVRP at the same budget {_geomean([r['ours'] / r['pyvrp'] for r in at]):.3f}")  # fmt: skip
        best = [r["ratio_best"] for r in at]
        print(f"planner at {seconds:g} s, cost / best known: ours {_geomean(best):.3f} geometric mean (worst "
              f"{max(best):.3f}); within 2 % on {sum(b <= 1.02 for b in best)} of {len(best)} instances")  # fmt: skip
    if args.json_file:
        with open(args.json_file, "w") as handle:
            json.dump({"throughput": flow, "planner": rows}, handle, indent=2)


if __name__ == "__main__":
    main()
