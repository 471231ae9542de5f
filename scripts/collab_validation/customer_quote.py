"""The checks of customer_quote and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

from common import docx_bytes, set_checks, write_sets

T, Q = "customer_quote", "quote.docx"
lines = [
    ("PV-10", "PVC pipe 10 ft, 2 in", 250, 18.40, 5),
    ("EL-45", "45-degree elbow, 2 in", 400, 2.15, 8),
    ("CP-02", "Pipe cement, 16 oz", 12, 9.80, 0),
    ("VL-20", "Ball valve, 2 in", 30, 24.60, 0),
]
amounts = [round(q * p * (1 - d / 100), 2) for _, _, q, p, d in lines]
sub = round(sum(amounts), 2)
freight = 180 if sub < 10000 else 0
total = sub + freight
assert amounts == [4370.0, 791.2, 117.6, 738.0] and round(total, 2) == 6196.8


def V(v):
    return {"value": v, "tolerance": 0.005}


set_checks(
    T,
    {
        "C1": {"reads": [Q], "check": {"kind": "states", "file": Q, "figures": [V(a) for a in amounts]}},
        "C2": {"reads": [Q], "check": {"kind": "states", "file": Q, "figures": [V(sub), V(180), V(total)]}},
        "C3": {
            "reads": [Q],
            "check": {
                "kind": "absent",
                "file": Q,
                "phrases": [{"regex": "tax[^\\n|]{0,30}?(?<![\\d.,])(?!0+(\\.0+)?\\b)\\d[\\d,]*(\\.\\d+)?"}],
            },
        },
        "D1": {
            "reads": [Q],
            "check": [
                {
                    "kind": "columns",
                    "file": Q,
                    "columns": ["quantity|qty", "unit price|price", "discount", "amount|line amount|line total|total"],
                },
                {
                    "kind": "has_rows",
                    "file": Q,
                    "tolerance": 0.005,
                    "expect": [[q, p, a] for (_, _, q, p, _), a in zip(lines, amounts, strict=False)],
                },
            ],
        },
        "D2": {
            "reads": [Q],
            "check": {
                "kind": "states",
                "file": Q,
                "figures": ["freight", "total", ["valid", "validity"], ["delivery", "deliver", "delivered"]],
            },
        },
        "R1": {
            "reads": [Q],
            "check": {
                "kind": "states",
                "file": Q,
                "figures": [
                    ["30 days", "thirty days"],
                    "Fresno",
                    ["20 March", "March 20", "2026-03-20", "20 Mar", "Mar 20"],
                ],
            },
        },
        "R2": {
            "reads": [Q],
            "check": {
                "kind": "has_rows",
                "file": Q,
                "expect": [
                    [250, 5],
                    [400, 8],
                    [12, [0, None, "-", "none", "\u2014"]],
                    [30, [0, None, "-", "none", "\u2014"]],
                ],
            },
        },
        "T1": {
            "reads": [Q],
            "check": [
                {"kind": "states", "file": Q, "figures": ["Rosa Martin"]},
                {
                    "kind": "absent",
                    "file": Q,
                    "phrases": ["internal note", "pricing policy", "not both", "off any line", "flat USD 180"],
                },
            ],
        },
        "T2": {"reads": [Q]},
    },
)


def money(v):
    return f"USD {v:,.2f}"


H = ["Item", "Description", "Quantity", "Unit price", "Discount", "Amount"]
right = docx_bytes(
    [
        "# Quotation Q-2026-0311",
        "Greenfield Irrigation, attn. Rosa Martin, Purchasing",
        "Date: 3 March 2026. Dear Rosa, thank you for your request; please find our quote below.",
        "Subtotal: " + money(sub),
        "Freight (flat rate, order under USD 10,000): " + money(180),
        "Sales tax: none (tax exempt, certificate on file)",
        "Total: " + money(total),
        "Validity: this quote is valid for 30 days.",
        "Delivery: to your Fresno yard by 20 March 2026.",
    ],
    [
        [H]
        + [
            [s, d, q, money(p), f"{dd}%" if dd else "-", money(a)]
            for (s, d, q, p, dd), a in zip(lines, amounts, strict=False)
        ]
    ],
)
# partial: discounts applied to both tiers on elbows (5% + 8%), freight forgotten, no validity
amt2 = [amounts[0], round(400 * 2.15 * 0.87, 2), amounts[2], amounts[3]]
partial = docx_bytes(
    [
        "# Quote for Greenfield Irrigation",
        "To: Rosa Martin",
        "Total: " + money(sum(amt2)),
        "Delivery to Fresno by 20 March.",
    ],
    [
        [H]
        + [
            [s, d, q, money(p), f"{dd}%" if dd else "-", money(a)]
            for (s, d, q, p, dd), a in zip(lines, amt2, strict=False)
        ][:1]
        + [["EL-45", "45-degree elbow, 2 in", 400, money(2.15), "13%", money(amt2[1])]]
        + [[s, d, q, money(p), "-", money(a)] for (s, d, q, p, dd), a in list(zip(lines, amounts, strict=False))[2:]]
    ],
)
# wrong: no discounts, 7.25% tax added, internal note pasted, freight charged on the wrong basis
gross = [round(q * p, 2) for _, _, q, p, _ in lines]
tax = round(sum(gross) * 0.0725, 2)
wrong = docx_bytes(
    [
        "Quote",
        "Internal note (pricing policy): 5% off any line of 200 units or more; 8% off any line of 400 units or more (not both).",
        "Items: "
        + ", ".join(f"{q} x {d} at {p:.2f} = {g:.2f}" for (_, d, q, p, _), g in zip(lines, gross, strict=False)),
        f"Sales tax 7.25%: {tax:.2f}",
        f"Total: {sum(gross) + tax:.2f}",
    ]
)
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {Q: wrong},
            "note": "No discounts, sales tax charged to a tax-exempt customer, no freight, validity or delivery, no table, not addressed to anyone, and the internal pricing note pasted in.",
            "items": {"C1": 5, "C2": 0, "C3": 0, "D1": 3, "D2": 2, "R1": 0, "R2": 0, "T1": 0, "T2": 2},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {Q: partial},
            "note": "A proper line table addressed to Rosa Martin, but the elbows get both discounts (13%), freight and the validity period are missing, so the total is wrong.",
            "items": {"C1": 11, "C2": 0, "C3": 10, "D1": 12, "D2": 5, "R1": 6, "R2": 7, "T1": 8, "T2": 7},
        },
        {
            "name": "right",
            "label": "right",
            "files": {Q: right},
            "note": "Written from the request, the price list and the pricing policy: four lines, freight, no tax, total, validity and delivery, addressed to Rosa Martin.",
        },
    ],
)
