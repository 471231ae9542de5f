"""Human-agent collaboration on occupational tasks (CollabSkill): task instances, the agent
harness, rubric generation, multi-judge grading, agreement statistics, reports and ratings.

See docs/collab.md.
"""

from .loader import (
    CollabBank,
    CollabFileError,
    UnknownCollabTask,
    builtin_collab_bank_names,
    load_collab_bank,
    load_instance,
)
from .onet import FAMILIES, Match, family_of, match_tasks
from .rubric import CATEGORIES, Rubric, RubricError, RubricItem, load_rubric_file, parse_rubric, repair, validate
from .schema import Deliverable, DeliverableKind, Difficulty, Onet, Reference, TaskInstance

__all__ = [
    "CATEGORIES",
    "FAMILIES",
    "CollabBank",
    "CollabFileError",
    "Deliverable",
    "DeliverableKind",
    "Difficulty",
    "Match",
    "Onet",
    "Reference",
    "Rubric",
    "RubricError",
    "RubricItem",
    "TaskInstance",
    "UnknownCollabTask",
    "builtin_collab_bank_names",
    "family_of",
    "load_collab_bank",
    "load_instance",
    "load_rubric_file",
    "match_tasks",
    "parse_rubric",
    "repair",
    "validate",
]
