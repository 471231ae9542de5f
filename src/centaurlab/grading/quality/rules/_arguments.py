"""Excess Number of Function Arguments: a signature that asks for too much at once."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from .._context import SourceContext
from .._findings import Category, Finding
from .._functions import Scope
from .._registry import quality_rule


def _parameters(args: ast.arguments) -> list[ast.arg]:
    extra = [a for a in (args.vararg, args.kwarg) if a is not None]
    return [*args.posonlyargs, *args.args, *args.kwonlyargs, *extra]


def argument_count(fn: Scope) -> int:
    """Parameters a caller supplies: `self`/`cls` of a method excluded, `*args`/`**kw` one each."""
    if fn.node is None:
        return 0
    args = fn.node.args
    count = len(_parameters(args))
    if fn.is_method and (args.posonlyargs or args.args):
        count -= 1
    return count


@quality_rule("excess-arguments", category=Category.EXCESS_ARGUMENTS)
def excess_arguments(ctx: SourceContext) -> Iterator[Finding]:
    """A function with more arguments than the limit (a constructor, `__init__`, gets its own)."""
    limits = ctx.thresholds
    for fn in ctx.functions:
        if fn.node is None:
            continue
        constructor = fn.node.name == "__init__"
        limit = limits.constructor_arguments if constructor else limits.function_arguments
        count = argument_count(fn)
        if count <= limit:
            continue
        signature_end = max((a.end_lineno or a.lineno for a in _parameters(fn.node.args)), default=fn.start_line)
        yield Finding(
            category=Category.EXCESS_ARGUMENTS,
            rule="excess-arguments",
            function=fn.qualname,
            start_line=fn.start_line,
            end_line=max(signature_end, fn.start_line),
            message=f"{count} arguments > {limit}" + (" (constructor)" if constructor else ""),
            value=count,
            threshold=limit,
        )
