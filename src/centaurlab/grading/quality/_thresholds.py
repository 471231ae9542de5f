"""Thresholds for the code-health rules.

The defaults are CodeScene's published defaults (see DESIGN.md, "Facts to build on") so that our
findings line up with what COMPASS reports; the duplication limits are ours, because CodeScene
does not publish its clone detector. Every rule reads its limits from here and nowhere else, so
one frozen value describes a whole analysis and can be stored next to its results.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Limits above (or at) which a rule reports a finding; see docs/quality.md."""

    #: Complex Method: cyclomatic complexity of one function strictly above this.
    method_complexity: int = 9
    #: Large Method: code lines of one function strictly above this.
    method_lines: int = 70
    #: Deep Nested Complexity: control structures nested this deep (or deeper).
    nesting_depth: int = 4
    #: Bumpy Road Ahead: a top-level chunk whose nesting reaches this depth is a bump ...
    bump_depth: int = 2
    #: ... and a function with this many bumps (or more) is a bumpy road.
    bumps: int = 2
    #: Complex Conditional: this many `and` / `or` operators (or more) in one condition.
    conditional_operators: int = 2
    #: Excess Number of Function Arguments: more than this many (self/cls not counted) ...
    function_arguments: int = 4
    #: ... or more than this many for a constructor (`__init__`).
    constructor_arguments: int = 5
    #: Overall Code Complexity: mean cyclomatic complexity of the file's functions above this.
    file_mean_complexity: float = 4.0
    #: Code Duplication: a repeated block must span at least this many code lines ...
    duplication_lines: int = 5
    #: ... and at least this many syntax nodes, so runs of trivial lines are not clones.
    duplication_nodes: int = 25

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise TypeError(f"Thresholds.{f.name} must be a number, got {value!r}")
            if value <= 0:
                raise ValueError(f"Thresholds.{f.name} must be positive, got {value!r}")

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> Thresholds:
        """Build from a config table (TOML/JSON), naming any unknown key and the valid ones."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise ValueError(
                f"unknown quality threshold(s) {', '.join(unknown)}; valid names are {', '.join(sorted(known))}"
            )
        return cls(**dict(values))

    def to_dict(self) -> dict[str, int | float]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
