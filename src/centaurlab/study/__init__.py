"""The user-study pillar: study files, assignment, participants, telemetry, surveys, metrics and
exports. Its pages and API live in `centaurlab.web`."""

from .catalogue import Catalogue, UnknownBank, UnknownTask
from .export import (
    LoggedEvent,
    ParticipantLog,
    export_study,
    participant_attributes,
    participant_log,
    spreadsheet_safe,
    study_events,
)
from .limits import RateLimit, TooManyRequests
from .participants import ParticipantFinished
from .recruitment import RECRUITMENT_KEYS, RejoinRefused, check_rejoin
from .studies import Study, UnknownStudy, create_study, list_studies, study_ids
from .studyfile import StudyFileError, StudySpec, load_study
from .tables import ParticipantRow

__all__ = [
    "RECRUITMENT_KEYS", "Catalogue", "LoggedEvent", "ParticipantFinished", "ParticipantLog", "ParticipantRow",
    "RateLimit", "RejoinRefused", "Study", "StudyFileError", "StudySpec", "TooManyRequests", "UnknownBank",
    "UnknownStudy", "UnknownTask", "check_rejoin", "create_study", "export_study", "list_studies", "load_study",
    "participant_attributes", "participant_log", "spreadsheet_safe", "study_events", "study_ids",
]
