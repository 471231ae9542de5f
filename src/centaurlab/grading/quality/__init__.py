"""Code health of Python source, in the categories COMPASS reports from CodeScene.

    report = analyse_quality(source)          # Thresholds() = CodeScene's defaults
    report.score_10, report.score_100, report.findings, report.to_dict()
    list_rules()                              # the named rules; select with rules=/disable=

See docs/quality.md for the categories, thresholds and the score formula.
"""

from ._analyse import analyse_quality
from ._context import SourceContext
from ._entry import not_rated
from ._findings import MODULE, Category, Finding
from ._registry import Rule, list_rules, quality_rule, select_rules
from ._report import QualityReport
from ._thresholds import Thresholds

__all__ = [
    "MODULE",
    "Category",
    "Finding",
    "QualityReport",
    "Rule",
    "SourceContext",
    "Thresholds",
    "analyse_quality",
    "list_rules",
    "not_rated",
    "quality_rule",
    "select_rules",
]
