"""The arena: tournaments of coded agents on the Auction, Pickup and Delivery Problem (APDP).

The world (maps, tasks, fleets, match settings) is pure and seeded; the auction and the plan
rules are pure functions; agents are Python files run in the sandbox, one process per agent per
match, spoken to in JSON lines; matches and tournaments are stored and replayable. See docs/arena.md.
"""

from . import warmup  # the warm-up variants' own API (its plans differ from the match's)
from ._agent_process import AgentSource
from ._auction import run_auction
from ._history import agent_sources, latest_matches, match_outcomes, save_match, stored_match, stored_tournaments
from ._leaderboard import COLUMNS, DISPLAY_COLUMNS, RANK_NOTE, leaderboard, rating_claim, win_rate
from ._library import library_doc
from ._logist_tables import ValueSpec
from ._match import play_match, replay_match
from ._match_file import MatchFileError, load_match_config
from ._plans import InvalidPlan, check_plan, parse_plan, profit
from ._protocol import world_json
from ._record import MatchRecord
from ._report import TIMING_COLUMNS, auction_rows, log_tail, match_topology, plan_lines, result_rows, timing_rows
from ._route_map import route_map_svg
from ._tables import ensure_tournament, record_match, save_agent, tournament_matches
from ._topology import TOPOLOGY_NAMES, City, Route, Topology, TopologyFileError, load_topology
from ._tournament import TournamentProgress, TournamentSpec, run_tournament, tournament_results
from ._trial import TrialMatch, map_traceback, try_agent
from ._world import (
    Company,
    MatchConfig,
    Task,
    TaskDistribution,
    Timeouts,
    Vehicle,
    default_fleet,
    default_match_config,
    generate_tasks,
)
from .agents import BASELINES, BUILTIN, UnknownAgent, agent_names, new_agent_source, resolve_agent
from .generate import (
    BUILTIN_STRATEGIES,
    FAILURE_KINDS,
    CheckSpec,
    GenerationSpec,
    LoopLimits,
    agent_detail,
    agent_libraries,
    agent_name,
    agents_overview,
    author_models,
    builtin_strategies,
    generation_plan,
    generation_report,
    load_strategy,
    passed_agents,
    run_generation,
)
from .warmup import run_centralized, run_deliberative, run_reactive

__all__ = [
    "AgentSource",
    "BASELINES",
    "BUILTIN",
    "BUILTIN_STRATEGIES",
    "COLUMNS",
    "DISPLAY_COLUMNS",
    "RANK_NOTE",
    "CheckSpec",
    "City",
    "Company",
    "FAILURE_KINDS",
    "GenerationSpec",
    "InvalidPlan",
    "TrialMatch",
    "LoopLimits",
    "MatchConfig",
    "MatchFileError",
    "MatchRecord",
    "Route",
    "TIMING_COLUMNS",
    "TOPOLOGY_NAMES",
    "Task",
    "TaskDistribution",
    "Timeouts",
    "Topology",
    "TopologyFileError",
    "TournamentProgress",
    "TournamentSpec",
    "UnknownAgent",
    "ValueSpec",
    "Vehicle",
    "agent_detail",
    "agent_libraries",
    "agent_name",
    "agent_names",
    "agent_sources",
    "agents_overview",
    "default_fleet",
    "passed_agents",
    "auction_rows",
    "author_models",
    "builtin_strategies",
    "check_plan",
    "default_match_config",
    "generate_tasks",
    "generation_plan",
    "generation_report",
    "latest_matches",
    "leaderboard",
    "library_doc",
    "map_traceback",
    "try_agent",
    "rating_claim",
    "load_match_config",
    "load_strategy",
    "load_topology",
    "log_tail",
    "match_outcomes",
    "match_topology",
    "new_agent_source",
    "parse_plan",
    "plan_lines",
    "play_match",
    "profit",
    "replay_match",
    "resolve_agent",
    "result_rows",
    "route_map_svg",
    "run_auction",
    "run_centralized",
    "run_deliberative",
    "run_generation",
    "run_reactive",
    "run_tournament",
    "save_match",
    "stored_match",
    "stored_tournaments",
    "timing_rows",
    "warmup",
    "win_rate",
    "tournament_results",
    "world_json",
    "ensure_tournament",
    "record_match",
    "save_agent",
    "tournament_matches",
]
