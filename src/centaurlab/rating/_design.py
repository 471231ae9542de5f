"""Who took part in each session, as integer codes.

The solvers index arrays, so names are turned into codes once, here, and kept alongside for
reporting. Parameters are laid out in one global order: the *dense* block (agents, then tasks)
followed by the humans. Humans come last because they are the block that gets eliminated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ._errors import RatingError
from ._types import BoolArray, IntArray, Kind


def codes_of(labels: Sequence[object] | np.ndarray) -> tuple[IntArray, tuple[str, ...]]:
    arr = np.asarray(labels, dtype=object).astype(str)
    names, inverse = np.unique(arr, return_inverse=True)
    return inverse.astype(np.int64).ravel(), tuple(str(n) for n in names)


def _check_codes(codes: IntArray, n: int, what: str) -> None:
    if codes.size and (codes.min() < 0 or codes.max() >= n):
        raise RatingError(f"{what} codes must lie in 0..{n - 1}")


@dataclass(frozen=True)
class SessionDesign:
    """One agent, one human and optionally one task per session."""

    agent: IntArray
    human: IntArray
    task: IntArray | None
    agent_names: tuple[str, ...]
    human_names: tuple[str, ...]
    task_names: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        n = self.agent.shape[0]
        if n == 0:
            raise RatingError("no sessions to rate: the data are empty")
        if self.agent.ndim != 1 or self.human.shape != (n,):
            raise RatingError("agent and human codes must be 1-d arrays of the same length")
        _check_codes(self.agent, len(self.agent_names), "agent")
        _check_codes(self.human, len(self.human_names), "human")
        if self.task is not None:
            if self.task.shape != (n,):
                raise RatingError("task codes must have one entry per session")
            _check_codes(self.task, len(self.task_names), "task")

    @classmethod
    def from_labels(
        cls,
        agents: Sequence[object] | np.ndarray,
        humans: Sequence[object] | np.ndarray,
        tasks: Sequence[object] | np.ndarray | None = None,
    ) -> SessionDesign:
        """Codes from names (sorted, so the same data always give the same codes)."""
        a, a_names = codes_of(agents)
        h, h_names = codes_of(humans)
        if h.shape != a.shape:
            raise RatingError("agents and humans must have one entry per session")
        if tasks is None:
            return cls(a, h, None, a_names, h_names)
        t, t_names = codes_of(tasks)
        return cls(a, h, t, a_names, h_names, t_names)

    @classmethod
    def from_codes(
        cls,
        agent: IntArray | Sequence[int],
        human: IntArray | Sequence[int],
        task: IntArray | Sequence[int] | None = None,
        *,
        n_agents: int | None = None,
        n_humans: int | None = None,
        n_tasks: int | None = None,
    ) -> SessionDesign:
        """Codes as given; entities are named by their number. Entities without sessions keep
        their prior."""
        a = np.asarray(agent, dtype=np.int64)
        h = np.asarray(human, dtype=np.int64)
        na = int(a.max()) + 1 if n_agents is None else n_agents
        nh = int(h.max()) + 1 if n_humans is None else n_humans
        if task is None:
            return cls(a, h, None, _numbered(na), _numbered(nh))
        t = np.asarray(task, dtype=np.int64)
        nt = int(t.max()) + 1 if n_tasks is None else n_tasks
        return cls(a, h, t, _numbered(na), _numbered(nh), _numbered(nt))

    @property
    def n_sessions(self) -> int:
        return int(self.agent.shape[0])

    @property
    def n_agents(self) -> int:
        return len(self.agent_names)

    @property
    def n_humans(self) -> int:
        return len(self.human_names)

    @property
    def n_tasks(self) -> int:
        return len(self.task_names) if self.task is not None else 0

    @property
    def n_dense(self) -> int:
        """Size of the block that stays dense after the humans are eliminated."""
        return self.n_agents + self.n_tasks

    def dense_columns(self) -> list[IntArray]:
        """For each session, its dense parameters: the agent, then (if any) the task."""
        cols = [self.agent]
        if self.task is not None:
            cols.append(self.task + self.n_agents)
        return cols

    def names(self, kind: Kind) -> tuple[str, ...]:
        return {"agent": self.agent_names, "human": self.human_names, "task": self.task_names}[kind]

    def codes(self, kind: Kind) -> IntArray:
        if kind == "task":
            if self.task is None:
                raise RatingError("these sessions have no task column")
            return self.task
        return self.agent if kind == "agent" else self.human

    def counts(self, kind: Kind) -> IntArray:
        """Sessions per entity of a kind."""
        n = len(self.names(kind))
        return np.bincount(self.codes(kind), minlength=n).astype(np.int64)

    def index(self, kind: Kind, name: str) -> int:
        try:
            return self.names(kind).index(name)
        except ValueError:
            raise RatingError(f"unknown {kind} {name!r}") from None

    def subset(self, keep: BoolArray) -> SessionDesign:
        """The same entities with only some sessions: entities left without sessions fall back
        to their prior, and every index keeps its meaning (so fits stay comparable)."""
        task = None if self.task is None else self.task[keep]
        return SessionDesign(
            self.agent[keep],
            self.human[keep],
            task,
            self.agent_names,
            self.human_names,
            self.task_names,
        )


def _numbered(n: int) -> tuple[str, ...]:
    return tuple(str(i) for i in range(n))
