"""The checks of customer_dedup and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

import csv
import io
import re

from common import BANK, set_checks, write_sets

T, C, M, P = "customer_dedup", "customers_clean.csv", "cleaning_report.md", "clean.py"
src = list(csv.DictReader((BANK / T / "reference/customers.csv").read_text().splitlines()))


def nname(s):
    return " ".join(s.split()).title()


def nphone(s):
    d = re.sub(r"\D", "", s)
    return f"{d[:3]}-{d[3:]}"


def valid(e):
    return bool(re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", e))


kept, merged = [], {}
for r in src:
    email, name, phone = r["email"].strip().lower(), nname(r["name"]), nphone(r["phone"])
    twin = next(
        (k for k in kept if (email and k["email"] == email) or (k["name"] == name and k["phone"] == phone)), None
    )
    if twin:
        merged.setdefault(twin["customer_id"], []).append(r["customer_id"])
        continue
    kept.append(
        {
            "customer_id": r["customer_id"],
            "name": name,
            "email": email,
            "phone": phone,
            "city": r["city"].strip().title(),
            "email_valid": "yes" if valid(email) else ("missing" if not email else "invalid"),
        }
    )
assert len(kept) == 7 and merged == {"C001": ["C002"], "C004": ["C006"], "C005": ["C010"]}
KEY = "customer_id|id|customer id"
MERGED = "merged_ids|merged ids|merged|merged_from"
ids = [r["customer_id"] for r in src]
set_checks(
    T,
    {
        "C1": {
            "reads": [C],
            "check": {
                "kind": "values",
                "file": C,
                "key": KEY,
                "expect": {
                    "C001": {MERGED: {"contains": "C002"}},
                    "C004": {MERGED: {"contains": "C006"}},
                    "C005": {MERGED: {"contains": "C010"}},
                },
            },
        },
        "C2": {"reads": [C], "check": {"kind": "rows", "file": C, "count": 7}},
        "C3": {
            "reads": [M],
            "check": {
                "kind": "states",
                "file": M,
                "figures": [
                    "C003",
                    "C009",
                    "C007",
                    ["top-level domain", "TLD", "no domain", "domain"],
                    ["@@", "double @", "two @", "two at"],
                    ["missing", "blank", "empty", "no email"],
                ],
            },
        },
        "D1": {
            "reads": [C],
            "check": [
                {"kind": "pattern", "file": C, "column": "name", "regex": "[A-Z][a-z]+( [A-Z][a-z]+)*"},
                {"kind": "pattern", "file": C, "column": "email", "regex": "[^A-Z]*"},
                {"kind": "columns", "file": C, "columns": [KEY, "name", "email", "phone", MERGED]},
            ],
        },
        "D2": {
            "reads": [M],
            "check": {
                "kind": "states",
                "file": M,
                "figures": ["C002", "C006", "C010", 7, 3, ["merged", "merge", "duplicate", "duplicates"], ["invalid"]],
            },
        },
        "D3": {
            "reads": [P],
            "check": {
                "kind": "runs",
                "file": P,
                "output": C,
                "then": [
                    {"kind": "rows", "file": C, "count": 7},
                    {
                        "kind": "values",
                        "file": C,
                        "key": KEY,
                        "expect": {
                            "C001": {MERGED: {"contains": "C002"}},
                            "C004": {MERGED: {"contains": "C006"}},
                            "C005": {MERGED: {"contains": "C010"}},
                        },
                    },
                ],
            },
        },
        "R1": {"reads": [C], "check": {"kind": "pattern", "file": C, "column": "phone", "regex": "555-\\d{4}"}},
        "R2": {"reads": [C], "check": {"kind": "states", "file": C, "figures": ids}},
        "T1": {"reads": [P]},
        "T2": {"reads": [M]},
    },
)


def table(rows):
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue()


H = ["customer_id", "name", "email", "phone", "city", "email_status", "merged_ids"]
right_csv = table(
    [H]
    + [
        [
            k["customer_id"],
            k["name"],
            k["email"],
            k["phone"],
            k["city"],
            k["email_valid"],
            " ".join(merged.get(k["customer_id"], [])),
        ]
        for k in kept
    ]
)
right_py = '''"""Clean customers.csv: normalise, merge duplicates, keep bad emails marked; writes customers_clean.csv."""
import csv
import re
from pathlib import Path

SOURCE = Path("customers.csv") if Path("customers.csv").exists() else Path("reference/customers.csv")


def name_of(raw):
    return " ".join(raw.split()).title()


def phone_of(raw):
    digits = re.sub(r"\\D", "", raw)
    return f"{digits[:3]}-{digits[3:]}"


def email_status(email):
    if not email:
        return "missing"
    return "valid" if re.fullmatch(r"[^@\\s]+@[^@\\s]+\\.[a-z]{2,}", email) else "invalid"


def main():
    kept, merged = [], {}
    for row in csv.DictReader(SOURCE.open()):
        email = row["email"].strip().lower()
        name, phone = name_of(row["name"]), phone_of(row["phone"])
        twin = next((k for k in kept if (email and k["email"] == email) or (k["name"] == name and k["phone"] == phone)), None)
        if twin is not None:  # rows come in id order, so the kept twin has the lowest id
            merged.setdefault(twin["customer_id"], []).append(row["customer_id"])
            continue
        kept.append({"customer_id": row["customer_id"], "name": name, "email": email, "phone": phone,
                     "city": row["city"].strip().title(), "email_status": email_status(email)})
    with open("customers_clean.csv", "w", newline="") as out:
        writer = csv.DictWriter(out, [*kept[0], "merged_ids"])
        writer.writeheader()
        for k in kept:
            writer.writerow({**k, "merged_ids": " ".join(merged.get(k["customer_id"], []))})


if __name__ == "__main__":
    main()
'''
right_md = """# Cleaning report: customers.csv

