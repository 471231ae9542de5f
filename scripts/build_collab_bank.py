"""Write the reference files of the built-in collab bank (src/centaurlab/collab/builtin/collab).

Run from the repository root: `python scripts/build_collab_bank.py`. Needs openpyxl, python-docx,
fpdf2 and Pillow (the `dev` extra). Every file is generated from the data below (office files
with fixed zip time stamps), so the files in git can be rebuilt and reviewed; the instance.toml
and prompt.md of each task are written by hand.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from docx import Document
from fpdf import FPDF
from openpyxl import Workbook
from PIL import Image, ImageDraw

BANK = Path(__file__).resolve().parents[1] / "src/centaurlab/collab/builtin/collab"
FIXED_TIME = (2026, 1, 1, 0, 0, 0)


def ref(task: str, name: str) -> Path:
    path = BANK / task / "reference" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def write_csv(task: str, name: str, header: list[str], rows: list[list[object]]) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    ref(task, name).write_text(buf.getvalue())


def write_text(task: str, name: str, text: str) -> None:
    ref(task, name).write_text(text.strip() + "\n")


def fixed_zip(path: Path) -> None:
    """Office files are zip archives stamped with the time of writing; fix the stamps so a rebuild
    gives the same bytes."""
    import zipfile

    entries = []
    with zipfile.ZipFile(path) as zin:
        for info in zin.infolist():
            entries.append((info.filename, zin.read(info.filename)))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for name, data in entries:
            if name == "docProps/core.xml":  # openpyxl stamps the save time here whatever we set
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2026-01-01T00:00:00Z", data)
                data = re.sub(rb"(<dcterms:created[^>]*>)[^<]*", rb"\g<1>2026-01-01T00:00:00Z", data)
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(info, data)


def write_xlsx(task: str, name: str, sheets: dict[str, tuple[list[str], list[list[object]]]]) -> None:
    import datetime as dt

    wb = Workbook()
    wb.remove(wb.active)
    for title, (header, rows) in sheets.items():
        ws = wb.create_sheet(title)
        ws.append(header)
        for row in rows:
            ws.append(row)
    wb.properties.created = dt.datetime(*FIXED_TIME)
    wb.properties.modified = dt.datetime(*FIXED_TIME)
    wb.save(ref(task, name))
    fixed_zip(ref(task, name))


def write_pdf(task: str, name: str, title: str, paragraphs: list[str]) -> None:
    pdf = FPDF()
    pdf.set_creation_date(__import__("datetime").datetime(*FIXED_TIME, tzinfo=__import__("datetime").UTC))
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    pdf.multi_cell(0, 8, title)
    pdf.ln(2)
    pdf.set_font("Helvetica", size=10)
    for para in paragraphs:
        pdf.multi_cell(0, 5, para)
        pdf.ln(2)
    pdf.output(str(ref(task, name)))


def write_docx(task: str, name: str, title: str, paragraphs: list[str]) -> None:
    import datetime as dt

    doc = Document()
    doc.core_properties.created = dt.datetime(*FIXED_TIME)
    doc.core_properties.modified = dt.datetime(*FIXED_TIME)
    doc.add_heading(title, level=1)
    for para in paragraphs:
        doc.add_paragraph(para)
    doc.save(str(ref(task, name)))
    fixed_zip(ref(task, name))


def budget_variance() -> None:
    rows = [
        ["Operations", "Facilities rent", 120000, 121500],
        ["Operations", "Utilities", 36000, 41800],
        ["Operations", "Maintenance", 24000, 19750],
        ["Sales", "Travel", 45000, 58200],
        ["Sales", "Trade shows", 30000, 29100],
        ["Sales", "Client entertainment", 12000, 15900],
        ["IT", "Software licences", 80000, 86400],
        ["IT", "Cloud hosting", 54000, 71300],
        ["IT", "Hardware", 40000, 31200],
        ["HR", "Recruiting", 25000, 22800],
        ["HR", "Training", 18000, 18700],
        ["Finance", "Audit fees", 35000, 35000],
    ]
    write_csv("budget_variance", "budget_vs_actual.csv", ["department", "line_item", "budget_usd", "actual_usd"], rows)


def loan_schedule() -> None:
    write_pdf(
        "loan_schedule",
        "term_sheet.pdf",
        "Term sheet - equipment loan, Harbor Print Co.",
        [
            "Borrower: Harbor Print Co. Lender: Eastbay Community Credit Union.",
            "Principal: USD 36,000.00. Annual interest rate: 7.2% fixed, compounded monthly (0.6% per month).",
            "Term: 24 monthly payments, level (fully amortising). First payment due 2026-02-01, "
            "then on the first of each month.",
            "Prepayment: allowed without penalty. Late fee: 5% of the missed payment after 10 days.",
            "Collateral: one Heidelberg offset press, serial HP-2291.",
        ],
    )


def survey_crosstab() -> None:
    regions = ["North", "South", "East", "West"]
    bands = ["18-34", "35-54", "55+"]
    sat = [4, 5, 3, 2, 4, 4, 5, 3, 3, 2, 4, 5, 1, 3, 4, 4, 5, 5, 2, 3, 4, 3, 5, 4]
    rows = []
    for i, s in enumerate(sat):
        rec = "yes" if s >= 4 else "no"
        rows.append([f"R{i + 1:03d}", regions[i % 4], bands[(i // 4) % 3], s, rec])
    write_csv(
        "survey_crosstab",
        "survey_responses.csv",
        ["respondent", "region", "age_band", "satisfaction_1to5", "would_recommend"],
        rows,
    )


def log_triage() -> None:
    lines = []
    events = [
        ("08:00:03", "INFO", "startup", "service started version=4.2.1"),
        ("08:01:10", "ERROR", "E1042", "database connection refused host=db-2"),
        ("08:01:12", "WARN", "W200", "retrying connection attempt=1"),
        ("08:01:15", "ERROR", "E1042", "database connection refused host=db-2"),
        ("08:03:40", "INFO", "request", "GET /orders 200 45ms"),
        ("08:05:02", "ERROR", "E2001", "payment gateway timeout order=8812"),
        ("08:07:19", "ERROR", "E1042", "database connection refused host=db-2"),
        ("08:09:55", "WARN", "W310", "slow query 2300ms table=orders"),
        ("08:12:01", "ERROR", "E3300", "disk usage 91% volume=/var/data"),
        ("08:15:44", "ERROR", "E2001", "payment gateway timeout order=8830"),
        ("08:16:00", "INFO", "request", "POST /checkout 502 30012ms"),
        ("08:20:13", "ERROR", "E2001", "payment gateway timeout order=8841"),
        ("08:22:37", "WARN", "W310", "slow query 4100ms table=orders"),
        ("08:25:00", "ERROR", "E3300", "disk usage 93% volume=/var/data"),
        ("08:31:18", "ERROR", "E4404", "template not found name=invoice_v3"),
        ("08:33:52", "ERROR", "E2001", "payment gateway timeout order=8857"),
        ("08:40:09", "ERROR", "E3300", "disk usage 95% volume=/var/data"),
        ("08:41:30", "INFO", "request", "GET /health 200 2ms"),
    ]
    for t, level, code, msg in events:
        lines.append(f"2026-03-02T{t}Z {level} [{code}] {msg}")
    write_text("log_triage", "app.log", "\n".join(lines))


def customer_dedup() -> None:
    rows = [
        ["C001", "Ana Souza", "ana.souza@example.com", "555-0101", "Lisbon"],
        ["C002", "ana souza ", "ANA.SOUZA@EXAMPLE.COM", "5550101", "lisbon"],
        ["C003", "Brian Okafor", "brian.okafor@example", "555-0144", "Lagos"],
        ["C004", "Chen Wei", "chen.wei@example.com", "555-0199", "Shanghai"],
        ["C005", "Dana Levi", "dana.levi@example.com", "555-0120", "Haifa"],
        ["C006", "Chen  Wei", "chen.wei@example.com", "(555) 0199", "Shanghai"],
        ["C007", "Eva Novak", "", "555-0175", "Prague"],
        ["C008", "Farid Haddad", "farid.haddad@example.com", "555-0133", "Beirut"],
        ["C009", "Grace Kim", "grace.kim@@example.com", "555-0188", "Seoul"],
        ["C010", "Dana Levi", "dana.levi@example.com", "555-0120", "Haifa"],
    ]
    write_csv("customer_dedup", "customers.csv", ["customer_id", "name", "email", "phone", "city"], rows)


def ab_test_readout() -> None:
    write_csv(
        "ab_test_readout",
        "experiment.csv",
        ["variant", "visitors", "conversions"],
        [["control", 10480, 524], ["new_checkout", 10512, 610]],
    )
    write_text(
        "ab_test_readout",
        "brief.md",
        """
