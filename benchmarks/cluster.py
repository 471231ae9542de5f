"""Local pool vs Ray on a two-node cluster of this machine: throughput, per-job overhead, and what a
COMPASS-sized study would cost on 1, 8 and 64 nodes of 8 cores.

In one run, on the same jobs:
  1. per-job overhead: N empty jobs through each executor (a local thread pool; the Ray cluster);
  2. throughput: full gradings (correctness, efficiency in time mode, quality) of the references and
     known-bad solutions of the first tasks of `algo`, on the local pool of 2 threads and on the
     cluster (two `ray start` nodes of one CPU each, so the same 2 slots); the grades must be equal;
  3. the parts of a sample's cost that do not move with the executor: one task's reference
     measurement (once per task and machine: the figures are kept), and the driver's store writes
     per sample.
The baseline of every ratio is the local pool, measured in the same run.

    python benchmarks/cluster.py                # 4 tasks
    python benchmarks/cluster.py --tasks 2 --noop 100
    python benchmarks/cluster.py --grading-core-s 5.53   # also: the estimate at a quiet machine's rate
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the test suite's two-node cluster helper

from centaurlab import store  # noqa: E402
from centaurlab.bench import BenchSpec, SampleKey, open_run, save_sample  # noqa: E402
from centaurlab.executors import Executor, LocalExecutor, RayExecutor, run_all  # noqa: E402
from centaurlab.grading import (  # noqa: E402
    EfficiencyConfig,
    GradeConfig,
    GradeJob,
    GradeOutcome,
    measure_reference,
    run_grade_job,
)
from centaurlab.tasks import load_bank  # noqa: E402
from tests.executors.cluster import two_node_cluster  # noqa: E402

COMPASS = {"tasks": 50, "samples": 64, "framings": 4, "models": 3}


def noop(job: int) -> int:
    return job


def grading_jobs(n_tasks: int) -> list[tuple[str, GradeJob]]:
    bank = load_bank("algo")
    config = GradeConfig(EfficiencyConfig(measure="time"))
    jobs = []
    for task_id in sorted(bank.tasks)[:n_tasks]:
        task = bank.tasks[task_id]
        jobs.append((f"{task_id}/reference", GradeJob(task, task.reference_source, config)))
        jobs += [(f"{task_id}/{bad.file}", GradeJob(task, (task.path / bad.file).read_text(), config))
                 for bad in task.meta.known_bad]  # fmt: skip
    return jobs


def timed(executor: Executor, fn: Any, jobs: list[tuple[str, Any]]) -> tuple[float, dict[str, Any]]:
    results: dict[str, Any] = {}
    start = time.perf_counter()
    run_all(executor, fn, jobs, results.__setitem__)
    return time.perf_counter() - start, results


def scores(results: dict[str, GradeOutcome]) -> dict[str, tuple[Any, ...]]:
    return {k: tuple((o.grade or {}).get(d) for d in ("correctness", "efficiency", "quality", "composite"))
            for k, o in results.items()}  # fmt: skip


def store_write_seconds(n: int) -> float:
    """Seconds per sample of the driver's writes (a generated row, then its grade in the grading store and the
    sample's reference to it), SQLite in WAL mode."""
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'w.db'}"
        store.upgrade(url)
        spec = BenchSpec(models=("local",), bank="algo", samples=n)
        run_id = open_run(url, spec)
        grade = {"task": "t", "bank": "algo", "correctness": 100.0, "efficiency": 100.0, "quality": 90.0,
                 "composite": 96.7, "human_percentile": None, "detail": "x" * 2000}
        config = spec.grade_config().key()
        start = time.perf_counter()
        for i in range(n):
            key = SampleKey("local", "t", "neutral", i)
            save_sample(url, run_id, key, status="generated", answer="a" * 1500, code="c" * 800, error=None,
                        latency_s=1.0, completion_tokens=300)  # fmt: skip
            with store.session_scope(url) as session:
                grade_id = store.record_grade(session, grade, source="c" * 799 + str(i), config=config).id
            save_sample(url, run_id, key, status="graded", grade_id=grade_id)
        return (time.perf_counter() - start) / n


