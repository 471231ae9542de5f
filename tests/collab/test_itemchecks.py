"""Deterministic checks of rubric items, each kind on real deliverable text and tables."""

from __future__ import annotations

import io
from typing import Any

import pytest

from centaurlab.collab import RubricError, load_collab_bank, parse_rubric
from centaurlab.collab.itemchecks import evaluate, parse_check
from centaurlab.collab.itemchecks._match import auto_tolerance, cell_matches, cell_number, numbers

TASK = load_collab_bank().get("budget_variance")
VARIANCE = (
    "department,line_item,budget_usd,actual_usd,variance_usd,variance_pct,flag\n"
    "Operations,Utilities,36000,41800,\"5,800\",16.1%,OVER\n"
    "IT,Software licences,80000,86400,6400,8.0,\n"
    "IT,Hardware,40000,31200,(8800),-22.0,\n"
)


def score(check: dict[str, Any], files: dict[str, bytes | str]) -> float:
    data = {k: v.encode() if isinstance(v, str) else v for k, v in files.items()}
    return evaluate(parse_check(check), data, TASK).score


def test_numbers_are_read_as_people_write_them() -> None:
    assert numbers("USD 17,300 (+32.0%), -8,800 and 2026-02-17") == [17300, 32.0, -8800, 2026, 2, 17]
    assert cell_number("(4,250)") == -4250 and cell_number("$5,800") == 5800 and cell_number("IPE 200 or 240") is None
    assert auto_tolerance(6.3) == pytest.approx(0.05) and auto_tolerance(17300) == 0.5
    assert cell_matches("6.25", 6.3) and not cell_matches("6.2", 6.3)
    assert cell_matches("17 February 2026", "2026-02-17") and not cell_matches("02/15/2026", "2026-02-16")
    assert cell_matches("Dr. Patel", "dr patel") and cell_matches("", None) and cell_matches("OVER", ["x", "over"])


def test_table_checks_score_the_share_they_find() -> None:
    files = {"variance.csv": VARIANCE}
    key = "line_item|line item"
    assert score({"kind": "columns", "file": "variance.csv", "columns": ["department", "variance_pct", "owner"]},
                 files) == pytest.approx(2 / 3)
    assert score({"kind": "rows", "file": "variance.csv", "count": 3}, files) == 1.0
    assert score({"kind": "rows", "file": "variance.csv", "count": 12}, files) == 0.0
    values = {"kind": "values", "file": "variance.csv", "key": key, "expect": {
        "Utilities": {"variance_usd": 5800, "variance_pct": 16.1, "flag": "OVER"},
        "Hardware": {"variance_usd": -8800, "flag": None}, "Travel": {"variance_usd": 13200}}}
    assert score(values, files) == pytest.approx(5 / 6)  # Travel has no row
    flagged = {"kind": "keys", "file": "variance.csv", "key": key, "where": {"flag": "OVER"},
               "expect": ["Utilities", "Travel"]}
    assert score(flagged, files) == pytest.approx(1 / 2)
    assert score({"kind": "sum", "file": "variance.csv", "column": "budget_usd", "expect": 156000}, files) == 1.0
    assert score({"kind": "pattern", "file": "variance.csv", "column": "variance_pct", "regex": r"[-+]?\d+\.\d%?"},
                 files) == 1.0
    rows = {"kind": "has_rows", "file": "variance.csv", "expect": [["Utilities", 5800], ["Hardware", 8800]]}
    assert score(rows, files) == pytest.approx(1 / 2)  # (8800) is -8800
    assert score({"kind": "lacks_rows", "file": "variance.csv", "expect": [["Travel"], ["Hardware"]]}, files) == 0.5


