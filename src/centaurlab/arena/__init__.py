"""The arena: tournaments of coded agents on the Auction, Pickup and Delivery Problem (APDP).

The world (maps, tasks, fleets, match settings) is pure and seeded; the auction and the plan
rules are pure functions; agents are Python files run in the sandbox, one process per agent per
match, spoken to in JSON lines; matches and tournaments are stored and replayable. See docs/arena.md.
"""

from .agent_process import AgentFailure, AgentSource
from .agents import BASELINES, BUILTIN, UnknownAgent, resolve_agent
from .auction import AuctionOutcome, InvalidBid, parse_bid, run_auction
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
from .leaderboard import LeaderRow, leaderboard
from .logist_tables import ValueSpec
from .match import play_match, replay_match
from .match_file import MatchFileError, load_match_config
from .plans import InvalidPlan, PlanProblem, check_plan, parse_plan, plan_cost, profit
from .record import AuctionRound, Failure, MatchRecord
from .topology import TOPOLOGY_NAMES, City, Route, Topology, TopologyFileError, load_topology
from .tournament import TournamentSpec, match_seed, run_tournament, schedule, tournament_results
from .world import (
    Company,
    MatchConfig,
    Task,
    TaskDistribution,
    Timeouts,
    Vehicle,
    default_match_config,
    generate_tasks,
)

__all__ = [
    "BASELINES",
    "BUILTIN",
    "TOPOLOGY_NAMES",
    "AgentFailure",
    "AgentSource",
    "AuctionOutcome",
    "AuctionRound",
    "City",
    "Company",
    "Failure",
    "InvalidBid",
    "InvalidPlan",
    "LeaderRow",
    "MatchConfig",
    "MatchFileError",
    "MatchOutcome",
    "MatchRecord",
    "PlanProblem",
    "Route",
    "StoredMatch",
    "StoredTournament",
    "Task",
    "TaskDistribution",
    "Timeouts",
    "Topology",
    "TopologyFileError",
    "TournamentSpec",
    "UnknownAgent",
    "ValueSpec",
    "Vehicle",
    "agent_sources",
    "check_plan",
    "default_match_config",
    "generate_tasks",
    "latest_matches",
    "leaderboard",
    "load_match_config",
    "load_topology",
    "match_outcomes",
    "match_seed",
    "parse_bid",
    "parse_plan",
    "plan_cost",
    "play_match",
    "profit",
    "replay_match",
    "resolve_agent",
    "run_auction",
    "run_tournament",
    "save_match",
    "schedule",
    "stored_match",
    "stored_tournaments",
    "tournament_results",
]
