"""Coding of sessions, input checks and the human-agent graph's components."""

from __future__ import annotations

import numpy as np
import pytest

from centaurlab.rating import (
    DisconnectedGraphError,
    RatingError,
    SessionDesign,
    fit_sessions,
)
from centaurlab.rating._graph import session_components


def test_labels_become_sorted_codes() -> None:
    d = SessionDesign.from_labels(["gpt", "claude", "gpt"], ["bo", "al", "al"], ["t2", "t1", "t1"])
    assert d.agent_names == ("claude", "gpt") and list(d.agent) == [1, 0, 1]
    assert d.human_names == ("al", "bo") and list(d.human) == [1, 0, 0]
    assert d.n_dense == 4 and [list(c) for c in d.dense_columns()] == [[1, 0, 1], [3, 2, 2]]
    assert list(d.counts("human")) == [2, 1]
    assert d.index("agent", "gpt") == 1
    with pytest.raises(RatingError, match="unknown agent"):
        d.index("agent", "llama")


def test_bad_inputs_are_named() -> None:
    with pytest.raises(RatingError, match="empty"):
        SessionDesign.from_labels([], [])
    with pytest.raises(RatingError, match="one entry per session"):
        SessionDesign.from_labels(["a", "b"], ["x"])
    d = SessionDesign.from_labels(["a", "b"], ["x", "x"])
    with pytest.raises(RatingError, match="finite"):
        fit_sessions(d, [1.0, float("nan")])
    with pytest.raises(RatingError, match="2 scores"):
        fit_sessions(d, [1.0])
    with pytest.raises(RatingError, match="positive"):
        fit_sessions(d, [1.0, 2.0], noise_sigma=0.0)


def test_disconnected_graph_reports_its_components() -> None:
    agents = ["a", "a", "b", "c", "c", "d"]
    humans = ["h1", "h2", "h2", "h3", "h4", "h4"]
    d = SessionDesign.from_labels(agents, humans)
    comps = session_components(d)
    assert [dict(c.members) for c in comps] == [
        {"agent": ("a", "b"), "human": ("h1", "h2")},
        {"agent": ("c", "d"), "human": ("h3", "h4")},
    ]
    y = np.arange(6, dtype=float) * 10
    with pytest.raises(DisconnectedGraphError) as err:
        fit_sessions(d, y)
    text = str(err.value)
    assert "2 separate components" in text and "c, d" in text and "fix:" in text
    assert fit_sessions(d, y, allow_disconnected=True).mu("agent").shape == (4,)


def test_connected_graph_has_one_component() -> None:
    d = SessionDesign.from_labels(["a", "b", "a"], ["h1", "h1", "h2"])
    assert len(session_components(d)) == 1
