"""Bumpy Road Ahead: several separate chunks of nested logic in one function."""

from __future__ import annotations

from collections.abc import Iterator

from .._context import SourceContext
from .._findings import Category, Finding
from .._nesting import bumps
from .._registry import quality_rule


@quality_rule("bumpy-road", category=Category.BUMPY_ROAD)
def bumpy_road(ctx: SourceContext) -> Iterator[Finding]:
    """A scope with too many top-level chunks whose nesting reaches the bump depth.

    Each bump is a separate piece of logic the reader must untangle, and usually a function
    waiting to be extracted. Statements inside `with` blocks count as top level.
    """
    depth, limit = ctx.thresholds.bump_depth, ctx.thresholds.bumps
    for scope in ctx.scopes:
        found = bumps(scope.body, depth)
        if len(found) >= limit:
            where = ", ".join(f"{b.start_line}-{b.end_line}" for b in found)
            yield Finding(
                category=Category.BUMPY_ROAD,
                rule="bumpy-road",
                function=scope.qualname,
                start_line=found[0].start_line,
                end_line=found[-1].end_line,
                message=(f"{len(found)} bumps >= {limit}: chunks of logic nested {depth}+ deep at lines {where}"),
                value=len(found),
                threshold=limit,
                related=tuple((b.start_line, b.end_line) for b in found),
            )
