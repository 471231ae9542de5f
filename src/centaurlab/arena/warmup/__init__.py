"""The three warm-up variants of the APDP course, each with a reference agent and a checker.

reactive: one vehicle, one offer per city, an MDP solved by value iteration.
deliberative: one vehicle, all tasks known, optimal plans by BFS and A*.
centralized: one company, several vehicles, all tasks known, stochastic local search.
Each `run_*` function returns a JSON-able result with `passed`.
"""

from ._centralized import check_centralized, local_search, naive_plan, run_centralized
from ._deliberative import astar_plan, bfs_plan, check_deliberative, run_deliberative
from ._plan import check_plan, expand_moves, plan_cost
from ._reactive import ReactiveWorld, check_reactive, run_reactive, simulate, value_iteration

__all__ = [
    "ReactiveWorld",
    "astar_plan",
    "bfs_plan",
    "check_centralized",
    "check_deliberative",
    "check_plan",
    "check_reactive",
    "expand_moves",
    "local_search",
    "naive_plan",
    "plan_cost",
    "run_centralized",
    "run_deliberative",
    "run_reactive",
    "simulate",
    "value_iteration",
]
