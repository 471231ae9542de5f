"""The checks of ab_test_readout and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

import math

from common import set_checks, write_sets

T, R = "ab_test_readout", "readout.md"
c, n1, t, n2 = 524, 10480, 610, 10512
p1, p2 = c / n1, t / n2
d = p2 - p1
se = math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
pp = (c + t) / (n1 + n2)
z = d / math.sqrt(pp * (1 - pp) * (1 / n1 + 1 / n2))
lo, hi = (d - 1.96 * se) * 100, (d + 1.96 * se) * 100
assert round(lo, 2) == 0.19 and round(hi, 2) == 1.41 and round(z, 2) == 2.57
NO_SHIP = [
    "do not ship",
    "don't ship",
    "not ship",
    "no-ship",
    "no ship",
    "hold off",
    "extend the test",
    "not to ship",
    "do not launch",
]


def V(v, t):
    return {"value": v, "tolerance": t}


set_checks(
    T,
    {
        "C1": {
            "reads": [R],
            "check": {
                "kind": "states",
                "file": R,
                "figures": [V(5.0, 0.005), V(5.8, 0.005), V(0.8, 0.005), V(16.06, 0.11)],
            },
        },
        "C2": {
            "reads": [R],
            "check": {
                "kind": "states",
                "file": R,
                "figures": [
                    [V(0.19, 0.005), V(0.0019, 0.00005)],
                    [V(1.41, 0.005), V(0.0141, 0.00005)],
                    V(2.57, 0.01),
                    V(0.0101, 0.0006),
                ],
            },
        },
        "C3": {"reads": [R], "check": {"kind": "states", "file": R, "figures": [NO_SHIP]}},
        "D1": {
            "reads": [R],
            "check": {
                "kind": "states",
                "file": R,
                "figures": [
                    ["conversion rate", "conversion rates"],
                    ["absolute lift", "absolute difference", "percentage points"],
                    ["relative lift", "relative"],
                    ["confidence interval", "CI"],
                    {"regex": "\\bz\\s*[=\u2248:]|z-stat|z stat|test statistic"},
                    {"regex": "\\bp\\s*[=<\u2248:]|p-value|p value"},
                ],
            },
        },
        "D2": {
            "reads": [R],
            "check": {
                "kind": "states",
                "file": R,
                "figures": [["recommendation", "recommend", "decision"], NO_SHIP + ["ship"]],
            },
        },
        "R1": {
            "reads": [R],
            "check": {
                "kind": "states",
                "file": R,
                "figures": [
                    ["95%", "95 %", "95 percent"],
                    ["two-proportion z-test", "two proportion z test", "z-test", "z test"],
                ],
            },
        },
        "R2": {
            "reads": [R],
            "check": {"kind": "states", "file": R, "figures": [V(0.2, 0.001), ["threshold", "lower bound", "rule"]]},
        },
        "T1": {"reads": [R]},
        "T2": {"reads": [R], "check": {"kind": "count", "file": R, "regex": "^(#{1,6} |\\|)", "min": 2}},
    },
)
right = """# Checkout experiment read-out (2026-02-02 to 2026-02-15)

## Results

| variant | visitors | conversions | conversion rate |
|---|---|---|---|
| control | 10,480 | 524 | 5.00% |
| new_checkout | 10,512 | 610 | 5.80% |

- Absolute lift: 5.80% - 5.00% = +0.80 percentage points.
- Relative lift: 0.80 / 5.00 = +16.1%.
- 95% confidence interval of the difference (unpooled standard error): +0.19 to +1.41 percentage points.
- Two-sided two-proportion z-test (pooled): z = 2.57, p = 0.010.

## Formulas

- Rate p = conversions / visitors; difference d = p_new - p_control.
- Interval: d +/- 1.96 x sqrt(p_c(1 - p_c)/n_c + p_n(1 - p_n)/n_n).
- Test: z = d / sqrt(p(1 - p)(1/n_c + 1/n_n)) with the pooled rate p = 1,134 / 20,992.

## Recommendation

Do not ship yet. The lift is significant (p = 0.010 < 0.05), but the brief's rule also asks the
lower bound of the 95% interval to be above the +0.2 point threshold, and it is +0.19 points, just
below it. Extend the test to narrow the interval, then apply the rule again.
"""
partial = """# Checkout test

Control converted 5.00% (524/10,480) and new_checkout 5.80% (610/10,512): an absolute lift of
+0.80 percentage points, or +16.1% relative.

## Significance

Two-proportion z-test, two-sided: z = 2.57, p = 0.010, so the difference is significant at the 95% level.

## Recommendation

Ship the new checkout, because the lift is statistically significant.
"""
wrong = """# Checkout test

## Results

Control: 524 / 10,512 = 4.98%. New checkout: 610 / 10,480 = 5.82%.
Absolute lift 0.84 points; relative lift 16.9%.
95% confidence interval of the lift: 0.25 to 1.43 points. One-sided z-test: z = 2.68, p = 0.004.

## Recommendation

Ship: p is below 0.05, so the new checkout wins.
"""
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {R: wrong},
            "note": "Visitor counts swapped between the variants, so every rate, lift and the interval are off; a one-sided test; ships on significance alone without the brief's threshold.",
            "items": {"C1": 0, "C2": 0, "C3": 0, "D1": 15, "D2": 8, "R1": 5, "R2": 0, "T1": 4, "T2": 7},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {R: partial},
            "note": "Rates, lifts, z and p are right, but there is no confidence interval and the recommendation ignores the +0.2 point rule (ships); no formulas.",
            "items": {"C1": 15, "C2": 7, "C3": 0, "D1": 12, "D2": 8, "R1": 10, "R2": 0, "T1": 8, "T2": 5},
        },
        {
            "name": "right",
            "label": "right",
            "files": {R: right},
            "note": "Written from the counts and the brief: every requested figure with its formula and the literal rule applied.",
        },
    ],
)
