"""Judge answers that carry no information, recognised and refused.

A small model held to the judge's JSON schema can fill it without reading anything: the embedded
135M model gave one session's items 1, 2, 3, 4, 5, 6, 7, 8, 1 points with justifications such as
"1.25.1.1.1". Such an answer is valid JSON in range, so the schema lets it through; these rules
do not, and a refused answer is retried and, failing that, counted as unusable, never averaged:

- points that count up item after item (1, 2, 3, ...): at least three items, every step +1 from
  0 or 1, or three quarters of the steps +1 when there are five items or more;
- a justification that is not a sentence: fewer than two words of two letters or more, or more
  digits and symbols than letters;
- the same points on every item for three or more different deliverables of one task: a judge
  that cannot tell a wrong deliverable from a right one (all items at 0 or all at their maximum
  are left alone: three empty or three perfect deliverables earn exactly that).
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Sequence
from typing import Any

from ._rubric import Rubric

SAME_POINTS_SETS = 3
_WORD = re.compile(r"[^\W\d_]{2,}")


def counts_up(points: Sequence[float]) -> bool:
    if len(points) < 3:
        return False
    steps = [b - a for a, b in zip(points, points[1:], strict=False)]
    ups = sum(1 for s in steps if s == 1)
    if ups == len(steps) and points[0] in (0, 1):
        return True
    return len(points) >= 5 and ups >= 0.75 * len(steps)


def is_sentence(text: str) -> bool:
    letters = sum(ch.isalpha() for ch in text)
    others = sum(not ch.isalpha() and not ch.isspace() for ch in text)
    return len(_WORD.findall(text)) >= 2 and letters >= others


def answer_problem(scores: dict[str, dict[str, Any]], rubric: Rubric) -> str | None:
    """Why one judge answer is degenerate, or None when it may be used."""
    points = [scores[i.id]["points"] for i in rubric.items if i.id in scores]
    if counts_up(points):
        return f"degenerate: points count up item after item ({', '.join(f'{p:g}' for p in points)})"
    bad = [k for k, v in scores.items() if not is_sentence(str(v.get("justification", "")))]
    if bad:
        example = scores[bad[0]]["justification"]
        return f"degenerate: the justification of {', '.join(bad)} is not a sentence ({example!r})"
    return None


def same_points(answers: Sequence[tuple[Hashable, dict[str, float], dict[str, float]]]) -> list[int]:
    """Indices of answers refused because the judge gave identical points on every item to at
    least SAME_POINTS_SETS different deliverables. Each answer is (deliverable key, item points,
    item maxima)."""
    groups: dict[tuple[tuple[str, float], ...], list[int]] = {}
    for k, (_, points, maxima) in enumerate(answers):
        if not points or all(v == 0 for v in points.values()) or all(v == maxima.get(i) for i, v in points.items()):
            continue
        groups.setdefault(tuple(sorted(points.items())), []).append(k)
    out: list[int] = []
    for members in groups.values():
        if len({answers[k][0] for k in members}) >= SAME_POINTS_SETS:
            out += members
    return sorted(out)


SAME_POINTS_ERROR = f"degenerate: the same points on every item for {SAME_POINTS_SETS} or more different deliverables"
