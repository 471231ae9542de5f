"""The scopes rules judge: every function (with radon's cyclomatic complexity) and the module.

Radon's complexity visitor is the well-kept implementation of McCabe's count for Python, so we
take its numbers rather than re-derive them, and keep our own AST walk only for what radon does
not expose: qualified names, whether a function is a method, and the module-level code.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from radon.visitors import ComplexityVisitor

from ._findings import MODULE
from ._walk import FunctionNode, child_blocks, own_nodes


@dataclass(frozen=True, slots=True)
class Scope:
    """A function, or the module's own top-level code (`node` is None, qualname "<module>")."""

    qualname: str
    #: The node whose own scope this is: the function, or the whole Module.
    root: ast.AST
    body: Sequence[ast.stmt]
    start_line: int
    end_line: int
    complexity: int
    node: FunctionNode | None = None
    is_method: bool = False
    #: The scope's own nodes (`walk.own_nodes`), listed once and shared by every rule.
    nodes: tuple[ast.AST, ...] = ()


def _is_staticmethod(node: FunctionNode) -> bool:
    names = {
        d.id if isinstance(d, ast.Name) else d.attr
        for d in node.decorator_list
        if isinstance(d, ast.Name | ast.Attribute)
    }
    return "staticmethod" in names


def _defined_functions(node: ast.AST, prefix: str, in_class: bool) -> Iterator[tuple[FunctionNode, str, bool]]:
    """(function, qualified name, is a method) for every def, walking statements only."""
    for block in child_blocks(node):
        for stmt in block:
            if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
                qualname = prefix + stmt.name
                yield stmt, qualname, in_class and not _is_staticmethod(stmt)
                yield from _defined_functions(stmt, qualname + ".", False)
            elif isinstance(stmt, ast.ClassDef):
                yield from _defined_functions(stmt, f"{prefix}{stmt.name}.", True)
            else:
                yield from _defined_functions(stmt, prefix, False)


def _radon_complexities(tree: ast.Module) -> tuple[dict[tuple[int, int], int], int]:
    """Radon's complexity per function, keyed by (line, column), and that of module-level code."""
    visitor = ComplexityVisitor.from_ast(tree)
    found: dict[tuple[int, int], int] = {}
    stack: list[Any] = list(visitor.functions)
    for cls in visitor.classes:
        stack.extend(cls.methods)
    while stack:
        fn = stack.pop()
        found[(fn.lineno, fn.col_offset)] = fn.complexity
        stack.extend(fn.closures)
    return found, visitor.complexity


def _complexity_of(node: FunctionNode) -> int:
    """Radon's count for a function its module pass did not reach (e.g. in a nested class)."""
    functions = ComplexityVisitor.from_ast(node).functions
    return int(functions[0].complexity) if functions else 1


def collect_scopes(tree: ast.Module, last_line: int) -> tuple[Scope, tuple[Scope, ...]]:
    """The module scope and every function scope, functions in source order."""
    known, module_complexity = _radon_complexities(tree)
    functions = []
    for node, qualname, is_method in _defined_functions(tree, "", False):
        key = (node.lineno, node.col_offset)
        complexity = known[key] if key in known else _complexity_of(node)
        functions.append(
            Scope(
                qualname=qualname,
                root=node,
                body=node.body,
                start_line=node.lineno,
                end_line=node.end_lineno or node.lineno,
                complexity=int(complexity),
                node=node,
                is_method=is_method,
                nodes=tuple(own_nodes(node)),
            )
        )
    functions.sort(key=lambda s: (s.start_line, s.node.col_offset if s.node else 0))
    module = Scope(MODULE, tree, tree.body, 1, max(last_line, 1), int(module_complexity), nodes=tuple(own_nodes(tree)))
    return module, tuple(functions)
