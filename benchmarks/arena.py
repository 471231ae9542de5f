"""Arena throughput and planner quality, each measured against a baseline in the same run.

- matches per minute: baseline-vs-baseline matches (50 tasks, France), sandboxed agents, one at a
  time; the baseline is the bare cost of starting and closing two sandboxed Python processes;
- planner: the reference agent's planner (cheapest insertion + simulated annealing, pure Python)
  on 50-task pickup-and-delivery instances (a company's 2-vehicle fleet, open routes from the
  homes), given 1 s and 5 s, as a ratio to PyVRP given the same time. PyVRP models each task as a
  shipment, each vehicle as its own type starting at its home and ending at a dummy depot that is
  0 km from everywhere, with distances in integer metres.

    python benchmarks/arena.py [--instances 4] [--budgets 1,5] [--matches 6] [--json FILE]
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

from centaurlab.arena import BASELINES, Timeouts, default_match_config, load_topology, play_match, resolve_agent
from centaurlab.arena.protocol import world_json
from centaurlab.arena.runtime import centaur_arena as lib
from centaurlab.sandbox import Limits, get_backend
from centaurlab.sandbox.program import python_argv


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


def ours(world: lib.World, tasks: list[lib.Task], seconds: float, seed: int) -> float:
    start = time.monotonic()
    schedule = lib.build_schedule(world.topology, world.vehicles, tasks)
    heat = 0.2 * schedule.cost() / len(tasks)
    best = lib.improve(schedule, random.Random(seed), 10**9, deadline=start + seconds, temperature=heat, anytime=True)
    return best.cost()


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
        model.add_edge(end, places[i], 10**9)
    model.add_edge(end, end, 0)
    result = model.solve(MaxRuntime(seconds), seed=seed, display=False)
    assert result.is_feasible(), "PyVRP found no feasible solution"
    return result.cost() / 1000


def planner(instances: int, budgets: list[float]) -> list[dict[str, Any]]:
    assert all(float(v.cost_per_km).is_integer() for v in instance("france", 1)[0].vehicles)
    rows = []
    names = ["england", "france", "netherlands", "switzerland"]
    for k in range(instances):
        name = names[k % len(names)]
        world, tasks = instance(name, 1000 + k)
        for seconds in budgets:
            our = ours(world, tasks, seconds, k)
            theirs = pyvrp_cost(world, tasks, seconds, k)
            rows.append({"map": name, "seed": 1000 + k, "seconds": seconds, "ours": our, "pyvrp": theirs,
                         "ratio": our / theirs})  # fmt: skip
            print(f"  {name} seed {1000 + k} at {seconds:g} s: ours {our:,.0f}, PyVRP {theirs:,.0f}, "
                  f"ratio {our / theirs:.3f}", file=sys.stderr)  # fmt: skip
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--instances", type=int, default=4)
    parser.add_argument("--budgets", default="1,5")
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--json", dest="json_file")
    args = parser.parse_args()
    budgets = [float(b) for b in args.budgets.split(",")]
    flow = throughput(args.matches)
    print(f"throughput: {flow['matches_per_minute']:.1f} matches/min ({flow['seconds_per_match']:.2f} s per "
          f"50-task match, {flow['ratio_to_sandbox_floor']:.1f}x the {flow['sandbox_pair_s']:.2f} s of starting "
          f"two sandboxes)")  # fmt: skip
    rows = planner(args.instances, budgets)
    for seconds in budgets:
        ratios = [r["ratio"] for r in rows if r["seconds"] == seconds]
        print(f"planner at {seconds:g} s: cost / PyVRP = {statistics.mean(ratios):.3f} mean "
              f"(best {min(ratios):.3f}, worst {max(ratios):.3f}, {len(ratios)} instances; "
              f"geometric mean {math.exp(statistics.mean(math.log(r) for r in ratios)):.3f})")  # fmt: skip
    if args.json_file:
        with open(args.json_file, "w") as handle:
            json.dump({"throughput": flow, "planner": rows}, handle, indent=2)


if __name__ == "__main__":
    main()
