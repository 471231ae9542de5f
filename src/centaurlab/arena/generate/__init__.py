"""Agents written by models: the APDP paper's experiment as one pipeline.

Prompt strategies (files, registered by name) ask a model for an agent; the answer's code is
checked in the sandbox by self-play and short matches against the baselines; failures go back to
the same model round after round, with a fresh conversation when it keeps failing the same way;
every prompt, answer, code version and check is stored, so a rerun resumes and never asks a model
twice. Accepted agents resolve by their provenance name (`gen-<model>-<strategy>-r<k>`) in matches
and tournaments. See docs/arena-llm.md.
"""

from ._check import CheckSpec, check_agent
from ._debug_loop import LoopLimits
from ._extract import extract_agent
from ._failures import KINDS as FAILURE_KINDS
from ._naming import agent_name
from ._pipeline import GenerationSpec, Outcome, generation_plan, run_generation
from ._report import build_report, generation_report
from ._strategies import BUILTIN_STRATEGIES, Strategy, StrategyError, builtin_strategies, load_strategy, parse_strategy
from ._tables import ensure_generated_agent, finish_generated_agent, save_step
from ._views import agent_detail, agent_libraries, agents_overview, author_models, passed_agents

__all__ = [
    "BUILTIN_STRATEGIES",
    "FAILURE_KINDS",
    "CheckSpec",
    "GenerationSpec",
    "LoopLimits",
    "Outcome",
    "Strategy",
    "StrategyError",
    "agent_detail",
    "agent_libraries",
    "agent_name",
    "build_report",
    "agents_overview",
    "author_models",
    "builtin_strategies",
    "check_agent",
    "extract_agent",
    "generation_plan",
    "generation_report",
    "load_strategy",
    "parse_strategy",
    "passed_agents",
    "run_generation",
    "ensure_generated_agent",
    "finish_generated_agent",
    "save_step",
]
