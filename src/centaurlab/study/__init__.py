"""The user-study pillar: study files, assignment, participants, telemetry, surveys, metrics, exports,
and the grades of participants' final code with the human baselines they give. Its pages and API live in
`centaurlab.web`; the task pages' banks and views are `tasks`'."""

from .autocomplete import SuggestRequest
from .chat import ChatBody, chat_history
from .export import (
    TABLES,
    LoggedEvent,
    ParticipantLog,
    build_tables,
    export_study,
    participant_attributes,
    participant_log,
    scrub_events,
    spreadsheet_safe,
    study_events,
    table_chunks,
    tasks_table,
)
from .grades import (
    FinalCode,
    GradingSummary,
    ScriptedParticipants,
    StudyBaselines,
    final_code,
    grade_study,
    no_ai_condition,
    study_baselines,
    study_grades,
)
from .limits import ParticipantLimits, RateLimit, TooManyRequests
from .metrics import (
    StudyReport,
    TextTable,
    apply_exclusions,
    build_report,
    condition_effects,
    control_of,
    paired_choices,
    participant_metrics,
    prepare,
    rank_paired,
    render_report,
    report_tables,
    share_interval,
    suggestion_metrics,
    task_metrics,
)
from .participants import MAX_CLIENT_MS, NotAParticipant, ParticipantFinished, WrongStage
from .pilots import BadPilotLink, PilotLinks
from .platform import StudyPlatform
from .power import EFFECT_SCALE, StudyPower, closed_form_n, plan_study, study_power
from .recruitment import RECRUITMENT_KEYS, RejoinRefused, check_rejoin
from .report_bridge import report_html, report_study, study_frames
from .scrub import scrub_text
from .session_view import coding_state, console_text, out_of_time, own_code_error, script_console
from .settings import condition_settings, model_settings, participants_label
from .studies import Study, StudyCache, UnknownStudy, create_study, list_studies, study_ids
from .studyfile import StudyFileError, StudySpec, load_study, resolve_task_sets
from .surveys import Question, check_answers
from .tables import ParticipantRow
from .telemetry import EventBatch

__all__ = [
    "share_interval",
    "study_grades",
    "study_power",
    "plan_study",
    "closed_form_n",
    "StudyPower",
    "EFFECT_SCALE",
    "study_baselines",
    "no_ai_condition",
    "grade_study",
    "final_code",
    "StudyBaselines",
    "ScriptedParticipants",
    "GradingSummary",
    "FinalCode",
    "ChatBody",
    "StudyReport",
    "TextTable",
    "EventBatch",
    "LoggedEvent",
    "MAX_CLIENT_MS",
    "NotAParticipant",
    "ParticipantFinished",
    "ParticipantLimits",
    "ParticipantLog",
    "ParticipantRow",
    "Question",
    "RECRUITMENT_KEYS",
    "RateLimit",
    "RejoinRefused",
    "Study",
    "StudyCache",
    "PilotLinks",
    "BadPilotLink",
    "StudyFileError",
    "StudyPlatform",
    "StudySpec",
    "SuggestRequest",
    "TABLES",
    "TooManyRequests",
    "UnknownStudy",
    "WrongStage",
    "apply_exclusions",
    "build_tables",
    "chat_history",
    "check_answers",
    "check_rejoin",
    "coding_state",
    "condition_effects",
    "condition_settings",
    "console_text",
    "control_of",
    "create_study",
    "export_study",
    "list_studies",
    "load_study",
    "build_report",
    "report_tables",
    "model_settings",
    "paired_choices",
    "participant_attributes",
    "participant_log",
    "participant_metrics",
    "participants_label",
    "prepare",
    "rank_paired",
    "render_report",
    "report_html",
    "report_study",
    "resolve_task_sets",
    "out_of_time",
    "own_code_error",
    "script_console",
    "scrub_events",
    "scrub_text",
    "spreadsheet_safe",
    "study_events",
    "study_frames",
    "study_ids",
    "suggestion_metrics",
    "task_metrics",
    "table_chunks",
    "tasks_table",
]
