"""The checks of newsletter_edit and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

from common import BANK, set_checks, write_sets

T, A, L = "newsletter_edit", "edited_article.md", "change_log.md"
CAPTION = "(?i)^\\W*(caption|chart)\\b"
set_checks(
    T,
    {
        "C1": {
            "reads": [A],
            "check": [
                {
                    "kind": "states",
                    "file": A,
                    "figures": ["Volunteers plant", "more than 150", "It's amazing", "who has run", "The trust says"],
                },
                {
                    "kind": "absent",
                    "file": A,
                    "phrases": ["Volunteers plants", "more then", "Its amazing", "who have run", "trust say the"],
                },
            ],
        },
        "C2": {
            "reads": [A],
            "check": [
                {
                    "kind": "states",
                    "file": A,
                    "case": True,
                    "figures": ["Saturday", "Riverside Park", "1,200", "city's", "8am", "2pm"],
                },
                {
                    "kind": "absent",
                    "file": A,
                    "case": True,
                    "phrases": ["saturday", "riverside park", "1200", "citys", "8 am", "2 pm"],
                },
            ],
        },
        "C3": {
            "reads": [A],
            "check": {
                "kind": "states",
                "file": A,
                "figures": [
                    {"value": 40, "tolerance": 0},
                    {"value": 75, "tolerance": 0},
                    {"value": 110, "tolerance": 0},
                    {"value": 150, "tolerance": 0},
                    {"regex": "2022"},
                    {"regex": "2025"},
                    {"regex": CAPTION},
                ],
            },
        },
        "D1": {
            "reads": [A],
            "check": {
                "kind": "states",
                "file": A,
                "figures": [
                    "Joan Reyes",
                    "Riverside Green Trust",
                    "oak, maple and dogwood",
                    "25 tonnes",
                    ["since 2022", "every year"],
                    {"regex": CAPTION},
                ],
            },
        },
        "D2": {
            "reads": [L],
            "check": [
                {"kind": "count", "file": L, "regex": "^\\s*([-*]|\\d+[.)]|\\|)\\s*\\S", "min": 10},
                {
                    "kind": "states",
                    "file": L,
                    "figures": ["than", "Saturday", "1,200", "8am", "says", ["style guide", "house style", "style"]],
                },
            ],
        },
        "R1": {"reads": [A], "check": {"kind": "words", "file": A, "max": 149, "exclude": CAPTION}},
        "R2": {
            "reads": [A],
            "check": [
                {
                    "kind": "states",
                    "file": A,
                    "case": True,
                    "figures": [{"regex": "^#*\\s*Volunteers plant 1,200 trees in Riverside Park\\s*$"}],
                },
                {"kind": "absent", "file": A, "phrases": [{"regex": "2\\s?pm,\\s*the trees"}]},
            ],
        },
        "T1": {"reads": [A]},
        "T2": {"reads": [A]},
    },
)
right_a = """# Volunteers plant 1,200 trees in Riverside Park

On Saturday more than 150 volunteers gathered at Riverside Park to plant 1,200 native trees. The
event, organised by the Riverside Green Trust, is the largest planting in the city's history.
"It's amazing to see so many neighbours turn up," said organiser Joan Reyes, who has run the
trust since 2019. Planting began at 8am and finished at 2pm. The trees included oak, maple and
dogwood. The trust says the trees will absorb an estimated 25 tonnes of CO2 a year once grown. As
the chart shows, volunteer numbers have grown every year since 2022.

*Caption: Volunteers at the spring planting rose from 40 in 2022 to 75 in 2023, 110 in 2024 and 150 in 2025.*
"""
right_l = """# Change log

- Headline: "Volunteers plants" to "Volunteers plant" (subject-verb agreement); sentence case and "Riverside Park" capitalised (house style: sentence-case headlines, proper nouns capitalised).
- "saturday" to "Saturday" (days capitalised).
- "more then" to "more than" (grammar).
- "riverside park" to "Riverside Park" (proper noun).
- "1200" to "1,200" (house style: commas in thousands).
- "citys" to "city's" (possessive apostrophe).
- "Its amazing" to "It's amazing" inside the quote (obvious typo; the quote is otherwise verbatim).
- "who have run" to "who has run" (agreement with Joan Reyes).
- "8 am" and "2 pm" to "8am" and "2pm" (house style for times).
- "finished at 2 pm, the trees included" split into two sentences (comma splice).
- "The trust say" to "The trust says" (agreement).
- Added a one-sentence chart caption with the yearly figures (house style: every chart needs a caption).
"""
draft = (BANK / T / "reference/draft_article.md").read_text()
partial_a = (
    draft.replace("more then", "more than")
    .replace("Its amazing", "It's amazing")
    .replace("saturday", "Saturday")
    .replace("1200", "1,200")
    + "\nCaption: volunteers since 2022.\n"
)
partial_l = "- than\n- It's\n- Saturday\n- 1,200\n- caption added\n"
wrong_a = (
    draft.replace("Volunteers plants", "VOLUNTEERS PLANT")
    .replace("citys", "cities")
    .replace('"Its amazing to see so many neighbours turn up,"', '"It was great to see the neighbourhood come out,"')
    + "\nThe event also raised money for a new playground, the trust hopes to plant 5,000 trees next year.\n"
)
wrong_l = "Made the article read better.\n"
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {A: wrong_a, L: wrong_l},
            "note": "The draft's errors left in, the headline put in capitals, 'citys' changed to 'cities', the quote rewritten and two invented facts added; no caption; the change log says nothing.",
            "items": {"C1": 3, "C2": 0, "C3": 0, "D1": 8, "D2": 0, "R1": 10, "R2": 0, "T1": 0, "T2": 0},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {A: partial_a, L: partial_l},
            "note": "Four fixes made (than, It's, Saturday, 1,200) but the headline, 'riverside park', 'citys', 'who have run', times, the comma splice and 'The trust say' left as they were; a caption without the figures; a bare change log.",
            "items": {"C1": 6, "C2": 5, "C3": 2, "D1": 12, "D2": 3, "R1": 10, "R2": 0, "T1": 8, "T2": 5},
        },
        {
            "name": "right",
            "label": "right",
            "files": {A: right_a, L: right_l},
            "note": "Written from the draft, the style guide and the chart: every error fixed, quote kept, under 150 words, a caption with the chart's four figures and a change log with a reason for each change.",
        },
    ],
)
