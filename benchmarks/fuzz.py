"""The long fuzz run of the web application (issue 40): every route, tens of thousands of generated requests
against a real server (`tests/web/fuzzing.py`, which `tests/web/test_fuzz.py` runs small in `make test`).
Printed: how many requests, how many answered 5xx, how many refused requests stored something, the answers'
statuses, and each finding (method, route, status, the start of the answer). Exit status 1 on any finding.

    python benchmarks/fuzz.py [--per-route 320]     (or `make fuzz`)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.fuzzing import fuzz, target  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--per-route", type=int, default=320, help="generated requests per route (67 routes)")
    args = parser.parse_args()
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as folder, target(Path(folder)) as (fuzzer, routes):
        fuzz(fuzzer, routes, args.per_route)
        errors = [f for f in fuzzer.findings if f.status >= 500]
        stored = [f for f in fuzzer.findings if f.status < 500]
        print(f"{fuzzer.requests} requests over {len(fuzzer.hit)} of {len(routes)} routes in "
              f"{time.monotonic() - start:.0f} s: {len(errors)} answered 5xx, {len(stored)} refused requests stored "
              "something")
        print("statuses: " + ", ".join(f"{code} x{n}" for code, n in sorted(fuzzer.statuses.items())))
        for f in fuzzer.findings:
            print(f"  {f.status} {f.method} {f.path}: {f.what[:160]!r}")
        return 1 if fuzzer.findings else 0


if __name__ == "__main__":
    sys.exit(main())
