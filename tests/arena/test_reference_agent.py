"""The reference agent beats every baseline of the paper on a small seeded set of matches."""

from __future__ import annotations

from dataclasses import replace

import pytest

from centaurlab.arena import BASELINES, Timeouts, default_match_config, play_match, resolve_agent
from centaurlab.sandbox.bwrap import bwrap_works

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")]


@pytest.mark.parametrize("baseline", BASELINES)
def test_reference_beats_the_baseline_in_both_company_orders(baseline: str) -> None:
    config = replace(default_match_config("france", 30, 4), timeouts=Timeouts(10, 5, 10))
    for order in (0, 1):
        agents = [resolve_agent("reference"), resolve_agent(baseline)]
        if order:
            agents.reverse()
        record = play_match(config, agents)
        assert not record.failures, record.failures
        assert record.agents[record.winner] == "reference", (order, record.profits)  # type: ignore[index]
