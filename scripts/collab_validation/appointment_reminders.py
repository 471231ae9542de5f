"""The checks of appointment_reminders and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

import csv
import io

from common import set_checks, write_sets

T, F = "appointment_reminders", "reminders.csv"
KEY = "patient_first_name|first_name|first name|name|patient"


def both(*parts):
    return {"regex": "".join(f"(?=.*{p})" for p in parts)}


set_checks(
    T,
    {
        "C1": {
            "reads": [F],
            "check": {"kind": "keys", "file": F, "key": KEY, "expect": ["Lena", "Omar", "Yusuf", "Ines"]},
        },
        "C2": {
            "reads": [F],
            "check": {
                "kind": "values",
                "file": F,
                "key": KEY,
                "expect": {
                    "Lena": {"message": both("\\b0?8[:.]30", "Patel")},
                    "Omar": {"message": both("\\b0?9[:.]15", "Patel")},
                    "Yusuf": {"message": both("(13[:.]40|\\b1[:.]40\\s*pm)", "Garcia")},
                    "Ines": {"message": both("(15[:.]00|\\b3(:00)?\\s*pm)", "Chen")},
                },
            },
        },
        "C3": {
            "reads": [F],
            "check": {
                "kind": "values",
                "file": F,
                "key": KEY,
                "expect": {
                    "Lena": {"message": both("12 hours", "water")},
                    "Omar": {"message": {"regex": "no (special )?prep|no preparation|nothing to prepare"}},
                    "Yusuf": {"message": both("8 hours", "water")},
                    "Ines": {"message": both("metal", "15 min")},
                },
            },
        },
        "D1": {
            "reads": [F],
            "check": [
                {
                    "kind": "columns",
                    "file": F,
                    "columns": ["patient_first_name|first_name|first name", "phone", "message"],
                },
                {"kind": "rows", "file": F, "count": 4},
            ],
        },
        "D2": {
            "reads": [F],
            "check": {
                "kind": "values",
                "file": F,
                "key": KEY,
                "expect": {
                    "Lena": {"phone": "555-0301"},
                    "Omar": {"phone": "555-0302"},
                    "Yusuf": {"phone": "555-0304"},
                    "Ines": {"phone": "555-0305"},
                },
            },
        },
        "R1": {"reads": [F], "check": {"kind": "pattern", "file": F, "column": "message", "regex": "(?s).*555-0300.*"}},
        "R2": {"reads": [F]},
        "T1": {
            "reads": [F],
            "check": [{"kind": "parses", "file": F, "strict": True}, {"kind": "rows", "file": F, "count": 4}],
        },
        "T2": {"reads": [F]},
    },
)


def table(rows):
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


H = ["patient_first_name", "phone", "message"]
msg = "Hi {n}, this is a reminder of your appointment tomorrow, Tuesday 10 March, at {t} with {c}. {p} To change it, call the clinic on 555-0300."
right = table(
    [
        H,
        [
            "Lena",
            "555-0301",
            msg.format(
                n="Lena",
                t="08:30",
                c="Dr. Patel",
                p="Please have nothing to eat or drink except water for 12 hours before your visit.",
            ),
        ],
        ["Omar", "555-0302", msg.format(n="Omar", t="09:15", c="Dr. Patel", p="No preparation is needed.")],
        [
            "Yusuf",
            "555-0304",
            msg.format(
                n="Yusuf",
                t="13:40",
                c="NP Garcia",
                p="Please have nothing to eat or drink except water for 8 hours before your visit.",
            ),
        ],
        [
            "Ines",
            "555-0305",
            msg.format(
                n="Ines",
                t="15:00",
                c="Dr. Chen",
                p="Please remove all metal such as jewellery and belts, and arrive 15 minutes early.",
            ),
        ],
    ]
)
for row in list(csv.reader(io.StringIO(right)))[1:]:
    assert len(row[2]) < 320, len(row[2])
partial = table(
    [
        H,
        [
            "Lena",
            "555-0301",
            "Reminder: appointment 10 March 08:30 with Dr. Patel. Fast for 12 hours, water only. Call 555-0300 to change.",
        ],
        ["Omar", "555-0302", "Reminder: appointment 10 March 09:15 with Dr. Patel."],
        [
            "Yusuf",
            "555-0304",
            "Reminder: lab draw 10 March 13:40 with NP Garcia. Fast for 8 hours, water only. Call 555-0300 to change.",
        ],
        ["Ines", "555-0305", "Reminder: imaging 10 March 15:00 with Dr. Chen. Call 555-0300 to change."],
        ["Karl", "555-0306", "Reminder: follow-up 9 March 11:00 with Dr. Chen. Call 555-0300 to change."],
    ]
)
wrong = table(
    [
        H,
        ["Lena", "555-0300", "Lena, your annual physical is on 11 March at 10:00 with NP Garcia."],
        ["Ruth", "555-0300", "Ruth, your lab draw is on 10 March at 08:30 with Dr. Patel."],
        ["Karl", "555-0300", "Karl, your follow-up is on 10 March at 13:40 with Dr. Patel."],
        ["Omar", "555-0300", "Omar, your follow-up is on 9 March at 11:00 with Dr. Chen."],
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
            "note": "Messages for the wrong days (Ruth and Karl in, Yusuf and Ines out) with times and clinicians mixed up, the clinic number given as every patient's phone, no preparation and no callback number.",
            "items": {"C1": 5, "C2": 0, "C3": 0, "D1": 15, "D2": 0, "R1": 0, "R2": 6, "T1": 8, "T2": 3},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {F: partial},
            "note": "The right times, clinicians and phones, but Karl (9 March) is included, Ines's preparation and Omar's callback number are missing, and two messages name the test (lab draw, imaging) beyond what is needed.",
            "items": {"C1": 11, "C2": 15, "C3": 6, "D1": 11, "D2": 10, "R1": 7, "R2": 6, "T1": 6, "T2": 4},
        },
        {
            "name": "right",
            "label": "right",
            "files": {F: right},
            "note": "Written from the appointment list and the reminder policy: the four 10 March visits, each with time, clinician, preparation in plain words and the callback number.",
        },
    ],
)
