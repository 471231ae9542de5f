"""Errors of the rating models: each says what is wrong with the input and how to fix it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..errors import InvalidInput


class RatingError(InvalidInput, ValueError):
    """Input that a rating model cannot use (wrong shapes, non-finite scores, bad settings)."""


@dataclass(frozen=True)
class Component:
    """One connected part of a comparison graph.

    Entities in different components were never compared, directly or through others, so the
    data say nothing about how their skills relate: only the prior would rank them.
    """

    members: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return sum(len(names) for names in self.members.values())

    def describe(self, limit: int = 5) -> str:
        parts = []
        for kind, names in self.members.items():
            shown = ", ".join(names[:limit])
            more = f" (+{len(names) - limit} more)" if len(names) > limit else ""
            parts.append(f"{len(names)} {kind}(s): {shown}{more}")
        return "; ".join(parts)

    def as_dict(self) -> dict[str, list[str]]:
        return {kind: list(names) for kind, names in self.members.items()}


class DisconnectedGraphError(RatingError):
    """The comparison graph falls apart, so a single ranking across it would be made up."""

    def __init__(self, graph: str, components: Sequence[Component]) -> None:
        self.graph = graph
        self.components = tuple(components)
        lines = [
            f"the {graph} graph has {len(self.components)} separate components; skills in "
            "different components are never compared, so one ranking across them would be "
            "decided by the prior alone:"
        ]
        lines += [f"  component {i + 1}: {c.describe()}" for i, c in enumerate(self.components)]
        lines.append(
            "fix: add sessions that link the components, rate each component on its own, "
            "or accept it explicitly (allow_disconnected=True / --allow-disconnected)"
        )
        super().__init__("\n".join(lines))
