"""The checks of court_deadlines and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

import csv
import io
from datetime import date, timedelta

from common import BANK, set_checks, write_sets

T, F = "court_deadlines", "deadlines.csv"
DAYS = {
    "complaint served": (21, "Answer to complaint"),
    "motion to dismiss filed": (14, "Opposition to motion"),
    "opposition filed": (7, "Reply in support of motion"),
    "judgment entered": (30, "Notice of appeal"),
}
HOLIDAYS = {date(2026, 2, 16): "Presidents' Day", date(2026, 5, 25): "Memorial Day"}
out = []
for r in csv.DictReader((BANK / T / "reference/case_events.csv").read_text().splitlines()):
    n, kind = DAYS[r["event"]]
    raw = date.fromisoformat(r["date"]) + timedelta(days=n)
    adj, why = raw, []
    while adj.weekday() >= 5 or adj in HOLIDAYS:
        why.append(HOLIDAYS.get(adj, adj.strftime("%A")))
        adj += timedelta(days=1)
    out.append((r["event_id"], kind, raw, adj, why))
RAW, ADJ = "raw due date|raw_due_date|raw date|raw", "adjusted due date|adjusted_due_date|adjusted date|adjusted"
KEY = "event_id|event id|event"


def val(col, pick):
    return {o[0]: {col: pick(o).isoformat()} for o in out}


set_checks(
    T,
    {
        **{
            f"C{k + 1}": {
                "reads": [F],
                "check": {
                    "kind": "values",
                    "file": F,
                    "key": KEY,
                    "expect": {o[0]: {RAW: o[2].isoformat(), ADJ: o[3].isoformat()}},
                },
            }
            for k, o in enumerate(out)
        },
        "D1": {
            "reads": [F],
            "check": {
                "kind": "columns",
                "file": F,
                "columns": [
                    KEY,
                    "deadline type|deadline_type|type|deadline",
                    RAW,
                    ADJ,
                    "reason|adjustment reason|reason for adjustment",
                ],
            },
        },
        "D2": {"reads": [F], "check": {"kind": "keys", "file": F, "key": KEY, "expect": [o[0] for o in out]}},
        "R1": {"reads": [F], "check": {"kind": "values", "file": F, "key": KEY, "expect": val(ADJ, lambda o: o[3])}},
        "R2": {
            "reads": [F],
            "check": {
                "kind": "values",
                "file": F,
                "key": KEY,
                "expect": {
                    "EV1": {"reason": {"regex": "(?i)president|holiday"}},
                    "EV2": {"reason": {"regex": "(?i)president|holiday"}},
                    "EV4": {"reason": {"regex": "(?i)(?=.*(sunday|weekend))(?=.*(memorial|holiday))"}},
                },
            },
        },
        "T1": {
            "reads": [F],
            "check": [
                {"kind": "pattern", "file": F, "column": RAW, "regex": "\\d{4}-\\d{2}-\\d{2}"},
                {"kind": "pattern", "file": F, "column": ADJ, "regex": "\\d{4}-\\d{2}-\\d{2}"},
            ],
        },
        "T2": {
            "reads": [F],
            "check": {
                "kind": "values",
                "file": F,
                "key": KEY,
                "expect": {
                    "EV1": {"deadline type|deadline_type|type|deadline": {"contains": "answer"}},
                    "EV2": {"deadline type|deadline_type|type|deadline": {"contains": "opposition"}},
                    "EV3": {"deadline type|deadline_type|type|deadline": {"contains": "reply"}},
                    "EV4": {"deadline type|deadline_type|type|deadline": {"contains": "appeal"}},
                },
            },
        },
    },
)


def table(rows):
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


H = ["event_id", "deadline_type", "raw_due_date", "adjusted_due_date", "reason"]


def reason(why):
    return (
        "" if not why else "Falls on " + " then ".join(why) + " (court holiday or weekend); moved to the next court day"
    )


right = table([H] + [[o[0], o[1], o[2].isoformat(), o[3].isoformat(), reason(o[4])] for o in out])
# partial: weekends rolled, holidays ignored
part = []
for o in out:
    adj = o[2]
    while adj.weekday() >= 5:
        adj += timedelta(days=1)
    part.append([o[0], o[1], o[2].isoformat(), adj.isoformat(), "Weekend" if adj != o[2] else ""])
partial = table([H] + part)
# wrong: counts the event day (n - 1 days) and never adjusts; US date format
wrong = table(
    [H]
    + [
        [
            o[0],
            o[1].split()[0],
            (o[2] - timedelta(days=1)).strftime("%m/%d/%Y"),
            (o[2] - timedelta(days=1)).strftime("%m/%d/%Y"),
            "",
        ]
        for o in out
    ]
)
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {F: wrong},
            "note": "The event day counted as day one (every date a day early), no weekend or holiday adjustment, US-style dates and shortened deadline types.",
            "items": {"C1": 0, "C2": 0, "C3": 0, "C4": 0, "D1": 15, "D2": 10, "R1": 0, "R2": 0, "T1": 0, "T2": 2},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {F: partial},
            "note": "Raw dates right and weekends rolled, but the two court holidays are ignored: EV1 and EV2 stay on Presidents' Day and EV4 lands on Memorial Day.",
            "items": {"C1": 5, "C2": 5, "C3": 10, "C4": 5, "D1": 15, "D2": 10, "R1": 3, "R2": 2, "T1": 8, "T2": 7},
        },
        {
            "name": "right",
            "label": "right",
            "files": {F: right},
            "note": "Written from the events and the rules: raw dates, adjusted dates past weekends and both holidays, and the reason for each move.",
        },
    ],
)
