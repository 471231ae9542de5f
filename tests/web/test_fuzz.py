"""Every route of the web application fuzzed against a real server (`fuzzing.py`): a few requests to each,
the same on every run (derandomized), and not one answer a 5xx, not one refused request that stored something.
The long run, tens of thousands of requests, is `benchmarks/fuzz.py` (its result in benchmarks/RESULTS.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.web.fuzzing import fuzz, target

PER_ROUTE = 5  # about 300 requests over the application's routes


@pytest.mark.slow
def test_no_route_answers_5xx_or_stores_a_refused_request(tmp_path: Path) -> None:
    with target(tmp_path) as (fuzzer, routes):
        fuzz(fuzzer, routes, PER_ROUTE)
        assert len(routes) >= 60  # every route was found, pages and forms as well as the JSON API
        assert fuzzer.hit == {(r.method, r.template) for r in routes}
        assert fuzzer.requests >= PER_ROUTE * len(routes) // 2  # Hypothesis may run out of new examples early
        assert fuzzer.findings == [], "\n".join(f"{f.status} {f.method} {f.path}: {f.what}"
                                                for f in fuzzer.findings[:30])
