"""Whether there is a solution to rate: code health is a property of code that answers the task.

An empty file, a module of `pass`, or code that defines some other function has no findings and
would score 100: the healthiest code is no code. So such code is not rated at all, and counts 0 in
the composite (`grading._grade`). What the task asks for is its entry point, so the test is whether
the module binds that name: a `def`, `async def` or `class`, an assignment, or an import under that
name, at module level (inside a module-level `if`, `try`, `with` or loop too, not inside a function
or a class).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

_BLOCKS = (ast.If, ast.Try, ast.TryStar, ast.With, ast.AsyncWith, ast.For, ast.AsyncFor, ast.While, ast.Match)


def _module_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    for node in body:
        yield node
        if isinstance(node, _BLOCKS):
            for field in ("body", "orelse", "finalbody"):
                yield from _module_statements(getattr(node, field, []))
            for part in [*getattr(node, "handlers", []), *getattr(node, "cases", [])]:
                yield from _module_statements(part.body)


def _bound(node: ast.AST) -> Iterator[str]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        yield node.name
    elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            yield from (n.id for n in ast.walk(target) if isinstance(n, ast.Name))
    elif isinstance(node, (ast.Import, ast.ImportFrom)):
        yield from ((alias.asname or alias.name.split(".")[0]) for alias in node.names)


def defines(tree: ast.Module, name: str) -> bool:
    """Whether the module binds `name` at module level."""
    return any(name in _bound(node) for node in _module_statements(tree.body))


def not_rated(source: str, entry: str) -> str:
    """Why `source` gets no quality score for a task whose entry point is `entry`: "no definition of
    <entry>"; "" when it is rated. Source that does not parse is rated (the analysis gives it the
    minimum, naming the syntax error)."""
    try:
        tree = ast.parse(source.removeprefix("\ufeff"))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ""
    return "" if defines(tree, entry) else f"no definition of {entry}"