# Experiment brief: one-page checkout

- Hypothesis: a one-page checkout raises the purchase conversion rate.
- Primary metric: conversions / visitors, per variant. Two-sided test, alpha = 0.05.
- Traffic was split 50/50 for 14 days (2026-02-02 to 2026-02-15); no other change shipped.
- Decision rule: ship if the lift is significant and the lower bound of the 95% interval for the
  difference is above +0.2 percentage points.
""",
    )


def meeting_minutes() -> None:
    write_text(
        "meeting_minutes",
        "transcript.md",
        """
# Facilities committee - 2026-03-04, 10:00-10:40, room B2

Present: Maria Lopez (chair), Tom Baker, Priya Nair, Sam Cole. Apologies: Jun Park.

**Maria:** First item, the parking permits. The new system goes live on 1 April.
**Tom:** We still need the list of staff who need accessible spaces. I can collect it by 20 March.
**Maria:** Good, Tom owns that. Second item: the kitchen refit on floor 3.
**Priya:** Three quotes came in: 14,200, 16,900 and 12,750 euros. The cheapest one can't start before June.
**Sam:** The middle quote includes a dishwasher; the others don't.
**Maria:** Let's decide: we take the 14,200 quote if they can start in April. Priya, confirm
with them by Friday 6 March.
**Priya:** Will do.
**Maria:** Third item, the fire drill. Last one took 9 minutes to clear the building; target is 6.
**Sam:** I'll brief the floor wardens and schedule a drill for the week of 23 March.
**Maria:** Agreed. Any other business? No. Next meeting 1 April, same room.
""",
    )


def room_schedule() -> None:
    write_csv(
        "room_schedule",
        "rooms.csv",
        ["room", "capacity", "has_projector"],
        [["Atlas", 12, "yes"], ["Birch", 6, "no"], ["Cedar", 20, "yes"]],
    )
    write_csv(
        "room_schedule",
        "room_requests.csv",
        ["request_id", "team", "date", "start", "end", "attendees", "needs_projector"],
        [
            ["Q1", "Finance", "2026-03-09", "09:00", "10:00", 8, "yes"],
            ["Q2", "Design", "2026-03-09", "09:30", "11:00", 5, "no"],
            ["Q3", "Sales", "2026-03-09", "09:30", "10:30", 15, "yes"],
            ["Q4", "Legal", "2026-03-09", "10:00", "11:00", 4, "no"],
            ["Q5", "HR", "2026-03-09", "10:30", "12:00", 10, "yes"],
            ["Q6", "Ops", "2026-03-09", "09:00", "09:45", 18, "no"],
            ["Q7", "IT", "2026-03-09", "11:00", "12:00", 6, "yes"],
        ],
    )


def inventory_reorder() -> None:
    rows = [
        ["A-100", "Nitrile gloves (box)", 120, 9, 7, 20],
        ["A-101", "Copy paper (ream)", 40, 6, 3, 10],
        ["A-102", "Toner cartridge", 5, 0.5, 14, 2],
        ["A-103", "Cleaning wipes (tub)", 30, 4, 5, 8],
        ["A-104", "Shipping boxes (pack)", 15, 3, 6, 5],
        ["A-105", "Label rolls", 60, 2, 10, 6],
        ["A-106", "Hand sanitiser (L)", 12, 1.5, 4, 4],
        ["A-107", "Packing tape (roll)", 25, 5, 2, 6],
    ]
    write_xlsx(
        "inventory_reorder",
        "stock_levels.xlsx",
        {"stock": (["sku", "item", "on_hand", "daily_usage", "lead_time_days", "safety_stock"], rows)},
    )


def pipeline_forecast() -> None:
    deals = [
        ["D-01", "Ito", "Proposal", 48000, "2026-04"],
        ["D-02", "Ito", "Negotiation", 22000, "2026-04"],
        ["D-03", "Meyer", "Qualified", 90000, "2026-05"],
        ["D-04", "Meyer", "Closed won", 15000, "2026-04"],
        ["D-05", "Santos", "Proposal", 36000, "2026-05"],
        ["D-06", "Santos", "Negotiation", 64000, "2026-04"],
        ["D-07", "Ito", "Qualified", 18000, "2026-05"],
        ["D-08", "Meyer", "Closed lost", 40000, "2026-04"],
        ["D-09", "Santos", "Qualified", 25000, "2026-04"],
        ["D-10", "Ito", "Negotiation", 31000, "2026-05"],
    ]
    stages = [["Qualified", 0.2], ["Proposal", 0.4], ["Negotiation", 0.7], ["Closed won", 1.0], ["Closed lost", 0.0]]
    write_xlsx(
        "pipeline_forecast",
        "pipeline.xlsx",
        {
            "deals": (["deal", "rep", "stage", "amount_usd", "close_month"], deals),
            "stage_probability": (["stage", "probability"], stages),
        },
    )


def customer_quote() -> None:
    write_csv(
        "customer_quote",
        "price_list.csv",
        ["sku", "product", "unit_price_usd", "unit"],
        [
            ["PV-10", "PVC pipe 10 ft, 2 in", 18.40, "each"],
            ["EL-45", "45-degree elbow, 2 in", 2.15, "each"],
            ["CP-02", "Pipe cement, 16 oz", 9.80, "can"],
            ["VL-20", "Ball valve, 2 in", 24.60, "each"],
        ],
    )
    write_text(
        "customer_quote",
        "customer_email.md",
        """
