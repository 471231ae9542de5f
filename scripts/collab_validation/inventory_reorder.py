"""The checks of inventory_reorder and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

import csv
import io
import math

from common import BANK, set_checks, write_sets

from centaurlab.collab.itemchecks.tabular import read_table

T, L, N = "inventory_reorder", "reorder_list.csv", "reorder_note.md"
st = read_table("s.xlsx", (BANK / T / "reference/stock_levels.xlsx").read_bytes())
items = []
for r in st.rows:
    sku, name, on, use, lead, safety = r[0], r[1], float(r[2]), float(r[3]), float(r[4]), float(r[5])
    rop = use * lead + safety
    qty = math.ceil(30 * use + safety - on)
    items.append((sku, name, on, rop, on <= rop, qty))
due = [i for i in items if i[4]]
assert [(i[0], i[5]) for i in due] == [("A-102", 12), ("A-104", 80)]
KEY = "sku|item code|code"
set_checks(
    T,
    {
        "C1": {"reads": [N], "check": {"kind": "states", "file": N, "figures": sorted({round(i[3]) for i in items})}},
        "C2": {"reads": [L], "check": {"kind": "keys", "file": L, "key": KEY, "expect": [i[0] for i in due]}},
        "C3": {
            "reads": [L],
            "check": {
                "kind": "values",
                "file": L,
                "key": KEY,
                "expect": {i[0]: {"order_qty|order quantity|quantity|qty": i[5]} for i in due},
            },
        },
        "D1": {
            "reads": [L],
            "check": {
                "kind": "columns",
                "file": L,
                "columns": [
                    "sku",
                    "item",
                    "on_hand|on hand",
                    "reorder_point|reorder point",
                    "order_qty|order quantity",
                ],
            },
        },
        "D2": {
            "reads": [N],
            "check": {
                "kind": "states",
                "file": N,
                "figures": [
                    ["reorder point", "reorder_point"],
                    "A-102",
                    "A-104",
                    ["safety stock", "lead time", "daily usage"],
                ],
            },
        },
        "R1": {
            "reads": [N],
            "check": {
                "kind": "states",
                "file": N,
                "figures": [{"regex": "<=|\u2264|at or below|less than or equal|or below|at or under"}],
            },
        },
        "R2": {
            "reads": [L],
            "check": {
                "kind": "values",
                "file": L,
                "key": KEY,
                "expect": {
                    i[0]: {"order_qty|order quantity|quantity|qty": i[5], "reorder_point|reorder point": i[3]}
                    for i in due
                },
            },
        },
        "T1": {"reads": [N]},
        "T2": {
            "reads": [L],
            "check": {"kind": "values", "file": L, "key": KEY, "expect": {i[0]: {"item": i[1]} for i in due}},
        },
    },
)


def table(rows):
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


H = ["sku", "item", "on_hand", "reorder_point", "order_qty"]


def fmt(v):
    return f"{v:g}"


right_l = table([H] + [[i[0], i[1], fmt(i[2]), fmt(i[3]), i[5]] for i in due])
right_n = """# Reorder note for the buyer

**Urgent: order today**

- A-102 Toner cartridge: 5 on hand, reorder point 9. Order 12.
- A-104 Shipping boxes (pack): 15 on hand, reorder point 23. Order 80.

Method: reorder point = daily usage x lead time + safety stock; an item is ordered when stock on
hand is at or below (<=) its reorder point. Order quantity = 30 days of usage + safety stock - on
hand, rounded up.

Reorder points of all items: A-100 83, A-101 28, A-102 9, A-103 28, A-104 23, A-105 26, A-106 10,
A-107 16. The other six items are above their reorder points.
"""
# partial: strict < instead of <=?  Both due items are strictly below; use lead time in weeks mistake -> lists A-103 too
part_due = due + [items[3]]
partial_l = table(
    [H]
    + [[i[0], i[1], fmt(i[2]), fmt(i[3]), math.ceil(30 * 4 + 8 - 30) if i[0] == "A-103" else i[5]] for i in part_due]
)
partial_n = """Order A-102, A-103 and A-104. Reorder point = usage x lead time + safety stock.
"""
# wrong: reorder point without safety stock and order = reorder point - on hand
wrong_rows = []
for r in st.rows:
    month = 30 * float(r[3])
    if float(r[2]) < month:
        wrong_rows.append([r[0], r[1], r[2], fmt(month), math.ceil(month - float(r[2]))])
wrong_l = table([["sku", "item", "stock", "rop", "order"]] + wrong_rows)
wrong_n = "Ordered everything that is running low.\n"
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {L: wrong_l, N: wrong_n},
            "note": "Every item with less than 30 days of stock is ordered (seven items instead of two), ignoring reorder points and safety stock, in a list with renamed columns; a one-line note without method or items.",
            "items": {"C1": 0, "C2": 4, "C3": 0, "D1": 5, "D2": 0, "R1": 0, "R2": 0, "T1": 2, "T2": 5},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {L: partial_l, N: partial_n},
            "note": "Both items due are listed with the right quantities, but A-103 (30 on hand, above its reorder point 28) is added; the note states the method without the reorder points, the rule at-or-below or the order formula.",
            "items": {"C1": 0, "C2": 10, "C3": 10, "D1": 15, "D2": 6, "R1": 0, "R2": 7, "T1": 5, "T2": 7},
        },
        {
            "name": "right",
            "label": "right",
            "files": {L: right_l, N: right_n},
            "note": "Written from the stock workbook: reorder points of all eight items, the two at or below them, their order quantities and a note with the method.",
        },
    ],
)
