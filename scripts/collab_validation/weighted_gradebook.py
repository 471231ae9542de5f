"""The checks of weighted_gradebook and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

import csv
import io
from decimal import ROUND_HALF_UP, Decimal

from common import BANK, set_checks, write_sets

from centaurlab.collab.itemchecks.tabular import read_table

T, F = "weighted_gradebook", "final_grades.csv"
sc = read_table("s.xlsx", (BANK / T / "reference/scores.xlsx").read_bytes())


def letter(g):
    return "A" if g >= 90 else "B" if g >= 80 else "C" if g >= 70 else "D" if g >= 60 else "F"


out = []
for r in sc.rows:
    hw, qz, mid, fin = (Decimal(x) for x in r[1:5])
    g = (Decimal("0.3") * hw + Decimal("0.2") * qz + Decimal("0.2") * mid + Decimal("0.3") * fin).quantize(
        Decimal("0.1"), ROUND_HALF_UP
    )
    let = letter(float(g))
    note = ""
    if fin < 50 and let in "ABC":
        let, note = "D", "Capped at D: final exam below 50"
    out.append((r[0], float(g), let, note))
KEY = "student|name"
GRADE = "weighted_grade|weighted grade|grade|weighted"
set_checks(
    T,
    {
        "C1": {
            "reads": [F],
            "check": {
                "kind": "values",
                "file": F,
                "key": KEY,
                "tolerance": 0.05,
                "expect": {o[0]: {GRADE: o[1]} for o in out[:4]},
            },
        },
        "C2": {
            "reads": [F],
            "check": {
                "kind": "values",
                "file": F,
                "key": KEY,
                "tolerance": 0.05,
                "expect": {o[0]: {GRADE: o[1]} for o in out[4:]},
            },
        },
        "C3": {
            "reads": [F],
            "check": {
                "kind": "values",
                "file": F,
                "key": KEY,
                "expect": {o[0]: {"letter|letter grade|final letter": o[2]} for o in out},
            },
        },
        "D1": {
            "reads": [F],
            "check": [
                {"kind": "columns", "file": F, "columns": [KEY, GRADE, "letter|letter grade", "note|notes|comment"]},
                {"kind": "rows", "file": F, "count": 8},
            ],
        },
        "D2": {
            "reads": [F],
            "check": {
                "kind": "values",
                "file": F,
                "key": KEY,
                "expect": {"Blake": {"note|notes|comment": {"regex": "(?i)final"}}},
            },
        },
        "R1": {
            "reads": [F],
            "check": {
                "kind": "values",
                "file": F,
                "key": KEY,
                "expect": {"Blake": {"letter|letter grade|final letter": "D"}},
            },
        },
        "R2": {"reads": [F], "check": {"kind": "pattern", "file": F, "column": GRADE, "regex": "\\d+\\.\\d"}},
        "T1": {"reads": [F]},
        "T2": {
            "reads": [F],
            "check": [
                {"kind": "parses", "file": F, "strict": True},
                {"kind": "columns", "file": F, "columns": [KEY, GRADE]},
            ],
        },
    },
)


def table(rows):
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


H = ["student", "weighted_grade", "letter", "note"]
right = table(
    [H]
    + [
        [
            o[0],
            f"{o[1]:.1f}",
            o[2],
            o[3]
            + (" (syllabus: a final exam below 50 caps the letter at D; weighted 77.9 would be a C)" if o[3] else ""),
        ]
        for o in out
    ]
)
partial = table([H] + [[o[0], f"{o[1]:.1f}", letter(o[1]), ""] for o in out])
wrong_rows = []
for r in sc.rows:
    g = sum(float(x) for x in r[1:5]) / 4
    wrong_rows.append([r[0], round(g), letter(g)])
wrong = table([["student", "grade", "letter"]] + wrong_rows)
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {F: wrong},
            "note": "A plain average of the four components instead of the syllabus weights, rounded to whole points, and no final-exam rule or note column.",
            "items": {"C1": 0, "C2": 0, "C3": 5, "D1": 8, "D2": 0, "R1": 0, "R2": 0, "T1": 0, "T2": 7},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {F: partial},
            "note": "Weighted grades and letters from the scale are right, but the final-exam rule is not applied: Blake gets a C instead of a D, with no note.",
            "items": {"C1": 15, "C2": 15, "C3": 8, "D1": 15, "D2": 0, "R1": 0, "R2": 10, "T1": 0, "T2": 7},
        },
        {
            "name": "right",
            "label": "right",
            "files": {F: right},
            "note": "Written from the scores and the syllabus: weights, one-decimal rounding, letters, and Blake capped at D with a note naming the final-exam rule.",
        },
    ],
)