10 records in, 7 customers out: 3 duplicates merged, 0 records dropped.

## Merged (3)

- C002 into C001: same email after lower-casing (ana.souza@example.com) and the same phone 555-0101.
- C006 into C004: same email chen.wei@example.com; the name had a double space and the phone was written (555) 0199.
- C010 into C005: an identical copy of C005.

## Invalid or missing emails (3, kept and marked)

- C003 brian.okafor@example: invalid, the domain has no top-level domain.
- C009 grace.kim@@example.com: invalid, a double @.
- C007: missing, no email given.

## Normalisation

Names trimmed, single-spaced and title-cased; emails lower-cased; phones written 555-NNNN.
"""
partial_rows = [
    [k["customer_id"], k["name"], k["email"], k["phone"], k["city"], ""] for k in kept if k["customer_id"] != "C005"
]
partial_rows += [
    ["C005", "Dana Levi", "dana.levi@example.com", "555-0120", "Haifa", ""],
    ["C010", "Dana Levi", "dana.levi@example.com", "555-0120", "Haifa", ""],
]
partial_rows = sorted(partial_rows)
for r in partial_rows:
    r[5] = {"C001": "C002", "C004": "C006"}.get(r[0], "")
partial_csv = table([["customer_id", "name", "email", "phone", "city", "merged_ids"]] + partial_rows)
partial_md = """# Cleaning report

Merged C002 into C001 and C006 into C004 (same email). 8 customers remain.
"""
partial_py = """import pandas as pd

df = pd.read_csv("reference/customers.csv")
df["email"] = df.email.str.lower().str.strip()
df["name"] = df.name.str.split().str.join(" ").str.title()
df["phone"] = df.phone.str.replace(r"\\D", "", regex=True).str.replace(r"^(\\d{3})", r"\\1-", regex=True)
first = df.drop_duplicates("email", keep="first")
"""
wrong_rows = [
    [r["customer_id"], r["name"].strip(), r["email"], r["phone"], r["city"]]
    for r in src
    if r["email"] and "@@" not in r["email"] and r["email"].endswith(".com")
]
wrong_csv = table([["customer_id", "name", "email", "phone", "city"]] + wrong_rows)
wrong_md = """# Report

Removed the customers with bad emails. The list is clean now.
"""
wrong_py = """import csv
rows = [r for r in csv.DictReader(open("customers.csv")) if r["email"].endswith(".com") and "@@" not in r["email"]]
"""
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {C: wrong_csv, M: wrong_md, P: wrong_py},
            "note": "Customers with a bad or missing email dropped instead of marked, no duplicate merged, nothing normalised, no merged-ids column; the script writes nothing.",
            "items": {"C1": 0, "C2": 0, "C3": 0, "D1": 2, "D2": 1, "D3": 0, "R1": 5, "R2": 0, "T1": 0, "T2": 2},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {C: partial_csv, M: partial_md, P: partial_py},
            "note": "Names, emails and phones normalised and two of the three merges made, but the identical C010 stays a separate customer (8 rows); invalid emails are not reported; the script stops before writing its output.",
            "items": {"C1": 10, "C2": 0, "C3": 0, "D1": 10, "D2": 3, "D3": 0, "R1": 10, "R2": 10, "T1": 5, "T2": 3},
        },
        {
            "name": "right",
            "label": "right",
            "files": {C: right_csv, M: right_md, P: right_py},
            "note": "Written from the customer list and the evaluator notes: three merges, seven customers, three bad emails marked, the script and a report of every decision.",
        },
    ],
)
