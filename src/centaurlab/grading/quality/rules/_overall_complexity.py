"""Overall Code Complexity: a file whose functions are, on average, too branchy."""

from __future__ import annotations

from collections.abc import Iterator

from .._context import SourceContext
from .._findings import MODULE, Category, Finding
from .._registry import quality_rule


@quality_rule("overall-complexity", category=Category.OVERALL_COMPLEXITY)
def overall_complexity(ctx: SourceContext) -> Iterator[Finding]:
    """The mean cyclomatic complexity of the file's functions is over the limit.

    It catches files where no single function is alarming but every one of them branches a lot.
    Files without functions are not judged (their top-level code has its own rules).
    """
    if not ctx.functions:
        return
    limit = ctx.thresholds.file_mean_complexity
    mean = sum(fn.complexity for fn in ctx.functions) / len(ctx.functions)
    if mean > limit:
        n = len(ctx.functions)
        yield Finding(
            category=Category.OVERALL_COMPLEXITY,
            rule="overall-complexity",
            function=MODULE,
            start_line=ctx.module.start_line,
            end_line=ctx.module.end_line,
            message=(f"mean cyclomatic complexity {mean:.2f} > {limit:g} over {n} function{'s' if n != 1 else ''}"),
            value=round(mean, 2),
            threshold=limit,
        )
