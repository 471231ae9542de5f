"""The checks of survey_crosstab and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

import csv
import io

from common import BANK, set_checks, write_sets

T, X, F = "survey_crosstab", "crosstab.csv", "findings.md"
rows = list(csv.DictReader((BANK / T / "reference/survey_responses.csv").read_text().splitlines()))
regions = ["North", "South", "East", "West"]
stat = {}
for g in regions:
    sel = [r for r in rows if r["region"] == g]
    stat[g] = (
        len(sel),
        sum(int(r["satisfaction_1to5"]) for r in sel) / len(sel),
        100 * sum(r["would_recommend"] == "yes" for r in sel) / len(sel),
    )
mean_all = sum(int(r["satisfaction_1to5"]) for r in rows) / len(rows)
rec = sum(r["would_recommend"] == "yes" for r in rows)
KEY = "region"
MEAN, SHARE = (
    "mean satisfaction|mean_satisfaction|mean|satisfaction",
    "would recommend|recommend|share|pct recommend|percent",
)
set_checks(
    T,
    {
        "C1": {
            "reads": [X],
            "check": {
                "kind": "values",
                "file": X,
                "key": KEY,
                "tolerance": 0.005,
                "expect": {g: {MEAN: round(s[1], 2)} for g, s in stat.items()},
            },
        },
        "C2": {
            "reads": [X],
            "check": {
                "kind": "values",
                "file": X,
                "key": KEY,
                "tolerance": 0.05,
                "expect": {g: {SHARE: round(s[2], 1)} for g, s in stat.items()},
            },
        },
        "C3": {
            "reads": [F],
            "check": {
                "kind": "states",
                "file": F,
                "figures": [
                    {"value": 3.625, "tolerance": 0.0051},
                    {"value": 14, "tolerance": 0},
                    {"value": 24, "tolerance": 0},
                    {"value": 58.3, "tolerance": 0.05},
                ],
            },
        },
        "D1": {
            "reads": [X],
            "check": [
                {"kind": "columns", "file": X, "columns": [KEY, "respondents|n|count", MEAN, SHARE]},
                {"kind": "keys", "file": X, "key": KEY, "expect": regions, "exclude": "(?i)total|overall|all"},
            ],
        },
        "D2": {
            "reads": [F],
            "check": {"kind": "count", "file": F, "regex": "^\\s*([-*]|\\d+[.)])\\s+\\S[^\\n]*\\d", "min": 3, "max": 6},
        },
        "R1": {
            "reads": [X],
            "check": [
                {"kind": "pattern", "file": X, "column": MEAN, "regex": "\\d\\.\\d{2}"},
                {"kind": "pattern", "file": X, "column": SHARE, "regex": "\\d{2,3}(\\.\\d+)?\\s*%?"},
            ],
        },
        "R2": {
            "reads": [F],
            "check": {
                "kind": "states",
                "file": F,
                "figures": [
                    ["six", {"value": 6, "tolerance": 0}],
                    ["per region", "each region", "in each region", "a region"],
                    ["small", "too few", "few", "sample size", "not significant", "caution", "cannot"],
                ],
            },
        },
        "T1": {"reads": [F]},
        "T2": {"reads": [F]},
    },
)


def table(r):
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(r)
    return buf.getvalue()


H = ["region", "respondents", "mean_satisfaction", "would_recommend_pct"]
right_x = table(
    [H]
    + [[g, s[0], f"{s[1]:.2f}", f"{s[2]:.1f}"] for g, s in stat.items()]
    + [["Total", 24, "3.63", f"{100 * rec / 24:.1f}"]]
)
right_f = f"""# Survey findings (24 responses)

1. Overall satisfaction is moderate: mean 3.63 of 5 ({mean_all:g}), and 14 of 24 customers (58.3%) would recommend us.
2. East is the most satisfied region (mean 3.83) and, with North, the most likely to recommend (66.7%).
3. South and West recommend least (50.0% each) although South's mean satisfaction (3.67) is above North's and West's (3.50).
4. Every region has unhappy customers (scores of 1 or 2): follow up with them before the next survey.

Caveat: with only six respondents per region, the regional differences (one or two people) are too
few to be called real; treat them as leads to check with a larger sample, not as results.
"""
# partial: means right, shares as fractions; findings without caveat
partial_x = table([H] + [[g, s[0], f"{s[1]:.2f}", f"{s[2] / 100:.3f}"] for g, s in stat.items()])
partial_f = f"""- East has the highest satisfaction (3.83).
- North and West are lowest (3.50).
- Overall mean {mean_all:.2f}.
"""
# wrong: averages over age band instead of region, percentages of all respondents
bands = sorted({r["age_band"] for r in rows})
wrong_x = table(
    [["group", "n", "avg"]]
    + [
        [
            b,
            sum(r["age_band"] == b for r in rows),
            f"{sum(int(r['satisfaction_1to5']) for r in rows if r['age_band'] == b) / sum(r['age_band'] == b for r in rows):.1f}",
        ]
        for b in bands
    ]
)
wrong_f = "West is clearly our worst region and customers there are unhappy because of our prices.\n"
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {X: wrong_x, F: wrong_f},
            "note": "Tabulated by age band instead of region, means to one decimal, no recommendation share; one finding that overstates a difference and invents a cause, no caveat.",
            "items": {"C1": 0, "C2": 0, "C3": 0, "D1": 3, "D2": 0, "R1": 2, "R2": 0, "T1": 0, "T2": 2},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {X: partial_x, F: partial_f},
            "note": "Region means right, but recommendation shares given as fractions (0.667) and no overall share; three short findings without the recommendation figures and no sample-size caveat.",
            "items": {"C1": 15, "C2": 5, "C3": 3, "D1": 15, "D2": 7, "R1": 5, "R2": 0, "T1": 6, "T2": 6},
        },
        {
            "name": "right",
            "label": "right",
            "files": {X: right_x, F: right_f},
            "note": "Written from the responses: the region table, overall figures, four findings with their numbers and the six-per-region caveat.",
        },
    ],
)
