"""Large Method: a function too long to hold in one's head."""

from __future__ import annotations

from collections.abc import Iterator

from .._context import SourceContext
from .._findings import Category, Finding
from .._registry import quality_rule


@quality_rule("large-method", category=Category.LARGE_METHOD)
def large_method(ctx: SourceContext) -> Iterator[Finding]:
    """A function with more code lines than the limit.

    Blank lines, comments and docstrings are not counted: explaining code must never cost
    health. Lines of nested functions are counted, since the reader has to get through them.
    """
    limit = ctx.thresholds.method_lines
    for fn in ctx.functions:
        lines = ctx.count_code_lines(fn.start_line, fn.end_line)
        if lines > limit:
            yield Finding(
                category=Category.LARGE_METHOD,
                rule="large-method",
                function=fn.qualname,
                start_line=fn.start_line,
                end_line=fn.end_line,
                message=f"{lines} lines of code > {limit}",
                value=lines,
                threshold=limit,
            )
