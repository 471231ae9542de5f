"""What the analyses read: graded sessions (people's and the autonomous baseline's), the surveys and
the behaviour codes, as plain rows; from the store or from the synthetic study alike."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._fluency_check import FluencyValidation

MIN_PAIRS = 2
"""People who answered an attitude item before and after, for its paired test."""
MIN_RATED = 3
"""Rated people with a pre-survey answer, for a correlation with skill."""
MIN_CODED = 3
"""Sessions with fluency codes (and per indicator, sessions where it is observed), for the behaviours."""


@dataclass
class Obs:
    session: str
    human: str
    """The participant's id; "none" for the autonomous baseline."""
    agent: str
    task: str
    difficulty: str
    score: float
    kind: str = "human"  # human | autonomous
    user_turns: int = 0
    codes: dict[str, bool | None] | None = None
    """Fluency codes: the model's, and the rules' for what a rule reads (None: not observed in this log)."""
    empty: bool = False
    """The session handed in no deliverable (graded 0 without a judge): not a win, loss or tie."""


@dataclass
class StudyData:
    sessions: list[Obs]
    pre: dict[str, dict[str, Any]] = field(default_factory=dict)
    post: dict[str, dict[str, Any]] = field(default_factory=dict)
    hand_codes: dict[str, dict[str, bool]] = field(default_factory=dict)
    truth: dict[str, Any] | None = None
    """Known skills of a synthetic study (humans, agents), for checking that the analysis recovers them."""
    fluency: FluencyValidation | None = None
    """The coders' agreement with the hand-coded transcripts: which indicators are analysed, from which coder."""

    @property
    def human_sessions(self) -> list[Obs]:
        return [o for o in self.sessions if o.kind != "autonomous"]

    @property
    def autonomous(self) -> list[Obs]:
        return [o for o in self.sessions if o.kind == "autonomous"]
