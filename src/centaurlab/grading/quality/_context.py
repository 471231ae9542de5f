"""Everything the rules read about one source file, computed once per analysis.

Rules are small functions of this context; keeping the parse, the radon pass and the line
accounting here means adding a rule never adds another parse of the file.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from ._functions import Scope, collect_scopes
from ._thresholds import Thresholds
from ._walk import span, statement_blocks

_DOCUMENTED = (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass(frozen=True, slots=True)
class SourceContext:
    """A parsed file, its scopes, which lines hold code, and the limits to judge it by."""

    source: str
    tree: ast.Module
    thresholds: Thresholds
    module: Scope
    functions: tuple[Scope, ...]
    #: Lines that hold code: not blank, not only a comment, not part of a docstring.
    code_lines: frozenset[int]
    #: Lines holding only a comment.
    comment_lines: frozenset[int]
    #: _prefix[n] = number of code lines among lines 1..n, for O(1) counts over any range.
    _prefix: tuple[int, ...]

    @property
    def scopes(self) -> tuple[Scope, ...]:
        """The module's top-level code first, then every function."""
        return (self.module, *self.functions)

    def count_code_lines(self, start: int, end: int) -> int:
        """Code lines among lines start..end (inclusive)."""
        last = len(self._prefix) - 1
        start, end = max(start, 1), min(end, last)
        if end < start:
            return 0
        return self._prefix[end] - self._prefix[start - 1]

    def scope_at(self, line: int) -> Scope:
        """The innermost function whose lines include `line`, else the module."""
        best = self.module
        for fn in self.functions:
            if fn.start_line <= line <= fn.end_line:
                best = fn  # functions are in source order, so later matches are inner ones
        return best


def _docstring_lines(tree: ast.Module) -> set[int]:
    """Lines that only hold a docstring: documentation should not count as method length."""
    owners: list[ast.AST] = [tree]
    owners += (s for block in statement_blocks(tree) for s in block if isinstance(s, _DOCUMENTED))
    lines: set[int] = set()
    for node in owners:
        body: list[ast.stmt] = getattr(node, "body", [])
        first = body[0] if body else None
        if not (
            isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str)
        ):
            continue
        start, end = span(first)
        if getattr(node, "lineno", 0) == start:
            continue  # `def f(): "doc"` shares its line with code
        if len(body) > 1 and body[1].lineno == end:
            end -= 1
        lines.update(range(start, end + 1))
    return lines


def _line_kinds(source: str, tree: ast.Module) -> tuple[set[int], set[int]]:
    """(code lines, comment-only lines), read from the text: blank and `#` lines are not code.

    Reading the text rather than tokenizing is several times faster; the only difference is a
    blank or `#`-led line inside a multi-line string, which is rare and harmless here.
    """
    code: set[int] = set()
    comments: set[int] = set()
    for number, text in enumerate(source.splitlines(), start=1):
        stripped = text.lstrip()
        if stripped.startswith("#"):
            comments.add(number)
        elif stripped:
            code.add(number)
    return code - _docstring_lines(tree), comments


def build_context(source: str, tree: ast.Module, thresholds: Thresholds) -> SourceContext:
    last_line = max(len(source.splitlines()), 1)
    code, comments = _line_kinds(source, tree)
    prefix = [0] * (last_line + 1)
    for number in range(1, last_line + 1):
        prefix[number] = prefix[number - 1] + (number in code)
    module, functions = collect_scopes(tree, last_line)
    return SourceContext(
        source=source,
        tree=tree,
        thresholds=thresholds,
        module=module,
        functions=functions,
        code_lines=frozenset(code),
        comment_lines=frozenset(comments),
        _prefix=tuple(prefix),
    )
