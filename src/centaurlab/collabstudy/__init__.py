"""Collaboration studies (CollabSkill 2 of 2): people working occupational tasks with agents in the
browser, the paper's survey, append-only events, and the study's analyses. Built on `collab`
(tasks, harness, judges, ratings) and on `study`'s survey questions.

See docs/collab-study.md.
"""

from .analysis import analyse
from .chat import shown
from .chatlines import agent_words, tool_line
from .coding import code_study, code_validation_set
from .export import export_study, override_grade, study_tables
from .fluency import IDS, TOTAL_INDICATORS, fluency_total
from .fluency_check import check_coder, load_set
from .handin import DeliverablesMissing, HandIn, writers
from .listing import CollabStudySummary, list_collab_studies
from .load import load_study_data, stored_checks
from .power import CollabPower, collab_power, plan_collab_study
from .report_html import render_html
from .review import SessionReview, session_review
from .service import USED_BEFORE, CollabStudies, View, WrongStep, is_reference
from .slots import person_key
from .studyfile import CollabStudy, load_collab_study, parse_collab_study
from .synthetic import synthetic_study
from .versions import NoSuchVersion, Version, diff_lines

__all__ = [
    "CollabPower",
    "collab_power",
    "parse_collab_study",
    "plan_collab_study",
    "CollabStudies",
    "CollabStudy",
    "CollabStudySummary",
    "DeliverablesMissing",
    "HandIn",
    "IDS",
    "NoSuchVersion",
    "TOTAL_INDICATORS",
    "SessionReview",
    "USED_BEFORE",
    "Version",
    "View",
    "WrongStep",
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
