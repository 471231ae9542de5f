"""How much a sandboxed run costs.

Times, in one run on this machine: a bare `python -c pass` (the baseline), the same empty
program in the bwrap sandbox and in the rlimit fallback, and a full study-task test suite
(reference solution, every correctness test) in the sandbox; then sandboxed runs per second
with one worker per core. Prints each time as a ratio to the baseline.

    python benchmarks/sandbox.py [--repeat 30]
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

from centaurlab.sandbox import BwrapBackend, Limits, RlimitBackend, Suite, run_program, run_suite
from centaurlab.tasks import load_bank


def median_seconds(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm caches
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bare_python() -> None:
    subprocess.run([sys.executable, "-c", "pass"], check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--task", default="even_odd_count", help="a task of the study bank")
    args = parser.parse_args()

    task = load_bank("study").tasks[args.task]
    box, loose = BwrapBackend(), RlimitBackend()
    limits = Limits()

    def suite() -> None:
        report = run_suite(task, task.reference_source, Suite.tests, backend=box)
        assert report.all_passed, report.to_dict()

    base = median_seconds(bare_python, args.repeat)
    rows = [
        ("bare python -c pass (baseline)", base),
        (
            "empty program, rlimit backend",
            median_seconds(lambda: run_program("pass", limits, backend=loose), args.repeat),
        ),
        ("empty program, bwrap sandbox", median_seconds(lambda: run_program("pass", limits, backend=box), args.repeat)),
        (f"study/{args.task}: {len(task.tests)} tests, bwrap", median_seconds(suite, args.repeat)),
    ]
    print(f"{'what':45} {'median ms':>10} {'x baseline':>11}")
    for name, seconds in rows:
        print(f"{name:45} {seconds * 1000:10.1f} {seconds / base:11.1f}")

    cores = os.cpu_count() or 1
    n = args.repeat * cores
    start = time.perf_counter()
    with ThreadPoolExecutor(cores) as pool:
        list(pool.map(lambda _: run_program("pass", limits, backend=box), range(n)))
    per_second = n / (time.perf_counter() - start)
    start = time.perf_counter()
    with ThreadPoolExecutor(cores) as pool:
        list(pool.map(lambda _: bare_python(), range(n)))
    bare_per_second = n / (time.perf_counter() - start)
    print(
        f"\nsandboxed empty runs per second on {cores} cores: {per_second:.1f} "
        f"(bare python: {bare_per_second:.1f}, ratio {bare_per_second / per_second:.1f}x)"
    )


if __name__ == "__main__":
    main()
