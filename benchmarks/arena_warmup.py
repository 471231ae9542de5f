"""The arena warm-up reference agents against their baselines, measured in the same run.

- deliberative: A* (combined MST / max-leg bound) against exhaustive BFS on the same instances:
  node expansions and wall time, and the check that both find the same optimum;
- centralized: our stochastic local search against the naive plan (every task on one vehicle), with
  the spread over search seeds on one instance (how far a single run is from the best of several);
- reactive: value-iteration time, and its profit per km against always-accept on 3,000 decisions.

    python benchmarks/arena_warmup.py [--seeds 3] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from centaurlab.arena import (  # warmup: the warm-up's own plans and checks, not the match's (arena.check_plan)
    TOPOLOGY_NAMES,
    TaskDistribution,
    Vehicle,
    default_fleet,
    generate_tasks,
    load_topology,
    warmup,
)


def timed(fn, *args, **kwargs):  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return result, time.perf_counter() - start


def deliberative(seeds: int, n_tasks: int) -> list[dict[str, float]]:
    rows = []
    for name in ("england", "switzerland"):
        topology = load_topology(name)
        for seed in range(1, seeds + 1):
            tasks = generate_tasks(topology, TaskDistribution(), n_tasks, seed)
            vehicle = Vehicle(0, default_fleet(topology, seed, 1)[0].home, 30, 5.0)
            bfs, t_bfs = timed(warmup.bfs_plan, topology, vehicle, tasks)
            astar, t_astar = timed(warmup.astar_plan, topology, vehicle, tasks)
            assert abs(bfs.km - astar.km) < 1e-6, (name, seed)
            rows.append({"map": name, "seed": seed, "km": astar.km, "bfs_expanded": bfs.expanded,
                         "astar_expanded": astar.expanded, "bfs_s": t_bfs, "astar_s": t_astar})  # fmt: skip
    return rows


def centralized(seeds: int, iterations: int) -> list[dict[str, object]]:
    """Instance seed i, searched with search seeds 1..seeds."""
    rows: list[dict[str, object]] = []
    topology = load_topology("england")
    for instance in range(1, seeds + 1):
        vehicles = default_fleet(topology, instance, 4)
        tasks = generate_tasks(topology, TaskDistribution(), 30, instance)
        naive = warmup.plan_cost(topology, vehicles, tasks, warmup.naive_plan(vehicles, tasks))
        costs, times = [], []
        for seed in range(1, seeds + 1):
            trace, seconds = timed(warmup.local_search, topology, vehicles, tasks, iterations, seed)
            assert not warmup.check_plan(topology, vehicles, tasks, trace.plan)
            costs.append(trace.cost)
            times.append(seconds)
        rows.append({"instance": instance, "naive": naive, "sls_mean": statistics.mean(costs), "sls_best": min(costs),
                     "sls_worst": max(costs), "sls_s": statistics.mean(times)})  # fmt: skip
    return rows


def reactive() -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for name in TOPOLOGY_NAMES:
        report, seconds = timed(warmup.check_reactive, warmup.ReactiveWorld(load_topology(name)), 0.95, 3000, 1)
        rows.append({"map": name, "seconds": seconds, "iterations": report.iterations, **report.profit_per_km})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--tasks", type=int, default=7, help="tasks per deliberative instance")
    parser.add_argument("--iterations", type=int, default=20_000, help="SLS iterations")
    parser.add_argument("--json", default=None, help="also write the figures to this file")
    args = parser.parse_args()

    d = deliberative(args.seeds, args.tasks)
    print(f"Deliberative, {args.tasks} tasks, capacity 30 ({len(d)} instances): A* == BFS cost on every one")
    for row in d:
        print(f"  {row['map']:<12} seed {row['seed']}: expansions BFS {row['bfs_expanded']:>6} A* "
              f"{row['astar_expanded']:>5} | time BFS {row['bfs_s']:.3f}s A* {row['astar_s']:.3f}s")  # fmt: skip
    exp = statistics.mean(r["bfs_expanded"] / r["astar_expanded"] for r in d)
    speed = statistics.mean(r["bfs_s"] / r["astar_s"] for r in d)
    print(f"  mean ratio BFS/A*: expansions {exp:.1f}x, time {speed:.1f}x")

    c = centralized(args.seeds, args.iterations)
    print(f"\nCentralized, England, 30 tasks, 4 vehicles, SLS {args.iterations} iterations, {args.seeds} search seeds:")
    for row in c:
        print(f"  instance {row['instance']}: naive {row['naive']:.0f}, SLS mean {row['sls_mean']:.0f} "
              f"(best {row['sls_best']:.0f}, worst {row['sls_worst']:.0f}) in {row['sls_s']:.2f}s per run; "
              f"SLS/naive {row['sls_mean'] / row['naive']:.3f}")  # type: ignore[operator]  # fmt: skip

    r = reactive()
    print("\nReactive, value iteration (discount 0.95), 3,000 decisions, profit per km:")
    for row in r:
        print(f"  {row['map']:<12} solved+simulated in {row['seconds']:.2f}s ({row['iterations']} sweeps): "
              f"VI {row['value-iteration']:.2f}, always-accept {row['always-accept']:.2f}, "
              f"random {row['random']:.2f}")  # fmt: skip

    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"deliberative": d, "centralized": c, "reactive": r}, fh, indent=2)


if __name__ == "__main__":
    main()
