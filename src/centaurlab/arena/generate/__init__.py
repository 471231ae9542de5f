"""Agents written by models: the APDP paper's experiment as one pipeline.

Prompt strategies (files, registered by name) ask a model for an agent; the answer's code is
checked in the sandbox by self-play and short matches against the baselines; failures go back to
the same model round after round, with a fresh conversation when it keeps failing the same way;
every prompt, answer, code version and check is stored, so a rerun resumes and never asks a model
twice. Accepted agents resolve by their provenance name (`gen-<model>-<strategy>-r<k>`) in matches
and tournaments. See docs/arena-llm.md.
"""

from .check import CheckResult, CheckSpec, check_agent
from .debug_loop import LoopLimits, LoopResult, run_loop
from .extract import extract_agent
from .failures import KINDS as FAILURE_KINDS
from .naming import agent_name, default_critic
from .pipeline import GenerationSpec, Generator, Outcome, generation_plan, run_generation
from .report import generation_report
from .strategies import (
    BUILTIN_STRATEGIES,
    Strategy,
    StrategyError,
    builtin_strategies,
    load_strategy,
    parse_strategy,
)
from .views import (
    accepted_source,
    agent_detail,
    agent_libraries,
    agents_overview,
    author_models,
    passed_agents,
    unplayable_reason,
)

__all__ = [
    "BUILTIN_STRATEGIES",
    "FAILURE_KINDS",
    "CheckResult",
    "CheckSpec",
    "GenerationSpec",
    "Generator",
    "LoopLimits",
    "LoopResult",
    "Outcome",
    "Strategy",
    "StrategyError",
    "accepted_source",
    "agent_detail",
    "agent_libraries",
    "agent_name",
    "agents_overview",
    "author_models",
    "builtin_strategies",
    "check_agent",
    "default_critic",
    "extract_agent",
    "generation_plan",
    "generation_report",
    "load_strategy",
    "parse_strategy",
    "passed_agents",
    "run_loop",
    "run_generation",
    "unplayable_reason",
]
