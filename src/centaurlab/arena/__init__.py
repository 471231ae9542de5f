"""The arena: tournaments of coded agents on the Auction, Pickup and Delivery Problem (APDP).

The world (maps, tasks, fleets, match settings) is pure and seeded; the auction and the plan
rules are pure functions; agents are Python files run in the sandbox, one process per agent per
match, spoken to in JSON lines; matches and tournaments are stored and replayable. See docs/arena.md.
"""

from . import warmup  # the warm-up variants' own API (its plans differ from the match's)
from .agent_process import AgentFailure, AgentSource
from .agents import BASELINES, BUILTIN, UnknownAgent, agent_names, new_agent_source, resolve_agent
from .auction import AuctionOutcome, InvalidBid, parse_bid, run_auction
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
from .history import (
    MatchOutcome,
    StoredMatch,
    StoredTournament,
    agent_sources,
    latest_matches,
    match_outcomes,
    save_match,
    stored_match,
    stored_tournaments,
)
from .leaderboard import (
    COLUMN_LABELS,
    COLUMNS,
    DISPLAY_COLUMNS,
    RANK_NOTE,
    WIN_RATE_UNIT,
    LeaderRow,
    leaderboard,
    rating_claim,
    win_rate,
)
from .library import library_doc, library_names
from .logist_tables import ValueSpec
from .match import play_match, replay_match
from .match_file import MatchFileError, load_match_config
from .plans import InvalidPlan, PlanProblem, check_plan, parse_plan, plan_cost, profit
from .protocol import world_json
from .record import AuctionRound, Failure, MatchRecord
from .report import TIMING_COLUMNS, auction_rows, log_tail, match_topology, plan_lines, result_rows, timing_rows
from .route_map import route_map_svg
from .topology import TOPOLOGY_NAMES, City, Route, Topology, TopologyFileError, load_topology
from .tournament import TournamentProgress, TournamentSpec, match_seed, run_tournament, schedule, tournament_results
from .trial import SourceLine, Trial, TrialMatch, map_traceback, try_agent
from .warmup import run_centralized, run_deliberative, run_reactive
from .world import (
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

__all__ = [
    "AgentFailure",
    "AgentSource",
    "AuctionOutcome",
    "AuctionRound",
    "BASELINES",
    "BUILTIN",
    "BUILTIN_STRATEGIES",
    "COLUMNS",
    "DISPLAY_COLUMNS",
    "RANK_NOTE",
    "COLUMN_LABELS",
    "CheckSpec",
    "City",
    "Company",
    "FAILURE_KINDS",
    "Failure",
    "GenerationSpec",
    "InvalidBid",
    "InvalidPlan",
    "LeaderRow",
    "SourceLine",
    "Trial",
    "TrialMatch",
    "LoopLimits",
    "MatchConfig",
    "MatchFileError",
    "MatchOutcome",
    "MatchRecord",
    "PlanProblem",
    "Route",
    "StoredMatch",
    "StoredTournament",
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
    "WIN_RATE_UNIT",
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
    "library_names",
    "map_traceback",
    "try_agent",
    "rating_claim",
    "load_match_config",
    "load_strategy",
    "load_topology",
    "log_tail",
    "match_outcomes",
    "match_seed",
    "match_topology",
    "new_agent_source",
    "parse_bid",
    "parse_plan",
    "plan_cost",
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
    "schedule",
    "stored_match",
    "stored_tournaments",
    "timing_rows",
    "warmup",
    "win_rate",
    "tournament_results",
    "world_json",
]