From: Rosa Martin, purchasing, Greenfield Irrigation
Subject: Quote request

Hi, please quote us 250 x PVC pipe 10 ft (2 in), 400 x 45-degree elbows (2 in), 12 cans of pipe
cement and 30 ball valves (2 in). Delivery to our Fresno yard by 20 March. We are tax exempt
(certificate on file). Thanks, Rosa

---
Internal note (pricing policy): 5% off any line of 200 units or more; 8% off any line of 400 units
or more (not both). Freight: flat USD 180 for orders under USD 10,000, free above. Quotes are valid
for 30 days.
""",
    )


def appointment_reminders() -> None:
    write_csv(
        "appointment_reminders",
        "appointments.csv",
        ["patient_first_name", "phone", "date", "time", "clinician", "visit_type", "prep_code"],
        [
            ["Lena", "555-0301", "2026-03-10", "08:30", "Dr. Patel", "annual physical", "F12"],
            ["Omar", "555-0302", "2026-03-10", "09:15", "Dr. Patel", "follow-up", ""],
            ["Ruth", "555-0303", "2026-03-11", "10:00", "NP Garcia", "lab draw", "F8"],
            ["Yusuf", "555-0304", "2026-03-10", "13:40", "NP Garcia", "lab draw", "F8"],
            ["Ines", "555-0305", "2026-03-10", "15:00", "Dr. Chen", "imaging", "MET"],
            ["Karl", "555-0306", "2026-03-09", "11:00", "Dr. Chen", "follow-up", ""],
        ],
    )
    write_text(
        "appointment_reminders",
        "prep_codes.md",
        """
