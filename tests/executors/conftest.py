"""One real two-node Ray cluster for the whole test session, started only if a test asks for it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .cluster import two_node_cluster


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[tuple[str, Path]]:
    """(address, temp dir) of a head and a second node, one CPU each, on this machine; stopped at the end."""
    pytest.importorskip("ray")
    with two_node_cluster() as cluster:
        yield cluster

