"""Scope-aware AST traversal shared by the rules.

`ast.walk` crosses function boundaries, which would charge a nested helper's conditions to its
parent and count them twice. Every rule looks at one scope at a time through these helpers, and
each nested function is analysed on its own.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
SCOPE_NODES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def own_nodes(root: ast.AST) -> Iterator[ast.AST]:
    """Every node under `root` (not `root` itself) that is not inside a nested function or lambda.

    Class bodies are crossed: their code runs when the enclosing scope runs, not later.
    """
    stack = list(reversed(list(ast.iter_child_nodes(root))))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, SCOPE_NODES):
            stack.extend(reversed(list(ast.iter_child_nodes(node))))


def condition_tests(nodes: Iterable[ast.AST]) -> Iterator[ast.expr]:
    """Every branch condition among a scope's own nodes (see `own_nodes`), in source order.

    Conditions are what decides a branch: `if`/`elif`/`while` tests, conditional expressions,
    comprehension filters and `case` guards.
    """
    for node in nodes:
        if isinstance(node, ast.If | ast.While | ast.IfExp):
            yield node.test
        elif isinstance(node, ast.comprehension):
            yield from node.ifs
        elif isinstance(node, ast.match_case) and node.guard is not None:
            yield node.guard


def logical_operators(expr: ast.expr) -> int:
    """Number of `and` / `or` operators in an expression (`a and b or c` has two)."""
    count = 0
    stack: list[ast.AST] = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.BoolOp):
            count += len(node.values) - 1
        if not isinstance(node, ast.Lambda):
            stack.extend(ast.iter_child_nodes(node))
    return count


def span(node: ast.AST) -> tuple[int, int]:
    """First and last source line of a node (1-based, inclusive)."""
    start: int = getattr(node, "lineno", 1)
    end: int | None = getattr(node, "end_lineno", None)
    return start, end or start


def child_blocks(node: ast.AST) -> Iterator[list[ast.stmt]]:
    """The statement lists directly under a statement (or the module): bodies, else-branches,
    `finally`, exception handlers and `case` arms."""
    for name in ("body", "orelse", "finalbody"):
        block = getattr(node, name, None)
        if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
            yield block
    for handler in getattr(node, "handlers", ()):
        yield handler.body
    for case in getattr(node, "cases", ()):
        yield case.body


def statement_blocks(tree: ast.AST) -> Iterator[list[ast.stmt]]:
    """Every list of sibling statements in the tree, visiting statements only (expressions
    cannot hold statements), which is several times cheaper than `ast.walk`."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        for block in child_blocks(node):
            yield block
            stack.extend(block)
