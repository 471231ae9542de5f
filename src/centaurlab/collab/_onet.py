"""O*NET job families and matching a worker to tasks by occupation.

The families are the 23 major groups of the 2018 SOC that O*NET-SOC codes start with (the
"job families" of O*NET OnLine). CollabSkill matches workers to tasks from their occupational
background so that familiarity with the work varies less between people; we match on the
worker's own occupation first, then the rest of the family, then neighbouring families (a
hand-made list of families whose work overlaps: who prepares a budget, who writes a report).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

FAMILIES: dict[str, str] = {
    "11": "Management",
    "13": "Business and Financial Operations",
    "15": "Computer and Mathematical",
    "17": "Architecture and Engineering",
    "19": "Life, Physical, and Social Science",
    "21": "Community and Social Service",
    "23": "Legal",
    "25": "Educational Instruction and Library",
    "27": "Arts, Design, Entertainment, Sports, and Media",
    "29": "Healthcare Practitioners and Technical",
    "31": "Healthcare Support",
    "33": "Protective Service",
    "35": "Food Preparation and Serving Related",
    "37": "Building and Grounds Cleaning and Maintenance",
    "39": "Personal Care and Service",
    "41": "Sales and Related",
    "43": "Office and Administrative Support",
    "45": "Farming, Fishing, and Forestry",
    "47": "Construction and Extraction",
    "49": "Installation, Maintenance, and Repair",
    "51": "Production",
    "53": "Transportation and Material Moving",
    "55": "Military Specific",
}

NEIGHBOURS: dict[str, tuple[str, ...]] = {
    "11": ("13", "43", "41"),
    "13": ("11", "43", "15"),
    "15": ("17", "13", "19"),
    "17": ("15", "47", "49"),
    "19": ("15", "29", "25"),
    "21": ("25", "31", "39"),
    "23": ("43", "13", "11"),
    "25": ("21", "27", "19"),
    "27": ("41", "25", "15"),
    "29": ("31", "19", "21"),
    "31": ("29", "39", "43"),
    "33": ("23", "21", "53"),
    "35": ("39", "41", "37"),
    "37": ("35", "47", "49"),
    "39": ("31", "35", "21"),
    "41": ("27", "43", "11"),
    "43": ("13", "11", "41"),
    "45": ("51", "53", "37"),
    "47": ("49", "17", "37"),
    "49": ("47", "51", "17"),
    "51": ("49", "53", "17"),
    "53": ("51", "49", "45"),
    "55": ("33", "53", "11"),
}


def family_of(occupation_code: str) -> str:
    """The two-digit family of an O*NET-SOC code such as 13-2011.00 (or of a bare family code)."""
    code = occupation_code.strip()
    family = code[:2]
    if family not in FAMILIES or (len(code) > 2 and code[2] != "-"):
        raise ValueError(
            f"'{occupation_code}' is not an O*NET-SOC code: write it as NN-NNNN.NN (e.g. 13-2011.00) "
            f"with NN one of {', '.join(FAMILIES)}"
        )
    return family


class HasOccupation(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def occupation_code(self) -> str: ...


@dataclass(frozen=True)
class Match:
    task_id: str
    tier: int
    """0 = the worker's own occupation, 1 = same family, 2.. = neighbouring families in order."""
    reason: str


def match_tasks(occupation_code: str, tasks: Sequence[HasOccupation], limit: int | None = None) -> list[Match]:
    """Tasks for a worker, best fit first: own occupation, own family, then neighbouring families.

    Tasks of unrelated families are left out. Within a tier the order is the tasks' id order, so
    the same worker and bank always give the same list (randomise downstream if the study wants).
    """
    family = family_of(occupation_code)
    detailed = occupation_code.strip()[:7]
    ranked: list[Match] = []
    for task in sorted(tasks, key=lambda t: t.id):
        task_family = family_of(task.occupation_code)
        if task.occupation_code[:7] == detailed and len(detailed) == 7:
            ranked.append(Match(task.id, 0, f"same occupation {task.occupation_code}"))
        elif task_family == family:
            ranked.append(Match(task.id, 1, f"same family {family} ({FAMILIES[family]})"))
        elif task_family in NEIGHBOURS[family]:
            tier = 2 + NEIGHBOURS[family].index(task_family)
            ranked.append(Match(task.id, tier, f"neighbouring family {task_family} ({FAMILIES[task_family]})"))
    ranked.sort(key=lambda m: m.tier)
    return ranked if limit is None else ranked[:limit]
