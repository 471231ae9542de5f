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
from .sessions import (
    HumanSession,
    StoredFile,
    StoredJudgement,
    hand_in,
    has_sessions,
    human_sessions,
    judgements_of,
    record_hand_grade,
    rubric_versions,
    session_brief,
    session_models,
    stored_files,
)
from .tables import NO_HUMAN

__all__ = [
    "CATEGORIES",
    "FAMILIES",
    "NO_HUMAN",
    "CollabBank",
    "CollabFileError",
    "Deliverable",
    "DeliverableKind",
    "Difficulty",
    "HumanSession",
    "Match",
    "Onet",
    "Reference",
    "Rubric",
    "RubricError",
    "RubricItem",
    "StoredFile",
    "StoredJudgement",
    "TaskInstance",
    "UnknownCollabTask",
    "builtin_collab_bank_names",
    "family_of",
    "hand_in",
    "has_sessions",
    "human_sessions",
    "judgements_of",
    "load_collab_bank",
    "load_instance",
    "load_rubric_file",
    "match_tasks",
    "parse_rubric",
    "record_hand_grade",
    "repair",
    "rubric_versions",
    "session_brief",
    "session_models",
    "stored_files",
    "validate",
]
