"""Complex Conditional: a branch condition built from several `and` / `or` operators."""

from __future__ import annotations

from collections.abc import Iterator

from .._context import SourceContext
from .._findings import Category, Finding
from .._registry import quality_rule
from .._walk import condition_tests, logical_operators, span


@quality_rule("complex-conditional", category=Category.COMPLEX_CONDITIONAL)
def complex_conditional(ctx: SourceContext) -> Iterator[Finding]:
    """A condition (if/elif/while, ternary, comprehension filter, case guard) with too many
    logical operators: it should be a named boolean or a small function.
    """
    limit = ctx.thresholds.conditional_operators
    for scope in ctx.scopes:
        for test in condition_tests(scope.nodes):
            operators = logical_operators(test)
            if operators >= limit:
                start, end = span(test)
                yield Finding(
                    category=Category.COMPLEX_CONDITIONAL,
                    rule="complex-conditional",
                    function=scope.qualname,
                    start_line=start,
                    end_line=end,
                    message=f"condition with {operators} logical operators >= {limit}",
                    value=operators,
                    threshold=limit,
                )
