"""The web platform: `create_app()` builds the FastAPI application that `centaur serve` runs."""

from .app import create_app
from .assets import bundle_problem
from .catalogue import Catalogue, UnknownBank, UnknownTask
from .export import export_study, participant_attributes, study_events
from .studies import Study, UnknownStudy, create_study, list_studies
from .studyfile import StudyFileError, StudySpec, load_study

__all__ = [
    "Catalogue", "Study", "StudyFileError", "StudySpec", "UnknownBank", "UnknownStudy", "UnknownTask", "bundle_problem",
    "create_app", "create_study", "export_study", "list_studies", "load_study", "participant_attributes",
    "study_events",
]
