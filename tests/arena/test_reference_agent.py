"""The reference agent beats every baseline of the paper over a seeded pair of matches (both sides)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from centaurlab.arena import BASELINES, Timeouts, default_match_config, play_match, resolve_agent
from centaurlab.sandbox import bwrap_works

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")]


@pytest.mark.parametrize("baseline", BASELINES)
def test_reference_beats_the_baseline_over_both_company_orders(baseline: str) -> None:
    """Companies differ (each has its own fleet, as in the paper), so one side of a world can be the
    harder one: what counts is the pair of matches with the companies swapped."""
    config = replace(default_match_config("france", 30, 4), timeouts=Timeouts(10, 5, 30))  # room to converge
    wins, ours, theirs = 0, 0.0, 0.0
    for order in (0, 1):
        agents = [resolve_agent("reference"), resolve_agent(baseline)]
        if order:
            agents.reverse()
        record = play_match(config, agents)
        assert not record.failures, record.failures
        me = record.agents.index("reference")
        wins += record.winner == me
        ours += record.profits[me] or 0.0
        theirs += record.profits[1 - me] or 0.0
    assert wins >= 1 and ours > theirs, (wins, ours, theirs)
