"""The checks of log_triage and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

import csv
import io
import re

from common import BANK, set_checks, write_sets

T, E, M = "log_triage", "error_summary.csv", "triage.md"
errs = {}
for line in (BANK / T / "reference/app.log").read_text().splitlines():
    m = re.match(r"\S+T(\d\d:\d\d:\d\d)Z ERROR \[(\w+)\] (.*)", line)
    if m:
        t, code, msg = m.groups()
        e = errs.setdefault(code, {"count": 0, "first": t, "last": t, "msg": msg})
        e["count"] += 1
        e["last"] = t
KEY = "code|error code|error_code"
FIRST, LAST = "first_seen|first seen|first", "last_seen|last seen|last"
set_checks(
    T,
    {
        "C1": {
            "reads": [E],
            "check": {
                "kind": "values",
                "file": E,
                "key": KEY,
                "expect": {k: {"count": v["count"]} for k, v in errs.items()},
            },
        },
        "C2": {
            "reads": [E],
            "check": {
                "kind": "values",
                "file": E,
                "key": KEY,
                "expect": {k: {FIRST: {"regex": v["first"]}, LAST: {"regex": v["last"]}} for k, v in errs.items()},
            },
        },
        "C3": {"reads": [E], "check": {"kind": "lacks_rows", "file": E, "expect": [["W310"], ["W200"]]}},
        "D1": {
            "reads": [E],
            "check": [
                {
                    "kind": "columns",
                    "file": E,
                    "columns": [KEY, "count", FIRST, LAST, "example message|example|message"],
                },
                {"kind": "rows", "file": E, "count": 4},
            ],
        },
        "D2": {"reads": [M]},
        "R1": {
            "reads": [M],
            "check": [
                {"kind": "order", "file": M, "phrases": [["E2001", "payment"], ["E1042", "database"]]},
                {"kind": "order", "file": M, "phrases": [["E3300", "disk"], ["E1042", "database"]]},
                {"kind": "order", "file": M, "phrases": [["E2001", "payment"], ["E4404", "template"]]},
                {"kind": "order", "file": M, "phrases": [["E3300", "disk"], ["E4404", "template"]]},
            ],
        },
        "R2": {
            "reads": [M],
            "check": {
                "kind": "states",
                "file": M,
                "figures": [502, {"value": 91, "tolerance": 0}, {"value": 95, "tolerance": 0}],
            },
        },
        "T1": {
            "reads": [E],
            "check": {
                "kind": "values",
                "file": E,
                "key": KEY,
                "expect": {
                    k: {"example message|example|message": {"contains": re.sub(r" \S+=\S+$", "", v["msg"])}}
                    for k, v in errs.items()
                },
            },
        },
        "T2": {"reads": [M]},
    },
)


def table(rows):
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


H = ["code", "count", "first_seen", "last_seen", "example_message"]
right_e = table([H] + [[k, v["count"], v["first"], v["last"], v["msg"]] for k, v in sorted(errs.items())])
right_m = """# Triage, 2026-03-02 08:00-08:41

1. **Payment gateway timeouts (E2001)**: 4 errors from 08:05:02 to 08:33:52, still recurring;
   a checkout returned 502 after 30 s at 08:16:00. Impact: customers cannot pay, orders are lost.
   First action: check the gateway's status page and our outbound connection pool; fail over to
   the backup gateway if the provider confirms an incident.
2. **Disk filling on /var/data (E3300)**: usage 91% at 08:12, 93% at 08:25, 95% at 08:40, about
   4 points every 14 minutes, so it fills within the hour. Impact: writes fail and the service stops.
   First action: `du -sh /var/data/*` to find what grows, rotate or move logs, and extend the volume.
3. **Database connection refused on db-2 (E1042)**: 3 errors 08:01:10-08:07:19, none since; slow
   queries on orders (W310, 2.3 s and 4.1 s) follow. Impact: slower order pages. First action: check
   db-2's health and replication before it fails again.
4. **Missing template invoice_v3 (E4404)**: once at 08:31:18. Impact: one invoice not rendered.
   First action: check the last deploy for the template file.

Warnings W200 (retry) and W310 (slow query) are not errors and are not counted above.
"""
part = {k: dict(v) for k, v in errs.items()}
part["E2001"]["count"] = 3
partial_e = table(
    [H]
    + [[k, v["count"], v["first"], v["last"], v["msg"]] for k, v in sorted(part.items())]
    + [["W310", 2, "08:09:55", "08:22:37", "slow query 2300ms table=orders"]]
)
partial_m = """# Triage

1. Database connection refused (E1042) - restart db-2.
2. Payment gateway timeout (E2001) - contact the provider.
3. Disk usage (E3300) - clean up /var/data.
"""
wrong_e = table([["code", "count"], ["E1042", 2], ["W200", 1], ["E2001", 2], ["W310", 2], ["INFO", 4]])
wrong_m = """Mostly informational traffic; the startup at 08:00 went fine. Nothing urgent, keep monitoring.
"""
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {E: wrong_e, M: wrong_m},
            "note": "Counts wrong and warnings and INFO lines counted as errors, two error codes missing, no times or messages; the triage says nothing is urgent.",
            "items": {"C1": 0, "C2": 0, "C3": 0, "D1": 3, "D2": 0, "R1": 0, "R2": 0, "T1": 0, "T2": 0},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {E: partial_e, M: partial_m},
            "note": "Times and messages right, but E2001 counted 3 times instead of 4, W310 counted as an error and E4404 left out of the triage; the triage puts the database first and gives no evidence.",
            "items": {"C1": 11, "C2": 15, "C3": 5, "D1": 12, "D2": 5, "R1": 5, "R2": 0, "T1": 8, "T2": 3},
        },
        {
            "name": "right",
            "label": "right",
            "files": {E: right_e, M: right_m},
            "note": "Written from the log: four error codes with counts, first and last times and verbatim messages; incidents ranked with the 502 and the disk readings as evidence.",
        },
    ],
)
