"""The checks of bom_rollup and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

from common import set_checks, write_sets

T, C, P = "bom_rollup", "cost_rollup.csv", "rollup.py"
motor = 142.50 + 2 * 6.20
seal = 4 * 0.45 + 21.80
pump = motor + 58.00 + 37.25 + seal + 8 * 0.32
assert (round(motor, 2), round(seal, 2), round(pump, 2)) == (154.9, 23.6, 276.31)
PART = {"regex": "^\\s*motor[- ]kit\\s*$"}


def rows3():
    return [["MOTOR-KIT", 154.90], ["SEAL-KIT", 23.60], ["PUMP-ASSY", 276.31]]


set_checks(
    T,
    {
        "C1": {
            "reads": [C],
            "check": {"kind": "has_rows", "file": C, "expect": [["MOTOR-KIT", 154.90]], "tolerance": 0.005},
        },
        "C2": {
            "reads": [C],
            "check": {"kind": "has_rows", "file": C, "expect": [["SEAL-KIT", 23.60]], "tolerance": 0.005},
        },
        "C3": {
            "reads": [C],
            "check": {"kind": "has_rows", "file": C, "expect": [["PUMP-ASSY", 276.31]], "tolerance": 0.005},
        },
        "D1": {
            "reads": [C],
            "check": [
                {
                    "kind": "columns",
                    "file": C,
                    "columns": ["part|assembly|item", "cost|rolled_up_cost|rolled_up_unit_cost|unit_cost|rolled"],
                },
                {"kind": "has_rows", "file": C, "expect": [["PUMP-ASSY"], ["MOTOR-KIT"], ["SEAL-KIT"]]},
            ],
        },
        "D2": {
            "reads": [P],
            "check": [
                {"kind": "parses", "file": P},
                {"kind": "states", "file": P, "figures": ["bom.xlsx", "cost_rollup.csv"]},
            ],
        },
        "R1": {"reads": [P]},
        "R2": {
            "reads": [P, C],
            "check": {
                "kind": "runs",
                "file": P,
                "output": C,
                "same_as": C,
                "then": [{"kind": "has_rows", "file": C, "expect": rows3(), "tolerance": 0.005}],
            },
        },
        "T1": {"reads": [P]},
        "T2": {"reads": [P]},
    },
)
right_py = '''"""Roll up the unit cost of every assembly of bom.xlsx into cost_rollup.csv.

Method: a part's cost is its purchase cost when it has no children, else the sum over its
children of quantity x the child's rolled-up cost (recursively, so any number of levels works).
Costs are kept unrounded and rounded to cents only when written.
"""
import csv
from pathlib import Path

from openpyxl import load_workbook

SOURCE = Path("bom.xlsx") if Path("bom.xlsx").exists() else Path("reference/bom.xlsx")


def read_bom(path):
    rows = list(load_workbook(path, data_only=True).active.iter_rows(values_only=True))
    header = [str(h) for h in rows[0]]
    return [dict(zip(header, r)) for r in rows[1:] if r[1]]


def main():
    lines = read_bom(SOURCE)
    children = {}
    purchase = {}
    for line in lines:
        children.setdefault(line["parent"], []).append((line["part"], float(line["qty_per_parent"])))
        purchase[line["part"]] = float(line["unit_cost_usd"] or 0)

    def cost(part):
        if part not in children:
            return purchase[part]
        return sum(qty * cost(child) for child, qty in children[part])

    assemblies = [p for p in children if p not in purchase] + [p for p in children if p in purchase]
    with open("cost_rollup.csv", "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["part", "level", "rolled_up_unit_cost_usd"])
        for part in assemblies:
            writer.writerow([part, "top" if part not in purchase else "sub-assembly", f"{cost(part):.2f}"])


if __name__ == "__main__":
    main()
'''
right_csv = "part,level,rolled_up_unit_cost_usd\nPUMP-ASSY,top,276.31\nMOTOR-KIT,sub-assembly,154.90\nSEAL-KIT,sub-assembly,23.60\n"
partial_py = """import pandas as pd

bom = pd.read_excel("reference/bom.xlsx")
costs = {}
for parent, group in bom[bom.part.notna()].groupby("parent"):
    costs[parent] = (group.qty_per_parent * group.unit_cost_usd).sum()
pd.Series(costs, name="cost").rename_axis("part").round(2).to_csv("cost_rollup.csv")
"""
partial_csv = "part,cost\nMOTOR-KIT,154.9\nPUMP-ASSY,97.81\nSEAL-KIT,23.6\n"
wrong_py = """# costs from the bill of materials
costs = {"PUMP-ASSY": 142.5 + 6.2 + 58 + 37.25 + 0.45 + 21.8 + 0.32, "MOTOR-KIT": 148.7, "SEAL-KIT": 22.25}
with open("cost_rollup.csv", "w") as f:
    f.write("part,cost\\n")
    for k, v in costs.items():
        f.write(f"{k},{v}\\n")
"""
wrong_csv = "part,cost\nPUMP-ASSY,266.52\nMOTOR-KIT,148.70\nSEAL-KIT,22.25\n"
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {C: wrong_csv, P: wrong_py},
            "note": "Quantities ignored (one bearing, one O-ring, one bolt) and every figure typed into the script by hand: all three roll-ups wrong; the script does not read bom.xlsx.",
            "items": {"C1": 0, "C2": 0, "C3": 0, "D1": 15, "D2": 3, "R1": 0, "R2": 4, "T1": 0, "T2": 2},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {C: partial_csv, P: partial_py},
            "note": "A one-level roll-up: MOTOR-KIT and SEAL-KIT are right, but PUMP-ASSY adds its purchased children only and leaves out the sub-assemblies (97.81 instead of 276.31); the script reproduces its own CSV.",
            "items": {"C1": 15, "C2": 10, "C3": 0, "D1": 15, "D2": 10, "R1": 3, "R2": 10, "T1": 4, "T2": 4},
        },
        {
            "name": "right",
            "label": "right",
            "files": {C: right_csv, P: right_py},
            "note": "Written from the bill of materials: a recursive roll-up, rounding at output, and its output.",
        },
    ],
)
