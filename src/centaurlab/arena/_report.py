"""A stored match, laid out for people: auction log, plans with city names, result lines.

Plain rows for any printer (the CLI's tables, the web page); no I/O.
"""

from __future__ import annotations

from typing import Any

from ._record import own_slowest
from ._topology import Topology, load_topology


def _bid(value: int | None) -> str:
    return "-" if value is None else str(value)


def auction_rows(record: dict[str, Any], topology: Topology) -> list[list[str]]:
    """task, route, weight, one bid column per agent, winner, price."""
    tasks = {t["id"]: t for t in record["tasks"]}
    names = record["agents"]
    rows = []
    for a in record["auctions"]:
        t = tasks[a["task"]]
        route = f"{topology.cities[t['pickup']].name} -> {topology.cities[t['delivery']].name}"
        winner = "unassigned" if a["winner"] is None else names[a["winner"]]
        rows.append([str(t["id"]), route, str(t["weight"]), *[_bid(b) for b in a["bids"]], winner, _bid(a["price"])])
    return rows


def plan_lines(record: dict[str, Any], topology: Topology) -> list[tuple[str, int, str, float | None]]:
    """(agent, vehicle, its stops in words, km) for every vehicle of every agent that handed in a plan."""
    tasks = {t["id"]: t for t in record["tasks"]}
    lines = []
    for i, plan in enumerate(record.get("plans") or []):
        kms = (record.get("kms") or [None] * len(record["agents"]))[i] or []
        for v, stops in enumerate(plan or []):
            words = []
            for kind, ident in stops:
                if kind == "move":
                    words.append(f"move {topology.cities[ident].name}" if 0 <= ident < len(topology.cities) else "?")
                elif ident in tasks:
                    city = tasks[ident]["pickup" if kind == "pickup" else "delivery"]
                    words.append(f"{kind} {ident} @{topology.cities[city].name}")
                else:
                    words.append(f"{kind} {ident}")
            lines.append((record["agents"][i], v, ", ".join(words) or "(stays home)", kms[v] if v < len(kms) else None))
    return lines


def result_rows(record: dict[str, Any]) -> list[list[str]]:
    """agent, tasks won, income, cost, profit, outcome."""
    rows = []
    for i, name in enumerate(record["agents"]):
        won = sum(1 for a in record["auctions"] if a["winner"] == i)
        income = record["income"][i] if i < len(record.get("income", [])) else None
        profit = record["profits"][i] if i < len(record.get("profits", [])) else None
        cost = None if income is None or profit is None else round(income - profit, 2)
        failure = next((f for f in record["failures"] if f["agent"] == i), None)
        if failure:
            outcome = f"lost: {failure['kind']} in {failure['phase']}"
        elif record["winner"] is None:
            outcome = "draw"
        else:
            outcome = "won" if record["winner"] == i else "lost"
        rows.append([name, str(won), _bid(income), "-" if cost is None else f"{cost:.2f}",
                     "-" if profit is None else f"{profit:.2f}", outcome])  # fmt: skip
    return rows


def match_topology(record: dict[str, Any]) -> Topology:
    return load_topology(record["config"]["topology"])


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


TIMING_COLUMNS = ("agent", "setup s", "bid s (mean)", "bid s (slowest)", "plan s", "CPU s (whole match)")


def timing_rows(record: dict[str, Any]) -> list[list[str]]:
    """Each company's own time (request sent to reply received): setup, mean and slowest bid, plan,
    and its process's CPU seconds; records older than these figures show what they have."""
    seconds = record.get("seconds") or {}
    companies = seconds.get("companies") or [{} for _ in record["agents"]]
    slowest = own_slowest(seconds) or [{} for _ in record["agents"]]
    rows = []
    for i, name in enumerate(record["agents"]):
        calls = companies[i].get("per_call", {}) if i < len(companies) else {}
        worst = slowest[i] if i < len(slowest) else {}
        bids = calls.get("bid") or []
        rows.append([name, _seconds(worst.get("setup")), _seconds(sum(bids) / len(bids) if bids else None),
                     _seconds(worst.get("bid")), _seconds(worst.get("plan")),
                     _seconds(companies[i].get("cpu_total") if i < len(companies) else None)])  # fmt: skip
    return rows


def log_tail(text: str, lines: int = 40) -> str:
    """The end of a company's log for a terminal (the whole last 64 KiB is in the record)."""
    kept = text.rstrip("\n").splitlines()
    cut = len(kept) - lines
    return (f"[... {cut} earlier lines]\n" if cut > 0 else "") + "\n".join(kept[-lines:])