# Preparation codes

- F12: nothing to eat or drink except water for 12 hours before the visit.
- F8: nothing to eat or drink except water for 8 hours before the visit.
- MET: remove all metal (jewellery, belts) and arrive 15 minutes early.
- (blank): no preparation needed.

Reminder policy: texts go out the day before, never name a diagnosis, medication or test result,
include the clinic phone 555-0300 for changes, and stay under 320 characters.
""",
    )


def vitals_flags() -> None:
    write_csv(
        "vitals_flags",
        "vitals.csv",
        ["resident", "time", "systolic", "diastolic", "pulse", "temp_c", "spo2"],
        [
            ["Room 101", "06:00", 128, 82, 76, 36.8, 97],
            ["Room 102", "06:05", 162, 95, 88, 37.1, 95],
            ["Room 103", "06:10", 118, 74, 112, 37.0, 96],
            ["Room 104", "06:15", 135, 85, 70, 38.4, 94],
            ["Room 105", "06:20", 96, 58, 64, 36.5, 89],
            ["Room 106", "06:25", 122, 80, 58, 36.9, 98],
        ],
    )
    write_pdf(
        "vitals_flags",
        "thresholds.pdf",
        "Unit 3 - vital sign reporting thresholds",
        [
            "Report to the charge nurse at once when any reading is outside these limits:",
            "Systolic blood pressure above 160 or below 90 mmHg. Diastolic above 100 or below 60 mmHg.",
            "Pulse above 110 or below 50 beats per minute. Temperature 38.0 C or higher.",
            "Oxygen saturation (SpO2) below 92%.",
            "Record every flagged reading in the shift note with the time, the value and the limit it crossed.",
        ],
    )


def weighted_gradebook() -> None:
    students = [
        ["Avery", 92, 88, 85, 90],
        ["Blake", 95, 90, 85, 48],
        ["Casey", 58, 65, 61, 55],
        ["Devon", 99, 95, 93, 97],
        ["Emery", 81, 78, 88, 84],
        ["Finley", 66, 72, 59, 70],
        ["Harper", 88, 91, 79, 86],
        ["Jordan", 45, 60, 52, 58],
    ]
    write_xlsx(
        "weighted_gradebook",
        "scores.xlsx",
        {"scores": (["student", "homework_avg", "quiz_avg", "midterm", "final_exam"], students)},
    )
    write_pdf(
        "weighted_gradebook",
        "syllabus.pdf",
        "Algebra II - grading policy (spring 2026)",
        [
            "Final course grade = 30% homework average + 20% quiz average + 20% midterm + 30% final exam.",
            "Round the weighted grade to one decimal place before assigning a letter.",
            "Letters: A 90 and above; B 80 to 89.9; C 70 to 79.9; D 60 to 69.9; F below 60.",
            "Students with a final exam below 50 receive at most a D, whatever their weighted grade.",
        ],
    )


def reading_quiz() -> None:
    write_text(
        "reading_quiz",
        "reading.md",
        """
