"""Nesting depth of control structures, the measure behind Deep Nesting and Bumpy Road.

Neither radon nor the other common metric libraries report per-chunk nesting, so we measure it
on the AST. Counted as a level: `if`, `for`, `while`, `try` and `match`. Not counted: `with`
(it scopes a resource, it does not branch), and `elif`, which reads as a sibling of its `if`
rather than a level below it. Nested functions and classes start again from zero: they are
analysed as their own scopes.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ._walk import child_blocks, span

CONTROL = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.Try, ast.TryStar, ast.Match)
_NEW_SCOPE = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


@dataclass(frozen=True, slots=True, order=True)
class Depth:
    """How deep control structures go, and where the first deepest one starts."""

    depth: int
    line: int = 0


_FLAT = Depth(0, 0)


def _deeper(a: Depth, b: Depth) -> Depth:
    """The deeper of two, the earlier one on a tie (so results do not depend on visit order)."""
    if a.depth != b.depth:
        return a if a.depth > b.depth else b
    return a if a.line <= b.line else b


def _is_elif(node: ast.If) -> bool:
    """An `elif` is the lone `If` of an else-branch written at the same column as its parent."""
    if len(node.orelse) != 1 or not isinstance(node.orelse[0], ast.If):
        return False
    inner = node.orelse[0]
    return inner.col_offset == node.col_offset and inner.lineno > node.lineno


def block_depth(block: Sequence[ast.stmt]) -> Depth:
    """The deepest nesting reached by any statement of a block."""
    deepest = _FLAT
    for stmt in block:
        deepest = _deeper(deepest, statement_depth(stmt))
    return deepest


def statement_depth(stmt: ast.stmt) -> Depth:
    """Nesting reached by one statement, counting the statement itself if it is a control one."""
    if isinstance(stmt, _NEW_SCOPE):
        return _FLAT
    if isinstance(stmt, ast.If) and _is_elif(stmt):
        # The elif chain continues at this level: only the first branch body sits one below.
        body = block_depth(stmt.body)
        first = Depth(body.depth + 1, body.line) if body.depth else Depth(1, stmt.lineno)
        return _deeper(first, statement_depth(stmt.orelse[0]))
    inner = _FLAT
    for block in child_blocks(stmt):
        inner = _deeper(inner, block_depth(block))
    if not isinstance(stmt, CONTROL):
        return inner
    if inner.depth == 0:
        return Depth(1, stmt.lineno)
    return Depth(inner.depth + 1, inner.line)


@dataclass(frozen=True, slots=True)
class Bump:
    """A top-level chunk of nested conditional logic inside one scope."""

    start_line: int
    end_line: int
    depth: int


def top_level_statements(body: Sequence[ast.stmt]) -> Iterator[ast.stmt]:
    """A scope's statements, looking through `with` blocks, which add no nesting of their own."""
    for stmt in body:
        if isinstance(stmt, ast.With | ast.AsyncWith):
            yield from top_level_statements(stmt.body)
        else:
            yield stmt


def bumps(body: Sequence[ast.stmt], bump_depth: int) -> list[Bump]:
    """The chunks of a scope whose nesting reaches `bump_depth` (CodeScene's "bumps")."""
    found = []
    for stmt in top_level_statements(body):
        depth = statement_depth(stmt).depth
        if depth >= bump_depth:
            start, end = span(stmt)
            found.append(Bump(start, end, depth))
    return found
