"""How many solutions per minute full grading handles, what of its CPU is the work itself, and the
speed-up against another source tree, all in one run.

Grades every reference and every known-bad solution of a sample of the `algo` bank on all three
dimensions (correctness, efficiency in time mode, quality) with `grade_items` (as `centaur grade
FOLDER` does), one worker per core. Each pass runs in a process of its own, so that its CPU can be
counted whole: the judge's process and every process under it (launchers, bubblewrap, zygotes,
the boxes), read from the kernel's accounting before and after the pass.

**The floor** is the CPU inside the measured calls themselves: for each candidate solution and
each of its efficiency cases, one timed call (its first), as the judge reads it from the box. Any
grader must spend that to reach a verdict. Everything else (building and sending arguments, the
reference's measurements, repetitions after the first, starting boxes, the correctness tests,
quality analysis) is overhead, and `CPU / floor` is the overhead ratio. The figures come from
wrapping the judge's box requests in the pass's process, the same way for every tree measured.

With `--baseline-src DIR` the same passes run first from another source tree (e.g. `git archive
main src | tar -x -C DIR`), in the same run, and the speed-up of full grading is printed against it,
with a check that every efficiency case got the same verdict in both trees. The current tree runs
twice: with nothing stored (the first run on a machine: the references and the calibration probe
are measured, the efficiency inputs built) and again, in a new process, with what the first kept.
Each pass is preceded by a correctness-only pass over the same solutions (`grade_correctness`: the
tests in the sandbox, nothing else), which also warms the sandbox's pool.

    python benchmarks/grading.py                          # the first 8 tasks, alphabetically
    python benchmarks/grading.py --tasks 4 --baseline-src /tmp/base/src
    python benchmarks/grading.py --all --rounds 2
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from passes import CURRENT_SRC, isolate, run_pass, source_tree, tree_cpu

HERE = Path(__file__).resolve()


# ---- one pass, in a process of its own ------------------------------------------------------------


class Floor:
    """CPU inside the candidates' measured calls, read through the judge's own box requests."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.local = threading.local()
        self.floor = self.all_runs = self.reference = 0.0
        self.calls = self.reference_calls = 0

    def install(self) -> None:
        from centaurlab.grading import _efficiency as efficiency
        from centaurlab.grading import _grade as grade
        from centaurlab.sandbox import _cputime as cputime
        from centaurlab.sandbox import _remote as remote
        from centaurlab.sandbox import _session as session
        from centaurlab.sandbox import _zygote as zygote

        def on_kill(original: Callable[[Any], None]) -> Callable[[Any], None]:
            def kill(self_: Any) -> None:  # the CPU a box had when the judge stopped it
                pid = self_.box_pid if hasattr(self_, "box_pid") else None
                if pid and getattr(self_, "_end", None) is None:
                    self_.cpu_at_kill = cputime.process_seconds(pid)
                original(self_)

            return kill

        zygote.ForkedSession.kill = on_kill(zygote.ForkedSession.kill)  # type: ignore[method-assign]
        session.SandboxSession.kill = on_kill(session.SandboxSession.kill)  # type: ignore[method-assign]
        request = remote.RemoteBox.request

        def measured_request(box: Any, op: str, *, measure: bool = False, **fields: Any) -> Any:
            who = getattr(self.local, "who", None)
            if op != "call" or not (measure or fields.get("counter")) or who is None:
                return request(box, op, measure=measure, **fields)
            start = cputime.process_seconds(box.pid) if box.pid else 0.0
            try:
                reply = request(box, op, measure=measure, **fields)
                cpu = reply.cpu_seconds or 0.0
            except BaseException:
                cpu = max(0.0, getattr(box.session, "cpu_at_kill", start) - start)
                raise
            finally:
                self.local.runs.append(cpu)
            return reply

        remote.RemoteBox.request = measured_request  # type: ignore[method-assign]
        self._wrap(efficiency, "measure_reference", "reference")
        self._wrap(efficiency, "grade_efficiency", "candidate")
        grade.grade_efficiency = efficiency.grade_efficiency  # _grade.py imported the name

    def _wrap(self, module: Any, name: str, who: str) -> None:
        original = getattr(module, name)

        def wrapped(task: Any, *args: Any, **kwargs: Any) -> Any:
            outer = (getattr(self.local, "who", None), getattr(self.local, "runs", []))
            self.local.who, self.local.runs = who, []
            try:
                return original(task, *args, **kwargs)
            finally:
                runs, cases = self.local.runs, len(task.efficiency_tests)
                with self.lock:
                    if who == "reference":
                        self.reference += sum(runs)
                        self.reference_calls += len(runs)
                    else:  # the first repetition makes one call per case, in order
                        self.floor += sum(runs[:cases])
                        self.all_runs += sum(runs)
                        self.calls += len(runs)
                self.local.who, self.local.runs = outer

        setattr(module, name, wrapped)


