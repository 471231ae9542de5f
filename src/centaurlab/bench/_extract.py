"""Find the solution in a model's answer: the fenced block that defines the entry point, else the longest."""

from __future__ import annotations

import re

FENCE = re.compile(r"^(`{3,}|~{3,})[ \t]*([\w+-]*)[^\n]*\n(.*?)^\1[ \t]*$", re.MULTILINE | re.DOTALL)
PYTHON_TAGS = {"", "python", "py", "python3"}


def code_blocks(answer: str) -> list[str]:
    return [m.group(3) for m in FENCE.finditer(answer) if m.group(2).lower() in PYTHON_TAGS]


def extract_code(answer: str, entry_point: str) -> str:
    """Models wrap code in prose and fences, sometimes several; an unclosed fence (cut at max_tokens) still
    counts. With no fence at all the answer is taken as code from its first `def`/`import` on."""
    defines = re.compile(rf"^\s*(async\s+)?def\s+{re.escape(entry_point)}\s*\(", re.MULTILINE)
    blocks = code_blocks(answer)
    if not blocks:
        opened = re.search(r"^(`{3,})[ \t]*([\w+-]*)[^\n]*\n", answer, re.MULTILINE)
        if opened and opened.group(2).lower() in PYTHON_TAGS:
            blocks = [answer[opened.end():]]
    if blocks:
        defining = [b for b in blocks if defines.search(b)]
        return max(defining or blocks, key=len).rstrip() + "\n"
    start = re.search(r"^(from\s+\w|import\s+\w|def\s|class\s|@)", answer, re.MULTILINE)
    return (answer[start.start():] if start else answer).rstrip() + "\n"
