"""The checks of vitals_flags and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

import csv
import io

from common import BANK, set_checks, write_sets

T, F, N = "vitals_flags", "flags.csv", "shift_note.md"
LIMITS = {"systolic": (90, 160), "diastolic": (60, 100), "pulse": (50, 110), "temp_c": (None, 38.0), "spo2": (92, None)}
flags = []
for r in csv.DictReader((BANK / T / "reference/vitals.csv").read_text().splitlines()):
    for m, (lo, hi) in LIMITS.items():
        v = float(r[m])
        if m == "temp_c" and v >= hi:
            flags.append((r["resident"], r["time"], m, v, "38.0 or higher"))
        elif m != "temp_c" and hi is not None and v > hi:
            flags.append((r["resident"], r["time"], m, v, f"above {hi}"))
        elif lo is not None and v < lo:
            flags.append((r["resident"], r["time"], m, v, f"below {lo}"))
assert [(f[0], f[3]) for f in flags] == [
    ("Room 102", 162),
    ("Room 103", 112),
    ("Room 104", 38.4),
    ("Room 105", 58),
    ("Room 105", 89),
]


def R(rx):
    return {"regex": rx}


LIMIT_RX = {"Room 102": "160", "Room 103": "110", "Room 104": "38(\\.0)?(?!\\.[1-9])", 58: "\\b60\\b", 89: "\\b92\\b"}
set_checks(
    T,
    {
        "C1": {"reads": [F], "check": {"kind": "has_rows", "file": F, "expect": [[f[0], f[3]] for f in flags[:3]]}},
        "C2": {"reads": [F], "check": {"kind": "has_rows", "file": F, "expect": [[f[0], f[3]] for f in flags[3:]]}},
        "C3": {
            "reads": [F],
            "check": {"kind": "lacks_rows", "file": F, "expect": [["Room 105", 96], ["Room 101"], ["Room 106"]]},
        },
        "D1": {
            "reads": [F],
            "check": [
                {
                    "kind": "columns",
                    "file": F,
                    "columns": [
                        "resident|room",
                        "time",
                        "measure|vital|sign",
                        "value|reading",
                        "limit crossed|limit|threshold",
                    ],
                },
                {"kind": "rows", "file": F, "count": 5},
            ],
        },
        "D2": {
            "reads": [N],
            "check": {"kind": "states", "file": N, "figures": ["Room 102", "Room 103", "Room 104", "Room 105"]},
        },
        "R1": {
            "reads": [N],
            "check": {
                "kind": "states",
                "file": N,
                "figures": [R("(?s)\\A(?:(?!\\b(rooms?\\s*)?10[16]\\b).)*?rooms?\\s*10[2-5]")],
            },
        },
        "R2": {
            "reads": [F],
            "check": {
                "kind": "has_rows",
                "file": F,
                "expect": [
                    [f[0], f[3], R(LIMIT_RX.get(f[0]) if f[0] != "Room 105" else LIMIT_RX[int(f[3])])] for f in flags
                ],
            },
        },
        "T1": {"reads": [N]},
        "T2": {"reads": [F, N]},
    },
)


def table(rows):
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


UNIT = {"systolic": "mmHg", "diastolic": "mmHg", "pulse": "bpm", "temp_c": "C", "spo2": "%"}
H = ["resident", "time", "measure", "value", "limit_crossed"]
right_f = table([H] + [[f[0], f[1], f[2], f"{f[3]:g} {UNIT[f[2]]}", f[4]] for f in flags])
right_n = """# Shift note, Unit 3, 06:00 vital signs - for the charge nurse

Flagged (outside the unit's thresholds):
- Room 102, 06:05: systolic 162 mmHg (above 160).
- Room 103, 06:10: pulse 112 bpm (above 110).
- Room 104, 06:15: temperature 38.4 C (38.0 or higher).
- Room 105, 06:20: diastolic 58 mmHg (below 60) and SpO2 89% (below 92%).

All other readings were within limits; Rooms 101 and 106 have no flags.
"""
partial_f = table(
    [H] + [[f[0], f[1], f[2], f"{f[3]:g}", f[4]] for f in flags[:3]] + [["Room 106", "06:25", "pulse", "58", "low"]]
)
partial_n = """Rooms 101 and 106 checked. Flags: Room 102 BP high, Room 103 pulse high, Room 104 fever.
"""
wrong_f = table(
    [["resident", "reading"], ["Room 101", "normal"], ["Room 105", "systolic 96 low"], ["Room 106", "pulse 58 low"]]
)
wrong_n = "All residents stable overnight.\n"
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {F: wrong_f, N: wrong_n},
            "note": "Flags Room 105's systolic 96 and Room 106's pulse 58, which are within limits, misses all five real flags, and the note calls every resident stable.",
            "items": {"C1": 0, "C2": 0, "C3": 0, "D1": 2, "D2": 0, "R1": 0, "R2": 0, "T1": 1, "T2": 0},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {F: partial_f, N: partial_n},
            "note": "Three flags right (Rooms 102-104) but Room 105's two flags are missing and Room 106's normal pulse is flagged; the note starts with the unflagged rooms and gives no values.",
            "items": {"C1": 15, "C2": 0, "C3": 5, "D1": 10, "D2": 5, "R1": 0, "R2": 5, "T1": 4, "T2": 3},
        },
        {
            "name": "right",
            "label": "right",
            "files": {F: right_f, N: right_n},
            "note": "Written from the readings and the thresholds: the five readings outside the limits with the limit crossed, and a note listing the flagged residents first.",
        },
    ],
)
