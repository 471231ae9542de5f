"""Connected components of comparison graphs.

Ranking across components is decided by the prior alone, so the fits refuse it unless asked
(and then say so). Only entities that took part in something are nodes: an entity without data
is not a component, it is just its prior.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components

from ._design import SessionDesign
from ._errors import Component
from ._types import IntArray


def _components(n_nodes: int, src: IntArray, dst: IntArray) -> tuple[int, IntArray, np.ndarray]:
    """Labels of the components of an undirected graph, over the nodes that have edges."""
    ones = np.ones(src.shape[0])
    graph = sp.coo_matrix((ones, (src, dst)), shape=(n_nodes, n_nodes)).tocsr()
    _, labels = connected_components(graph, directed=False)
    used = np.zeros(n_nodes, dtype=bool)
    used[src] = True
    used[dst] = True
    # relabel the used nodes' components 0..k-1, largest first, for stable reporting
    uniq, inverse, sizes = np.unique(labels[used], return_inverse=True, return_counts=True)
    order = np.argsort(-sizes, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    out = np.full(n_nodes, -1, dtype=np.int64)
    out[used] = rank[inverse]
    return int(uniq.size), out, used


def session_components(design: SessionDesign) -> list[Component]:
    """Components of the bipartite human-agent graph (one edge per session)."""
    na = design.n_agents
    n, labels, _ = _components(na + design.n_humans, design.agent, design.human + na)
    comps = []
    for c in range(n):
        agents = tuple(design.agent_names[i] for i in np.flatnonzero(labels[:na] == c))
        humans = tuple(design.human_names[i] for i in np.flatnonzero(labels[na:] == c))
        comps.append(Component({"agent": agents, "human": humans}))
    return comps


def player_components(n_players: int, first: IntArray, second: IntArray, names: Sequence[str]) -> list[Component]:
    """Components of a head-to-head graph (one edge per match)."""
    n, labels, _ = _components(n_players, first, second)
    return [Component({"player": tuple(names[int(i)] for i in np.flatnonzero(labels == c))}) for c in range(n)]
