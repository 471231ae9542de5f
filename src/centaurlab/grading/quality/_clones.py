"""Repeated blocks of statements, equal once identifiers and literal values are normalised.

No maintained Python library finds copy-paste inside one file at statement level (radon has no
duplication metric; pylint's `duplicate-code` compares files with each other), so we do it here:

1. Every statement is serialised to a token sequence: node types, operators and attribute
   names verbatim, identifiers marked, literal values reduced to their type.
2. Along every list of sibling statements, each start index opens a window that grows until it
   holds `duplication_nodes` syntax nodes; a function or class definition is a window on its own.
   A window's key renames its identifiers in order of first appearance (`a, b = b, a` and
   `x, y = y, x` share a key; `a, b = a, b` does not).
3. Equal keys at places whose lines do not overlap are copies; each later copy is paired with
   the earliest copy it can be. Pairs of adjacent windows at the same offset merge into one
   longer block; of copies sharing lines only the largest is reported.
4. A merged copy is reported when it spans at least `duplication_lines` code lines.

Windows are sized by syntax nodes, not lines, so reformatting a copy does not hide it.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ._walk import span, statement_blocks

_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_SKIPPED_FIELDS = frozenset({"ctx", "kind", "type_comment", "type_ignores"})


class _Ident(str):
    """An identifier token, renamed per window; other tokens are compared verbatim."""

    __slots__ = ()


Token = str | int


@dataclass(frozen=True, slots=True)
class Clone:
    """A block of code (`second`) that repeats an earlier one (`first`), as line ranges."""

    first: tuple[int, int]
    second: tuple[int, int]


class _Serialiser:
    """Statement -> (tokens, node count), memoised so nested statements are walked once."""

    def __init__(self) -> None:
        self._cache: dict[int, tuple[tuple[Token, ...], int]] = {}

    def statement(self, stmt: ast.stmt) -> tuple[tuple[Token, ...], int]:
        cached = self._cache.get(id(stmt))
        if cached is None:
            out: list[Token] = []
            nodes = self._emit(stmt, out)
            cached = (tuple(out), nodes)
            self._cache[id(stmt)] = cached
        return cached

    def _emit(self, node: ast.AST, out: list[Token]) -> int:
        if isinstance(node, ast.Name):  # the commonest nodes get a fast path
            out += ("Name", _Ident(node.id), ")")
            return 1
        if isinstance(node, ast.Constant):
            out += ("Constant", "=" + type(node.value).__name__, ")")
            return 1
        cls = type(node)
        out.append(cls.__name__)
        nodes = 1
        identifiers = _identifier_fields(cls)
        for field in cls._fields:
            if field in _SKIPPED_FIELDS:
                continue
            value = getattr(node, field, None)
            if type(value) is list:
                out.append("[")
                for item in value:
                    nodes += self._child(item, field in identifiers, out)
                out.append("]")
            else:
                nodes += self._child(value, field in identifiers, out)
        out.append(")")
        return nodes

    def _child(self, value: object, identifier: bool, out: list[Token]) -> int:
        if isinstance(value, ast.stmt):
            tokens, nodes = self.statement(value)
            out += tokens
            return nodes
        if isinstance(value, ast.AST):
            return self._emit(value, out)
        if isinstance(value, str):
            out.append(_Ident(value) if identifier else "." + value)
        else:
            out.append(repr(value))
        return 0


_NOT_CHOSEN_NAMES = (ast.alias, ast.keyword, ast.ImportFrom, ast.Attribute)
_IDENTIFIER_FIELDS = frozenset({"id", "arg", "name", "names", "rest"})


_FIELDS_BY_CLASS: dict[type, frozenset[str]] = {}


def _identifier_fields(cls: type[ast.AST]) -> frozenset[str]:
    """Fields holding names a programmer chose (renamed per window); attribute, keyword and
    module names are API and stay verbatim."""
    fields = _FIELDS_BY_CLASS.get(cls)
    if fields is None:
        chosen = not issubclass(cls, _NOT_CHOSEN_NAMES)
        fields = _IDENTIFIER_FIELDS & frozenset(cls._fields) if chosen else frozenset()
        _FIELDS_BY_CLASS[cls] = fields
    return fields


def _window_key(parts: Sequence[tuple[Token, ...]]) -> tuple[Token, ...]:
    renamed: dict[str, int] = {}
    key: list[Token] = []
    for tokens in parts:
        for token in tokens:
            if isinstance(token, _Ident):
                key.append(renamed.setdefault(token, len(renamed)))
            else:
                key.append(token)
    return tuple(key)


@dataclass(frozen=True, slots=True)
class _Window:
    block: int
    first: int
    last: int
    lines: tuple[int, int]


def _windows(
    blocks: list[list[ast.stmt]], serialiser: _Serialiser, min_nodes: int
) -> dict[tuple[Token, ...], list[_Window]]:
    by_key: dict[tuple[Token, ...], list[_Window]] = defaultdict(list)
    for b, block in enumerate(blocks):
        parts = [serialiser.statement(stmt) for stmt in block]
        for i in range(len(block)):
            j = _window_end(block, parts, i, min_nodes)
            if j is not None:
                key = _window_key([p[0] for p in parts[i : j + 1]])
                lines = (span(block[i])[0], span(block[j])[1])
                by_key[key].append(_Window(b, i, j, lines))
    return by_key


def _window_end(
    block: list[ast.stmt], parts: list[tuple[tuple[Token, ...], int]], i: int, min_nodes: int
) -> int | None:
    """Where the window starting at `i` reaches `min_nodes`, if it does.

    A definition is a unit of its own: a window is one whole function or class, or a run of
    statements with none, so a file of many small similar functions (a test module) is not
    one long clone of itself.
    """
    if isinstance(block[i], _DEFINITIONS):
        return i if parts[i][1] >= min_nodes else None
    mass = 0
    for j in range(i, len(block)):
        if isinstance(block[j], _DEFINITIONS):
            return None
        mass += parts[j][1]
        if mass >= min_nodes:
            return j
    return None


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


def _pairs(by_key: dict[tuple[Token, ...], list[_Window]]) -> list[tuple[_Window, _Window]]:
    pairs = []
    for windows in by_key.values():
        if len(windows) < 2:
            continue
        ordered = sorted(windows, key=lambda w: w.lines)
        for n, later in enumerate(ordered):
            earlier = next((w for w in ordered[:n] if not _overlap(w.lines, later.lines)), None)
            if earlier is not None:
                pairs.append((earlier, later))
    return pairs


def _continues(run: list[int], first: int, last: int, same_block_delta: int | None) -> bool:
    """Whether a window extends a run without the run growing into its own copy."""
    if first > run[1] + 1:
        return False
    return same_block_delta is None or max(last, run[1]) - run[0] < same_block_delta


def _merge(pairs: list[tuple[_Window, _Window]], blocks: list[list[ast.stmt]]) -> list[Clone]:
    """Join pairs of windows that continue each other into the longest repeated blocks."""
    groups: dict[tuple[int, int, int], list[tuple[int, int]]] = defaultdict(list)
    for a, b in pairs:
        groups[(a.block, b.block, b.first - a.first)].append((a.first, a.last))
    clones = []
    for (ba, bb, delta), ranges in sorted(groups.items()):
        ranges.sort()
        runs: list[list[int]] = []
        for first, last in ranges:
            if runs and _continues(runs[-1], first, last, delta if ba == bb else None):
                runs[-1][1] = max(runs[-1][1], last)
            else:
                runs.append([first, last])
        for first, last in runs:
            earlier = (span(blocks[ba][first])[0], span(blocks[ba][last])[1])
            later = (span(blocks[bb][first + delta])[0], span(blocks[bb][last + delta])[1])
            if not _overlap(earlier, later):
                clones.append(Clone(first=earlier, second=later))
    return clones


def find_clones(
    tree: ast.Module,
    min_nodes: int,
    min_lines: int,
    count_lines: Callable[[int, int], int],
) -> list[Clone]:
    """Every block repeating an earlier one; of copies sharing lines, only the largest."""
    blocks = list(statement_blocks(tree))
    serialiser = _Serialiser()
    clones = _merge(_pairs(_windows(blocks, serialiser, min_nodes)), blocks)
    clones = [c for c in clones if count_lines(*c.second) >= min_lines]
    clones.sort(key=lambda c: (-(c.second[1] - c.second[0]), c.second, c.first))
    kept: list[Clone] = []
    for clone in clones:
        if any(_overlap(clone.second, k.second) for k in kept):
            continue  # those lines are already reported as a copy
        kept.append(clone)
    return sorted(kept, key=lambda c: (c.second, c.first))
