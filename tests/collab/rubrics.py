"""Rubric JSON for tests."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
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


def judges_only_bank(folder: Path, *task_ids: str) -> Path:
    """A copy of the built-in bank whose rubrics of these tasks carry no checks: every item is the
    judges' (what the panel's tests need, now that the built-in rubrics check what code can)."""
    from centaurlab.collab._loader import BUILTIN_DIR

    bank = folder / "judges_only" / "collab"
    shutil.copytree(BUILTIN_DIR / "collab", bank)
    for task_id in task_ids:
        path = bank / task_id / "rubric.json"
        data = json.loads(path.read_text())
        for cat in data["categories"]:
            for item in cat["items"]:
                item.pop("check", None)
        path.write_text(json.dumps(data))
    return bank
