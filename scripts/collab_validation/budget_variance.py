"""The checks of budget_variance and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

import csv
import io

from common import BANK, set_checks, write_sets

T = "budget_variance"
ref = list(csv.DictReader((BANK / T / "reference/budget_vs_actual.csv").read_text().splitlines()))
NOT_OVER = {"regex": "^(?!\\s*over\\s*$)"}


def table(rows):
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    for r in rows:
        w.writerow(r)
    return buf.getvalue()


expect_flag, expect_vals = {}, {}
for r in ref:
    b, a = int(r["budget_usd"]), int(r["actual_usd"])
    var, pct = a - b, round((a - b) / b * 100, 1)
    expect_vals[r["line_item"]] = {"variance_usd": var, "variance_pct": pct}
    expect_flag[r["line_item"]] = {"flag": "OVER" if pct > 10 else NOT_OVER}
for k in ("Utilities", "Travel", "Client entertainment", "Cloud hosting"):
    expect_flag[k]["variance_pct"] = expect_vals[k]["variance_pct"]
tot_b = sum(int(r["budget_usd"]) for r in ref)
tot_a = sum(int(r["actual_usd"]) for r in ref)
assert (tot_b, tot_a) == (519000, 551650)
CSV, MEMO = "variance.csv", "variance_memo.md"
SAME_PARAGRAPH = r"(?:(?!\n\s*\n).){0,200}?"
TO_CHECK = r"\b(?:check|verify|review|confirm|investigate|audit)"

set_checks(
    T,
    {
        "C1": {
            "reads": [CSV, MEMO],
            "check": [
                {"kind": "sum", "file": CSV, "column": "budget_usd|budget", "expect": tot_b, "tolerance": 0.5},
                {"kind": "sum", "file": CSV, "column": "actual_usd|actual", "expect": tot_a, "tolerance": 0.5},
                {
                    "kind": "sum",
                    "file": CSV,
                    "column": "variance_usd|variance",
                    "expect": tot_a - tot_b,
                    "tolerance": 0.5,
                },
                {"kind": "states", "file": MEMO, "figures": [tot_b, tot_a, tot_a - tot_b, 6.3]},
            ],
        },
        "C2": {
            "reads": [CSV],
            "check": {
                "kind": "keys",
                "file": CSV,
                "key": "line_item|line item|item",
                "where": {"flag": "OVER"},
                "expect": ["Utilities", "Travel", "Client entertainment", "Cloud hosting"],
            },
        },
        "C3": {
            "reads": [MEMO],
            "check": {
                "kind": "states",
                "file": MEMO,
                "figures": ["Cloud hosting", 17300, "Travel", 13200, ["Software licences", "Software licenses"], 6400],
            },
        },
        "D1": {
            "reads": [CSV],
            "check": [
                {
                    "kind": "columns",
                    "file": CSV,
                    "columns": [
                        "department",
                        "line_item|line item",
                        "budget_usd|budget",
                        "actual_usd|actual",
                        "variance_usd",
                        "variance_pct",
                        "flag",
                    ],
                },
                {
                    "kind": "keys",
                    "file": CSV,
                    "key": "line_item|line item|item",
                    "expect": [r["line_item"] for r in ref],
                },
            ],
        },
        # the total, then for each overrun a thing to check in the same paragraph (whether the cause
        # named is a likely one is not asked: the judges grade the memo's quality in T2)
        "D2": {
            "reads": [MEMO],
            "check": [
                {"kind": "states", "file": MEMO, "figures": [32650]},
                *(
                    {"kind": "count", "file": MEMO, "min": 1, "regex": f"(?is){name}{SAME_PARAGRAPH}{TO_CHECK}"}
                    for name in ("cloud hosting", "travel", "software licen[cs]es")
                ),
            ],
        },
        "R1": {
            "reads": [CSV],
            "check": [
                {"kind": "values", "file": CSV, "key": "line_item|line item|item", "expect": expect_vals},
                {"kind": "pattern", "file": CSV, "column": "variance_pct", "regex": "[-+]?\\d+\\.\\d%?"},
            ],
        },
        "R2": {
            "reads": [MEMO],
            "check": [
                {"kind": "words", "file": MEMO, "max": 250},
                {"kind": "states", "file": MEMO, "figures": [["CFO", "Chief Financial Officer"]]},
            ],
        },
        "T1": {
            "reads": [CSV, MEMO],
            "check": [
                {
                    "kind": "values",
                    "file": CSV,
                    "key": "line_item|line item|item",
                    "expect": {"Software licences": {"flag": NOT_OVER}},
                },
                {"kind": "states", "file": MEMO, "figures": [["Software licences", "Software licenses"], 6400]},
                {
                    "kind": "absent",
                    "file": MEMO,
                    "phrases": [
                        {"regex": "software licen[cs]es[^.\\n]{0,60}?(flagged|over 10|above 10|more than 10|exceed)"}
                    ],
                },
            ],
        },
        "T2": {"reads": [MEMO]},
    },
)


def rows(
    var_fn,
    pct_fn,
    flag_fn,
    header=("department", "line_item", "budget_usd", "actual_usd", "variance_usd", "variance_pct", "flag"),
):
    out = [list(header)]
    for r in ref:
        b, a = int(r["budget_usd"]), int(r["actual_usd"])
        out.append([r["department"], r["line_item"], b, a, var_fn(b, a), pct_fn(b, a), flag_fn(b, a)])
    return table(out)


right_csv = rows(
    lambda b, a: a - b, lambda b, a: f"{(a - b) / b * 100:.1f}", lambda b, a: "OVER" if (a - b) / b > 0.10 else ""
)
right_memo = """To: CFO
From: Accounting
Re: Q1 2026 budget variance

