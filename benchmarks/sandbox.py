"""How much a judged, sandboxed run costs, against a bare interpreter measured in the same run.

Prints the ratios issue 10 sets as goals:

- an empty submission judged in a warm box vs a bare `python -c pass`          (goal <= 1.0x)
- a whole 11-test study task (study/even_odd_count) vs the same baseline x 2   (goal <= 1.0x, i.e. <= 2x)
- a pandas task (study/table_transform_named) vs a bare `python -c "import pandas"` (goal <= 1.5x)
- throughput on all cores: judged empty submissions per second vs bare interpreters per second
  (goal >= 1.0x)

Latencies are medians with the warm pool full before each run (`--cold` also times boxes
started on demand); throughput runs back to back, so the pool refills while it is used.

    python benchmarks/sandbox.py [--repeat 20]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from centaurlab.sandbox import BoxKind, BwrapBackend, Limits, Suite, default_pool, run_program, run_suite
from centaurlab.tasks import load_bank

BOX = BwrapBackend()


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def median_seconds(fn: Callable[[], object], repeat: int, before: Callable[[], None] = lambda: None) -> float:
    before()
    fn()  # warm caches
    times = []
    for _ in range(repeat):
        before()
        times.append(timed(fn))
    return statistics.median(times)


def bare(*code: str) -> Callable[[], None]:
    return lambda: subprocess.run([sys.executable, "-c", *code], check=True)


def pool_full(kind: BoxKind) -> Callable[[], None]:
    """Wait (up to 10 s) until the pool holds its target of warm boxes of `kind`."""

    def wait() -> None:
        pool = default_pool()
        pool.warm(BOX, kind)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            row = next((r for r in pool.status() if r.kind == kind), None)
            if row is not None and row.ready >= row.target:
                return
            time.sleep(0.01)

    return wait


def judged_empty() -> None:
    """An empty submission through the judge: a box claimed, the submission loaded, discarded."""
    box = default_pool().claim(BOX, BoxKind("bwrap"), Limits())
    box.deadline = time.monotonic() + 10
    box.request("load", source="", cpu_seconds=10, memory_bytes=1024 * 2**20)
    box.discard()


def suite_of(bank_task: str) -> Callable[[], None]:
    task = load_bank("study").tasks[bank_task]

    def run() -> None:
        report = run_suite(task, task.reference_source, Suite.tests, backend=BOX)
        assert report.all_passed, report.to_dict()

    return run


def per_second(fn: Callable[[], object], n: int, workers: int) -> float:
    start = time.perf_counter()
    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(lambda _: fn(), range(n)))
    return n / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--cold", action="store_true", help="also time a box started on demand (no pool)")
    args = parser.parse_args()
    plain, pandas = BoxKind("bwrap"), BoxKind("bwrap", ("pandas",))
    base = median_seconds(bare("pass"), args.repeat)
    base_pandas = median_seconds(bare("import pandas"), max(5, args.repeat // 4))
    empty = median_seconds(judged_empty, args.repeat, pool_full(plain))
    study = median_seconds(suite_of("even_odd_count"), args.repeat, pool_full(plain))
    frames = median_seconds(suite_of("table_transform_named"), max(5, args.repeat // 4), pool_full(pandas))
    rows = [
        ("bare python -c pass (baseline)", base, base, ""),
        ("empty submission, judged in a warm box", empty, base, "<= 1.0"),
        ("study/even_odd_count, 11 tests (vs 2 x baseline)", study, 2 * base, "<= 1.0"),
        ('bare python -c "import pandas" (baseline)', base_pandas, base_pandas, ""),
        ("study/table_transform_named, 11 tests, pandas", frames, base_pandas, "<= 1.5"),
    ]
    if args.cold:
        rows.append(("empty program, bwrap, started on demand", median_seconds(
            lambda: run_program("pass", Limits(), backend=BOX), args.repeat), base, ""))  # fmt: skip
    print(f"{'what':52} {'median ms':>10} {'ratio':>7} {'goal':>7}")
    for name, seconds, against, goal in rows:
        print(f"{name:52} {seconds * 1000:10.1f} {seconds / against:7.2f} {goal:>7}")

    cores = os.cpu_count() or 1
    n = args.repeat * cores * 2
    pool_full(plain)()
    judged = per_second(judged_empty, n, cores)
    suites = per_second(suite_of("even_odd_count"), n, cores)
    bare_rate = per_second(bare("pass"), n, cores)
    print(f"\nper second on {cores} cores, {n} runs each, back to back:")
    print(f"{'bare python -c pass':52} {bare_rate:10.1f}")
    print(f"{'empty submissions, judged':52} {judged:10.1f} {judged / bare_rate:7.2f} {'>= 1.0':>7}")
    print(f"{'study/even_odd_count suites, judged':52} {suites:10.1f} {suites / bare_rate:7.2f}")
    for row in default_pool().status():
        print(f"pool {row.kind.preload or ('plain',)}: claimed {row.claimed}, warm {row.warm_hits}, "
              f"started {row.started}, discarded {row.discarded}")  # fmt: skip


if __name__ == "__main__":
    main()
