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

from ._assemble import StudyReport, build_report
from ._chat import chat_metrics
from ._effects import OUTCOMES, condition_effects
from ._events import EventsError, prepare
from ._exclusion import apply_exclusions, exclusions
from ._groups import control_of, regroup
from ._paired import paired_choices, rank_paired
from ._participants import participant_metrics
from ._report import render_built, render_report, task_summary
from ._shares import share_interval
from ._suggestions import suggestion_metrics
from ._surveys import survey_metrics
from ._tasks import task_metrics
from ._text import TextTable, report_tables

__all__ = [
    "share_interval",
    "OUTCOMES",
    "EventsError",
    "apply_exclusions",
    "chat_metrics",
    "condition_effects",
    "control_of",
    "exclusions",
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
]
