"""Benchmark: the coverage of every 95% interval the reports print, and their false-claim rate.

    python benchmarks/calibration.py --quick     # a few minutes on 2 cores: 6-400 simulations per line
    python benchmarks/calibration.py             # the full run: five times as many (the table in RESULTS.md)
    python benchmarks/calibration.py --only rate --size small --json

Each line simulates data sets from a known truth, at the papers' sizes and at a pilot's, through
the public function the report calls (`centaurlab.calibration`, docs/calibration.md), and prints
the share of 95% intervals that covered the truth and the share of null data sets (nothing
differs) on which a "best", "supported" or "disagrees" claim would have been written, each with
its 95% Monte-Carlo interval and the number of simulations. Goal: coverage 93-97%, false claims
at most 5%.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from datetime import date

from centaurlab.calibration import FULL, Check, as_json, estimator_names, run
from centaurlab.stats import audit


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="the quick run (the full run makes "
                        f"{FULL} times as many simulations)")
    parser.add_argument("--only", nargs="*", default=[], help=f"estimators: {', '.join(estimator_names())}")
    parser.add_argument("--size", choices=["small", "paper", "both"], default="both")
    parser.add_argument("--simulations", type=int, default=None, help="the same number for every line")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print JSON instead of lines")
    args = parser.parse_args(argv)
    sizes = ("small", "paper") if args.size == "both" else (args.size,)
    started = time.perf_counter()
    if not args.json:
        print(f"calibration ({'quick' if args.quick else 'full'} run), {date.today()}, {os.cpu_count()} cores, "
              f"Python {platform.python_version()}, seed {args.seed}")

    def show(check: Check) -> None:
        if not args.json:
            print(check.line(), flush=True)

    checks = run(args.only, sizes, full=not args.quick, simulations=args.simulations, seed=args.seed,
                 progress=show)
    if args.json:
        out = as_json(checks, args.seed)
        problems = audit(out)
        if problems:
            print("\n".join(problems), file=sys.stderr)
            return 1
        print(json.dumps(out, indent=2))
        return 0
    misses = [c for c in checks if c.verdict != "ok"]
    print(f"{len(checks)} lines in {time.perf_counter() - started:.0f} s; {len(misses)} outside the goal "
          "(coverage 93-97%, false claims <= 5%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
