"""Roll up the unit cost of every assembly of bom.xlsx into cost_rollup.csv.

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
