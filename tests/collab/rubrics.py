"""Rubric JSON for tests."""

from __future__ import annotations

from typing import Any

VERIFY = "open the deliverable and compare it with the reference file"


def rubric_json(**weights: int) -> dict[str, Any]:
    """A valid rubric: one or two items per category, points adding up to the weights."""
    w = {
        "correctness_accuracy": 40,
        "deliverable_completeness": 25,
        "task_requirements": 20,
        "technical_quality": 15,
        **weights,
    }
    cats = []
    for name, total in w.items():
        items = [
            {"criterion": f"{name} first check", "points": total - 5, "verification": VERIFY},
            {"criterion": f"{name} second check", "points": 5, "verification": VERIFY},
        ]
        cats.append({"name": name, "weight": total, "items": items})
    return {"categories": cats}


def model_rubric() -> dict[str, Any]:
    """The flat shape a model writes, with points that do not add up and one duplicate."""
    item = {"criterion": "Variance of every line is actual minus budget", "points": 10, "verification": VERIFY}
    return {
        "correctness_accuracy": [
            item,
            dict(item),
            {**item, "criterion": "Percentages use the budget as base", "points": 30},
        ],
        "deliverable_completeness": [{**item, "criterion": "Both files are delivered", "points": 3}],
        "task_requirements": [{**item, "criterion": "Memo is at most 250 words", "points": 7}],
        "technical_quality": [{**item, "criterion": "Memo reads as a professional note", "points": 1}],
    }
