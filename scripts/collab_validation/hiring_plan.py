"""The checks of hiring_plan and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

import csv
import math

from common import BANK, set_checks, write_sets, xlsx_bytes

from centaurlab.collab.itemchecks.tabular import read_table

T, X, S = "hiring_plan", "hiring_plan.xlsx", "plan_summary.md"
hc = read_table("h.xlsx", (BANK / T / "reference/headcount.xlsx").read_bytes())
bands = {r["department"]: r for r in csv.DictReader((BANK / T / "reference/salary_bands.csv").read_text().splitlines())}
plan = []
for row in hc.rows:
    d, n, att, growth = row[0], float(row[1]), float(row[2]), float(row[3])
    rep, gro = n * att, n * growth / 100
    hires = math.ceil(round(rep + gro, 9))
    per = float(bands[d]["midpoint_salary_usd"]) * float(bands[d]["recruiting_cost_pct"]) / 100
    plan.append((d, round(rep, 2), round(gro, 2), round(rep + gro, 2), hires, per, hires * per))
tot_h, tot_c = sum(p[4] for p in plan), sum(p[6] for p in plan)
assert (tot_h, tot_c) == (28, 430250)
KEY = "department|dept"
HIRES, COST = "total hires|total_hires|total|hires", "recruiting cost|recruiting_cost|cost"


def vals(names):
    return {p[0]: {HIRES: p[4], COST: p[6]} for p in plan if p[0] in names}


set_checks(
    T,
    {
        "C1": {
            "reads": [X],
            "check": {"kind": "values", "file": X, "key": KEY, "expect": vals(["Engineering", "Customer support"])},
        },
        "C2": {"reads": [X], "check": {"kind": "values", "file": X, "key": KEY, "expect": vals(["Sales", "Finance"])}},
        "C3": {
            "reads": [X, S],
            "check": [
                {"kind": "states", "file": X, "figures": [tot_h, tot_c]},
                {"kind": "states", "file": S, "figures": [tot_h, tot_c]},
            ],
        },
        "D1": {
            "reads": [X],
            "check": [
                {
                    "kind": "columns",
                    "file": X,
                    "columns": [KEY, "replacement hires|replacement|replacements", "growth hires|growth", HIRES, COST],
                },
                {"kind": "keys", "file": X, "key": KEY, "expect": [p[0] for p in plan], "exclude": "(?i)total"},
            ],
        },
        "D2": {
            "reads": [S],
            "check": {
                "kind": "states",
                "file": S,
                "figures": [
                    tot_h,
                    tot_c,
                    ["assumption", "assumptions", "assume", "assumes", "assumed"],
                    ["risk", "risks"],
                ],
            },
        },
        "R1": {
            "reads": [X],
            "check": {"kind": "values", "file": X, "key": KEY, "expect": {p[0]: {HIRES: p[4]} for p in plan}},
        },
        "R2": {
            "reads": [X],
            "check": {"kind": "values", "file": X, "key": KEY, "expect": {p[0]: {COST: p[6]} for p in plan}},
        },
        "T1": {"reads": [X]},
        "T2": {"reads": [S]},
    },
)
H = [
    "department",
    "headcount",
    "replacement_hires",
    "growth_hires",
    "hires_needed",
    "total_hires",
    "cost_per_hire_usd",
    "recruiting_cost_usd",
]
heads = {r[0]: int(float(r[1])) for r in hc.rows}
right_x = xlsx_bytes(
    [H]
    + [[p[0], heads[p[0]], p[1], p[2], p[3], p[4], p[5], p[6]] for p in plan]
    + [["Total", sum(heads.values()), "", "", "", tot_h, "", tot_c]],
    "plan",
)
right_s = (
    """# Hiring plan for next year

**28 hires at a recruiting cost of USD 430,250.**

| department | hires | recruiting cost (USD) |
|---|---|---|
"""
    + "".join(f"| {p[0]} | {p[4]} | {p[6]:,.0f} |\n" for p in plan)
    + """
## Assumptions

- Hires = expected leavers (headcount x attrition rate) + growth (headcount x growth target),
  rounded up per department to whole people.
- Recruiting cost per hire = salary midpoint x the department's recruiting cost percentage.
- Attrition and growth rates hold for the whole year.

## Risks

1. Engineering carries 65% of the cost (USD 281,600 for 11 hires); a tight market could raise
   agency fees above 20% or delay the growth hires.
2. Customer support attrition (25%) is the highest; if it rises, the nine hires will not be enough.
"""
)
# partial: rounded to nearest instead of up; totals accordingly; summary without risks
near = [(p[0], p[1], p[2], p[3], round(p[3]), p[5], round(p[3]) * p[5]) for p in plan]
partial_x = xlsx_bytes([H] + [[p[0], heads[p[0]], p[1], p[2], p[3], p[4], p[5], p[6]] for p in near], "plan")
partial_s = f"""# Hiring plan

Total hires: {sum(p[4] for p in near)}. Total recruiting cost: USD {sum(p[6] for p in near):,.0f}.
Assumption: attrition and growth as in the headcount file.
"""
# wrong: growth_target_pct read as a fraction (x100 too big), cost = salary x hires
wrong_rows = []
for p, row in zip(plan, hc.rows, strict=False):
    g = heads[p[0]] * float(row[3])
    h = math.ceil(p[1] + g)
    cost = h * float(bands[p[0]]["midpoint_salary_usd"])
    wrong_rows.append([p[0], heads[p[0]], p[1], g, h, cost])
wrong_x = xlsx_bytes(
    [["department", "headcount", "replacement_hires", "growth_hires", "total_hires", "recruiting_cost"]] + wrong_rows,
    "plan",
)
wrong_s = f"""We need {sum(r[4] for r in wrong_rows)} people next year, costing {sum(r[5] for r in wrong_rows):,.0f} in salaries."""
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {X: wrong_x, S: wrong_s},
            "note": "Growth targets read as fractions (a hundred times too many growth hires) and recruiting cost taken as the whole salary; the summary has no assumptions or risks.",
            "items": {"C1": 0, "C2": 0, "C3": 0, "D1": 15, "D2": 2, "R1": 0, "R2": 0, "T1": 3, "T2": 2},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {X: partial_x, S: partial_s},
            "note": "Replacement and growth hires right, but totals rounded to the nearest person (Engineering 11, Customer support 8, Sales 7, Finance 1 = 27 hires, USD 425,050); one assumption, no risks.",
            "items": {"C1": 8, "C2": 10, "C3": 0, "D1": 15, "D2": 4, "R1": 5, "R2": 8, "T1": 6, "T2": 5},
        },
        {
            "name": "right",
            "label": "right",
            "files": {X: right_x, S: right_s},
            "note": "Written from the headcount workbook and the salary bands: hires rounded up per department, costs from the bands, totals, assumptions and two risks.",
        },
    ],
)
