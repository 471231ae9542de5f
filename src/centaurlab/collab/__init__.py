"""Human-agent collaboration on occupational tasks (CollabSkill): task instances, the agent
harness, rubric generation, multi-judge grading, agreement statistics, reports and ratings.

See docs/collab.md.
"""

from ._agents import AgentConfig, AgentConfigError, all_agents, get_agent
from ._check import check_task
from ._convert import render
from ._grade import GradeOptions, GradeOutcome, grade_sessions, sessions_to_grade
from ._harness import (
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
from ._llm_json import JsonAskError, ask_json
from ._loader import CollabBank, CollabFileError, UnknownCollabTask, builtin_collab_bank_names, load_collab_bank
from ._onet import FAMILIES, Match, match_tasks
from ._plan import chat_hold, requested_files
from ._rate import CollabRating, TaskTerm, rate_sessions, skill_figure
from ._report import build_report, calibration_figures, render_html
from ._results import SessionRow, load_results
from ._rubric import CATEGORIES, Rubric, RubricError, load_rubric_file, parse_rubric, validate
from ._rubric_audit import AuditRun, WordMatcher, audit_rubrics
from ._rubric_gen import ensure_rubric, generate_rubric, options_for, rubric_json_text, save_rubric
from ._rubric_matches import MatchSetError
from ._runner import SessionOutcome, run_baseline
from ._runs import CollabRun, collab_runs
from ._schema import TaskInstance
from ._scoring import NO_DELIVERABLE
from ._sessions import (
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
from ._tables import NO_HUMAN, CollabHandGrade, CollabJudgement, CollabSession, add_rubric, files_of, save_files
from ._validation import SetResult, ValidationRun, validate_bank
from ._workspace import REFERENCE_DIR, Workspace, WorkspaceError

__all__ = [
    "NO_DELIVERABLE",
    "AuditRun",
    "MatchSetError",
    "WordMatcher",
    "audit_rubrics",
    "generate_rubric",
    "AgentConfig",
    "AgentConfigError",
    "CATEGORIES",
    "CollabBank",
    "CollabFileError",
    "CollabRating",
    "CollabRun",
    "DELIVERABLES_HEADER",
    "FAMILIES",
    "GradeOptions",
    "GradeOutcome",
    "HARNESS_LEADS",
    "JsonAskError",
    "Match",
    "NO_HUMAN",
    "CollabHandGrade",
    "CollabJudgement",
    "CollabSession",
    "add_rubric",
    "files_of",
    "save_files",
    "REFERENCE_DIR",
    "Rubric",
    "RubricError",
    "SessionOutcome",
    "SessionRow",
    "SetResult",
    "Step",
    "Steps",
    "StoredJudgement",
    "TaskInstance",
    "TaskTerm",
    "ToolCallingRefused",
    "UnknownCollabTask",
    "ValidationRun",
    "Workspace",
    "WorkspaceError",
    "chat_hold",
    "all_agents",
    "ask_json",
    "build_report",
    "build_request",
    "held_request",
    "requested_files",
    "builtin_collab_bank_names",
    "calibration_figures",
    "check_task",
    "collab_runs",
    "ensure_rubric",
    "first_messages",
    "get_agent",
    "grade_sessions",
    "hand_in",
    "has_sessions",
    "human_sessions",
    "judgements_of",
    "load_collab_bank",
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
