"""Statistics for every pillar: a thin, typed layer over statsmodels, scipy and matplotlib (no I/O).

* Description with uncertainty: `describe`, `describe_groups` (mean, sd, se, t interval).
* Comparison with a control: `welch_difference`, `differences_from_control`.
* Pooling across groups of different difficulty: `zscore_within`.
* Regression (statsmodels): `ols` (classical, HC1, HC3 or cluster-robust covariance), `regress` on a
  DataFrame, `mixed` (random intercepts for participants and tasks).
* Many tests at once: `benjamini_hochberg` (statsmodels).
* The reporting policy every report follows (`_policy.py`): `Figure` (estimate, interval, n, unit,
  or not computed with the reason), `rank_ranges`, `best_claim`, `order_claim`, `corrected_claim`,
  `informative`, `distinct_draws`, `mean_figure` (t), `proportion_figure` (Wilson),
  `round_to_interval`, `MINIMUM_N`, and `audit` for tests.
* Planning: `power_curve` (power by simulation through a report's own analysis, with its
  Monte-Carlo interval, and the size for a target power).
* Output: `means_chart`, `violin_chart` (matplotlib, inline SVG), `HtmlReport` (one self-contained
  HTML file), `format_number`.

See docs/study-metrics.md for the formulas and a worked example.
"""

from ._charts import means_chart, violin_chart
from ._compare import Difference, differences_from_control, welch_difference
from ._describe import Summary, describe, describe_groups, wilson_interval
from ._errors import StatsError
from ._format import format_number, format_p
from ._html_report import HtmlReport
from ._mixed import MixedFit, mixed
from ._multiple import benjamini_hochberg
from ._ols import CovType, OLSFit, ols
from ._policy import (
    MINIMUM_N,
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
    rank_ranges,
    round_to_interval,
    separated,
    too_few,
)
from ._power import PowerCurve, Progress, power_curve
from ._regress import dummy_name, regress
from ._zscore import zscore_within

__all__ = [
    "MINIMUM_N",
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
    "Progress",
    "power_curve",
    "proportion_figure",
    "rank_ranges",
    "round_to_interval",
    "separated",
    "too_few",
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
    "differences_from_control",
    "dummy_name",
    "format_number",
    "format_p",
    "means_chart",
    "mixed",
    "ols",
    "regress",
    "violin_chart",
    "welch_difference",
    "wilson_interval",
    "zscore_within",
]
