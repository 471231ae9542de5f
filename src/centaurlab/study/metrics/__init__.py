"""Study metrics: turn a telemetry log into RealHumanEval's findings (pure pandas, no I/O).

Input: the event log of the telemetry contract (event_id, study_id, participant_id, condition,
task_id, task_index, type, client_ms, server_ms, payload) and a participant table
(participant_id, condition, task_set).

* Rows: `task_metrics` (participant x task), `suggestion_metrics` (suggestion shown),
  `chat_metrics` (chat response), `survey_metrics` (exit survey), `participant_metrics`
  (participant x condition).
* Exclusion: `exclusions` / `apply_exclusions` (RealHumanEval's rule, applied by default in reports).
* Analyses: `condition_effects` (difference from no-AI, OLS with task-set fixed effects, BH);
  `share_interval` (a condition's rate: Wilson on the effective number of trials).
* Output: `build_report` (every figure of the report once, under the reporting policy of
  `centaurlab.stats`: estimate, interval, n, unit, or not computed with the reason; `.as_json()`),
  `report_tables` (its tables as text), `render_report` (self-contained HTML).

Every metric is defined in its docstring and in docs/study-metrics.md.
"""

from .assemble import StudyReport, build_report
from .chat import CHAT_COLUMNS, chat_metrics
from .effects import EFFECT_COLUMNS, OUTCOMES, TASK_TIME_Z, condition_effects, task_time_z
from .events import CONDITIONS, EVENT_COLUMNS, NO_AI, PARTICIPANT_COLUMNS, EventsError, parse_payload, prepare
from .exclusion import EXCLUSION_COLUMNS, IDLE_MINUTES, apply_exclusions, exclusions
from .groups import GROUPINGS, control_of, groupings, regroup
from .paired import PAIR_COLUMNS, PairedRanking, paired_choices, rank_paired
from .participants import PARTICIPANT_METRICS, participant_metrics
from .report import render_built, render_report, task_summary
from .shares import ShareSummary, share_interval
from .suggestions import RETENTION_SECONDS, SUGGESTION_COLUMNS, normalise_whitespace, suggestion_metrics
from .surveys import SURVEY_COLUMNS, TLX_ITEMS, survey_metrics
from .tasks import TASK_COLUMNS, task_metrics
from .text import TextTable, report_tables

__all__ = [
    "ShareSummary",
    "share_interval",
    "CHAT_COLUMNS",
    "CONDITIONS",
    "EXCLUSION_COLUMNS",
    "IDLE_MINUTES",
    "EFFECT_COLUMNS",
    "EVENT_COLUMNS",
    "NO_AI",
    "OUTCOMES",
    "PAIR_COLUMNS",
    "PARTICIPANT_COLUMNS",
    "PARTICIPANT_METRICS",
    "PairedRanking",
    "RETENTION_SECONDS",
    "SUGGESTION_COLUMNS",
    "SURVEY_COLUMNS",
    "TASK_COLUMNS",
    "TASK_TIME_Z",
    "TLX_ITEMS",
    "GROUPINGS",
    "EventsError",
    "apply_exclusions",
    "chat_metrics",
    "condition_effects",
    "control_of",
    "groupings",
    "exclusions",
    "normalise_whitespace",
    "parse_payload",
    "paired_choices",
    "participant_metrics",
    "prepare",
    "regroup",
    "rank_paired",
    "render_built",
    "render_report",
    "report_tables",
    "build_report",
    "StudyReport",
    "TextTable",
    "suggestion_metrics",
    "survey_metrics",
    "task_metrics",
    "task_summary",
    "task_time_z",
]