def grading_pass(n_tasks: int | None, workers: int) -> dict[str, Any]:
    from concurrent.futures import ThreadPoolExecutor

    import centaurlab
    from centaurlab.grading import BatchItem, EfficiencyConfig, GradeConfig, grade_correctness, grade_items
    from centaurlab.sandbox import backend_status
    from centaurlab.tasks import load_bank

    bank = load_bank("algo")
    items, kinds = [], []
    for task_id in sorted(bank.tasks)[:n_tasks]:
        task = bank.tasks[task_id]
        items.append(BatchItem(task.path / task.meta.reference.file, task))
        kinds.append("reference")
        for bad in task.meta.known_bad:
            items.append(BatchItem(task.path / bad.file, task))
            kinds.append("known-bad")

    def correctness(item: BatchItem) -> float:
        assert item.task is not None
        return grade_correctness(item.task, item.path.read_text()).score

    correctness(items[0])  # the sandbox's first start-up and the file cache
    start = time.perf_counter()
    with ThreadPoolExecutor(workers) as pool:
        correct = list(pool.map(correctness, items))
    correctness_seconds = time.perf_counter() - start

    floor = Floor()
    floor.install()
    cpu_before, own_before = tree_cpu(), os.times()
    start = time.perf_counter()
    results = grade_items(items, GradeConfig(EfficiencyConfig(measure="time")), workers=workers)
    seconds = time.perf_counter() - start
    cpu, own = tree_cpu() - cpu_before, os.times()
    grades = []
    for result, kind, score in zip(results, kinds, correct, strict=True):
        grade = result.grade or {}
        cases = (grade.get("efficiency_detail") or {}).get("cases", [])
        grades.append({"task": result.task_id, "kind": kind, "problem": result.problem,
                       "correctness": grade.get("correctness"), "correctness_alone": score,
                       "efficiency": grade.get("efficiency"), "cases": [c["passed"] for c in cases],
                       "verdicts": [c["verdict"] for c in cases]})  # fmt: skip
    return {
        "source": centaurlab.__file__, "sandbox": backend_status().name, "solutions": len(items),
        "correctness_seconds": correctness_seconds, "seconds": seconds, "cpu": cpu,
        "judge_cpu": own.user + own.system - own_before.user - own_before.system,
        "floor": floor.floor, "measured_all": floor.all_runs, "measured_calls": floor.calls,
        "reference_measured": floor.reference, "reference_calls": floor.reference_calls, "grades": grades,
    }  # fmt: skip


def child_main(spec: dict[str, Any]) -> None:
    isolate(spec["src"])
    print(json.dumps(grading_pass(spec["tasks"], spec["workers"])))


# ---- the run: passes side by side ---------------------------------------------------------------------


def median(rows: list[dict[str, Any]], key: str) -> float:
    return statistics.median(r[key] for r in rows)


