"""Planning a collaboration study: how many people are needed to tell two agents apart.

The effect is a difference in collaborative skill, in score points (the sessions' 0-100 scale, on
which CollabSkill's ratings and ours sit): the first agent's skill exceeds every other agent's by
`effect`. Each simulated study gives `participants` people `sessions_per_participant` sessions each,
agents paired with sessions in a balanced cycle as the platform pairs them, and scores drawn from
the paper's model: score = 72 + agent + human + noise, human ~ N(0, human_sd), noise ~ N(0,
noise_sd), clipped to 0-100. Each study is rated by `collab.rate_sessions`, the code behind
`collab rate` and `collab analyse`, and a comparison counts as detected when the first agent's 95%
interval lies wholly above the other's: the rule the reports use before they say one agent is
higher than another (`stats.order_claim`, separated intervals).

human_sd and noise_sd are assumptions, not the paper's figures (it does not print them): the
defaults are those of our synthetic study of the paper's size. Take them from a pilot's `collab
rate` (its noise sigma, and the spread of the people's mu) when there is one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy import stats as sps

from ..collab import SessionRow, rate_sessions
from ..errors import InvalidInput
from ..stats import Figure, PowerCurve, Progress, power_curve, separated
from ._studyfile import CollabStudy

EFFECT_SCALE = "score points (0-100): the first agent's collaborative skill minus each other agent's"
DETECTION = "separated 95% intervals of the two agents' skills in the paper's rating model (collab.rate_sessions)"
BASE_SCORE = 72.0
GRID = (0.5, 0.75, 1.0, 1.4, 2.0)


@dataclass(frozen=True)
class CollabPower:
    study: str
    agents: tuple[str, ...]
    effect: float
    sessions_per_participant: int
    human_sd: float
    noise_sd: float
    curve: PowerCurve

    def as_json(self) -> dict[str, Any]:
        rows = [{"participants": p.size, "sessions": p.size * self.sessions_per_participant,
                 "power": p.each.as_json(), "power_all": p.every.as_json()} for p in self.curve.points]
        return {"study": self.study, "agents": list(self.agents), "effect": self.effect, "effect_scale": EFFECT_SCALE,
                "comparison": f"{self.agents[0]} against each of {', '.join(self.agents[1:])}",
                "detection": DETECTION, "sessions_per_participant": self.sessions_per_participant,
                "human_sd": self.human_sd, "noise_sd": self.noise_sd, "table": rows,
                "needed_participants": self.curve.needed.as_json(), "simulations": self.curve.simulations,
                "seed": self.curve.seed, "target_power": self.curve.target}


def simulate_sessions(rng: np.random.Generator, participants: int, sessions: int, agents: Sequence[str],
                      effect: float, human_sd: float, noise_sd: float) -> list[SessionRow]:
    """One simulated study's graded sessions, agents paired in a balanced cycle from a random start."""
    rows: list[SessionRow] = []
    skill = rng.normal(0.0, human_sd, participants)
    for h in range(participants):
        start = int(rng.integers(len(agents)))
        for k in range(sessions):
            agent = agents[(start + k) % len(agents)]
            row = SessionRow(len(rows), "human", agent, "", f"p{h:04d}", f"task{k}", "", "", "done", 0, 0, [])
            score = BASE_SCORE + skill[h] + (effect if agent == agents[0] else 0.0) + rng.normal(0.0, noise_sd)
            row.outcome = float(np.clip(score, 0.0, 100.0))
            rows.append(row)
    return rows


def _detected(rating: Any, agents: Sequence[str], sign: float) -> list[bool]:
    by_name = {a["name"]: a for a in rating.agents}
    figs = {n: Figure(a["mu"], a["ci_low"], a["ci_high"], 1) for n, a in by_name.items()}
    first = figs.get(agents[0])
    out = []
    for other in agents[1:]:
        f = figs.get(other)
        ok = first is not None and f is not None and separated(first, f)
        out.append(bool(ok and first is not None and f is not None
                        and sign * ((first.estimate or 0.0) - (f.estimate or 0.0)) > 0))
    return out


def guess_participants(effect: float, agents: int, sessions: int, human_sd: float, noise_sd: float,
                       target: float) -> int:
    """A rough centre for the grid: sessions per agent for separated intervals at the target power,
    taking an agent's posterior SD as sqrt((human_sd^2 + noise_sd^2) / sessions per agent). The agents'
    skills carry the people's mean level between them, so their marginal intervals are about as wide as
    a plain mean's, though their difference is known better (see docs/planning.md)."""
    z = 2 * 1.959963984540054 + float(sps.norm.ppf(target)) * math.sqrt(2)
    per_agent = (z * math.hypot(human_sd, noise_sd) / abs(effect)) ** 2
    return max(4, math.ceil(per_agent * agents / sessions))


def collab_power(*, agents: Sequence[str], effect: float, sessions_per_participant: int = 2,
                 human_sd: float = 7.0, noise_sd: float = 4.0, sizes: Sequence[int] | None = None,
                 simulations: int = 200, seed: int = 0, target: float = 0.8, study: str = "",
                 progress: Progress | None = None) -> CollabPower:
    """The power table for telling the first of `agents` from each other agent, by participants."""
    names = list(dict.fromkeys(agents))
    if len(names) < 2:
        raise InvalidInput("a plan compares at least two agents", fix="name them with --agents a,b")
    if effect == 0 or not math.isfinite(effect):
        raise InvalidInput(f"--effect {effect}: the effect must be a nonzero number of score points",
                           fix="e.g. --effect 3")
    if human_sd < 0 or noise_sd <= 0:
        raise InvalidInput("--human-sd must be at least 0 and --noise-sd above 0")
    guess = guess_participants(effect, len(names), sessions_per_participant, human_sd, noise_sd, target)
    grid = list(sizes) if sizes else sorted({max(2, round(guess * f)) for f in GRID})
    sign = 1.0 if effect > 0 else -1.0

    def trial(size: int, rng: np.random.Generator) -> list[bool]:
        rows = simulate_sessions(rng, size, sessions_per_participant, names, effect, human_sd, noise_sd)
        return _detected(rate_sessions(rows, rounds=0), names, sign)

    curve = power_curve(trial, grid, simulations, seed, target, "participants", progress)
    return CollabPower(study, tuple(names), effect, sessions_per_participant, human_sd, noise_sd, curve)


def study_agents(study: CollabStudy) -> list[str]:
    """The agents a study pairs sessions with: its embedded agents, and its external ones when there
    are fewer than two embedded and participants may bring their own."""
    names = list(study.agents.embedded)
    if len(names) < 2 and study.agents.external_sessions != "off":
        names += [a for a in study.agents.external if a not in names]
    return names


def plan_collab_study(study: CollabStudy, *, effect: float, agents: Sequence[str] | None = None,
                      **options: Any) -> CollabPower:
    """`collab_power` for a study file: its agents (or those named) and its sessions per participant."""
    return collab_power(agents=list(agents) if agents else study_agents(study), effect=effect,
                        sessions_per_participant=study.tasks.sessions_per_participant, study=study.id, **options)
