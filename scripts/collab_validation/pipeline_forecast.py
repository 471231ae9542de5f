"""The checks of pipeline_forecast and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

import csv
import io

from common import BANK, set_checks, write_sets
from openpyxl import load_workbook

wb = load_workbook(BANK / "pipeline_forecast/reference/pipeline.xlsx", data_only=True)
deals = list(wb["deals"].iter_rows(values_only=True))[1:]
prob = {s: p for s, p in list(wb["stage_probability"].iter_rows(values_only=True))[1:]}
T, F, N = "pipeline_forecast", "forecast.csv", "forecast_note.md"
w = {}
for _deal, rep, stage, amount, month in deals:
    w[(rep, month)] = w.get((rep, month), 0) + amount * prob[stage]
months = sorted({m for _, m in w})
reps = sorted({r for r, _ in w})
tot = {m: sum(v for (r, mm), v in w.items() if mm == m) for m in months}
assert tot == {"2026-04": 99400, "2026-05": 57700}
cells = [round(w[(r, m)]) for r in reps for m in months]
set_checks(
    T,
    {
        "C1": {"reads": [F], "check": {"kind": "states", "file": F, "figures": cells}},
        "C2": {"reads": [F], "check": {"kind": "states", "file": F, "figures": [99400, 57700, 157100]}},
        "C3": {"reads": [F], "check": {"kind": "states", "file": F, "figures": [15000, 99400]}},
        "D1": {
            "reads": [F],
            "check": [
                {"kind": "states", "file": F, "figures": reps + [["total", "totals"]]},
                {"kind": "rows", "file": F, "min": 3},
            ],
        },
        "D2": {
            "reads": [N],
            "check": {"kind": "states", "file": N, "figures": [99400, 57700, ["risk", "risks", "at risk"]] + reps},
        },
        "R1": {"reads": [F], "check": {"kind": "states", "file": F, "figures": cells + [99400, 57700]}},
        "R2": {"reads": [N]},
        "T1": {"reads": [N]},
        "T2": {"reads": [N]},
    },
)


def table(rows):
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


H = ["rep", "close_month", "weighted_usd"]
right_f = table(
    [H]
    + [[r, m, round(w[(r, m)])] for r in reps for m in months]
    + [["Total", m, round(tot[m])] for m in months]
    + [["Total", "all", round(sum(tot.values()))]]
)
right_n = """# Weighted forecast: April and May 2026

**April: USD 99,400. May: USD 57,700. Total: USD 157,100.**

## Biggest risks

- D-06 (Santos, Negotiation, USD 64,000, April) carries USD 44,800 of April, 45% of the month: if it slips, April drops to about 55,000.
- D-03 (Meyer, Qualified, USD 90,000, May) is Meyer's whole May pipeline at only 20% probability.
- D-10 (Ito, Negotiation, USD 31,000, May) is most of Ito's May forecast.

## Coaching

- Ito: push D-01 (Proposal, 48,000) to negotiation before April closes.
- Meyer: qualify D-03 hard and build pipeline behind it; after the lost D-08 Meyer has one open deal.
- Santos: secure a close plan and a signature date for D-06.
"""
# partial: per-rep right but closed-lost D-08 counted at the Qualified 20% and totals recomputed from it
pw = dict(w)
pw[("Meyer", "2026-04")] += 40000 * 0.2
ptot = {m: sum(v for (r, mm), v in pw.items() if mm == m) for m in months}
partial_f = table(
    [H] + [[r, m, round(pw[(r, m)])] for r in reps for m in months] + [["Total", m, round(ptot[m])] for m in months]
)
partial_n = f"""April forecast {ptot["2026-04"]:,.0f}, May {ptot["2026-05"]:,.0f}. Biggest risk: D-06. Ito should close faster.\n"""
# wrong: unweighted amounts summed by rep
raw = {}
for _deal, rep, _stage, amount, _month in deals:
    raw[rep] = raw.get(rep, 0) + amount
wrong_f = table([["rep", "pipeline"]] + [[r, raw[r]] for r in reps])
wrong_n = f"Total pipeline {sum(raw.values()):,}. Everyone is doing well.\n"
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {F: wrong_f, N: wrong_n},
            "note": "Unweighted amounts summed per rep, lost deal included, no months and no weighting; a one-line note without monthly totals, risks or coaching.",
            "items": {"C1": 0, "C2": 0, "C3": 0, "D1": 3, "D2": 0, "R1": 0, "R2": 0, "T1": 0, "T2": 2},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {F: partial_f, N: partial_n},
            "note": "Weighted per rep and month, but the closed-lost D-08 is counted at 20%, so Meyer's April and the April total are 8,000 too high; the note names one risk and coaches one rep.",
            "items": {"C1": 12, "C2": 5, "C3": 0, "D1": 12, "D2": 4, "R1": 7, "R2": 3, "T1": 4, "T2": 5},
        },
        {
            "name": "right",
            "label": "right",
            "files": {F: right_f, N: right_n},
            "note": "Written from the deals and stage probabilities: weighted values per rep and month, the lost deal at 0, totals, risks tied to deals and one coaching point per rep.",
        },
    ],
)
