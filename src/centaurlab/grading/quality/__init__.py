"""Code health of Python source, in the categories COMPASS reports from CodeScene.

    report = analyse_quality(source)          # Thresholds() = CodeScene's defaults
    report.score_10, report.score_100, report.findings, report.to_dict()
    list_rules()                              # the named rules; select with rules=/disable=

See docs/quality.md for the categories, thresholds and the score formula.
"""

from .analyse import analyse_quality
from .context import SourceContext
from .entry import not_rated
from .findings import MODULE, Category, Finding
from .registry import Rule, get_rule, list_rules, quality_rule, select_rules, unregister_rule
from .report import FileMetrics, QualityReport
from .scoring import CATEGORY_WEIGHTS, Score, score_findings
from .thresholds import Thresholds

__all__ = [
    "CATEGORY_WEIGHTS",
    "MODULE",
    "Category",
    "FileMetrics",
    "Finding",
    "QualityReport",
    "Rule",
    "Score",
    "SourceContext",
    "Thresholds",
    "analyse_quality",
    "get_rule",
    "list_rules",
    "not_rated",
    "quality_rule",
    "score_findings",
    "select_rules",
    "unregister_rule",
]
