"""A match as a job: plain JSON in (configuration, agent sources, sandbox backend), the record out.

It travels to any executor (a process of this machine, a Ray worker elsewhere); the match starts
its agents as sandboxed processes wherever it runs, and the record comes back to the driver.
"""

from __future__ import annotations

from typing import Any

# {"key": [...], "config": MatchConfig.to_dict(), "agents": [[name, source, helpers], ...], "backend": str}
Job = dict[str, Any]


def play_job(job: Job) -> dict[str, Any]:
    """Play one match job; returns MatchRecord.to_dict(). Runs in a worker process."""
    from ..sandbox import get_backend
    from ._agent_process import AgentSource
    from ._match import play_match
    from ._world import MatchConfig

    agents = [AgentSource(name, source, *rest) for name, source, *rest in job["agents"]]
    return play_match(MatchConfig.from_dict(job["config"]), agents, backend=get_backend(job["backend"])).to_dict()