def estimate(per_core_s: float, ref_s: float, overhead_s: float, write_s: float, endpoint_per_min: float) -> None:
    samples = COMPASS["tasks"] * COMPASS["samples"] * COMPASS["framings"] * COMPASS["models"]
    per_model = samples // COMPASS["models"]
    endpoint_min = per_model / endpoint_per_min  # the three models' endpoints work in parallel
    store_min = samples * write_s / 60
    print(f"\nCOMPASS protocol: {samples} samples ({COMPASS['tasks']} tasks x {COMPASS['samples']} samples x "
          f"{COMPASS['framings']} framings x {COMPASS['models']} models)")
    print(f"per grading {per_core_s:.2f} core-s, reference {ref_s:.2f} core-s (once per task and machine), "
          f"Ray overhead {overhead_s * 1000:.1f} ms/job, store {write_s * 1000:.2f} ms/sample, "
          f"endpoint {endpoint_per_min:.0f} answers/min per model")
    print(f"{'nodes':>5} {'cores':>6} {'grading min':>12} {'references min':>15} {'endpoint min':>13} "
          f"{'store min':>10} {'total min':>10}  bound by")
    for nodes in (1, 8, 64):
        cores = nodes * 8
        refs = nodes * COMPASS["tasks"]  # kept per machine: each node measures each task once, its workers share it
        grading_min = samples * (per_core_s + overhead_s) / cores / 60
        ref_min = refs * ref_s / cores / 60
        parts = {"grading": grading_min + ref_min, "endpoint": endpoint_min, "store": store_min}
        total = max(parts.values())
        print(f"{nodes:5d} {cores:6d} {grading_min:12.1f} {ref_min:15.1f} {endpoint_min:13.1f} {store_min:10.1f} "
              f"{total:10.1f}  {max(parts, key=lambda k: parts[k])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", type=int, default=4, help="grade the solutions of the first N algo tasks")
    parser.add_argument("--noop", type=int, default=200, help="empty jobs for the per-job overhead")
    parser.add_argument("--endpoint-per-min", type=float, default=240.0,
                        help="answers per minute one model endpoint gives (for the estimate)")
    parser.add_argument("--grading-core-s", type=float, default=None,
                        help="also estimate from this per-grading cost (core-seconds), e.g. a quiet machine's figure")
    args = parser.parse_args()
    jobs = grading_jobs(args.tasks)
    empties = [(str(i), i) for i in range(args.noop)]
    print(f"{len(jobs)} gradings of {args.tasks} algo tasks, {args.noop} empty jobs; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    local = LocalExecutor(2)
    timed(local, run_grade_job, jobs[:2])  # warm: the first sandbox start-ups, outside the timing
    local_noop, _ = timed(local, noop, empties)
    local_s, local_results = timed(local, run_grade_job, jobs)
    local.close()

    started = time.perf_counter()
    with two_node_cluster() as (address, _temp):
        up_s = time.perf_counter() - started
        cluster = RayExecutor(address)
        try:
            timed(cluster, run_grade_job, jobs[:2])  # warm: Ray's worker processes and their sandboxes
            ray_noop, _ = timed(cluster, noop, empties)
            ray_s, ray_results = timed(cluster, run_grade_job, jobs)
            nodes = len(cluster.nodes())
        finally:
            cluster.close()
    same = scores(local_results) == scores(ray_results)
    print(f"two-node cluster up in {up_s:.1f} s ({nodes} nodes, 1 CPU each)")
    print(f"\n{'executor':22} {'empty job ms':>13} {'gradings/min':>13} {'seconds':>8}")
    print(f"{'local (2 threads)':22} {local_noop / args.noop * 1000:13.2f} {len(jobs) / local_s * 60:13.1f} "
          f"{local_s:8.1f}")  # fmt: skip
    print(f"{'ray (2 nodes x 1 CPU)':22} {ray_noop / args.noop * 1000:13.2f} {len(jobs) / ray_s * 60:13.1f} "
          f"{ray_s:8.1f}")  # fmt: skip
    print(f"\nratios ray/local: per-job overhead {ray_noop / local_noop:.0f}x, throughput "
          f"{local_s / ray_s:.2f}x; grades equal job for job: {same}")

    task = jobs[0][1].task
    start = time.perf_counter()
    measure_reference(task, jobs[0][1].config.efficiency)
    ref_s = time.perf_counter() - start
    write_s = store_write_seconds(200)
    per_core_s = ray_s * 2 / len(jobs)  # 2 slots busy for ray_s
    overhead = max(0.0, (ray_noop - local_noop) / args.noop)
    estimate(per_core_s, ref_s, overhead, write_s, args.endpoint_per_min)
    if args.grading_core_s:
        print(f"\nthe same from a per-grading cost of {args.grading_core_s:.2f} core-s (given, not measured here):")
        estimate(args.grading_core_s, ref_s * args.grading_core_s / per_core_s, overhead, write_s,
                 args.endpoint_per_min)  # fmt: skip


if __name__ == "__main__":
    main()
