"""The checks of room_schedule and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

import csv
import io

from common import BANK, set_checks, write_sets

T, S, C = "room_schedule", "schedule.csv", "conflicts.md"
rooms = {
    r["room"]: (int(r["capacity"]), r["has_projector"] == "yes")
    for r in csv.DictReader((BANK / T / "reference/rooms.csv").read_text().splitlines())
}
reqs = list(csv.DictReader((BANK / T / "reference/room_requests.csv").read_text().splitlines()))
fits = {
    q["request_id"]: sorted(
        (
            r
            for r, (cap, proj) in rooms.items()
            if cap >= int(q["attendees"]) and (proj or q["needs_projector"] == "no")
        ),
        key=lambda r: rooms[r][0],
    )
    for q in reqs
}
assert fits["Q3"] == ["Cedar"] and fits["Q6"] == ["Cedar"]
KEY = "request_id|request id|request|id"


def t(hhmm):
    return [hhmm, hhmm.lstrip("0")]


set_checks(
    T,
    {
        "C1": {
            "reads": [S],
            "check": {
                "kind": "values",
                "file": S,
                "key": KEY,
                "expect": {
                    "Q1": {"room": "Atlas", "start": t("09:00"), "end": t("10:00")},
                    "Q2": {"room": "Birch", "start": t("09:30"), "end": t("11:00")},
                    "Q5": {"room": "Atlas", "start": t("10:30"), "end": t("12:00")},
                    "Q7": {"room": "Cedar", "start": t("11:00"), "end": t("12:00")},
                },
            },
        },
        "C2": {
            "reads": [S],
            "check": [
                {"kind": "values", "file": S, "key": KEY, "expect": {"Q3": {"room": "Cedar"}, "Q6": {"room": "Cedar"}}},
                {
                    "kind": "no_overlap",
                    "file": S,
                    "group": "room",
                    "start": "start",
                    "end": "end",
                    "skip": ["UNASSIGNED"],
                },
            ],
        },
        "C3": {
            "reads": [S, C],
            "check": [
                {
                    "kind": "lacks_rows",
                    "file": S,
                    "expect": [
                        ["Q4", {"regex": "^0?10:00$"}, {"regex": "^11:00$"}, {"regex": "(?i)^(atlas|birch|cedar)$"}]
                    ],
                },
                {
                    "kind": "states",
                    "file": C,
                    "figures": [
                        "Q4",
                        [
                            "Birch 11:00",
                            "Cedar 10:30",
                            "11:00-12:00",
                            "11:00 to 12:00",
                            "10:30-11:30",
                            "10:30 to 11:30",
                        ],
                    ],
                },
            ],
        },
        "D1": {
            "reads": [S],
            "check": [
                {"kind": "columns", "file": S, "columns": [KEY, "team", "room", "start", "end"]},
                {"kind": "rows", "file": S, "count": 7},
            ],
        },
        "D2": {
            "reads": [C],
            "check": {
                "kind": "states",
                "file": C,
                "figures": [
                    "Q4",
                    ["Q3", "Q6"],
                    ["overlap", "overlaps", "clash", "conflict", "busy", "booked", "no room", "occupied"],
                    ["propose", "proposed", "alternative", "instead", "move", "moved"],
                ],
            },
        },
        "R1": {
            "reads": [S],
            "check": {
                "kind": "no_overlap",
                "file": S,
                "group": "room",
                "start": "start",
                "end": "end",
                "skip": ["UNASSIGNED"],
            },
        },
        "R2": {
            "reads": [S],
            "check": {
                "kind": "values",
                "file": S,
                "key": KEY,
                "expect": {q: {"room": ok + ["UNASSIGNED"]} for q, ok in fits.items()},
            },
        },
        "T1": {
            "reads": [S],
            "check": [
                {"kind": "pattern", "file": S, "column": "start", "regex": "\\d{2}:\\d{2}"},
                {"kind": "pattern", "file": S, "column": "end", "regex": "\\d{2}:\\d{2}"},
            ],
        },
        "T2": {"reads": [C]},
    },
)


def table(rows):
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


H = ["request_id", "team", "room", "start", "end"]
team = {q["request_id"]: q["team"] for q in reqs}
right_s = table(
    [
        H,
        ["Q1", "Finance", "Atlas", "09:00", "10:00"],
        ["Q2", "Design", "Birch", "09:30", "11:00"],
        ["Q3", "Sales", "Cedar", "09:45", "10:45"],
        ["Q4", "Legal", "UNASSIGNED", "10:00", "11:00"],
        ["Q5", "HR", "Atlas", "10:30", "12:00"],
        ["Q6", "Ops", "Cedar", "09:00", "09:45"],
        ["Q7", "IT", "Cedar", "11:00", "12:00"],
    ]
)
right_c = """# Requests not placed as asked

