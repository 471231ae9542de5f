"""How many solutions per minute full grading handles on this machine.

Grades every reference and every known-bad solution of a sample of the `algo` bank on all three
dimensions (correctness, efficiency in time mode, quality), with one worker per core and each
task's reference measured once for the run (`grade_items`, as `centaur grade FOLDER` does). The
baseline, in the same run, on the same solutions and with the same workers, is correctness-only
grading (`grade_correctness`: the tests in the sandbox, nothing else). Prints solutions per minute
for both and their ratio, and checks that the grades are the expected ones (references at 100
efficiency, known-bad solutions below).

    python benchmarks/grading.py             # the first 8 tasks, alphabetically
    python benchmarks/grading.py --tasks 4
    python benchmarks/grading.py --all
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ThreadPoolExecutor

from centaurlab.grading import EfficiencyConfig, GradeConfig, grade_correctness
from centaurlab.grading.batch import BatchItem, grade_items
from centaurlab.sandbox import backend_status
from centaurlab.tasks import load_bank


def solutions(n_tasks: int | None) -> list[tuple[BatchItem, str]]:
    """(item, kind) for the reference and each known-bad solution of the first tasks."""
    bank = load_bank("algo")
    ids = sorted(bank.tasks)[:n_tasks]
    items = []
    for task_id in ids:
        task = bank.tasks[task_id]
        items.append((BatchItem(task.path / task.meta.reference.file, task), "reference"))
        items += [(BatchItem(task.path / bad.file, task), "known-bad") for bad in task.meta.known_bad]
    return items


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", type=int, default=8, help="grade the first N tasks of the bank (alphabetically)")
    parser.add_argument("--all", action="store_true", help="grade every task of the bank")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="default: one per core")
    args = parser.parse_args()

    planned = solutions(None if args.all else args.tasks)
    items = [item for item, _ in planned]
    n_tasks = len({item.task.id for item in items if item.task})
    print(f"{len(items)} solutions ({sum(k == 'reference' for _, k in planned)} references, "
          f"{sum(k == 'known-bad' for _, k in planned)} known-bad) of {n_tasks} algo tasks; "
          f"{args.workers} workers; sandbox {backend_status().name}")

    def correctness(item: BatchItem) -> float:
        assert item.task is not None
        return grade_correctness(item.task, item.path.read_text()).score

    first = items[0]
    correctness(first)  # warm the file cache and the sandbox's first start-up

    start = time.perf_counter()
    with ThreadPoolExecutor(args.workers) as pool:
        correct = list(pool.map(correctness, items))
    base_seconds = time.perf_counter() - start

    config = GradeConfig(EfficiencyConfig(measure="time"))
    start = time.perf_counter()
    results = grade_items(items, config, workers=args.workers)
    full_seconds = time.perf_counter() - start

    problems = [f"{r.task_id}: {r.problem}" for r in results if r.problem]
    grades = [(r.grade or {}, kind) for r, (_, kind) in zip(results, planned, strict=True)]
    refs_full = sum(g.get("efficiency") == 100.0 for g, k in grades if k == "reference")
    bad_below = sum((g.get("efficiency") or 0.0) < 100.0 for g, k in grades if k == "known-bad")
    n_refs = sum(k == "reference" for _, k in grades)
    n_bad = len(grades) - n_refs
    agree = sum(g.get("correctness") == c for (g, _), c in zip(grades, correct, strict=True))

    base_rate = len(items) / base_seconds * 60
    full_rate = len(items) / full_seconds * 60
    print(f"\n{'grading':40} {'seconds':>8} {'solutions/min':>14}")
    print(f"{'correctness only (grade_correctness)':40} {base_seconds:8.1f} {base_rate:14.1f}")
    print(f"{'full: correctness + efficiency + quality':40} {full_seconds:8.1f} {full_rate:14.1f}")
    print(f"\nfull grading is {base_rate / full_rate:.1f}x slower than correctness only "
          f"(reference measured once per task: {n_tasks} reference measurements)")
    print(f"references at efficiency 100: {refs_full}/{n_refs}; known-bad below 100: {bad_below}/{n_bad}; "
          f"correctness equal in both passes: {agree}/{len(items)}")
    for problem in problems:
        print(f"problem: {problem}")


if __name__ == "__main__":
    main()
