"""The checks of loan_schedule and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

from datetime import date

from common import set_checks, write_sets, xlsx_bytes

T, X, S = "loan_schedule", "amortization.xlsx", "loan_summary.md"
P, r, n = 36000.0, 0.006, 24
pay = round(P * r / (1 - (1 + r) ** -n), 2)
rows, bal = [], P
for k in range(1, n + 1):
    due = date(2026 + (k + 0) // 12 if False else 2026 + (1 + k - 1) // 12, (1 + k - 1) % 12 + 1, 1)
    interest = round(bal * r, 2)
    principal = round(pay - interest, 2) if k < n else round(bal, 2)
    payment = round(interest + principal, 2)
    bal = round(bal - principal, 2)
    rows.append((k, due, payment, interest, principal, bal))
total_interest = round(sum(x[3] for x in rows), 2)
after12 = rows[11][5]
assert pay == 1615.08 and rows[0][3] == 216.0 and rows[0][4] == 1399.08 and rows[-1][5] == 0
assert rows[0][1] == date(2026, 2, 1) and rows[-1][1] == date(2028, 1, 1)
KEY = "number|payment number|payment no|no|n|period"


def V(v, t=0.005):
    return {"value": v, "tolerance": t}


set_checks(
    T,
    {
        "C1": {
            "reads": [X, S],
            "check": [
                {"kind": "states", "file": S, "figures": [V(pay)]},
                {
                    "kind": "values",
                    "file": X,
                    "key": KEY,
                    "tolerance": 0.005,
                    "expect": {"1": {"payment": pay}, "12": {"payment": pay}},
                },
            ],
        },
        "C2": {
            "reads": [X],
            "check": {
                "kind": "values",
                "file": X,
                "key": KEY,
                "tolerance": 0.005,
                "expect": {"1": {"interest": 216.00, "principal": 1399.08}},
            },
        },
        "C3": {
            "reads": [X],
            "check": [
                {"kind": "sum", "file": X, "column": "interest", "expect": total_interest, "tolerance": 0.5},
                {
                    "kind": "values",
                    "file": X,
                    "key": KEY,
                    "tolerance": 0.005,
                    "expect": {"24": {"remaining balance|balance|closing balance": 0}},
                },
            ],
        },
        "D1": {
            "reads": [X],
            "check": [
                {
                    "kind": "columns",
                    "file": X,
                    "columns": [KEY, "due date|date", "payment", "interest", "principal", "remaining balance|balance"],
                },
                {"kind": "rows", "file": X, "count": 24},
            ],
        },
        "D2": {
            "reads": [S],
            "check": {"kind": "states", "file": S, "figures": [V(pay), V(total_interest, 0.5), V(after12, 0.5)]},
        },
        "R1": {
            "reads": [X],
            "check": {
                "kind": "values",
                "file": X,
                "key": KEY,
                "expect": {str(k): {"due date|date": rows[k - 1][1].isoformat()} for k in (1, 2, 12, 13, 24)},
            },
        },
        "R2": {"reads": [S]},
        "T1": {
            "reads": [X],
            "check": {
                "kind": "values",
                "file": X,
                "key": KEY,
                "expect": {"24": {"remaining balance|balance|closing balance": V(0.0)}},
            },
        },
        "T2": {"reads": [X]},
    },
)
H = ["number", "due_date", "payment", "interest", "principal", "remaining_balance"]
right_x = xlsx_bytes([H] + [[k, d, p, i, pr, b] for k, d, p, i, pr, b in rows], "schedule")
right_s = f"""# Your equipment loan

Your monthly payment is **USD {pay:,.2f}**, due on the first of each month from 1 February 2026
to 1 January 2028 (24 payments; the last one is USD {rows[-1][2]:,.2f} so that the balance ends at exactly zero).

Over the whole loan you pay USD {total_interest:,.2f} in interest on the USD 36,000.00 borrowed.
After your first 12 payments you will still owe USD {after12:,.2f}.
"""
# partial: level payment also in the last month, so the balance ends 3 cents below zero; summary without the 12-month balance
part_rows, b = [], P
for k in range(1, n + 1):
    i = round(b * r, 2)
    pr = round(pay - i, 2)
    b = round(b - pr, 2)
    part_rows.append([k, rows[k - 1][1], pay, i, pr, b])
partial_x = xlsx_bytes([H] + part_rows, "schedule")
partial_s = f"The monthly payment is {pay:,.2f} for 24 months; total interest is {sum(x[3] for x in part_rows):,.2f}.\n"
# wrong: simple interest on the original principal, 24 equal payments
flat_i = round(P * r, 2)
flat_p = round(P / n, 2)
wrong_rows, b = [], P
for k in range(1, n + 1):
    b = round(b - flat_p, 2)
    wrong_rows.append(
        [k, f"2026-{k:02d}-01" if k <= 12 else f"2027-{k - 12:02d}-01", flat_i + flat_p, flat_i, flat_p, b]
    )
wrong_x = xlsx_bytes([H] + wrong_rows, "schedule")
wrong_s = f"You pay {flat_i + flat_p:,.2f} a month, {flat_i * n:,.2f} interest in total.\n"
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {X: wrong_x, S: wrong_s},
            "note": "Flat interest on the original principal (216.00 every month, 5,184 in all) instead of an annuity, payments starting in January 2026, and a one-line summary without the balance after 12 payments.",
            "items": {"C1": 0, "C2": 4, "C3": 3, "D1": 15, "D2": 2, "R1": 2, "R2": 4, "T1": 8, "T2": 5},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {X: partial_x, S: partial_s},
            "note": "The annuity schedule is right, but the last payment is not adjusted, so the balance ends at -0.03; the summary gives the payment and total interest but not the balance after 12 payments, in one terse line.",
            "items": {"C1": 15, "C2": 10, "C3": 12, "D1": 15, "D2": 7, "R1": 10, "R2": 5, "T1": 0, "T2": 7},
        },
        {
            "name": "right",
            "label": "right",
            "files": {X: right_x, S: right_s},
            "note": "Written from the term sheet: the annuity payment rounded to cents, 24 rows with the last payment absorbing the rounding, and a plain summary.",
        },
    ],
)
