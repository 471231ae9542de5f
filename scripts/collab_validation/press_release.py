"""The checks of press_release and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

from common import set_checks, write_sets

T, P = "press_release", "press_release.md"
QUOTE = "Families told us they wanted to leave the second car at home. Harbor is built for the school run and the weekly shop."
set_checks(
    T,
    {
        "C1": {
            "reads": [P],
            "check": {
                "kind": "states",
                "file": P,
                "figures": [
                    ["Harbor e-cargo"],
                    ["60 kg", "60kg", "60-kilogram", "60 kilograms"],
                    ["75 km", "75km", "75-kilometre", "75 kilometres", "75 kilometers"],
                    ["removable battery"],
                ],
            },
        },
        "C2": {
            "reads": [P],
            "check": {
                "kind": "states",
                "file": P,
                "figures": [
                    {"value": 3900, "tolerance": 0.5},
                    ["14 April 2026", "April 14, 2026", "14 April", "April 14"],
                    ["40 US shops", "40 U.S. shops", "40 shops", "40 US", "40 stores", "40 U.S."],
                    "online",
                    {"value": 1200, "tolerance": 0.5},
                ],
            },
        },
        "C3": {"reads": [P], "check": {"kind": "states", "file": P, "figures": [QUOTE, "Lina Ortiz"]}},
        "D1": {
            "reads": [P],
            "check": {
                "kind": "states",
                "file": P,
                "figures": [
                    {"regex": "(?m)^#"},
                    ["Portland, Oregon", "Portland, Ore", "PORTLAND, Ore"],
                    ["About Tidewater"],
                    ["available", "availability"],
                    "Lina Ortiz",
                ],
            },
        },
        "D2": {
            "reads": [P],
            "check": {"kind": "states", "file": P, "figures": ["press@tidewaterbikes.example", "+1 503 555 0110"]},
        },
        "R1": {"reads": [P], "check": {"kind": "words", "file": P, "min": 300, "max": 400}},
        "R2": {
            "reads": [P],
            "check": {
                "kind": "absent",
                "file": P,
                "phrases": [["Europe", "European", "EU"], ["supplier", "motor maker", "motor manufacturer"]],
            },
        },
        "T1": {"reads": [P]},
        "T2": {"reads": [P]},
    },
)
right = f"""# Tidewater Bikes launches Harbor, an electric cargo bike for the school run and the weekly shop

*The Harbor e-cargo carries 60 kg, rides 75 km on a charge and goes on sale on 14 April 2026 for USD 3,900*

PORTLAND, Oregon, 10 March 2026 - Tidewater Bikes today announced the Harbor e-cargo, an electric
cargo bike built for families who want to make everyday trips without a second car. The Harbor will
be available from 14 April 2026 in 40 US shops and online, priced at USD 3,900. Customers have
already placed 1,200 pre-orders in the first two weeks.

"{QUOTE}" said Lina Ortiz, chief executive of Tidewater Bikes.

The Harbor carries loads of up to 60 kg in its front box, enough for two children or a week of
groceries, and its removable battery gives a range of 75 km between charges. The battery can be
taken indoors to charge, so riders without a garage or an outdoor socket can still keep the bike
ready for the morning school run. The box, the seat and the handlebars adjust for riders of
different heights, and a stand that holds the bike steady while children climb in comes as
standard.

With 1,200 pre-orders in its first two weeks, the Harbor is the fastest-selling model in the
company's history. Tidewater Bikes says the bike is meant to replace short car journeys: the school
run, the shopping and errands around town, the trips that make up most of a family's driving.

Availability and price: the Harbor e-cargo goes on sale on 14 April 2026 at USD 3,900 in 40 shops
across the United States and online. Test rides can be booked at participating shops from the
launch date.

## About Tidewater Bikes

Tidewater Bikes designs bicycles for everyday transport. Founded in 2014 in Portland, Oregon, the
company employs 85 people and sells its bikes through independent shops across the United States
and online.

## Media contact

press@tidewaterbikes.example, +1 503 555 0110
"""
partial = """# Tidewater Bikes unveils the Harbor e-cargo bike

Portland, Oregon - Tidewater Bikes has announced the Harbor e-cargo, an electric cargo bike with a
60 kg load and a 75 km range. It will cost USD 3,900.

CEO Lina Ortiz said families want to leave the second car at home and that the Harbor is made for
the school run.

Contact: press@tidewaterbikes.example
"""
wrong = """# Amazing new bike!!!

The Harbor is the best cargo bike ever made, with a powerful motor from our partner supplier and a
50 km range. Coming soon to Europe. Price: 3,500 dollars. Buy yours now!
"""
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {P: wrong},
            "note": "Advertising copy of 40 words with a wrong range and price, the motor supplier and a European launch mentioned, and no dateline, quote, boilerplate or contact.",
            "items": {"C1": 0, "C2": 0, "C3": 0, "D1": 2, "D2": 0, "R1": 0, "R2": 0, "T1": 0, "T2": 0},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {P: partial},
            "note": "Right facts where given, but only 70 words: the launch date, shops, battery and pre-orders are missing, the quote is paraphrased, and there is no boilerplate or phone.",
            "items": {"C1": 11, "C2": 5, "C3": 2, "D1": 7, "D2": 5, "R1": 0, "R2": 10, "T1": 6, "T2": 6},
        },
        {
            "name": "right",
            "label": "right",
            "files": {P: right},
            "note": "Written from the approved facts: headline, dateline, lead, the verbatim quote, specifications, price and availability, boilerplate and contact, within 300-400 words and nothing from the do-not-mention list.",
        },
    ],
)
