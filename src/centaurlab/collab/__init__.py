"""Human-agent collaboration on occupational tasks (CollabSkill): task instances, the agent
harness, rubric generation, multi-judge grading, agreement statistics, reports and ratings.

See docs/collab.md.
"""

from .agents import AgentConfig, AgentConfigError, all_agents, get_agent
from .check import check_task
from .convert import render
from .grade import GradeOptions, GradeOutcome, grade_sessions, sessions_to_grade
from .harness import (
    DELIVERABLES_HEADER,
    HARNESS_LEADS,
    Step,
    Steps,
    ToolCallingRefused,
    build_request,
    first_messages,
    held_request,
    run_steps,
)
from .llm_json import JsonAskError, ask_json
from .loader import (
    CollabBank,
    CollabFileError,
    UnknownCollabTask,
    builtin_collab_bank_names,
    load_collab_bank,
    load_instance,
)
from .onet import FAMILIES, Match, family_of, match_tasks
from .plan import chat_hold, missing_deliverables, requested_files
from .protocol import action_schema, content_cap
from .rate import CollabRating, TaskTerm, rate_sessions, skill_figure
from .report import build_report, calibration_figures, render_html
from .results import SessionRow, load_results
from .rubric import CATEGORIES, Rubric, RubricError, RubricItem, load_rubric_file, parse_rubric, repair, validate
from .rubric_audit import Agreement, AuditRun, TaskAudit, WordMatcher, agreement, audit_rubrics
from .rubric_gen import ensure_rubric, generate_rubric, options_for, rubric_json_text, save_rubric
from .rubric_matches import LabelledCriterion, MatchSet, MatchSetError, load_match_set
from .runner import SessionOutcome, run_baseline
from .runs import CollabRun, collab_runs
from .schema import Deliverable, DeliverableKind, Difficulty, Onet, Reference, TaskInstance
from .scoring import NO_DELIVERABLE
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
from .validation import SetResult, ValidationRun, validate_bank
from .workspace import REFERENCE_DIR, Workspace, WorkspaceError

__all__ = [
    "NO_DELIVERABLE",
    "Agreement",
    "AuditRun",
    "LabelledCriterion",
    "MatchSet",
    "MatchSetError",
    "TaskAudit",
    "WordMatcher",
    "agreement",
    "audit_rubrics",
    "generate_rubric",
    "load_match_set",
    "AgentConfig",
    "AgentConfigError",
    "CATEGORIES",
    "CollabBank",
    "CollabFileError",
    "CollabRating",
    "CollabRun",
    "DELIVERABLES_HEADER",
    "Deliverable",
    "DeliverableKind",
    "Difficulty",
    "FAMILIES",
    "GradeOptions",
    "GradeOutcome",
    "HARNESS_LEADS",
    "HumanSession",
    "JsonAskError",
    "Match",
    "NO_HUMAN",
    "Onet",
    "REFERENCE_DIR",
    "Reference",
    "Rubric",
    "RubricError",
    "RubricItem",
    "SessionOutcome",
    "SessionRow",
    "SetResult",
    "Step",
    "Steps",
    "StoredFile",
    "StoredJudgement",
    "TaskInstance",
    "TaskTerm",
    "ToolCallingRefused",
    "UnknownCollabTask",
    "ValidationRun",
    "Workspace",
    "WorkspaceError",
    "action_schema",
    "chat_hold",
    "all_agents",
    "ask_json",
    "build_report",
    "build_request",
    "held_request",
    "missing_deliverables",
    "requested_files",
    "builtin_collab_bank_names",
    "calibration_figures",
    "check_task",
    "collab_runs",
    "content_cap",
    "ensure_rubric",
    "family_of",
    "first_messages",
    "get_agent",
    "grade_sessions",
    "hand_in",
    "has_sessions",
    "human_sessions",
    "judgements_of",
    "load_collab_bank",
    "load_instance",
    "load_results",
    "load_rubric_file",
    "match_tasks",
    "options_for",
    "parse_rubric",
    "rate_sessions",
    "skill_figure",
    "record_hand_grade",
    "render",
    "render_html",
    "repair",
    "rubric_json_text",
    "rubric_versions",
    "run_baseline",
    "run_steps",
    "save_rubric",
    "session_brief",
    "session_models",
    "sessions_to_grade",
    "stored_files",
    "validate",
    "validate_bank",
]