Total spend for the first quarter was USD 551,650 against a budget of USD 519,000, an overrun of
USD 32,650 (+6.3%). Four lines were more than 10% over budget: Utilities, Travel, Client
entertainment and Cloud hosting.

The three largest overruns in dollars, and what finance should check for each:

1. Cloud hosting: +17,300 (+32.0%). Check whether new workloads were launched without a capacity
   review and whether reserved-instance commitments lapsed.
2. Travel: +13,200 (+29.3%). Check the trips booked for the sales push against the approved travel
   plan and whether late bookings raised fares.
3. Software licences: +6,400 (+8.0%, within the 10% threshold). Check for renewals billed at list
   price or seats added without retiring unused ones.

Savings on Hardware (-8,800), Maintenance (-4,250) and Recruiting (-2,200) offset part of the overrun.
"""
# wrong: variance as budget - actual, percent of actual, flags on the biggest savings; memo with those figures
wrong_csv = rows(
    lambda b, a: b - a, lambda b, a: f"{(b - a) / a * 100:.1f}", lambda b, a: "OVER" if (b - a) / a > 0.10 else ""
)
wrong_memo = """Dear team,

Q1 2026 came in under budget by 32,650. The total budget was 551,650 and we spent 519,000.
The largest overruns are Hardware (8,800), Maintenance (4,250) and Recruiting (2,200); please check
their invoices. Everything else looks fine and no action is needed on Cloud hosting or Travel.
"""
# partial: variance right but percentages unrounded, flags at 5% (Software licences and more wrongly flagged); memo has totals, misses causes
partial_csv = rows(
    lambda b, a: a - b, lambda b, a: f"{(a - b) / b * 100:.4f}", lambda b, a: "OVER" if (a - b) / b > 0.05 else ""
)
partial_memo = """To: CFO

Q1 2026: budget 519,000, actual 551,650, variance +32,650 (+6.3%).
Overruns: Cloud hosting 17,300, Travel 13,200, Software licences 6,400.
"""
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {CSV: wrong_csv, MEMO: wrong_memo},
            "note": "Variance taken as budget minus actual and as a share of actual, so every sign is flipped and the savings are flagged; the memo swaps the totals and names savings as overruns.",
            "items": {"C1": 4, "C2": 0, "C3": 0, "D1": 15, "D2": 2, "R1": 0, "R2": 5, "T1": 0, "T2": 2},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {CSV: partial_csv, MEMO: partial_memo},
            "note": "Variances right but percentages unrounded and lines over 5% flagged (Software licences too); the memo has the totals and the three overruns but no cause to check for any of them.",
            "items": {"C1": 15, "C2": 7, "C3": 10, "D1": 15, "D2": 3, "R1": 5, "R2": 10, "T1": 0, "T2": 5},
        },
        {
            "name": "right",
            "label": "right",
            "files": {CSV: right_csv, MEMO: right_memo},
            "note": "Written from the reference file and the evaluator notes: every figure, flag and requested part.",
        },
    ],
)
