"""The user-study pillar: study files, assignment, participants, telemetry, surveys, metrics and
exports. Its pages and API live in `centaurlab.web`; the task pages' banks and views are `tasks`'."""

from .export import export_study, participant_attributes, study_events
from .participants import NotAParticipant
from .studies import Study, UnknownStudy, create_study, list_studies
from .studyfile import StudyFileError, StudySpec, load_study

__all__ = [
    "NotAParticipant", "Study", "StudyFileError", "StudySpec", "UnknownStudy",
    "create_study", "export_study", "list_studies", "load_study", "participant_attributes",
    "study_events",
]