def test_no_overlap_finds_a_double_booking() -> None:
    schedule = "request_id,room,start,end\nQ1,Atlas,09:00,10:00\nQ2,Atlas,09:30,10:30\nQ3,Cedar,9:00,9:45\n" \
               "Q4,UNASSIGNED,10:00,11:00\nQ5,UNASSIGNED,10:00,11:00\n"
    check = {"kind": "no_overlap", "file": "s.csv", "group": "room", "start": "start", "end": "end",
             "skip": ["UNASSIGNED"]}
    assert score(check, {"s.csv": schedule}) == pytest.approx(1 - 1 / 3)
    assert score(check, {"s.csv": schedule.replace("09:30,10:30", "10:00,10:30")}) == 1.0


def test_text_checks_on_a_memo() -> None:
    memo = "To: CFO\n\nTotal variance +32,650 (+6.3%). Largest overruns: Cloud hosting 17,300; Travel 13,200.\n"
    files = {"variance_memo.md": memo}
    assert score({"kind": "words", "file": "variance_memo.md", "max": 250}, files) == 1.0
    assert score({"kind": "words", "file": "variance_memo.md", "max": 10}, files) == 0.0
    states = {"kind": "states", "file": "variance_memo.md", "figures": [32650, 6.3, "Cloud hosting", 6400]}
    assert score(states, files) == 0.75
    assert score({**states, "need": 3}, files) == 1.0
    assert score({"kind": "absent", "file": "variance_memo.md", "phrases": ["Hardware", "travel"]}, files) == 0.5
    assert score({"kind": "order", "file": "variance_memo.md", "phrases": ["Cloud hosting", "Travel"]}, files) == 1.0
    assert score({"kind": "order", "file": "variance_memo.md", "phrases": ["Travel", "Cloud hosting"]}, files) == 0.0
    assert score({"kind": "count", "file": "variance_memo.md", "regex": r"\d+,\d{3}", "min": 3}, files) == 1.0
    assert score({"kind": "states", "file": "variance_memo.md", "case": True, "figures": ["cfo"]}, files) == 0.0


def test_a_csv_read_as_text_keeps_its_cells_apart() -> None:
    """"2026-04,34600" is a month and a figure, not the number 4,346 followed by 00."""
    forecast = "rep,close_month,weighted_usd\nIto,2026-04,34600\n"
    assert score({"kind": "states", "file": "forecast.csv", "figures": [34600]}, {"forecast.csv": forecast}) == 1.0


def test_documents_and_workbooks_are_opened_as_tables() -> None:
    from docx import Document
    from openpyxl import Workbook

    doc = Document()
    doc.add_paragraph("Quote for Rosa Martin")
    notes = doc.add_table(rows=1, cols=2)
    notes.cell(0, 0).text, notes.cell(0, 1).text = "Validity", "30 days"
    lines = doc.add_table(rows=2, cols=3)
    for c, text in enumerate(["Quantity", "Unit price", "Amount"]):
        lines.cell(0, c).text = text
    for c, text in enumerate(["250", "USD 18.40", "USD 4,370.00"]):
        lines.cell(1, c).text = text
    buf = io.BytesIO()
    doc.save(buf)
    quote = {"quote.docx": buf.getvalue()}
    check = {"kind": "has_rows", "file": "quote.docx", "tolerance": 0.005, "expect": [[250, 18.4, 4370.0]]}
    assert score(check, quote) == 1.0  # found in the second table
    assert score({"kind": "states", "file": "quote.docx", "figures": ["Rosa Martin", "30 days"]}, quote) == 1.0
    wb = Workbook()
    wb.active.append(["number", "interest"])
    wb.active.append([1, 216.0])
    wb.active.append([2, 207.61])
    buf = io.BytesIO()
    wb.save(buf)
    plan = {"a.xlsx": buf.getvalue()}
    assert score({"kind": "sum", "file": "a.xlsx", "column": "interest", "expect": 423.61}, plan) == 1.0
    assert score({"kind": "parses", "file": "a.xlsx"}, plan) == 1.0
    assert score({"kind": "parses", "file": "a.xlsx"}, {"a.xlsx": b"not a zip"}) == 0.0


