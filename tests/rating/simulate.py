"""Simulated sessions with known skills, at CollabSkill's scale unless told otherwise."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from centaurlab.rating import SessionDesign
from centaurlab.rating._kalman import session_indices
from centaurlab.rating._problem import SessionProblem

N_HUMANS, N_AGENTS, N_SESSIONS = 93, 5, 386


@dataclass(frozen=True)
class Simulated:
    design: SessionDesign
    scores: np.ndarray
    agent_skill: np.ndarray
    human_skill: np.ndarray
    task_skill: np.ndarray | None = None


def collabskill(
    rng: np.random.Generator,
    agent_skill: np.ndarray | None = None,
    noise: float = 10.0,
    n_humans: int = N_HUMANS,
    n_sessions: int = N_SESSIONS,
    n_tasks: int = 0,
    clip: bool = True,
) -> Simulated:
    """Every human has at least one session; skills from the TrueSkill prior unless given."""
    n_agents = N_AGENTS if agent_skill is None else agent_skill.size
    a_skill = rng.normal(25, 25 / 3, n_agents) if agent_skill is None else agent_skill
    h_skill = rng.normal(25, 25 / 3, n_humans)
    human = np.concatenate([np.arange(n_humans), rng.integers(0, n_humans, n_sessions - n_humans)])
    agent = rng.integers(0, n_agents, n_sessions)
    y = a_skill[agent] + h_skill[human] + rng.normal(0, noise, n_sessions)
    task = None
    t_skill = None
    if n_tasks:
        task = rng.integers(0, n_tasks, n_sessions)
        t_skill = rng.normal(0, 25 / 3, n_tasks)
        y = y + t_skill[task]
    if clip:
        y = np.clip(y, 0, 100)
    design = SessionDesign.from_codes(agent, human, task, n_agents=n_agents, n_humans=n_humans, n_tasks=n_tasks or None)
    return Simulated(design, y, a_skill, h_skill, t_skill)


def dense_posterior(problem: SessionProblem, noise_var: float) -> tuple[np.ndarray, np.ndarray]:
    """Reference: form the whole precision matrix and invert it."""
    x = design_matrix(problem)
    w = problem.weights / noise_var
    precision = np.diag(problem.prior_precision) + x.T @ (w[:, None] * x)
    cov = np.linalg.inv(precision)
    mean = cov @ (problem.prior_precision * problem.prior_mean + x.T @ (w * problem.y))
    return mean, cov


def design_matrix(problem: SessionProblem) -> np.ndarray:
    n = problem.design.n_sessions
    x = np.zeros((n, problem.n_params))
    rows = session_indices(problem)
    for s in range(n):
        x[s, rows[s]] = 1.0
    return x
