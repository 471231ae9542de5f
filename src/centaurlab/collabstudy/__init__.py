"""Collaboration studies (CollabSkill 2 of 2): people working occupational tasks with agents in the
browser, the paper's survey, append-only events, and the study's analyses. Built on `collab`
(tasks, harness, judges, ratings) and on `study`'s survey questions.

See docs/collab-study.md.
"""

from ._analysis import analyse
from ._chat import agent_turn, shown
from ._chatlines import agent_words, tool_line
from ._coding import code_study, code_validation_set
from ._export import export_study, override_grade, study_tables
from ._fluency import IDS, TOTAL_INDICATORS, fluency_total
from ._fluency_check import check_coder, load_set
from ._handin import DeliverablesMissing, HandIn, writers
from ._listing import CollabStudySummary, list_collab_studies
from ._load import load_study_data, stored_checks
from ._power import plan_collab_study
from ._report_html import render_html
from ._review import session_review
from ._service import USED_BEFORE, CollabStudies, View, WrongStep, is_reference
from ._slots import person_key
from ._studyfile import CollabStudy, load_collab_study, parse_collab_study
from ._synthetic import synthetic_study
from ._tables import CollabParticipant
from ._versions import NoSuchVersion, Version, diff_lines

__all__ = [
    "parse_collab_study",
    "plan_collab_study",
    "CollabParticipant",
    "CollabStudies",
    "CollabStudy",
    "CollabStudySummary",
    "DeliverablesMissing",
    "HandIn",
    "IDS",
    "NoSuchVersion",
    "TOTAL_INDICATORS",
    "USED_BEFORE",
    "Version",
    "View",
    "WrongStep",
    "agent_turn",
    "agent_words",
    "analyse",
    "check_coder",
    "code_study",
    "code_validation_set",
    "diff_lines",
    "export_study",
    "fluency_total",
    "is_reference",
    "list_collab_studies",
    "load_collab_study",
    "load_set",
    "load_study_data",
    "override_grade",
    "person_key",
    "render_html",
    "session_review",
    "shown",
    "stored_checks",
    "study_tables",
    "synthetic_study",
    "tool_line",
    "writers",
]
