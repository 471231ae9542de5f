"""The user-study pillar: study files, assignment, participants, telemetry, surveys, metrics and
exports. Its pages and API live in `centaurlab.web`."""

from .catalogue import Catalogue, UnknownBank, UnknownTask
from .export import export_study, participant_attributes, study_events
from .studies import Study, UnknownStudy, create_study, list_studies
from .studyfile import StudyFileError, StudySpec, load_study

__all__ = [
    "Catalogue", "Study", "StudyFileError", "StudySpec", "UnknownBank", "UnknownStudy", "UnknownTask",
    "create_study", "export_study", "list_studies", "load_study", "participant_attributes",
    "study_events",
]