def test_parses_and_missing_files() -> None:
    assert score({"kind": "parses", "file": "clean.py"}, {"clean.py": "def f(:\n"}) == 0.0
    assert score({"kind": "parses", "file": "clean.py"}, {"clean.py": "print(1)\n"}) == 1.0
    ragged = "a,b\n1,2\n3\n"
    assert score({"kind": "parses", "file": "t.csv"}, {"t.csv": ragged}) == 1.0
    assert score({"kind": "parses", "file": "t.csv", "strict": True}, {"t.csv": ragged}) == 0.0
    assert score({"kind": "states", "file": "memo.md", "figures": ["x"]}, {}) == 0.0


ROLLUP = """
import csv
from openpyxl import load_workbook
rows = list(load_workbook("bom.xlsx").active.iter_rows(values_only=True))[1:]
children, cost = {}, {}
for parent, part, _, qty, unit in rows:
    if part:
        children.setdefault(parent, []).append((part, qty))
        cost[part] = unit
def rolled(p):
    return sum(q * rolled(c) for c, q in children[p]) if p in children else cost[p]
with open("cost_rollup.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["part", "cost"])
    for p in children:
        w.writerow([p, f"{rolled(p):.2f}"])
"""


def test_a_delivered_script_runs_in_the_sandbox_and_its_output_is_checked() -> None:
    bom = load_collab_bank().get("bom_rollup")
    delivered = "part,cost\nPUMP-ASSY,276.31\nMOTOR-KIT,154.90\nSEAL-KIT,23.60\n"
    check = parse_check({"kind": "runs", "file": "rollup.py", "output": "cost_rollup.csv", "same_as": "cost_rollup.csv",
                         "then": [{"kind": "has_rows", "file": "cost_rollup.csv", "tolerance": 0.005,
                                   "expect": [["PUMP-ASSY", 276.31], ["SEAL-KIT", 23.6]]}]})
    ok = evaluate(check, {"rollup.py": ROLLUP.encode(), "cost_rollup.csv": delivered.encode()}, bom)
    assert ok.score == 1.0, ok.detail
    hand_typed = delivered.replace("276.31", "266.52")
    half = evaluate(check, {"rollup.py": ROLLUP.encode(), "cost_rollup.csv": hand_typed.encode()}, bom)
    assert half.score == pytest.approx((1 + 2 / 4) / 2)  # the run is right; 2 of 4 distinct rows shared
    escape = "import socket\nsocket.create_connection(('example.com', 80))\n"
    failed = evaluate(check, {"rollup.py": escape.encode(), "cost_rollup.csv": delivered.encode()}, bom)
    assert failed.score == 0.0 and "did not run cleanly" in failed.detail


@pytest.mark.parametrize(
    ("check", "problem"),
    [
        ({"kind": "guess", "file": "a.csv"}, "kinds: parses"),
        ({"kind": "rows", "file": "a.csv"}, "give count"),
        ({"kind": "pattern", "file": "a.csv", "column": "x", "regex": "("}, "not a regular expression"),
        ({"kind": "states", "file": "a.md", "figures": [{"near": 3}]}, "needs a 'contains'"),
        ({"kind": "columns", "file": "a.csv", "columns": ["a"], "colour": "red"}, "Extra inputs"),
        ({"kind": "runs", "file": "a.py", "output": "o.csv", "then": [{"kind": "rows", "file": "p.csv", "count": 1}]},
         "open the output o.csv"),
    ],
)
def test_a_malformed_check_is_refused_when_the_rubric_is_read(check: dict[str, Any], problem: str) -> None:
    item = {"criterion": "Figures are right", "points": 40, "verification": "open the file and compare it",
            "check": check}
    data = {"categories": [{"name": "correctness_accuracy", "weight": 40, "items": [item]}]}
    with pytest.raises(RubricError, match=problem) as err:
        parse_rubric(data, "t", "rubric.json")
    assert "categories.0.items.0.check.0" in str(err.value)
