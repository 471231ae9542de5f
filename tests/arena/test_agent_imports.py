"""What an arena agent may import: the standard library and centaur_arena, as the paper's agents had
the platform and its library only; numpy, pandas or anything else installed fails with the rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from centaurlab.arena import AgentSource, Timeouts, default_match_config, play_match
from centaurlab.arena.generate._failures import error_kind
from centaurlab.sandbox import bwrap_works

from .faulty import _BASE, HONEST_ENOUGH

pytestmark = pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")


def _agent(name: str, imports: str) -> AgentSource:
    return AgentSource(name, imports + "\n" + _BASE.replace("{bid}", "pass").replace("{plan}", "pass"))


def _play(agent: AgentSource):  # type: ignore[no-untyped-def]
    config = replace(default_match_config("france", 3, 5), timeouts=Timeouts(setup_s=10, bid_s=5, plan_s=10))
    return play_match(config, [agent, HONEST_ENOUGH])


@pytest.mark.parametrize("module", ["numpy", "pandas"])
def test_an_agent_importing_an_installed_package_loses_naming_the_rule(module: str) -> None:
    record = _play(_agent(f"with_{module}", f"import {module}"))
    (failure,) = record.failures
    assert (failure.agent, failure.phase, failure.kind) == (0, "setup", "error")
    assert f"No module named '{module}'" in failure.reason
    assert "only the Python standard library and centaur_arena" in failure.reason
    assert error_kind(failure.reason) == "import_error"
    assert record.winner == 1


def test_an_agent_using_the_standard_library_plays() -> None:
    record = _play(_agent("stdlib", "import collections, heapq, itertools, json, statistics\nimport xml.dom"))
    assert record.failures == []
    assert len(record.auctions) == 3
