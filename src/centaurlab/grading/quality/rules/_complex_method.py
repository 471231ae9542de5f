"""Complex Method: too many independent paths through one function to understand or test."""

from __future__ import annotations

from collections.abc import Iterator

from .._context import SourceContext
from .._findings import Category, Finding
from .._registry import quality_rule


@quality_rule("complex-method", category=Category.COMPLEX_METHOD)
def complex_method(ctx: SourceContext) -> Iterator[Finding]:
    """A function (or the module's top-level code) whose cyclomatic complexity is over the limit.

    The count is radon's McCabe complexity: 1 + one per branch, loop, boolean operator,
    exception handler and comprehension filter. Nested functions are counted on their own.
    """
    limit = ctx.thresholds.method_complexity
    for scope in ctx.scopes:
        if scope.complexity > limit:
            yield Finding(
                category=Category.COMPLEX_METHOD,
                rule="complex-method",
                function=scope.qualname,
                start_line=scope.start_line,
                end_line=scope.end_line,
                message=f"cyclomatic complexity {scope.complexity} > {limit}",
                value=scope.complexity,
                threshold=limit,
            )
