"""Deep Nested Complexity: control structures inside control structures, several levels down."""

from __future__ import annotations

from collections.abc import Iterator

from .._context import SourceContext
from .._findings import Category, Finding
from .._nesting import block_depth
from .._registry import quality_rule


@quality_rule("deep-nesting", category=Category.DEEP_NESTING)
def deep_nesting(ctx: SourceContext) -> Iterator[Finding]:
    """A scope whose `if`/`for`/`while`/`try`/`match` nesting reaches the limit.

    Reported once per scope, at its deepest point, with the scope's line range.
    """
    limit = ctx.thresholds.nesting_depth
    for scope in ctx.scopes:
        deepest = block_depth(scope.body)
        if deepest.depth >= limit:
            yield Finding(
                category=Category.DEEP_NESTING,
                rule="deep-nesting",
                function=scope.qualname,
                start_line=scope.start_line,
                end_line=scope.end_line,
                message=(
                    f"nesting depth {deepest.depth} >= {limit} (deepest control structure at line {deepest.line})"
                ),
                value=deepest.depth,
                threshold=limit,
            )
