"""The user-study pillar: study files, assignment, participants, telemetry, surveys, metrics, exports,
and the grades of participants' final code with the human baselines they give. Its pages and API live in
`centaurlab.web`; the task pages' banks and views are `tasks`'."""

from ._autocomplete import SuggestRequest
from ._chat import ChatBody, chat_history
from ._export import (
    TABLES,
    export_study,
    participant_attributes,
    participant_log,
    spreadsheet_safe,
    study_events,
    table_chunks,
    tasks_table,
)
from ._grades import (
    FinalCode,
    ScriptedParticipants,
    grade_study,
    study_baselines,
    study_grades,
)
from ._limits import ParticipantLimits, RateLimit, TooManyRequests
from ._participants import MAX_CLIENT_MS, NotAParticipant, ParticipantFinished, Participants, WrongStage
from ._pilots import BadPilotLink, PilotLinks
from ._platform import StudyPlatform
from ._power import EFFECT_SCALE, plan_study
from ._recruitment import RECRUITMENT_KEYS, RejoinRefused, check_rejoin
from ._report_bridge import report_html, report_study, study_frames
from ._scrub import scrub_text
from ._session_view import coding_state, console_text, out_of_time, own_code_error, script_console
from ._settings import condition_settings, model_settings, participants_label
from ._studies import Study, StudyCache, UnknownStudy, create_study, list_studies, study_ids
from ._studyfile import StudyFileError, StudySpec, load_study, parse_study, resolve_task_sets
from ._surveys import Question, check_answers
from ._tables import ParticipantRow, append_events
from ._telemetry import EventBatch
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

__all__ = [
    "share_interval",
    "study_grades",
    "plan_study",
    "EFFECT_SCALE",
    "study_baselines",
    "grade_study",
    "ScriptedParticipants",
    "FinalCode",
    "ChatBody",
    "StudyReport",
    "TextTable",
    "EventBatch",
    "MAX_CLIENT_MS",
    "NotAParticipant",
    "ParticipantFinished",
    "ParticipantLimits",
    "ParticipantRow",
    "Participants",
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
    "append_events",
    "apply_exclusions",
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
    "parse_study",
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
