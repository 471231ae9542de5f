"""The no-print rule: a `print` call left in a solution is debugging output, reported as a finding.

A rule is a function of the analysed source (`SourceContext`) yielding `Finding`s, registered with
`@quality_rule`; the entry point names the decorated function, so importing this module registers it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from centaurlab.grading import MODULE, Category, Finding, SourceContext, quality_rule


@quality_rule("no-print", category=Category.COMPLEX_METHOD)
def no_print(ctx: SourceContext) -> Iterator[Finding]:
    """A print call left in the code."""
    for node in ast.walk(ctx.tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
            yield Finding(Category.COMPLEX_METHOD, "no-print", MODULE, node.lineno, node.lineno,
                          "print call left in the code", 1, 0)
