"""The user-study pillar: study files, assignment, participants, telemetry, surveys, metrics and
exports. Its pages and API live in `centaurlab.web`; the task pages' banks and views are `tasks`'."""

from .export import LoggedEvent, ParticipantLog, export_study, participant_attributes, participant_log, study_events
from .participants import NotAParticipant
from .studies import Study, UnknownStudy, create_study, list_studies, study_ids
from .studyfile import StudyFileError, StudySpec, load_study
from .tables import ParticipantRow

__all__ = [
    "LoggedEvent", "NotAParticipant", "ParticipantLog", "ParticipantRow", "Study", "StudyFileError", "StudySpec",
    "UnknownStudy", "create_study", "export_study", "list_studies", "load_study",
    "participant_attributes", "participant_log", "study_events", "study_ids",
]
