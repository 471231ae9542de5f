"""Find the tests in a task's Python files by reading them, never by running them."""

from __future__ import annotations

import ast
from pathlib import Path

from ._errors import TaskFileError
from ._schema import EfficiencyCase, TestCase, TestTag

TAG_DECORATORS = {"basic": TestTag.basic, "edge": TestTag.edge, "corner": TestTag.corner}


def _decorator_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _parse(path: Path) -> ast.Module:
    try:
        return ast.parse(path.read_text(), filename=str(path))
    except SyntaxError as exc:
        raise TaskFileError(
            path, f"line {exc.lineno}", f"is not valid Python ({exc.msg})", "correct the syntax"
        ) from exc


def discover_tests(path: Path) -> list[TestCase]:
    """Correctness tests: top-level `test_*` functions, each with one tag decorator."""
    cases: list[TestCase] = []
    for node in _parse(path).body:
        if not (isinstance(node, ast.FunctionDef) and node.name.startswith("test_")):
            continue
        tags = [TAG_DECORATORS[n] for d in node.decorator_list if (n := _decorator_name(d)) in TAG_DECORATORS]
        if len(tags) != 1:
            raise TaskFileError(
                path,
                node.name,
                f"has {len(tags)} tag decorators",
                "decorate every test with exactly one of @basic, @edge or @corner",
            )
        cases.append(TestCase(id=node.name, tag=tags[0], doc=ast.get_docstring(node) or ""))
    if not cases:
        raise TaskFileError(path, "test_*", "defines no tests", "add functions named test_<name>")
    return cases


def discover_efficiency(path: Path) -> list[EfficiencyCase]:
    """Efficiency tests: top-level `perf_*` functions returning a `Perf` case."""
    return [
        EfficiencyCase(id=node.name, doc=ast.get_docstring(node) or "")
        for node in _parse(path).body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("perf_")
    ]