# The water cycle

Water on Earth moves in a cycle with no beginning or end. The sun heats oceans, lakes and rivers,
and some of the water evaporates, turning into an invisible gas called water vapour. Plants add
more vapour through transpiration, releasing water from tiny pores in their leaves.

As warm, moist air rises it cools, and the vapour condenses on specks of dust into tiny droplets.
Billions of droplets together form clouds. When droplets collide and grow heavy, they fall as
precipitation: rain, snow, sleet or hail, depending on the temperature of the air.

Precipitation that reaches the ground may run off into streams and rivers, soak into the soil to
become groundwater, or be stored for months as snow and ice. Eventually most of it returns to the
ocean, and the cycle continues. About 97 percent of Earth's water is salt water in the oceans;
less than 1 percent is fresh water that people can easily use.
""",
    )


def lesson_plan() -> None:
    write_text(
        "lesson_plan",
        "standard.md",
        """
# Standard 4.NF.A.1 (grade 4, fractions)

Explain why a fraction a/b is equivalent to a fraction (n x a)/(n x b) by using visual fraction
models, attending to how the number and size of the parts differ even though the two fractions
themselves are the same size. Use this principle to recognise and generate equivalent fractions.
""",
    )
    write_text(
        "lesson_plan",
        "class_profile.md",
        """
