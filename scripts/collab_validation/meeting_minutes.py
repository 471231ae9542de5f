"""The checks of meeting_minutes and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

from common import docx_bytes, set_checks, write_sets

T, D = "meeting_minutes", "minutes.docx"


def R(rx):
    return {"regex": rx}


set_checks(
    T,
    {
        "C1": {
            "reads": [D],
            "check": {
                "kind": "has_rows",
                "file": D,
                "expect": [
                    [R("(?i)tom"), R("(?i)20 march|march 20|2026-03-20|20/03|20 mar\\b")],
                    [R("(?i)priya"), R("(?i)6 march|march 6|2026-03-06|06/03|6 mar\\b")],
                    [R("(?i)sam"), R("(?i)23 march|march 23|2026-03-23|23/03|23 mar\\b")],
                ],
            },
        },
        "C2": {
            "reads": [D],
            "check": {
                "kind": "states",
                "file": D,
                "figures": [14200, "April", ["decision", "decided", "agreed", "approved", "resolved"]],
            },
        },
        "C3": {
            "reads": [D],
            "check": {
                "kind": "states",
                "file": D,
                "figures": ["apologies", "Jun Park", ["1 April", "April 1", "2026-04-01"], "B2"],
            },
        },
        "D1": {
            "reads": [D],
            "check": {
                "kind": "states",
                "file": D,
                "figures": [
                    ["4 March 2026", "2026-03-04", "March 4, 2026", "4 Mar 2026"],
                    ["attendees", "present", "attendance"],
                    "apologies",
                    "Maria Lopez",
                ],
            },
        },
        "D2": {
            "reads": [D],
            "check": [
                {"kind": "states", "file": D, "figures": ["parking", "kitchen", "fire drill"]},
                {
                    "kind": "columns",
                    "file": D,
                    "columns": ["action", "owner|who|responsible", "due|due date|by|deadline"],
                },
            ],
        },
        "R1": {"reads": [D]},
        "R2": {
            "reads": [D],
            "check": {
                "kind": "has_rows",
                "file": D,
                "expect": [[R("(?i)accessible|parking")], [R("(?i)kitchen|contractor|quote")], [R("(?i)drill|warden")]],
            },
        },
        "T1": {"reads": [D]},
        "T2": {
            "reads": [D],
            "check": {
                "kind": "states",
                "file": D,
                "case": True,
                "figures": ["Maria Lopez", "Tom Baker", "Priya Nair", "Sam Cole", "Jun Park"],
            },
        },
    },
)
right = docx_bytes(
    [
        "# Facilities committee: minutes",
        "Date and place: 4 March 2026, 10:00-10:40, room B2",
        "Present: Maria Lopez (chair), Tom Baker, Priya Nair, Sam Cole. Apologies: Jun Park.",
        "## 1. Parking permits",
        "The new permit system goes live on 1 April. The list of staff needing accessible spaces is still outstanding; Tom Baker will collect it.",
        "## 2. Kitchen refit, floor 3",
        "Three quotes were received: EUR 14,200, 16,900 and 12,750; the cheapest cannot start before June and only the middle one includes a dishwasher. Decision: the committee agreed to take the EUR 14,200 quote if the contractor can start in April.",
        "## 3. Fire drill",
        "The last drill took 9 minutes to clear the building against a target of 6. Sam Cole will brief the floor wardens and schedule a new drill.",
        "## Actions",
        "## Next meeting",
        "1 April 2026, room B2.",
    ],
    [
        [
            ["Action", "Owner", "Due date"],
            ["Collect the list of staff needing accessible parking spaces", "Tom Baker", "20 March 2026"],
            ["Confirm an April start with the EUR 14,200 kitchen contractor", "Priya Nair", "Friday 6 March 2026"],
            ["Brief the floor wardens and schedule a fire drill", "Sam Cole", "Week of 23 March 2026"],
        ]
    ],
)
partial = docx_bytes(
    [
        "# Minutes, 4 March 2026",
        "Present: Maria Lopez, Tom Baker, Priya Nair, Sam Cole.",
        "Parking: permits go live 1 April. Kitchen: three quotes received, 14,200, 16,900 and 12,750 euros; to be confirmed. Fire drill: to be rescheduled.",
    ],
    [
        [
            ["Action", "Owner", "Due"],
            ["Accessible parking list", "Tom Baker", "20 March"],
            ["Fire drill", "Sam Cole", "23 March"],
        ]
    ],
)
wrong = docx_bytes(
    [
        "Meeting notes",
        "Maria: First item, the parking permits. The new system goes live on 1 April.",
        "Tom: We still need the list of staff who need accessible spaces.",
        "Priya: Three quotes came in. The cheapest one can't start before June.",
        "Maria: Let's take the cheapest quote, 12,750.",
        "Sam: I'll brief the floor wardens.",
    ]
)
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {D: wrong},
            "note": "A shortened copy of the transcript with the decision changed to the cheapest quote; no date, attendees, apologies, action table or next meeting.",
            "items": {"C1": 0, "C2": 0, "C3": 0, "D1": 0, "D2": 2, "R1": 0, "R2": 0, "T1": 1, "T2": 2},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {D: partial},
            "note": "Dated with attendees and an action table, but no apologies or next meeting, the kitchen decision is not recorded, and Priya Nair's action is missing.",
            "items": {"C1": 10, "C2": 3, "C3": 0, "D1": 7, "D2": 10, "R1": 6, "R2": 7, "T1": 5, "T2": 6},
        },
        {
            "name": "right",
            "label": "right",
            "files": {D: right},
            "note": "Written from the transcript: header with date, place, attendees and apologies; a section per item with the kitchen decision; the action table; the next meeting.",
        },
    ],
)