- **Q3 (Sales, 15 people, projector) moved to 09:45-10:45 in Cedar.** Only Cedar holds 15 or more,
  and Ops (Q6, 18 people, 09:00-09:45) needs Cedar too; the two overlap from 09:30 to 09:45. Q6 keeps
  its slot and Q3 starts 15 minutes later. Alternative: Q6 could move to 08:45-09:30 instead.
- **Q4 (Legal, 4 people) UNASSIGNED at 10:00-11:00.** Birch is taken by Design (Q2) until 11:00,
  Atlas is free only from 10:00 to 10:30 before HR (Q5), and Cedar has Sales until 10:45.
  Proposed alternative: Birch 11:00-12:00 (free after Q2), or Atlas 10:00-10:30 if 30 minutes are enough.
"""
partial_s = table(
    [
        H,
        ["Q1", "Finance", "Atlas", "09:00", "10:00"],
        ["Q2", "Design", "Birch", "09:30", "11:00"],
        ["Q3", "Sales", "Cedar", "09:30", "10:30"],
        ["Q4", "Legal", "Atlas", "10:00", "11:00"],
        ["Q5", "HR", "Cedar", "10:30", "12:00"],
        ["Q6", "Ops", "Cedar", "09:00", "09:45"],
        ["Q7", "IT", "Atlas", "11:00", "12:00"],
    ]
)
partial_c = "Q3 and Q6 both need Cedar; they overlap a little.\n"
wrong_s = table(
    [
        ["id", "room", "time"],
        ["Q1", "Cedar", "9-10"],
        ["Q2", "Cedar", "9:30-11"],
        ["Q3", "Atlas", "9:30-10:30"],
        ["Q4", "Birch", "10-11"],
        ["Q5", "Birch", "10:30-12"],
        ["Q6", "Atlas", "9-9:45"],
        ["Q7", "Birch", "11-12"],
    ]
)
wrong_c = "All requests placed.\n"
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {S: wrong_s, C: wrong_c},
            "note": "Rooms given without regard to size or projector (Sales in 12-seat Atlas, HR in Birch with no projector), double bookings, start and end merged into one column, no team; claims every request was placed.",
            "items": {"C1": 0, "C2": 0, "C3": 0, "D1": 4, "D2": 0, "R1": 2, "R2": 2, "T1": 0, "T2": 0},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {S: partial_s, C: partial_c},
            "note": "Q1 and Q2 right, but Q3 and Q6 both keep their times in Cedar (overlapping 09:30-09:45), HR is put in Cedar on top of Sales' slot, Q4 is booked as asked in Atlas over Q1's end and HR's start, and the conflicts note proposes nothing.",
            "items": {"C1": 7, "C2": 5, "C3": 0, "D1": 15, "D2": 3, "R1": 3, "R2": 10, "T1": 8, "T2": 2},
        },
        {
            "name": "right",
            "label": "right",
            "files": {S: right_s, C: right_c},
            "note": "Written from the rooms and requests: smallest fitting rooms, Q3 moved after Q6 in Cedar, Q4 unassigned with Birch 11:00-12:00 proposed, no double booking.",
        },
    ],
)
