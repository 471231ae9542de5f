"""Calibrate the efficiency grader's time factor and repetitions on the `algo` bank.

For every task, in one run on this machine: the reference, a second optimal solution written
differently (the task's `alternatives`) and the known-bad solution are measured the way the
grader measures (best of k CPU runs of the timed call, in the sandbox). A good factor lets every
alternative pass every case and fails every known-bad solution on at least one case. The script
prints, per task, the worst alternative/reference ratio and the known-bad's largest ratio, then
how many tasks each candidate factor gets right.

    python benchmarks/calibrate_efficiency.py [--repeat 3] [--tasks N] [--json FILE]
"""

from __future__ import annotations

import argparse
import json
import math
import time

from centaurlab.grading import EfficiencyConfig, measure_reference
from centaurlab.sandbox import Limits, Suite, run_suite
from centaurlab.tasks import Task, load_bank

FACTORS = [1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 15.0, 20.0]
BAD_CAP = 25.0  # the known-bad solution is stopped at 25 x the reference's slowest case


def figures(task: Task, source: str, repeat: int, seconds: float) -> dict[str, float | None]:
    cpu = len(task.efficiency_tests) * seconds * repeat + 30
    report = run_suite(task, source, Suite.efficiency, test_seconds=seconds, repeat=repeat,
                       limits=Limits(cpu_seconds=cpu, wall_seconds=2 * cpu + 30, memory_mb=2048))  # fmt: skip
    return {v.id: (v.cpu_seconds if v.passed else None) for v in report.verdicts}


def calibrate_task(task: Task, repeat: int) -> dict[str, object]:
    ref = measure_reference(task, EfficiencyConfig(repeat=repeat))
    cap = max(BAD_CAP * max(ref.values()), 1.0)
    alt_ratios = []
    for alt in task.meta.alternatives:
        got = figures(task, task.alternative_source(alt), repeat, 30.0)
        alt_ratios += [math.inf if got[c] is None else got[c] / ref[c] for c in ref]  # type: ignore[operator]
    bad_ratios = []
    for bad in task.meta.known_bad:
        got = figures(task, task.known_bad_source(bad), repeat, cap)
        bad_ratios.append(max(cap / ref[c] if got[c] is None else got[c] / ref[c] for c in ref))  # type: ignore[operator]
    return {"task": task.id, "reference": ref, "worst_alternative": max(alt_ratios, default=None),
            "known_bad_largest": min(bad_ratios, default=None)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3, help="best of K runs (the grader's k)")
    parser.add_argument("--tasks", type=int, default=0, help="only the first N tasks (0 = all)")
    parser.add_argument("--json", default="", help="also write the per-task figures to this file")
    args = parser.parse_args()
    tasks = [t for t in load_bank("algo").tasks.values() if t.meta.alternatives]
    tasks = tasks[: args.tasks] if args.tasks else tasks
    started = time.perf_counter()
    rows = []
    print(f"{'task':24} {'worst alt/ref':>14} {'bad/ref (max case)':>19}")
    for task in tasks:
        row = calibrate_task(task, args.repeat)
        rows.append(row)
        bad = row["known_bad_largest"]
        print(f"{task.id:24} {row['worst_alternative']:14.2f} {'>=' if bad >= BAD_CAP else '  '}{bad:17.1f}")  # type: ignore[operator]
    alt_worst = max(r["worst_alternative"] for r in rows)  # type: ignore[type-var]
    bad_least = min(r["known_bad_largest"] for r in rows)  # type: ignore[type-var]
    print(f"\n{len(rows)} tasks, k = {args.repeat}, {time.perf_counter() - started:.0f} s")
    print(f"largest alternative/reference ratio: {alt_worst:.2f}; smallest known-bad ratio: {bad_least:.1f}")
    print(f"{'factor':>7} {'alternatives pass':>18} {'known-bad fail':>15}")
    for factor in FACTORS:
        alts = sum(r["worst_alternative"] <= factor for r in rows)  # type: ignore[operator]
        bads = sum(r["known_bad_largest"] > factor for r in rows)  # type: ignore[operator]
        print(f"{factor:7.1f} {alts:>12}/{len(rows):<5} {bads:>9}/{len(rows):<5}")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"repeat": args.repeat, "tasks": rows}, fh, indent=2)


if __name__ == "__main__":
    main()
