"""The checks of nda_review and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

from common import set_checks, write_sets

T, M = "nda_review", "review_memo.md"
set_checks(
    T,
    {
        "C1": {
            "reads": [M],
            "check": {
                "kind": "states",
                "file": M,
                "figures": [
                    ["exclusion", "exclusions", "exclude", "excludes", "publicly available"],
                    "reasonable care",
                ],
            },
        },
        "C2": {
            "reads": [M],
            "check": {
                "kind": "states",
                "file": M,
                "figures": [
                    ["one year", "1 year", "one (1) year", "1-year", "one-year"],
                    ["3 years", "three years", "3-year", "three-year"],
                    ["trade secret", "trade secrets"],
                    ["any third party", "third parties", "third party"],
                ],
            },
        },
        "C3": {
            "reads": [M],
            "check": {"kind": "states", "file": M, "figures": ["governing law", ["archival", "archive"]]},
        },
        "D1": {
            "reads": [M],
            "check": [
                {"kind": "count", "file": M, "regex": "(?i)\\brisk", "min": 6},
                {
                    "kind": "count",
                    "file": M,
                    "regex": "(?i)\\b(replacement|proposed|propose|suggested wording|redline)",
                    "min": 6,
                },
            ],
        },
        "D2": {
            "reads": [M],
            "check": {
                "kind": "states",
                "file": M,
                "figures": [
                    ["missing", "lacks", "absent", "not included"],
                    [
                        "compelled disclosure",
                        "compelled",
                        "legally required",
                        "required by law",
                        "subpoena",
                        "protective order",
                    ],
                ],
            },
        },
        "R1": {
            "reads": [M],
            "check": {
                "kind": "states",
                "file": M,
                "figures": [["need to know", "need-to-know"], "New York", ["at least as protective", "as protective"]],
            },
        },
        "R2": {
            "reads": [M],
            "check": {
                "kind": "order",
                "file": M,
                "phrases": [
                    ["exclusion", "exclusions", "definition"],
                    ["reasonable care", "standard of care"],
                    ["one year", "1 year", "one (1) year", "1-year"],
                    ["any third party"],
                    "governing law",
                    ["archival", "return or destroy", "return/destroy"],
                ],
            },
        },
        "T1": {"reads": [M]},
        "T2": {"reads": [M], "check": {"kind": "count", "file": M, "regex": "^(#{1,6} |\\|)", "min": 3}},
    },
)
right = """# NDA review: Mutual Non-Disclosure Agreement (draft v2) against our playbook

## Clause-by-clause issues

### Clause 1: Definition of Confidential Information
- Problem: covers any information in any form, with none of the standard exclusions.
- Risk: we would owe confidentiality over public or independently developed information and could be sued for using it.
- Proposed replacement: "Confidential Information does not include information that (a) is or becomes public through no fault of the Recipient, (b) was already known to the Recipient, (c) is independently developed, or (d) is received from a third party without restriction."

### Clause 2: Standard of care
- Problem: only "reasonable care".
- Risk: a lower bar than the care we use for our own information; disputes over what is reasonable.
- Proposed replacement: "The Recipient shall protect Confidential Information with at least the care it uses for its own information of like kind, and no less than reasonable care."

### Clause 3: Term
- Problem: obligations last one (1) year; the playbook requires 3 years and trade secrets for as long as they remain trade secrets.
- Risk: our information becomes free to use after a year.
- Proposed replacement: "These obligations last three (3) years from disclosure; for trade secrets, for as long as they remain trade secrets."

### Clause 4: Disclosure to third parties
- Problem: the Recipient may disclose to any third party it considers appropriate.
- Risk: uncontrolled onward disclosure of our information.
- Proposed replacement: "The Recipient may disclose Confidential Information only to its employees, advisers and contractors who need to know it and are bound by duties at least as protective as this Agreement."

### Clause 5: Governing law
- Problem: the law is chosen by the Disclosing Party at the time of a dispute.
- Risk: uncertainty, and the other side may pick a forum favourable to it.
- Proposed replacement: "This Agreement is governed by the laws of the State of New York."

### Clause 6: Return or destroy
- Problem: no archival copy allowed.
- Risk: we could breach by keeping copies required for legal compliance.
- Proposed replacement: "The Recipient may keep one archival copy for legal compliance, which remains subject to this Agreement."

## Missing clauses

- Compelled disclosure: the draft lacks a clause requiring prompt notice so that the discloser can seek a protective order. Risk: disclosure under subpoena without warning. Proposed wording: "If required by law to disclose Confidential Information, the Recipient shall give prompt notice so that the Discloser can seek a protective order."

## Recommendation

Do not sign draft v2. Return it with the replacement wording above for clauses 1 to 6 and the added compelled-disclosure clause; clauses 3 (term), 4 (third parties) and 5 (governing law) are the ones we cannot concede.
"""
partial = """# NDA review

1. Definition is too broad: add the standard exclusions (public, already known, independently developed).
2. Term of one year is too short: the playbook asks for 3 years. Propose: "three (3) years from disclosure".
3. Disclosure to any third party: limit to employees with a need to know.

Recommendation: negotiate these three points before signing.
"""
wrong = """# NDA review

The draft is a standard mutual NDA. The one-year term is fine for a short project and reasonable
care is the usual standard. Governing law can be agreed later. Recommendation: sign as is.
"""
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {M: wrong},
            "note": "Accepts the one-year term, reasonable care and the open governing law as fine and recommends signing: no issue raised, no wording proposed, no missing clause.",
            "items": {"C1": 0, "C2": 0, "C3": 0, "D1": 0, "D2": 0, "R1": 0, "R2": 0, "T1": 0, "T2": 2},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {M: partial},
            "note": "Three of the six departures found (definition, term, third parties) with short fixes, but no risks, nothing on standard of care, governing law, archival copy or compelled disclosure.",
            "items": {"C1": 7, "C2": 12, "C3": 0, "D1": 4, "D2": 0, "R1": 4, "R2": 6, "T1": 3, "T2": 3},
        },
        {
            "name": "right",
            "label": "right",
            "files": {M: right},
            "note": "Written from the draft and the playbook: all six departures in clause order with problem, risk and replacement wording, the missing compelled-disclosure clause and a recommendation.",
        },
    ],
)
