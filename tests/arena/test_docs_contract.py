"""docs/arena.md's "An agent's contract": every python block of it is a whole agent, written to a
file as a reader would copy it, and played in the sandbox against every baseline (`try_agent`, what
`centaur arena try` runs). An example that stopped working, or a contract that drifted from what
the platform calls, fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from centaurlab.arena import BASELINES, try_agent
from centaurlab.sandbox import bwrap_works

pytestmark = pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unusable here")

DOC = Path(__file__).resolve().parents[2] / "docs" / "arena.md"
SECTION = "## An agent's contract"


def contract_blocks() -> list[str]:
    """The python code blocks of the contract section, in order."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    section = text[start:end if end >= 0 else None]
    return re.findall(r"^```python\n(.*?)^```$", section, flags=re.S | re.M)


def test_the_contract_section_has_whole_agents_using_fleet_and_schedule() -> None:
    blocks = contract_blocks()
    assert len(blocks) >= 2
    joined = "\n".join(blocks)
    assert "Fleet(world.topology, world.vehicles)" in joined and "Schedule(world.topology, world.vehicles)" in joined
    assert "final_plan(" in joined


@pytest.mark.parametrize("index", range(len(contract_blocks())))
def test_each_example_of_the_contract_plays_every_baseline_without_failing(index: int, tmp_path: Path) -> None:
    agent = tmp_path / f"docs_agent_{index}.py"
    agent.write_text(contract_blocks()[index], encoding="utf-8")
    trial = try_agent(agent, n_tasks=6, seed=3)
    assert [m.opponent for m in trial.matches] == list(BASELINES)
    failures = {m.opponent: m.failure for m in trial.matches if m.failure is not None}
    assert failures == {}
    # the agent really played: it won tasks and planned them, in some matches at least
    assert sum(m.tasks_won for m in trial.matches) > 0
    assert all(m.profit is not None and m.opponent_profit is not None for m in trial.matches)
