"""The checks of project_status and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

from common import set_checks, write_sets

T, S = "project_status", "status_report.md"
LATE = ["late", "overdue", "behind", "slipped", "missed", "past due"]
set_checks(
    T,
    {
        "C1": {
            "reads": [S],
            "check": {
                "kind": "states",
                "file": S,
                "figures": ["Vendor selection", "Alvarez", LATE, {"value": 80, "tolerance": 0}],
            },
        },
        "C2": {
            "reads": [S],
            "check": {
                "kind": "states",
                "file": S,
                "figures": [
                    "Network design",
                    "Equipment order",
                    ["Cut-over rehearsal", "cutover rehearsal", "cut-over", "cutover"],
                    ["blocks", "blocked", "depends", "dependency", "dependent", "waiting on", "gates"],
                ],
            },
        },
        "C3": {
            "reads": [S],
            "check": {
                "kind": "states",
                "file": S,
                "figures": [
                    ["Site survey", "survey"],
                    ["Permit"],
                    ["done", "complete", "completed", "finished", "100%"],
                    ["Staff training", "training plan"],
                    ["on track", "on schedule"],
                ],
            },
        },
        "D1": {
            "reads": [S],
            "check": {
                "kind": "states",
                "file": S,
                "figures": [
                    ["RAG", "overall status", "amber", "red", "green"],
                    ["at risk", "at-risk"] + LATE,
                    ["dependency", "critical path", "depends"],
                    ["decision", "decisions"],
                    ["next steps", "next week"],
                ],
            },
        },
        "D2": {
            "reads": [S],
            "check": {
                "kind": "states",
                "file": S,
                "figures": [["2026-03-09", "9 March 2026", "March 9, 2026", "9 Mar 2026", "Mar 9, 2026"]],
            },
        },
        "R1": {
            "reads": [S],
            "check": [
                {"kind": "states", "file": S, "figures": [["amber", "red"], "vendor selection"]},
                {
                    "kind": "absent",
                    "file": S,
                    "phrases": [{"regex": "(overall|status|rag)\\W{0,3}(status\\W{0,3})?(is\\W{0,3})?green"}],
                },
            ],
        },
        "R2": {
            "reads": [S],
            "check": {
                "kind": "states",
                "file": S,
                "figures": [
                    ["at risk", "at-risk"],
                    "Network design",
                    "Equipment order",
                    ["13 March", "2026-03-13", "March 13"],
                    ["20 March", "2026-03-20", "March 20"],
                ],
            },
        },
        "T1": {"reads": [S]},
        "T2": {"reads": [S], "check": {"kind": "count", "file": S, "regex": "^(#{1,6} |\\|)", "min": 3}},
    },
)
right = """# Network refresh: weekly status, as of 2026-03-09

**Overall: AMBER.** Vendor selection is late, which puts network design and the equipment order at
risk; the cut-over rehearsal on 10 April still holds if the vendor is chosen this week.

## Late and at-risk tasks

| task | owner | due | done | status |
|---|---|---|---|---|
| Vendor selection | Alvarez | 2026-03-06 | 80% | Late (3 days) |
| Network design | Kowalski | 2026-03-13 | 40% | At risk: blocked by vendor selection |
| Equipment order | Alvarez | 2026-03-20 | 0% | At risk: blocked by vendor selection |

Site survey and permit application are done (100%). The staff training plan (Osei, 60%, due 27 March) is on track.

## Critical dependency

Vendor selection blocks both network design and the equipment order; network design in turn blocks
the cut-over rehearsal (10 April). Every day vendor selection slips moves the rehearsal.

## Decisions needed from you

1. Approve the vendor shortlist by Wednesday 11 March so Alvarez can sign (decision: operations director).
2. Agree whether Kowalski may start the network design on the two finalists' common specification now (decision: operations director).

## Next week

- Alvarez closes vendor selection and raises the equipment order.
- Kowalski finishes the design to 80%.
- Osei continues the training plan.
"""
partial = """# Status report

Overall: green. Most tasks are progressing. Vendor selection (Alvarez) is at 80%.
Network design depends on vendor selection.

Next steps: continue the work.
"""
wrong = """Status: GREEN. Everything is on track. The survey and the permit are done and the rehearsal is
planned for April. No decisions needed.
"""
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {S: wrong},
            "note": "Reports green with everything on track: the late vendor selection, the blocked tasks and the dependency are not mentioned; no date, decisions or next steps.",
            "items": {"C1": 0, "C2": 0, "C3": 4, "D1": 3, "D2": 0, "R1": 0, "R2": 0, "T1": 0, "T2": 0},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {S: partial},
            "note": "Names vendor selection at 80% and one dependency, but calls the project green, never says the task is late, leaves out the at-risk tasks, the date and the decisions.",
            "items": {"C1": 7, "C2": 5, "C3": 0, "D1": 5, "D2": 0, "R1": 3, "R2": 0, "T1": 0, "T2": 3},
        },
        {
            "name": "right",
            "label": "right",
            "files": {S: right},
            "note": "Written from the task list: amber with the reason, the late and at-risk tasks, the dependency chain, decisions with their owner and next week's steps.",
        },
    ],
)
