"""What the platform tells an agent, as JSON: the world at setup, tasks, auction results."""

from __future__ import annotations

import hashlib
from dataclasses import asdict
from typing import Any

from ._topology import Topology
from ._world import MatchConfig, Task


def task_json(task: Task) -> dict[str, int]:
    """A task as agents see it (the reward of Logist distributions is not theirs to know)."""
    return {"id": task.id, "pickup": task.pickup, "delivery": task.delivery, "weight": task.weight}


def agent_seed(match_seed: int, company: int) -> int:
    """A seed of its own for each company's agent, derived from the match's (for replays)."""
    digest = hashlib.sha256(f"agent:{match_seed}:{company}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def _topology_json(topology: Topology) -> dict[str, Any]:
    n = len(topology.cities)
    return {
        "name": topology.name,
        "cities": [c.name for c in topology.cities],
        "routes": [[r.a, r.b, r.km] for r in topology.routes],
        "distance": [[topology.distance(a, b) for b in range(n)] for a in range(n)],
    }


def _distribution_json(config: MatchConfig, topology: Topology) -> dict[str, Any]:
    dist = config.distribution
    n = len(topology.cities)
    return {
        "kind": dist.kind,
        "pickup": [dist.pickup_probability(topology, i) for i in range(n)],
        "probability": [[dist.probability(topology, i, j) for j in range(n)] for i in range(n)],
        "weight_min": dist.weight_min,
        "weight_max": dist.max_weight(),
        "expected_weight": dist.expected_weight(topology),
    }


def world_json(config: MatchConfig, topology: Topology, company: int) -> dict[str, Any]:
    """Everything `setup` gives the agent of `company`: map, distribution, its own fleet, limits."""
    return {
        "topology": _topology_json(topology),
        "distribution": _distribution_json(config, topology),
        "vehicles": [asdict(v) for v in config.companies[company].vehicles],
        "index": company,
        "n_companies": len(config.companies),
        "timeouts": asdict(config.timeouts),
        "seed": agent_seed(config.seed, company),
    }
