"""Global Conditions, part one: branching logic that runs at import time in the module scope."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from .._context import SourceContext
from .._findings import MODULE, Category, Finding
from .._registry import quality_rule
from .._walk import own_nodes, span

_CONDITIONALS = (ast.If, ast.While, ast.Match, ast.IfExp)
_GUARD_ATTRIBUTES = frozenset({"TYPE_CHECKING", "version_info", "platform"})


def _is_accepted_guard(stmt: ast.stmt) -> bool:
    """`if __name__ == "__main__":`, `if TYPE_CHECKING:` and version/platform checks are idioms,
    not logic: they choose what the module is, not what it computes."""
    if not isinstance(stmt, ast.If):
        return False
    names = {n.id for n in ast.walk(stmt.test) if isinstance(n, ast.Name)}
    attrs = {n.attr for n in ast.walk(stmt.test) if isinstance(n, ast.Attribute)}
    return bool(names & {"__name__", "TYPE_CHECKING"} or attrs & _GUARD_ATTRIBUTES)


def _conditionals(stmt: ast.stmt) -> int:
    own = 1 if isinstance(stmt, _CONDITIONALS) else 0
    return own + sum(isinstance(node, _CONDITIONALS) for node in own_nodes(stmt))


@quality_rule("module-conditions", category=Category.GLOBAL_CONDITIONS)
def module_conditions(ctx: SourceContext) -> Iterator[Finding]:
    """Conditionals at module level (including class bodies): logic that belongs in a function.

    One finding per top-level statement, counting the conditionals inside it.
    """
    for stmt in ctx.tree.body:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef) or _is_accepted_guard(stmt):
            continue
        count = _conditionals(stmt)
        if count:
            start, end = span(stmt)
            yield Finding(
                category=Category.GLOBAL_CONDITIONS,
                rule="module-conditions",
                function=MODULE,
                start_line=start,
                end_line=end,
                message=f"{count} conditional{'s' if count != 1 else ''} at module level",
                value=count,
                threshold=1,
            )
