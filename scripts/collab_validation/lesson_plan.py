"""The checks of lesson_plan and its labelled sets: expected answers computed from its reference files."""

from __future__ import annotations

from common import docx_bytes, set_checks, write_sets

T, D = "lesson_plan", "lesson_plan.docx"
MIN = "minutes|min|duration|time min|time (min)"
set_checks(
    T,
    {
        "C1": {
            "reads": [D],
            "check": {
                "kind": "states",
                "file": D,
                "figures": [
                    ["equivalent fractions", "equivalent fraction", "equivalence"],
                    [
                        "fraction strips",
                        "fraction strip",
                        "fraction bars",
                        "fraction bar",
                        "area model",
                        "area models",
                        "number line",
                    ],
                ],
            },
        },
        "C2": {"reads": [D]},
        "D1": {
            "reads": [D],
            "check": {
                "kind": "states",
                "file": D,
                "figures": [
                    ["objective", "learning objective", "learning goal"],
                    "materials",
                    ["sequence", "timeline", "agenda", "procedure", "lesson flow"],
                    ["check for understanding", "checks for understanding", "CFU"],
                    "differentiation",
                    "exit ticket",
                ],
            },
        },
        "D2": {
            "reads": [D],
            "check": {
                "kind": "states",
                "file": D,
                "figures": [
                    "exit ticket",
                    ["answer", "answers", "answer key"],
                    {"regex": "\\d+\\s*/\\s*\\d+\\s*=\\s*\\d+\\s*/\\s*\\d+"},
                ],
            },
        },
        "R1": {"reads": [D], "check": {"kind": "sum", "file": D, "column": MIN, "expect": 50, "tolerance": 0.01}},
        "R2": {
            "reads": [D],
            "check": {
                "kind": "states",
                "file": D,
                "figures": [
                    ["English learner", "English learners", "ELL", "ELLs", "EL students", "ELs"],
                    ["IEP", "IEPs"],
                    ["extended time", "extra time"],
                ],
            },
        },
        "T1": {"reads": [D]},
        "T2": {"reads": [D]},
    },
)
seq = [
    (5, "Warm-up", "Students place 1/2 and 1/4 on a number line on mini whiteboards; review unit fractions."),
    (
        10,
        "Model with fraction strips",
        "Teacher lays the 1/2 strip beside two 1/4 strips and four 1/8 strips: the same length, so 1/2 = 2/4 = 4/8. Point out there are more parts but each part is smaller.",
    ),
    (
        15,
        "Guided practice",
        "Pairs use fraction strips to find fractions equal to 1/3 and 3/4 and record them as (n x a)/(n x b).",
    ),
    (
        10,
        "Check for understanding",
        "Whiteboards: 'Is 2/3 equal to 4/6? Show it with strips and explain what happened to the number and size of the parts.'",
    ),
    (10, "Exit ticket", "Individual, 3 questions (answers below)."),
]
right = docx_bytes(
    [
        "# Lesson plan: equivalent fractions (4.NF.A.1), class 4B, 50 minutes",
        "## Learning objective",
        "Students will explain, using fraction strips, why a/b = (n x a)/(n x b), and generate two equivalent fractions for a given fraction (4 of 5 correct on the exit ticket).",
        "## Materials",
        "Fraction strips (one set per pair), mini whiteboards and markers, projector with the strip images.",
        "## Timed sequence",
        "## Checks for understanding",
        "Whiteboard question at minute 30; thumbs up/down after modelling; listen to pair explanations for 'more parts, smaller parts, same amount'.",
        "## Differentiation",
        "English learners (3, beginner): sentence frames ('___ is equal to ___ because ___'), labelled strip images and a partner who shares their home language where possible. Students with IEPs (2): extended time on practice and the exit ticket, strips already cut, fewer items. Early finishers: find three fractions equal to 2/5.",
        "## Exit ticket",
        "1. Use strips: is 3/4 equal to 6/8? 2. Write two fractions equal to 1/3. 3. Why is 2/4 the same amount as 1/2 even though it has more parts?",
        "Answers: 1. Yes, 3/4 = 6/8 (same length of strip). 2. For example 2/6 and 3/9. 3. The whole is cut into twice as many parts, each half the size, so the amount is the same.",
    ],
    [[["Minutes", "Activity", "What happens"]] + [[m, a, w] for m, a, w in seq]],
)
partial = docx_bytes(
    [
        "# Fractions lesson",
        "Objective: students learn equivalent fractions.",
        "Materials: fraction strips.",
        "Differentiation: pair weaker students with stronger ones.",
    ],
    [[["Minutes", "Activity"], [10, "Warm-up"], [20, "Fraction strips: show 1/2 = 2/4"], [10, "Worksheet"]]],
)
wrong = docx_bytes(
    [
        "# Lesson: adding fractions",
        "Objective: students add fractions with unlike denominators using common denominators.",
        "Activities: teacher explains the algorithm for 1/2 + 1/3 on the board; students complete 20 practice sums; homework set.",
    ]
)
write_sets(
    T,
    [
        {"name": "none", "label": "none", "note": "Nothing handed in."},
        {
            "name": "wrong",
            "label": "wrong",
            "files": {D: wrong},
            "note": "A lesson on adding fractions with an algorithm: the wrong standard, no visual models, no timings, checks, differentiation or exit ticket.",
            "items": {"C1": 0, "C2": 0, "D1": 3, "D2": 0, "R1": 0, "R2": 0, "T1": 1, "T2": 2},
        },
        {
            "name": "partial",
            "label": "partial",
            "files": {D: partial},
            "note": "On the right standard with fraction strips, but the timed sequence covers 40 of 50 minutes, there are no checks for understanding or exit ticket, differentiation ignores the English learners and the IEP extended time, and the idea of more, smaller parts is never made explicit.",
            "items": {"C1": 20, "C2": 5, "D1": 7, "D2": 0, "R1": 0, "R2": 0, "T1": 3, "T2": 3},
        },
        {
            "name": "right",
            "label": "right",
            "files": {D: right},
            "note": "Written from the standard and the class profile: strips show more, smaller parts for the same amount, 50 timed minutes, checks, differentiation for the 3 English learners and 2 IEP students, and an exit ticket with answers.",
        },
    ],
)
