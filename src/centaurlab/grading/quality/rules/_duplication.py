"""Code Duplication: the same block of code written twice in one file."""

from __future__ import annotations

from collections.abc import Iterator

from .._clones import find_clones
from .._context import SourceContext
from .._findings import Category, Finding
from .._registry import quality_rule


@quality_rule("duplication", category=Category.DUPLICATION)
def duplication(ctx: SourceContext) -> Iterator[Finding]:
    """A block of statements repeating an earlier one, up to renamed identifiers and literals.

    Reported at the later copy, naming the earlier one; see `clones` for the method.
    """
    limits = ctx.thresholds
    for clone in find_clones(ctx.tree, limits.duplication_nodes, limits.duplication_lines, ctx.count_code_lines):
        start, end = clone.second
        lines = ctx.count_code_lines(start, end)
        yield Finding(
            category=Category.DUPLICATION,
            rule="duplication",
            function=ctx.scope_at(start).qualname,
            start_line=start,
            end_line=end,
            message=(
                f"{lines} lines of code repeat lines {clone.first[0]}-{clone.first[1]} (>= {limits.duplication_lines})"
            ),
            value=lines,
            threshold=limits.duplication_lines,
            related=(clone.first,),
        )
