"""Failure kinds of a generated agent, read from what the platform recorded.

The match runner already decides every failure (timeouts measured from outside, exceptions
reported by the agent's host, plans checked by `check_plan`); this module only names them in the
paper's terms. For an invalid plan it asks the arena's own validator again which rules the stored
plan breaks, so that "a won task not delivered", "a capacity violated" and "a wrong pick-up order"
are counted apart, as the paper's observations are.
"""

from __future__ import annotations

from typing import Any

from .._plans import InvalidPlan, check_plan, parse_plan
from .._world import MatchConfig, Task

KINDS: dict[str, str] = {
    "no_code": "the answer holds no agent: no Python class with a bid() method",
    "syntax_error": "the file does not parse",
    "import_error": "it imports a module that is not available (only the standard library and centaur_arena are)",
    "exception": "it raised an exception",
    "timeout": "it did not answer within the time limit",
    "crash": "its process died",
    "garbage": "it answered something the protocol does not allow",
    "invalid_bid": "a bid that is not an integer from 0 to 10^12 or None",
    "undelivered": "its plan does not pick up and deliver every task it won",
    "capacity": "its plan loads a vehicle over its capacity",
    "pickup_order": "its plan delivers a task before picking it up, or with another vehicle",
    "invalid_plan": "its plan is malformed",
    "context_overflow": "the conversation outgrew the author model's context window, even cut to the prompt, "
                        "the last answer and its error",
}
_PLAN_RULES = (("missing", "undelivered"), ("duplicate", "undelivered"), ("capacity", "capacity"),
               ("precedence", "pickup_order"), ("pairing", "pickup_order"))  # fmt: skip


def error_kind(reason: str) -> str:
    """An exception reported by the agent's host: which kind."""
    if "SyntaxError" in reason or "IndentationError" in reason or "TabError" in reason:
        return "syntax_error"
    if "ModuleNotFoundError" in reason or "ImportError" in reason:
        return "import_error"
    return "exception"


def plan_kind(record: dict[str, Any], company: int) -> str:
    """Which rule an invalid plan breaks, by the arena's validator (priority: undelivered, capacity, order)."""
    config = MatchConfig.from_dict(record["config"])
    tasks = {t["id"]: Task(**t) for t in record["tasks"]}
    won = [tasks[a["task"]] for a in record["auctions"] if a["winner"] == company]
    plans = record.get("plans") or []
    raw = plans[company] if company < len(plans) else None
    try:
        plan = parse_plan(raw, config.companies[company])
        check_plan(config.load_topology(), config.companies[company], won, plan)
    except InvalidPlan as exc:
        rules = {p.rule for p in exc.problems}
        for rule, kind in _PLAN_RULES:
            if rule in rules:
                return kind
    return "invalid_plan"


def classify(record: dict[str, Any], failure: dict[str, Any]) -> str:
    """The kind of one recorded failure (MatchRecord.to_dict() and one of its failures)."""
    kind = str(failure["kind"])
    if kind == "error":
        return error_kind(str(failure["reason"]))
    if kind == "invalid_plan":
        return plan_kind(record, int(failure["agent"]))
    return kind if kind in KINDS else "exception"