# Class profile: 4B

- 24 students; 3 are English learners (beginner level), 2 have IEPs with extended time.
- They can name unit fractions and place 1/2, 1/4 on a number line; equivalence is new.
- One 50-minute period. Materials: fraction strips, mini whiteboards, projector.
- The school asks every plan for an exit ticket and a differentiation section.
""",
    )


def contract_key_terms() -> None:
    write_pdf(
        "contract_key_terms",
        "services_agreement.pdf",
        "Master Services Agreement",
        [
            '1. Parties. This agreement is made between Northwind Logistics LLC ("Client") and Bluepeak '
            'Analytics Inc. ("Provider").',
            "2. Term. It starts on 1 February 2026 (the Effective Date) and runs for 24 months. It renews "
            "automatically for successive 12-month periods unless either party gives written notice of "
            "non-renewal at least 60 days before the end of the then-current term.",
            "3. Fees. Client pays USD 18,500 per month, invoiced monthly in advance; invoices are due within "
            "45 days. Late amounts bear interest at 1% per month.",
            "4. Termination for convenience. Client may terminate on 90 days' written notice after the first "
            "12 months.",
            "5. Liability. Each party's total liability is capped at the fees paid in the 12 months before the claim.",
            "6. Governing law. The laws of the State of Delaware govern this agreement.",
            "7. Notices. Notices go to legal@northwind.example and contracts@bluepeak.example.",
        ],
    )


def court_deadlines() -> None:
    write_text(
        "court_deadlines",
        "deadline_rules.md",
        """
# Deadline rules (simplified local rules for this exercise)

- Answer to a complaint: 21 calendar days after service.
- Opposition to a motion: 14 calendar days after the motion is filed.
- Reply in support of a motion: 7 calendar days after the opposition is filed.
- Notice of appeal: 30 calendar days after entry of judgment.
- Counting: exclude the day of the event; count every day after it, weekends included. If the
  last day is a Saturday, Sunday or court holiday, the deadline moves to the next day that is not.
