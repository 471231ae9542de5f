"""From findings to a health score: 10 (healthy) down to 1, and the same on a 1-100 scale.

The formula (docs/quality.md has a worked example):

1. severity of a finding  s = clamp(value / threshold, 1, 3)
   -- how far past its limit; a complexity of 18 against 9 weighs twice one just over it,
   and nothing weighs more than three times, so one monster cannot sink a file alone.
2. penalty of a category  P_c = w_c * (s_1 + s_2/2 + s_3/4 + ...), severities largest first
   -- the second finding of a kind costs half the first, the third a quarter: the first
   complex method says the most about the file; ten of them are not ten times worse.
3. total penalty          P = sum of P_c over categories
4. score_10 = 1 + 9 * exp(-P / 9);  score_100 = 1 + 99 * (score_10 - 1) / 9
   -- no findings gives exactly 10 / 100; while P is small each penalty point costs about
   one health point; the score approaches 1 but only an unparsable file reaches it.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ._findings import Category, Finding

#: Penalty points for one finding at severity 1. Nesting, branching and copy-paste are what
#: most slows a reader down, so they weigh most; length is partly a symptom of those; the rest
#: are local smells that are cheap to fix.
CATEGORY_WEIGHTS: Mapping[Category, float] = {
    Category.BUMPY_ROAD: 1.0,
    Category.DEEP_NESTING: 1.0,
    Category.COMPLEX_METHOD: 1.0,
    Category.LARGE_METHOD: 0.75,
    Category.COMPLEX_CONDITIONAL: 0.5,
    Category.GLOBAL_CONDITIONS: 0.5,
    Category.EXCESS_ARGUMENTS: 0.5,
    Category.OVERALL_COMPLEXITY: 0.5,
    Category.DUPLICATION: 1.0,
}
MAX_SEVERITY = 3.0
REPEAT_DECAY = 0.5
SCALE = 9.0
MIN_SCORE, MAX_SCORE = 1.0, 10.0


@dataclass(frozen=True, slots=True)
class Score:
    """A health score with the penalty points behind it, per category."""

    score_10: float
    score_100: float
    penalty: float
    penalties: Mapping[Category, float]


def severity(finding: Finding) -> float:
    """How far past its limit a finding is, between 1 and MAX_SEVERITY."""
    if finding.threshold <= 0:
        return 1.0
    return min(MAX_SEVERITY, max(1.0, finding.value / finding.threshold))


def to_100(score_10: float) -> float:
    """Map 1..10 linearly onto 1..100 (1 -> 1, 10 -> 100)."""
    return 1.0 + 99.0 * (score_10 - MIN_SCORE) / (MAX_SCORE - MIN_SCORE)


def score_findings(findings: Iterable[Finding], weights: Mapping[Category, float] | None = None) -> Score:
    """Combine findings into a score; a syntax error scores the minimum outright."""
    weights = CATEGORY_WEIGHTS if weights is None else weights
    by_category: dict[Category, list[float]] = defaultdict(list)
    for finding in findings:
        if finding.category is Category.SYNTAX_ERROR:
            return Score(MIN_SCORE, to_100(MIN_SCORE), math.inf, {Category.SYNTAX_ERROR: math.inf})
        by_category[finding.category].append(severity(finding))
    penalties: dict[Category, float] = {}
    for category in Category:
        if category not in by_category:
            continue
        ranked = sorted(by_category[category], reverse=True)
        points = sum(s * REPEAT_DECAY**k for k, s in enumerate(ranked))
        penalties[category] = round(weights.get(category, 1.0) * points, 4)
    total = sum(penalties.values())
    raw = MIN_SCORE + (MAX_SCORE - MIN_SCORE) * math.exp(-total / SCALE)
    return Score(round(raw, 2), round(to_100(raw), 1), round(total, 4), penalties)
