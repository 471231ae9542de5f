"""The entry point: one source string in, one QualityReport out, never an exception for bad code.

Solutions come from models and participants, so unparsable or pathological source is a normal
input: it becomes a report with the minimum score and a finding that says why. Only caller
mistakes (an unknown rule name, an invalid threshold) raise.
"""

from __future__ import annotations

import ast
from collections.abc import Collection

from . import rules as _builtin_rules  # noqa: F401  (registers the built-in rules)
from ._context import SourceContext, build_context
from ._findings import MODULE, Category, Finding
from ._registry import Rule, select_rules
from ._report import FileMetrics, QualityReport
from ._scoring import score_findings
from ._thresholds import Thresholds


def analyse_quality(
    source: str,
    thresholds: Thresholds | None = None,
    *,
    rules: Collection[str] | None = None,
    disable: Collection[str] = (),
) -> QualityReport:
    """Analyse the code health of one Python source string.

    `rules` names the rules to run (default: every rule enabled by default, see `list_rules`),
    `disable` names rules to leave out.
    """
    limits = thresholds or Thresholds()
    selected = select_rules(rules, disable)
    names = tuple(rule.name for rule in selected)
    text = source.removeprefix("\ufeff")
    try:
        tree = ast.parse(text)
    except SyntaxError as exc:
        line = exc.lineno or 1
        return _unanalysable(f"syntax error: {exc.msg} (line {line})", line, limits, names)
    except (ValueError, RecursionError, MemoryError) as exc:  # null bytes, absurd nesting
        reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
        return _unanalysable(f"source could not be parsed: {reason}", 1, limits, names)
    try:
        ctx = build_context(text, tree, limits)
        findings = _run(selected, ctx)
    except RecursionError:
        return _unanalysable("source nested too deeply to analyse", 1, limits, names)
    score = score_findings(findings)
    return QualityReport(
        score_10=score.score_10,
        score_100=score.score_100,
        findings=findings,
        penalties=dict(score.penalties),
        metrics=_metrics(ctx),
        thresholds=limits,
        rules=names,
    )


def _run(selected: tuple[Rule, ...], ctx: SourceContext) -> tuple[Finding, ...]:
    findings = [finding for rule in selected for finding in rule.check(ctx)]
    return tuple(sorted(findings, key=Finding.sort_key))


def _metrics(ctx: SourceContext) -> FileMetrics:
    """Size figures read from the text, not from radon's `raw` module: that re-tokenizes line
    by line, which is quadratic on long statements (48 s on a 2,500-line dict literal)."""
    complexities = [fn.complexity for fn in ctx.functions]
    lines = ctx.source.splitlines()
    return FileMetrics(
        loc=len(lines),
        code_lines=len(ctx.code_lines),
        comment_lines=len(ctx.comment_lines),
        blank_lines=sum(1 for line in lines if not line.strip()),
        functions=len(complexities),
        mean_complexity=round(sum(complexities) / len(complexities), 2) if complexities else 0.0,
        max_complexity=max(complexities, default=0),
    )


def _unanalysable(message: str, line: int, limits: Thresholds, names: tuple[str, ...]) -> QualityReport:
    finding = Finding(
        category=Category.SYNTAX_ERROR,
        rule="syntax",
        function=MODULE,
        start_line=line,
        end_line=line,
        message=message,
        value=1,
        threshold=0,
    )
    score = score_findings([finding])
    return QualityReport(
        score_10=score.score_10,
        score_100=score.score_100,
        findings=(finding,),
        penalties=dict(score.penalties),
        metrics=None,
        thresholds=limits,
        rules=names,
        parsed=False,
    )