- Court holidays in 2026 used here: 16 February (Presidents' Day), 25 May (Memorial Day).
""",
    )
    write_csv(
        "court_deadlines",
        "case_events.csv",
        ["event_id", "event", "date"],
        [
            ["EV1", "complaint served", "2026-01-26"],
            ["EV2", "motion to dismiss filed", "2026-02-02"],
            ["EV3", "opposition filed", "2026-02-13"],
            ["EV4", "judgment entered", "2026-04-24"],
        ],
    )


def nda_review() -> None:
    write_docx(
        "nda_review",
        "nda_draft.docx",
        "Mutual Non-Disclosure Agreement (draft v2)",
        [
            "1. Confidential Information means any information disclosed by either party, in any form.",
            "2. The Recipient shall protect Confidential Information using reasonable care.",
            "3. These obligations last for one (1) year from the date of disclosure.",
            "4. The Recipient may disclose Confidential Information to its employees and to any third party "
            "that it considers appropriate.",
            "5. This Agreement is governed by the laws of the jurisdiction chosen by the Disclosing Party at "
            "the time of any dispute.",
            "6. On request, the Recipient shall return or destroy all Confidential Information.",
        ],
    )
    write_text(
        "nda_review",
        "playbook.md",
        """
# NDA playbook (our positions)

1. Definition must exclude information that is public, already known, independently developed or
   received from a third party without restriction.
2. Standard of care: at least the care used for own information of like kind, and no less than reasonable care.
3. Term: 3 years minimum; trade secrets protected for as long as they remain trade secrets.
4. Disclosure only to employees, advisers and contractors with a need to know, bound by duties at
   least as protective.
5. Governing law must be named in the contract (we prefer New York).
6. Return/destroy: allow one archival copy for legal compliance, still subject to confidentiality.
7. Compelled disclosure: the Recipient must give prompt notice so that the discloser can seek a protective order.
""",
    )


def press_release() -> None:
    write_text(
        "press_release",
        "launch_facts.md",
        """
# Launch facts (internal)

- Company: Tidewater Bikes, Portland, Oregon; founded 2014; 85 employees.
- Product: "Harbor e-cargo", an electric cargo bike; 60 kg load; 75 km range; removable battery.
- Price: USD 3,900. Available 14 April 2026 in 40 US shops and online.
- Quote from CEO Lina Ortiz: "Families told us they wanted to leave the second car at home. Harbor
  is built for the school run and the weekly shop."
- Pre-orders: 1,200 in the first two weeks.
- Media contact: press@tidewaterbikes.example, +1 503 555 0110.
- Do not mention: the supplier of the motor (under NDA), the planned European launch.
""",
    )


def newsletter_edit() -> None:
    write_text(
        "newsletter_edit",
        "draft_article.md",
        """
# Volunteers plants 1,200 trees in Riverside park

On saturday more then 150 volunteers gathered at riverside park to plant 1200 native trees. The
event, organised by the Riverside Green Trust, is the largest planting in the citys history.
"Its amazing to see so many neighbours turn up," said organiser Joan Reyes, who have run the
trust since 2019. Planting began at 8 am and finished at 2 pm, the trees included oak, maple and
dogwood. The trust say the trees will absorb an estimated 25 tonnes of CO2 a year once grown. As
the chart shows, volunteer numbers have grown every year since 2022.
""",
    )
    write_text(
        "newsletter_edit",
        "style_guide.md",
        """
# House style (community newsletter)

- Headlines in sentence case, no more than 10 words.
- Numbers: spell out one to nine; use numerals from 10; use commas in thousands (1,200).
- Times as "8am", "2pm". Days and proper nouns capitalised.
- Attribute quotes with "said"; keep quotes verbatim except for obvious typos.
- Keep articles under 150 words. Every chart needs a one-sentence caption.
""",
    )
    img = Image.new("RGB", (360, 220), "white")
    draw = ImageDraw.Draw(img)
    values = {"2022": 40, "2023": 75, "2024": 110, "2025": 150}
    for i, (year, v) in enumerate(values.items()):
        x = 40 + i * 80
        draw.rectangle([x, 190 - v, x + 50, 190], fill=(60, 130, 80))
        draw.text((x + 10, 195), year, fill="black")
        draw.text((x + 12, 175 - v), str(v), fill="black")
    draw.text((40, 8), "Volunteers at the spring planting", fill="black")
    img.save(ref("newsletter_edit", "volunteers_chart.png"), optimize=True)


def beam_sizing() -> None:
    write_csv(
        "beam_sizing",
        "beam_loads.csv",
        ["beam", "span_m", "uniform_load_kN_per_m"],
        [["B1", 4.0, 12.0], ["B2", 6.0, 10.0], ["B3", 5.0, 18.0], ["B4", 7.5, 8.0]],
    )
    write_pdf(
        "beam_sizing",
        "design_basis.pdf",
        "Design basis - simply supported steel floor beams",
        [
            "Beams are simply supported with a uniformly distributed load w (kN/m) over span L (m), so the "
            "maximum bending moment is M = w L^2 / 8 (kN m), at midspan.",
            "Allowable bending stress: 165 MPa. Required elastic section modulus, in cm^3: "
            "S_req = M [kN m] x 1000 / 165.",
            "Candidate sections (elastic section modulus S, cm^3): IPE 160 = 109; IPE 200 = 194; IPE 240 = 324; "
            "IPE 270 = 429; IPE 300 = 557.",
            "Choose the lightest (smallest) candidate whose S is at least S_req. Self-weight is included in w.",
        ],
    )


def bom_rollup() -> None:
    rows = [
        ["PUMP-ASSY", "", "", 1, 0],
        ["PUMP-ASSY", "MOTOR-KIT", "Motor kit", 1, 0],
        ["MOTOR-KIT", "M-220", "220 V motor", 1, 142.50],
        ["MOTOR-KIT", "BR-6204", "Bearing 6204", 2, 6.20],
        ["PUMP-ASSY", "HOUSING", "Cast housing", 1, 58.00],
        ["PUMP-ASSY", "IMPELLER", "Impeller, bronze", 1, 37.25],
        ["PUMP-ASSY", "SEAL-KIT", "Seal kit", 1, 0],
        ["SEAL-KIT", "OR-32", "O-ring 32 mm", 4, 0.45],
        ["SEAL-KIT", "MS-20", "Mechanical seal", 1, 21.80],
        ["PUMP-ASSY", "BOLT-M8", "Bolt M8x30", 8, 0.32],
    ]
    write_xlsx(
        "bom_rollup", "bom.xlsx", {"bom": (["parent", "part", "description", "qty_per_parent", "unit_cost_usd"], rows)}
    )


def project_status() -> None:
    write_csv(
        "project_status",
        "project_tasks.csv",
        ["task", "owner", "planned_end", "percent_complete", "blocked_by"],
        [
            ["Site survey", "Ng", "2026-02-13", 100, ""],
            ["Permit application", "Ng", "2026-02-27", 100, ""],
            ["Vendor selection", "Alvarez", "2026-03-06", 80, ""],
            ["Network design", "Kowalski", "2026-03-13", 40, "Vendor selection"],
            ["Equipment order", "Alvarez", "2026-03-20", 0, "Vendor selection"],
            ["Staff training plan", "Osei", "2026-03-27", 60, ""],
            ["Cut-over rehearsal", "Kowalski", "2026-04-10", 0, "Network design"],
        ],
    )


def hiring_plan() -> None:
    write_xlsx(
        "hiring_plan",
        "headcount.xlsx",
        {
            "headcount": (
                ["department", "current_headcount", "annual_attrition_rate", "growth_target_pct"],
                [
                    ["Engineering", 40, 0.12, 15],
                    ["Customer support", 25, 0.25, 8],
                    ["Sales", 18, 0.18, 20],
                    ["Finance", 8, 0.10, 0],
                ],
            )
        },
    )
    write_csv(
        "hiring_plan",
        "salary_bands.csv",
        ["department", "midpoint_salary_usd", "recruiting_cost_pct"],
        [["Engineering", 128000, 20], ["Customer support", 52000, 10], ["Sales", 84000, 15], ["Finance", 91000, 15]],
    )


BUILDERS = [
    budget_variance,
    loan_schedule,
    survey_crosstab,
    log_triage,
    customer_dedup,
    ab_test_readout,
    meeting_minutes,
    room_schedule,
    inventory_reorder,
    pipeline_forecast,
    customer_quote,
    appointment_reminders,
    vitals_flags,
    weighted_gradebook,
    reading_quiz,
    lesson_plan,
    contract_key_terms,
    court_deadlines,
    nda_review,
    press_release,
    newsletter_edit,
    beam_sizing,
    bom_rollup,
    project_status,
    hiring_plan,
]

if __name__ == "__main__":
    for build in BUILDERS:
        build()
    print(f"wrote the reference files of {len(BUILDERS)} tasks under {BANK}")
