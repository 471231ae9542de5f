"""The sandbox check of a generated agent: self-play, then one short match against each baseline.

The matches are ordinary arena matches (`play_match`: sandboxed processes, timeouts measured from
outside, plans checked by the arena's validator). The check stops at the first match the agent
loses by failing, because that failure is what goes back to the model; a match merely lost on
profit is not a failure. The results of every match played are kept: they are the scores the
iterative-refinement strategy shows its author.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from ...sandbox import SandboxBackend
from .._agent_process import AgentSource
from .._match import play_match
from .._world import Timeouts, default_match_config
from ..agents import BASELINES, resolve_agent
from ._failures import KINDS, classify

SELF = "self"
ERROR_CHARS = 3000  # what of the platform's error goes back to the model


@dataclass(frozen=True)
class CheckSpec:
    """Short matches with tighter limits than a tournament's: an agent that passes here is not late there."""

    topology: str = "france"
    n_tasks: int = 10
    seed: int = 1
    timeouts: Timeouts = field(default_factory=lambda: Timeouts(setup_s=10.0, bid_s=3.0, plan_s=10.0))
    opponents: tuple[str, ...] = BASELINES
    helpers: bool = False  # the candidate's sandbox: the world only (the APDP protocol) or the helper library

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "opponents": list(self.opponents)}


@dataclass
class CheckResult:
    ok: bool
    kind: str | None = None  # a key of failures.KINDS when not ok
    reason: str = ""
    where: str = ""
    matches: list[dict[str, Any]] = field(default_factory=list)  # opponent, profits, winner, failure

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CheckResult:
        return cls(**data)

    def feedback(self) -> dict[str, str]:
        """The debug prompt's placeholders."""
        kind = self.kind or "exception"
        return {"kind": kind, "explanation": KINDS.get(kind, kind), "where": self.where or "in our tests",
                "error": self.reason[-ERROR_CHARS:] or "(no message)"}  # fmt: skip


def library_name(helpers: bool) -> str:
    """How results name what an agent could import: `world` (the paper's protocol) or `helpers`."""
    return "helpers" if helpers else "world"


def no_code() -> CheckResult:
    return CheckResult(False, "no_code", "no ```python block with a class that has a bid() method was found in "
                                        "the answer", "when we read your answer")  # fmt: skip


def _summary(record: dict[str, Any], opponent: str) -> dict[str, Any]:
    ours = [f for f in record["failures"] if f["agent"] == 0 or opponent == SELF]  # in self-play both are ours
    return {
        "opponent": opponent,
        "profits": record["profits"],
        "tasks_won": [sum(1 for a in record["auctions"] if a["winner"] == i) for i in (0, 1)],
        "winner": record["winner"],
        "failure": ours[0] if ours else None,
    }


def check_agent(source: str, spec: CheckSpec, *, backend: SandboxBackend | None = None) -> CheckResult:
    """Play the check matches; the first failure of the agent (company 0) ends the check."""
    agent = AgentSource("candidate", source, spec.helpers)
    result = CheckResult(ok=True)
    for k, opponent in enumerate((SELF, *spec.opponents)):
        other = AgentSource("candidate_2", source, spec.helpers) if opponent == SELF else resolve_agent(opponent)
        config = replace(default_match_config(spec.topology, spec.n_tasks, spec.seed + k), timeouts=spec.timeouts)
        record = play_match(config, [agent, other], backend=backend).to_dict()
        summary = _summary(record, opponent)
        result.matches.append(summary)
        failure = summary["failure"]
        if failure is None:
            continue
        against = "against a copy of itself" if opponent == SELF else f"against the baseline {opponent}"
        where = (f"in a match {against} ({spec.n_tasks} tasks on {spec.topology}, match seed {config.seed}), "
                 f"during {failure['phase']}" + (f" of task {failure['task']}" if failure.get("task") is not None
                                                 else ""))  # fmt: skip
        logs = record.get("logs") or []
        printed = logs[0].strip()[-1000:] if logs and logs[0] else ""
        reason = failure["reason"] + (f"\n\nWhat the agent printed (the end):\n{printed}" if printed else "")
        return CheckResult(False, classify(record, failure), reason, where, result.matches)
    return result


def scores_text(result: CheckResult) -> str:
    """The check's matches as lines a model can read (the iterative-refinement feedback)."""
    lines = []
    for m in result.matches:
        name = "a copy of itself" if m["opponent"] == SELF else m["opponent"]
        if m["failure"] is not None:
            lines.append(f"- against {name}: your agent failed ({m['failure']['kind']} during "
                         f"{m['failure']['phase']}) and lost the match")  # fmt: skip
            continue
        ours, theirs = m["profits"]
        outcome = "draw" if m["winner"] is None else "won" if m["winner"] == 0 else "lost"
        lines.append(f"- against {name}: {outcome}; your profit {ours:.0f} ({m['tasks_won'][0]} tasks), "
                     f"theirs {theirs:.0f} ({m['tasks_won'][1]} tasks)")  # fmt: skip
    if not result.ok:
        lines.append(f"The agent failed: {result.kind} ({KINDS.get(result.kind or '', '')}). {result.reason[:500]}")
    return "\n".join(lines) or "(no match could be played)"
