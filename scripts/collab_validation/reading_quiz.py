"""The checks of reading_quiz and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

from common import set_checks, write_sets

T, Q = "reading_quiz", "quiz.md"
OPTION = "^\\s*[-*]?\\s*\\(?[A-Da-d][).]\\s"
set_checks(
    T,
    {
        "C1": {"reads": [Q]},
        "C2": {
            "reads": [Q],
            "check": {
                "kind": "states",
                "file": Q,
                "need": 5,
                "figures": [
                    "transpiration",
                    {"value": 97, "tolerance": 0},
                    ["less than 1 percent", "less than 1%", "less than one percent"],
                    ["condensation", "condenses", "condense"],
                    ["evaporation", "evaporates", "evaporate"],
                    "precipitation",
                    "groundwater",
                    ["runoff", "run off"],
                    ["water vapour", "water vapor"],
                    ["leaf pores", "pores in their leaves", "pores"],
                ],
            },
        },
        "D1": {
            "reads": [Q],
            "check": [
                {"kind": "count", "file": Q, "regex": "(?i)^\\s*(\\*\\*)?(q(uestion)?\\s*)?[1-8][.):]", "min": 8},
                {"kind": "count", "file": Q, "regex": OPTION, "min": 20, "max": 20},
                {"kind": "states", "file": Q, "figures": [["short answer", "short-answer"]]},
            ],
        },
        "D2": {
            "reads": [Q],
            "check": [
                {"kind": "states", "file": Q, "figures": [["answer key", "answers"]]},
                {"kind": "count", "file": Q, "regex": "(?i)^\\s*(q\\s*)?[1-8][.):]\\s*(\\*\\*)?\\(?[A-D]\\b", "min": 5},
            ],
        },
        "R1": {"reads": [Q], "check": {"kind": "count", "file": Q, "regex": OPTION, "min": 20, "max": 20}},
        "R2": {"reads": [Q]},
        "T1": {"reads": [Q]},
        "T2": {"reads": [Q]},
    },
)
right = """# Quiz: the water cycle (grade 7 science)

## Multiple choice (circle one answer)

1. What do we call water vapour released from tiny pores in plant leaves?
   A) Condensation
   B) Transpiration
   C) Precipitation
   D) Runoff

2. What is water vapour?
   A) An invisible gas
   B) Tiny droplets of water
   C) Ice crystals in clouds
   D) Water stored underground

3. On what does water vapour condense to form tiny droplets?
   A) Leaves
   B) Specks of dust
   C) Snowflakes
   D) Ocean waves

4. About what share of Earth's water is salt water in the oceans?
   A) 1 percent
   B) 50 percent
   C) 75 percent
   D) 97 percent

5. Which of these is NOT named in the passage as a form of precipitation?
   A) Rain
   B) Sleet
   C) Fog
   D) Hail

## Short answer

6. Explain why the water cycle is described as having no beginning or end.
7. Name two things that can happen to precipitation after it reaches the ground.
8. Why does warm, moist air form clouds as it rises?

## Answer key

1. B (transpiration)
2. A (an invisible gas)
3. B (specks of dust)
4. D (97 percent)
5. C (fog is not named)
6. Water keeps moving from oceans to air to land and back to the ocean, so the cycle simply continues.
7. Any two: it runs off into streams and rivers, soaks into the soil as groundwater, or is stored as snow and ice.
8. Rising air cools, and the water vapour condenses on specks of dust into droplets, and billions of droplets form clouds.
"""
partial = """# Water cycle quiz

1. What is transpiration?
   A) Water released from leaf pores
   B) Rain falling
   C) Water freezing
2. What do droplets form?
   A) Clouds
   B) Rivers
   C) Groundwater
3. What percentage of Earth's water is salt water?
4. Name the forms of precipitation.
5. What is runoff?

Answers: 1 A, 2 A, 3 97, 4 rain, snow, sleet, hail, 5 water flowing into streams and rivers.
"""
wrong = """# Quiz

1. Who discovered the water cycle?
   A) Newton
   B) Darwin
   C) Aristotle
   D) Galileo
2. What is the boiling point of water in Fahrenheit?
3. Name the largest ocean.

Answers: 1 D, 2 100, 3 Atlantic
"""
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {Q: wrong},
            "note": "Three questions that the passage does not answer, with wrong key answers (Galileo, 100 F, the Atlantic); none of the passage's facts.",
            "items": {"C1": 0, "C2": 0, "D1": 2, "D2": 2, "R1": 2, "R2": 0, "T1": 2, "T2": 2},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {Q: partial},
            "note": "Five questions on passage facts with a correct key, but only two multiple-choice questions with three options each and no short-answer section; recall only.",
            "items": {"C1": 20, "C2": 14, "D1": 5, "D2": 6, "R1": 0, "R2": 10, "T1": 4, "T2": 3},
        },
        {
            "name": "right",
            "label": "right",
            "files": {Q: right},
            "note": "Written from the passage: five four-option multiple-choice and three short-answer questions mixing recall and understanding, all answerable from the passage, and a key.",
        },
    ],
)
