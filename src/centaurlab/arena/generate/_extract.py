"""Find the agent's module in a model's answer.

Models answer in Markdown: usually one fenced block, sometimes several (a helper, an example, the
agent), sometimes a block cut short by the token limit, sometimes bare code. The agent is the block
that defines a class with a `bid` method; among several, the last one (a corrected version comes
after the first attempt). Nothing here runs or compiles the code: the sandbox judges it.
"""

from __future__ import annotations

import re

_FENCE = re.compile(r"^[ \t]*(```|~~~)[ \t]*([\w+-]*)[^\n]*\n(.*?)^[ \t]*\1[ \t]*$", re.S | re.M)
_OPEN_FENCE = re.compile(r"^[ \t]*(```|~~~)[ \t]*(python|py|python3)?[ \t]*\n", re.M)
_AGENT_CLASS = re.compile(r"^class\s+\w+.*?:\s*$.*?^\s+def\s+bid\s*\(", re.S | re.M)
_CODE_LINE = re.compile(r"^(import |from \S+ import |class |def |@)", re.M)


def fenced_blocks(answer: str) -> list[tuple[str, str]]:
    """(language, code) of every closed fenced block, in order."""
    return [(m.group(2).lower(), m.group(3)) for m in _FENCE.finditer(answer)]


def _looks_like_agent(code: str) -> bool:
    return _AGENT_CLASS.search(code) is not None


def extract_agent(answer: str) -> str | None:
    """The agent's source, or None if the answer holds no agent class."""
    blocks = [code for lang, code in fenced_blocks(answer) if lang in ("", "python", "py", "python3")]
    agents = [code for code in blocks if _looks_like_agent(code)]
    if agents:
        return agents[-1].strip("\n") + "\n"
    opened = list(_OPEN_FENCE.finditer(answer))
    if opened:  # a block the token limit cut before its closing fence
        tail = answer[opened[-1].end():]
        if _looks_like_agent(tail):
            return tail.strip("\n") + "\n"
    if not blocks and _looks_like_agent(answer):  # bare code: from its first line of code on
        first = _CODE_LINE.search(answer)
        if first is not None:
            return answer[first.start():].strip("\n") + "\n"
    return None


def strip_fence(answer: str) -> str:
    """An answer that is one fenced block (e.g. a rewritten prompt) without its fence; else as is."""
    text = answer.strip()
    blocks = fenced_blocks(text)
    if len(blocks) == 1 and text.startswith(("```", "~~~")) and text.endswith(("```", "~~~")):
        return blocks[0][1].strip() + "\n"
    return text + "\n"
