"""The `new-agent` template is a fair starting point: it beats Naive and holds its own against Honest."""

from __future__ import annotations

from dataclasses import replace

import pytest

from centaurlab.arena import AgentSource, Timeouts, default_match_config, play_match, resolve_agent
from centaurlab.arena.agents import new_agent_source
from centaurlab.sandbox import bwrap_works

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")]
STARTER = AgentSource("starter", new_agent_source("starter"))


def _both_orders(opponent: str) -> tuple[int, int, float, float]:
    """(template wins, opponent wins, template profit, opponent profit) over both company orders."""
    config = replace(default_match_config("france", 12, 3), timeouts=Timeouts(10, 5, 30))
    wins, losses, mine, theirs = 0, 0, 0.0, 0.0
    for order in (0, 1):
        agents = [STARTER, resolve_agent(opponent)]
        if order:
            agents.reverse()
        record = play_match(config, agents)
        assert not record.failures, record.failures
        me = record.agents.index("starter")
        wins += record.winner == me
        losses += record.winner == 1 - me
        mine += record.profits[me] or 0.0
        theirs += record.profits[1 - me] or 0.0
    return wins, losses, mine, theirs


def test_the_template_beats_naive_and_holds_its_own_against_honest() -> None:
    wins, losses, mine, theirs = _both_orders("naive")
    assert (wins, losses) == (2, 0) and mine > theirs
    wins, losses, mine, theirs = _both_orders("honest")
    assert wins >= losses and mine > theirs
