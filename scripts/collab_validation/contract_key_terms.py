"""The checks of contract_key_terms and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

import csv
import io
from datetime import date, timedelta

from common import set_checks, write_sets

T, F = "contract_key_terms", "key_terms.csv"
end = date(2026, 2, 1).replace(year=2028) - timedelta(days=1)
notice = end - timedelta(days=60)
assert (end, notice) == (date(2028, 1, 31), date(2027, 12, 2))


def dates(d):
    return [
        d.isoformat(),
        f"{d.day} {d:%B %Y}",
        f"{d:%B} {d.day}, {d.year}",
        f"{d.day} {d:%b %Y}",
        f"{d:%b} {d.day}, {d.year}",
    ]


def R(rx):
    return {"regex": rx}


set_checks(
    T,
    {
        "C1": {
            "reads": [F],
            "check": {
                "kind": "states",
                "file": F,
                "figures": [
                    "Northwind Logistics LLC",
                    ["Bluepeak Analytics Inc", "Bluepeak Analytics, Inc"],
                    dates(date(2026, 2, 1)),
                ],
            },
        },
        "C2": {
            "reads": [F],
            "check": {
                "kind": "states",
                "file": F,
                "figures": [
                    dates(end),
                    ["12 months", "12-month", "twelve months", "1 year", "one year"],
                    ["automatic", "automatically", "auto-renew", "auto renew", "auto-renews", "renews"],
                ],
            },
        },
        "C3": {"reads": [F], "check": {"kind": "states", "file": F, "figures": [dates(notice)]}},
        "C4": {
            "reads": [F],
            "check": {
                "kind": "states",
                "file": F,
                "figures": [
                    18500,
                    ["in advance"],
                    ["45 days"],
                    ["1% per month", "1 % per month", "1% a month", "1% monthly", "one percent"],
                    ["12 months"],
                    "Delaware",
                ],
            },
        },
        "D1": {
            "reads": [F],
            "check": {
                "kind": "has_rows",
                "file": F,
                "expect": [
                    [R("part(y|ies)")],
                    [R("effective")],
                    [R("end|expir|initial term")],
                    [R("^(?!.*non).*renew")],
                    [R("non.?renew|notice deadline")],
                    [R("fee")],
                    [R("payment")],
                    [R("termination|convenience")],
                    [R("liabil")],
                    [R("governing|law")],
                    [R("address")],
                ],
            },
        },
        "D2": {
            "reads": [F],
            "check": [
                {"kind": "columns", "file": F, "columns": ["term", "value", "clause"]},
                {"kind": "pattern", "file": F, "column": "value", "regex": "(?s).*\\S.*", "exclude": None},
                {"kind": "pattern", "file": F, "column": "clause", "regex": "(?s).*\\S.*", "exclude": None},
            ],
        },
        "R1": {
            "reads": [F],
            "check": {
                "kind": "has_rows",
                "file": F,
                "expect": [[R("termination|convenience"), R("(?=.*90)(?=.*12 months)(?=.*client)")]],
            },
        },
        "R2": {
            "reads": [F],
            "check": [
                {
                    "kind": "pattern",
                    "file": F,
                    "column": "clause",
                    "regex": "(?i)\\s*(clause|section|cl\\.?|\u00a7)?\\s*\\d+(\\.\\d+)?\\s*",
                    "exclude": None,
                },
                {
                    "kind": "has_rows",
                    "file": F,
                    "expect": [
                        [R("^\\s*fee"), R("^\\D*3(\\.\\d+)?\\s*$")],
                        [R("termination|convenience"), R("^\\D*4(\\.\\d+)?\\s*$")],
                        [R("liabil"), R("^\\D*5(\\.\\d+)?\\s*$")],
                        [R("governing"), R("^\\D*6(\\.\\d+)?\\s*$")],
                    ],
                },
            ],
        },
        "T1": {"reads": [F]},
        "T2": {"reads": [F]},
    },
)


def table(rows):
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


H = ["term", "value", "clause"]
right = table(
    [
        H,
        ["Parties", "Northwind Logistics LLC (Client); Bluepeak Analytics Inc. (Provider)", "1"],
        ["Effective date", "2026-02-01", "2"],
        ["End of initial term", "2028-01-31 (24 months)", "2"],
        ["Renewal", "Renews automatically for successive 12-month periods", "2"],
        ["Non-renewal notice deadline", "2027-12-02 (written notice at least 60 days before 2028-01-31)", "2"],
        ["Fees", "USD 18,500 per month, invoiced monthly in advance", "3"],
        ["Payment terms", "Due within 45 days; late amounts bear 1% per month interest", "3"],
        ["Termination for convenience", "Client only, on 90 days' written notice after the first 12 months", "4"],
        ["Liability cap", "Each party's total liability capped at fees paid in the 12 months before the claim", "5"],
        ["Governing law", "State of Delaware", "6"],
        ["Notice addresses", "legal@northwind.example; contracts@bluepeak.example", "7"],
    ]
)
partial = table(
    [
        H,
        ["Parties", "Northwind Logistics LLC and Bluepeak Analytics Inc.", "1"],
        ["Effective date", "1 February 2026", "2"],
        ["End of initial term", "31 January 2028", "2"],
        ["Renewal", "Automatic, 12 months", "2"],
        ["Non-renewal notice deadline", "1 December 2027", "2"],
        ["Fees", "USD 18,500 per month", "3"],
        ["Governing law", "Delaware", ""],
        ["Notice addresses", "legal@northwind.example, contracts@bluepeak.example", ""],
    ]
)
wrong = table(
    [
        H,
        ["Parties", "Bluepeak Analytics (Client) and Northwind (Provider)", ""],
        ["Term", "24 months from signature, no renewal", ""],
        ["Fees", "USD 18,500 per year", ""],
        ["Termination", "Either party on 30 days' notice", ""],
        ["Liability cap", "Unlimited", ""],
        ["Governing law", "New York", ""],
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
            "note": "Parties reversed and incomplete, no dates, fees per year, termination and liability misread, the wrong governing law, no clause numbers, and half the terms missing.",
            "items": {"C1": 2, "C2": 0, "C3": 0, "C4": 0, "D1": 7, "D2": 3, "R1": 0, "R2": 0, "T1": 4, "T2": 6},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {F: partial},
            "note": "Parties, dates, renewal and fee right, but the notice deadline is a day early (1 December), payment terms, termination for convenience and the liability cap are missing, and two rows have no clause.",
            "items": {"C1": 10, "C2": 10, "C3": 0, "C4": 4, "D1": 10, "D2": 6, "R1": 0, "R2": 5, "T1": 8, "T2": 7},
        },
        {
            "name": "right",
            "label": "right",
            "files": {F: right},
            "note": "Written from the agreement: all eleven terms with their clause, the notice deadline counted 60 days back from 31 January 2028.",
        },
    ],
)
