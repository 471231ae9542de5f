"""Statistics for every pillar: a thin, typed layer over statsmodels, scipy and matplotlib (no I/O).

* Description with uncertainty: `describe`, `describe_groups` (mean, sd, se, t interval).
* Comparison with a control: `welch_difference`, `differences_from_control`.
* Pooling across groups of different difficulty: `zscore_within`.
* Regression (statsmodels): `ols` (classical, HC1, HC3 or cluster-robust covariance), `regress` on a
  DataFrame, `mixed` (random intercepts for participants and tasks).
* Many tests at once: `benjamini_hochberg` (statsmodels).
* The reporting policy every report follows (`policy.py`): `Figure` (estimate, interval, n, unit,
  or not computed with the reason), `rank_ranges`, `best_claim`, `order_claim`, `corrected_claim`,
  `informative`, `distinct_draws`, `mean_figure` (t), `proportion_figure` (Wilson),
  `round_to_interval`, `MINIMUM_N`, and `audit` for tests.
* Planning: `power_curve` (power by simulation through a report's own analysis, with its
  Monte-Carlo interval) and `needed_size` (the size for a target power).
* Output: `means_chart`, `violin_chart` (matplotlib, inline SVG), `HtmlReport` (one self-contained
  HTML file), `format_number`.

See docs/study-metrics.md for the formulas and a worked example.
"""

from .charts import means_chart, nice_ticks, violin_chart
from .compare import Difference, differences_from_control, welch_difference
from .describe import Summary, describe, describe_groups, finite, require_columns, wilson_interval
from .errors import StatsError
from .format import format_number, format_p
from .html_report import HtmlReport, html_table
from .mixed import MixedFit, mixed
from .multiple import benjamini_hochberg
from .ols import COV_TYPES, CovType, OLSFit, ols
from .policy import (
    MINIMUM_N,
    NOT_COMPUTED,
    Figure,
    audit,
    best_claim,
    corrected_claim,
    distinct_draws,
    figure,
    figure_from_json,
    informative,
    is_figure_json,
    mean_figure,
    not_computed,
    order_claim,
    proportion_figure,
    rank_order,
    rank_ranges,
    round_to_interval,
    separated,
    too_few,
)
from .power import PowerCurve, PowerPoint, Progress, Trial, needed_size, power_curve
from .regress import INTERCEPT, design_matrix, dummy_name, regress
from .zscore import zscore_within

__all__ = [
    "MINIMUM_N",
    "NOT_COMPUTED",
    "Figure",
    "audit",
    "best_claim",
    "corrected_claim",
    "distinct_draws",
    "figure",
    "figure_from_json",
    "is_figure_json",
    "mean_figure",
    "informative",
    "not_computed",
    "order_claim",
    "PowerCurve",
    "PowerPoint",
    "Progress",
    "Trial",
    "needed_size",
    "power_curve",
    "proportion_figure",
    "rank_order",
    "rank_ranges",
    "round_to_interval",
    "separated",
    "too_few",
    "COV_TYPES",
    "INTERCEPT",
    "CovType",
    "Difference",
    "HtmlReport",
    "MixedFit",
    "OLSFit",
    "StatsError",
    "Summary",
    "benjamini_hochberg",
    "describe",
    "describe_groups",
    "design_matrix",
    "differences_from_control",
    "dummy_name",
    "finite",
    "format_number",
    "format_p",
    "html_table",
    "means_chart",
    "mixed",
    "nice_ticks",
    "ols",
    "regress",
    "require_columns",
    "violin_chart",
    "welch_difference",
    "wilson_interval",
    "zscore_within",
]