def report(runs: dict[str, list[dict[str, Any]]], baseline: str | None) -> None:
    rounds = next(iter(runs.values()))
    n = rounds[0]["solutions"]
    print(f"\n{f'pass (median of {len(rounds)})':44} {'seconds':>8} "
          f"{'sol/min':>8} {'CPU s':>7} {'judge':>6} {'floor':>6} {'CPU/floor':>9} {'calls':>5} {'ref s':>6}")
    for label, rows in runs.items():
        cpu, floor = median(rows, "cpu"), median(rows, "floor")
        print(f"{label + ', correctness only':44} {median(rows, 'correctness_seconds'):8.1f} "
              f"{n / median(rows, 'correctness_seconds') * 60:8.1f}")
        print(f"{label + ', full':44} {median(rows, 'seconds'):8.1f} {n / median(rows, 'seconds') * 60:8.1f} "
              f"{cpu:7.1f} {median(rows, 'judge_cpu'):6.1f} {floor:6.2f} {cpu / floor if floor else 0:9.2f} "
              f"{median(rows, 'measured_calls'):5.0f} {median(rows, 'reference_measured'):6.2f}")
    print("\nseconds: wall clock of the pass; CPU s: every process of the pass; judge: the grading process alone;")
    print("floor: CPU inside the candidates' measured calls, one per case; calls: candidate measured calls made;")
    print("ref s: CPU inside the references' measured calls")
    if baseline:
        base = runs[baseline]
        for label, rows in runs.items():
            if label == baseline:
                continue
            pairs = [b["seconds"] / r["seconds"] for b, r in zip(base, rows, strict=False)]
            cpu_pairs = [b["cpu"] / r["cpu"] for b, r in zip(base, rows, strict=False)]
            print(f"speed-up of full grading, {label} against {baseline}: {statistics.median(pairs):.2f}x "
                  f"solutions/min, {statistics.median(cpu_pairs):.2f}x less CPU "
                  f"(pairs: {', '.join(f'{p:.2f}' for p in pairs)})")
    for label, rows in runs.items():
        for i, row in enumerate(rows):
            check(label, row, runs[baseline][i] if baseline and label != baseline else None)


def check(label: str, row: dict[str, Any], base: dict[str, Any] | None) -> None:
    grades = row["grades"]
    refs = [g for g in grades if g["kind"] == "reference"]
    bad = [g for g in grades if g["kind"] == "known-bad"]
    same_correctness = sum(g["correctness"] == g["correctness_alone"] for g in grades)
    line = (f"{label}: references at efficiency 100: {sum(g['efficiency'] == 100.0 for g in refs)}/{len(refs)}; "
            f"known-bad below 100: {sum((g['efficiency'] or 0) < 100.0 for g in bad)}/{len(bad)}; "
            f"correctness equal in both passes: {same_correctness}/{len(grades)}")
    if base is not None:
        same = sum(g["cases"] == b["cases"] for g, b in zip(grades, base["grades"], strict=True))
        line += f"; case verdicts equal to the baseline's: {same}/{len(grades)}"
    print(line)
    for g in grades:
        if g["problem"]:
            print(f"  problem: {g['task']}: {g['problem']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", type=int, default=8, help="grade the first N tasks of the bank (alphabetically)")
    parser.add_argument("--all", action="store_true", help="grade every task of the bank")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="default: one per core")
    parser.add_argument("--baseline-src", type=Path, help="also run the passes from this source tree, first")
    parser.add_argument("--rounds", type=int, default=1, help="run every pass this many times, alternating")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child_main(json.loads(args.child))
        return
    print(f"{os.cpu_count()} cores; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (1, 5, 15 min); "
          f"{'all' if args.all else args.tasks} algo tasks, references and known-bad solutions; "
          f"{args.workers} workers")
    runs: dict[str, list[dict[str, Any]]] = {}
    baseline = source_tree(args.baseline_src) if args.baseline_src else None
    with tempfile.TemporaryDirectory(prefix="centaur-grading-bench-") as tmp:
        for round_ in range(args.rounds):
            data = Path(tmp) / f"round{round_}" / "data"
            data.mkdir(parents=True)
            passes = [("baseline", baseline, Path(tmp) / f"round{round_}" / "base")] if baseline else []
            passes += [("this tree, nothing stored", CURRENT_SRC, data),
                       ("this tree, references stored", CURRENT_SRC, data)]
            for label, src, data_dir in passes:
                assert src is not None
                spec = {"tasks": None if args.all else args.tasks, "workers": args.workers}
                row = run_pass(HERE, label, src.resolve(), data_dir, spec)
                runs.setdefault(label, []).append(row)
                print(f"  {label}: {row['seconds']:.1f} s, {row['cpu']:.1f} CPU s, floor {row['floor']:.2f} s "
                      f"(load {os.getloadavg()[0]:.2f})", flush=True)
    sandbox = next(iter(runs.values()))[0]["sandbox"]
    print(f"sandbox {sandbox}; load average at the end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    report(runs, "baseline" if baseline else None)


if __name__ == "__main__":
    main()
