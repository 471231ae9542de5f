"""`centaur arena try`: one short match of an agent file against each baseline, for the edit-run loop.

An author who changes an agent wants to know at once whether it still runs and how it fares, not
to set up a tournament. Each match is played exactly as a tournament's (the agent in the sandbox,
the same rules and limits), nothing is stored, and when the agent fails, the traceback it raised
in its sandbox is given back with the author's own file name, so an editor or terminal can jump
to the line (the sandbox calls the file `agent.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from ..errors import NotFound
from ..sandbox import SandboxBackend, get_backend
from ._agent_process import AgentSource
from ._match import play_match
from ._world import Timeouts, default_match_config
from .agents import BASELINES, resolve_agent

# a frame of the agent's file in a sandbox traceback, wherever the backend put the file
_FRAME = re.compile(r'File "(?:[^"]*/)?agent\.py", line (\d+)(?:, in (\S+))?')


@dataclass(frozen=True)
class SourceLine:
    """Where the agent's own code failed: its file, line, function and that line's text."""

    file: str
    line: int
    function: str
    code: str


@dataclass(frozen=True)
class TrialMatch:
    """One match of the trial: the opponent, the outcome for the agent, both profits, the agent's
    failure if it had one (with the traceback pointing at its file) and what it printed."""

    opponent: str
    outcome: str  # won, lost, draw
    tasks_won: int
    profit: float | None
    opponent_profit: float | None
    failure: dict[str, Any] | None  # phase, kind, reason (the reason names the agent's file)
    where: SourceLine | None  # the innermost line of the agent's file in its traceback
    log: str
    seconds: float


@dataclass(frozen=True)
class Trial:
    """An agent file against each baseline: its matches, in the order played."""

    agent: str
    path: str
    topology: str
    n_tasks: int
    seed: int
    matches: list[TrialMatch]

    @property
    def failed(self) -> bool:
        return any(m.failure is not None for m in self.matches)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["failed"] = self.failed
        data["won"] = sum(m.outcome == "won" for m in self.matches)
        return data


def map_traceback(text: str, path: Path) -> tuple[str, SourceLine | None]:
    """The sandbox's traceback with `agent.py` replaced by the author's path, and the innermost
    frame of that file (None when the failure did not come from its code: a timeout, a bad plan)."""
    shown = str(path)
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines() if path.is_file() else []
    where = None
    for found in _FRAME.finditer(text):
        number = int(found.group(1))
        code = lines[number - 1].strip() if 0 < number <= len(lines) else ""
        where = SourceLine(shown, number, found.group(2) or "<module>", code)
    mapped = _FRAME.sub(lambda m: f'File "{shown}", line {m.group(1)}' + (f", in {m.group(2)}" if m.group(2) else ""),
                        text)  # fmt: skip
    return mapped, where


def try_agent(
    path: Path,
    *,
    opponents: Sequence[str] = BASELINES,
    topology: str = "france",
    n_tasks: int = 10,
    seed: int = 1,
    timeouts: Timeouts | None = None,
    backend: SandboxBackend | None = None,
    on_match: Callable[[TrialMatch], None] | None = None,
) -> Trial:
    """Play the agent in `path` (as company 0) once against each opponent, in the sandbox, with the
    arena's rules and limits (`timeouts`, default the arena's); nothing is stored."""
    agent = resolve_agent(str(path))
    rivals = [resolve_agent(name) for name in opponents]  # an unknown name is refused before any match
    try:
        config = replace(default_match_config(topology, n_tasks, seed), timeouts=timeouts or Timeouts())
    except (KeyError, FileNotFoundError) as exc:
        raise NotFound(str(exc.args[0] if exc.args else exc)) from exc
    backend = backend or get_backend()
    matches = []
    for opponent in rivals:
        if opponent.name == agent.name:
            opponent = AgentSource(opponent.name + "_2", opponent.source, opponent.helpers)
        record = play_match(config, [agent, opponent], backend=backend).to_dict()
        played = _trial_match(record, opponent.name, path)
        matches.append(played)
        if on_match is not None:
            on_match(played)
    return Trial(agent.name, str(path), topology, n_tasks, seed, matches)


def _trial_match(record: dict[str, Any], opponent: str, path: Path) -> TrialMatch:
    failure = next((dict(f) for f in record["failures"] if f["agent"] == 0), None)
    where = None
    if failure is not None:
        failure["reason"], where = map_traceback(failure["reason"], path)
    # a failure forfeits the match (both failing: a draw), as the paper counts it
    outcome = "draw" if record["winner"] is None else ("won" if record["winner"] == 0 else "lost")
    profits = list(record.get("profits") or []) + [None, None]
    logs = list(record.get("logs") or []) + [""]
    return TrialMatch(
        opponent=opponent,
        outcome=outcome,
        tasks_won=sum(1 for a in record["auctions"] if a["winner"] == 0),
        profit=profits[0],
        opponent_profit=profits[1],
        failure=failure,
        where=where,
        log=logs[0],
        seconds=float(record.get("seconds", {}).get("match_total", 0.0)),
    )
