"""Global Conditions, part two: functions whose branches depend on mutable global state.

Such a function's behaviour depends on what ran before it, which is what makes global state
hard to test. A module-level name counts as mutable state when some function rebinds it
(`global`) or mutates it in place (item/attribute assignment, `+=`, `del`, or a mutating method
such as `append`); a constant set only read for membership tests is not state.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from .._context import SourceContext
from .._findings import Category, Finding
from .._functions import Scope
from .._registry import quality_rule
from .._walk import SCOPE_NODES, condition_tests, span

_MUTATORS = frozenset(
    {
        *("append", "extend", "insert", "add", "update", "pop", "popitem", "remove"),
        *("discard", "clear", "setdefault", "appendleft", "extendleft", "popleft"),
        *("sort", "reverse"),
    }
)


def _module_names(tree: ast.Module) -> set[str]:
    """Names bound by assignments in the module scope (not in classes or functions)."""
    names: set[str] = set()
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (*SCOPE_NODES, ast.ClassDef)):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        stack.extend(ast.iter_child_nodes(node))
    return names


def _mutated_base(node: ast.AST) -> str | None:
    """The name whose object a statement or call changes in place, if any."""
    while isinstance(node, ast.Subscript | ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _mutations(fn: Scope) -> Iterator[str]:
    """Names whose objects the function changes in place (not rebinds)."""
    for node in fn.nodes:
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign | ast.Delete):
            targets = [t for t in node.targets if isinstance(t, ast.Subscript | ast.Attribute)]
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            targets = [node.func.value] if node.func.attr in _MUTATORS else []
        for target in targets:
            name = _mutated_base(target)
            if name:
                yield name


def _declared_global(fn: Scope) -> set[str]:
    return {name for node in fn.nodes if isinstance(node, ast.Global) for name in node.names}


def _local_names(fn: Scope, declared: set[str]) -> set[str]:
    """Parameters and names assigned in the function, except those declared `global`."""
    names = {n.id for n in fn.nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    if fn.node is not None:
        args = fn.node.args
        params = [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]
        names |= {a.arg for a in params if a is not None}
    return names - declared


def mutable_globals(ctx: SourceContext) -> set[str]:
    """Module-level names that some function rebinds or changes in place."""
    module_names = _module_names(ctx.tree)
    found: set[str] = set()
    for fn in ctx.functions:
        declared = _declared_global(fn)
        local = _local_names(fn, declared)
        found |= declared
        found |= {n for n in _mutations(fn) if n in module_names and n not in local}
    return found


@quality_rule("global-state-conditions", category=Category.GLOBAL_CONDITIONS)
def global_state_conditions(ctx: SourceContext) -> Iterator[Finding]:
    """A function with branch conditions that read mutable global state.

    One finding per function, spanning its first to its last such condition.
    """
    state = mutable_globals(ctx)
    if not state:
        return
    for fn in ctx.functions:
        visible = state - _local_names(fn, _declared_global(fn))
        hits: list[tuple[int, int]] = []
        read: set[str] = set()
        for test in condition_tests(fn.nodes):
            names = {n.id for n in ast.walk(test) if isinstance(n, ast.Name)} & visible
            if names:
                hits.append(span(test))
                read |= names
        if hits:
            n = len(hits)
            yield Finding(
                category=Category.GLOBAL_CONDITIONS,
                rule="global-state-conditions",
                function=fn.qualname,
                start_line=hits[0][0],
                end_line=max(end for _, end in hits),
                message=(f"{n} condition{'s' if n != 1 else ''} on global mutable state ({', '.join(sorted(read))})"),
                value=n,
                threshold=1,
            )
