"""Fill-in-the-middle for autocomplete: context window, request plan and post-processing. Pure, no I/O.

``plan_fim`` turns the text around the editor's cursor into a :class:`FimPlan` describing the one request a model
needs, whatever it supports:

* ``kind="suffix"``: an OpenAI-style ``/v1/completions`` call with the ``suffix`` parameter (the server does FIM);
* ``kind="template"``: one completion prompt built from the model's native FIM template, with its stop tokens;
* ``kind="chat"``: chat messages showing the code with a hole marker and asking for the missing code only;
* ``kind="prefix"``: prefix continuation for models without FIM (the embedded SmolLM2): the last part of the prefix,
  temperature 0, with stop strings for a blank-line run, a new top-level ``def``/``class``, a code fence and the
  line after the cursor.

``clean_suggestion`` post-processes whatever the model returned so it can be inserted at the cursor as is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from ._fim_templates import get_fim_template

DEFAULT_BUDGET = 6000
"""Characters of context sent around the cursor."""
PREFIX_SHARE = 2 / 3
"""Share of the budget reserved for the text before the cursor."""
PREFIX_CONTINUATION_CHARS = 1500
"""Prefix sent for prefix continuation: a few hundred tokens, short enough for a small CPU model."""
HOLE = "<CURSOR>"
"""Marker of the cursor in chat prompts."""

PlanKind = Literal["suffix", "template", "chat", "prefix"]

CHAT_SYSTEM_PROMPT = (
    "You are a code completion engine inside an editor. The user shows a file in which the marker "
    f"{HOLE} stands for the cursor. Reply with only the code to insert at {HOLE}: no explanation, "
    "do not repeat the code before or after the marker, keep the file's indentation. "
    "Reply with one fenced code block."
)

_TOP_LEVEL_DEF = re.compile(r"(?:async\s+def|def|class)\s")
_FENCE = re.compile(r"^[ \t]*```[^\n]*\n(.*?)(?:^[ \t]*```|\Z)", re.DOTALL | re.MULTILINE)


# --- context window ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FimContext:
    """The text kept around the cursor, and how much of each side was trimmed away."""

    prefix: str
    suffix: str
    prefix_dropped: int = 0
    suffix_dropped: int = 0

    @property
    def cursor_line(self) -> str:
        """The part of the cursor's line before the cursor."""
        return self.prefix.rsplit("\n", 1)[-1]

    @property
    def cursor_indent(self) -> int:
        """Indentation (in characters) of the cursor's line; a whitespace-only line counts fully."""
        line = self.cursor_line
        return len(line) - len(line.lstrip(" \t"))

    @property
    def at_line_start(self) -> bool:
        """True when only whitespace precedes the cursor on its line."""
        return not self.cursor_line.strip()

    @property
    def rest_of_line(self) -> str:
        """The part of the cursor's line after the cursor."""
        return self.suffix.split("\n", 1)[0]

    @property
    def next_line(self) -> str | None:
        """The suffix's first line: the first non-blank line after the cursor's line, or, when the cursor is at
        the start of its line, that line itself. ``None`` when there is none."""
        lines = self.suffix.split("\n")
        candidates = lines if (not self.cursor_line and lines and lines[0].strip()) else lines[1:]
        return next((line for line in candidates if line.strip()), None)


def keep_tail(text: str, limit: int) -> str:
    """The end of ``text`` in at most ``limit`` characters, starting at a line boundary. A single line longer than
    ``limit`` is cut by characters."""
    if len(text) <= limit:
        return text
    if limit <= 0:
        return ""
    start = len(text) - limit
    if text[start - 1] == "\n":
        return text[start:]
    newline = text.find("\n", start)
    return text[newline + 1 :] if newline != -1 else text[start:]


def keep_head(text: str, limit: int) -> str:
    """The start of ``text`` in at most ``limit`` characters, ending at a line boundary (its newline kept). A single
    line longer than ``limit`` is cut by characters."""
    if len(text) <= limit:
        return text
    if limit <= 0:
        return ""
    if text[limit - 1] == "\n":
        return text[:limit]
    newline = text.rfind("\n", 0, limit)
    return text[: newline + 1] if newline != -1 else text[:limit]


def build_context(
    prefix: str, suffix: str, budget: int = DEFAULT_BUDGET, prefix_share: float = PREFIX_SHARE
) -> FimContext:
    """Trim the text around the cursor to ``budget`` characters at line boundaries, keeping what is nearest the
    cursor. ``prefix_share`` of the budget goes before the cursor; a side that needs less than its share lends
    the rest to the other side, so a short suffix leaves more room for the prefix and vice versa."""
    if budget < 0:
        raise ValueError(f"FIM context budget must be >= 0 characters, got {budget}")
    if not 0.0 <= prefix_share <= 1.0:
        raise ValueError(f"FIM prefix_share must be in [0, 1], got {prefix_share}")
    prefix_limit = round(budget * prefix_share)
    suffix_limit = budget - prefix_limit
    if len(suffix) < suffix_limit:
        prefix_limit += suffix_limit - len(suffix)
    elif len(prefix) < prefix_limit:
        suffix_limit += prefix_limit - len(prefix)
    kept_prefix = keep_tail(prefix, prefix_limit)
    kept_suffix = keep_head(suffix, suffix_limit)
    return FimContext(kept_prefix, kept_suffix, len(prefix) - len(kept_prefix), len(suffix) - len(kept_suffix))


# --- request plan ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FimPlan:
    """The request a model needs for one suggestion. ``prompt`` (and ``suffix`` for ``kind="suffix"``) go to
    ``/v1/completions``; ``messages`` go to ``/v1/chat/completions`` for ``kind="chat"``. ``temperature=None``
    means the model's default."""

    kind: PlanKind
    context: FimContext
    prompt: str = ""
    suffix: str | None = None
    messages: list[dict[str, str]] = field(default_factory=list)
    stop: tuple[str, ...] = ()
    max_tokens: int = 64
    temperature: float | None = 0.0
    template: str | None = None

    def clean(self, text: str) -> str:
        """Post-process the model's raw answer to this request (see :func:`clean_suggestion`)."""
        return clean_suggestion(text, self.context, chat=self.kind == "chat", stop=self.stop)


def prefix_stop_strings(context: FimContext) -> tuple[str, ...]:
    """Stop strings for prefix continuation: a blank-line run, a new top-level def/class, a code fence, and the
    suffix's first line."""
    stops = ["\n\n\n", "\ndef ", "\nclass ", "\nasync def ", "\n```"]
    following = context.next_line
    if following is not None:
        stops.append("\n" + following.rstrip())
    return tuple(stops)


def chat_messages(context: FimContext, language: str = "python") -> list[dict[str, str]]:
    """Chat messages asking for the code at the cursor only."""
    code = f"{context.prefix}{HOLE}{context.suffix}"
    longest = max((len(run) for run in re.findall(r"`+", code)), default=0)
    fence = "`" * max(3, longest + 1)
    user = f"Fill in the code at {HOLE}.\n\n{fence}{language}\n{code}\n{fence}"
    return [{"role": "system", "content": CHAT_SYSTEM_PROMPT}, {"role": "user", "content": user}]


def plan_fim(
    prefix: str,
    suffix: str,
    template: str | None = None,
    supports_suffix: bool = False,
    budget: int = DEFAULT_BUDGET,
    *,
    chat: bool = False,
    max_tokens: int = 64,
    temperature: float | None = 0.0,
    language: str = "python",
    prefix_chars: int = PREFIX_CONTINUATION_CHARS,
    prefix_share: float = PREFIX_SHARE,
) -> FimPlan:
    """Plan the request for a suggestion at the cursor between ``prefix`` and ``suffix``.

    The first that applies wins: a native FIM ``template`` (the model's configured template name) gives
    ``kind="template"``; ``supports_suffix`` (the endpoint honours ``suffix=``) gives ``kind="suffix"``; ``chat``
    (a chat-only model) gives ``kind="chat"``; otherwise ``kind="prefix"`` (prefix continuation, no FIM)."""
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be >= 1, got {max_tokens}")
    context = build_context(prefix, suffix, budget, prefix_share)
    if template is not None:
        fim = get_fim_template(template)
        return FimPlan(
            kind="template", context=context, prompt=fim.render(context.prefix, context.suffix), stop=fim.stop,
            max_tokens=max_tokens, temperature=temperature, template=fim.name,
        )
    if supports_suffix:
        return FimPlan(
            kind="suffix", context=context, prompt=context.prefix, suffix=context.suffix,
            max_tokens=max_tokens, temperature=temperature,
        )
    if chat:
        return FimPlan(
            kind="chat", context=context, messages=chat_messages(context, language),
            max_tokens=max_tokens, temperature=temperature,
        )
    return FimPlan(
        kind="prefix", context=context, prompt=keep_tail(context.prefix, prefix_chars),
        stop=prefix_stop_strings(context), max_tokens=max_tokens, temperature=temperature,
    )


# --- post-processing ---------------------------------------------------------------------------------------------


def strip_code_fences(text: str) -> str:
    """The body of the first fenced code block in ``text`` (an unclosed fence runs to the end); ``text`` itself
    when it has no fence."""
    match = _FENCE.search(text)
    if match is None:
        return text
    return match.group(1).rstrip("\n")


def _drop_repeated_prefix_line(text: str, context: FimContext) -> str:
    """Remove what a chat answer repeats of the prefix: the typed part of the cursor's line, or (nothing typed
    on it) the lines before the cursor that the answer restates, such as the function's `def` line and
    docstring, and the cursor line's indentation."""
    line = context.cursor_line
    typed = line.lstrip(" \t")
    if typed.strip():
        stripped = text.lstrip(" \t")
        if stripped.startswith(typed):
            return stripped[len(typed) :]
        core = typed.rstrip()
        if stripped.startswith(core):
            return stripped[len(core) :].lstrip(" \t")
        return text
    if line and text.startswith(line):
        text = text[len(line) :]
    text = _drop_restated_lines(text, context)
    if line and text.startswith(line):
        text = text[len(line) :]
    return text


def _drop_restated_lines(text: str, context: FimContext) -> str:
    """The longest run of leading lines that repeats, line for line, the last non-blank lines before the cursor."""
    before = [previous.strip() for previous in context.prefix.split("\n")[:-1] if previous.strip()]
    lines = text.split("\n")
    for k in range(min(len(lines), len(before)), 0, -1):
        head = [candidate.strip() for candidate in lines[:k]]
        if all(head) and head == before[-k:]:
            return "\n".join(lines[k:]) if k < len(lines) else ""
    return text


def _cut_at_stop_strings(text: str, stop: tuple[str, ...]) -> str:
    cut = min((i for i in (text.find(s) for s in stop if s) if i != -1), default=-1)
    return text if cut == -1 else text[:cut]


def _cut_lines(text: str, context: FimContext, max_blank_lines: int) -> str:
    """Keep lines up to the first stop rule: a run of more than ``max_blank_lines`` blank lines, a code fence, a
    new top-level def/class, the suffix's first line, or a line indented less than the cursor's line."""
    lines = text.split("\n")
    following = context.next_line.strip() if context.next_line is not None else None
    indent = context.cursor_indent
    kept: list[str] = []
    blanks = 0
    seen_code = False
    for i, line in enumerate(lines):
        stripped = line.strip()
        if not stripped:
            blanks += 1
            if blanks > max_blank_lines:
                break
            kept.append(line)
            continue
        blanks = 0
        if stripped.startswith("```"):
            break
        if following is not None and stripped == following:
            break
        starts_line = i > 0 or context.at_line_start
        column = len(line) - len(line.lstrip(" \t")) + (context.cursor_indent if i == 0 else 0)
        if seen_code and starts_line and column == 0 and _TOP_LEVEL_DEF.match(line.lstrip(" \t")):
            break
        if i > 0 and column < indent:
            break
        kept.append(line)
        seen_code = True
    return "\n".join(kept)


def clean_suggestion(
    text: str,
    context: FimContext,
    *,
    chat: bool = False,
    stop: tuple[str, ...] = (),
    max_blank_lines: int = 1,
) -> str:
    """Make a model's raw answer insertable at the cursor.

    In order: for chat answers, take the body of the code fence and drop a leading copy of the cursor's line
    (or of the last line before the cursor); cut at the first ``stop`` string (for servers that ignore long stop
    lists); cut at the first line that ends the suggestion (a run of more than ``max_blank_lines`` blank lines,
    a code fence, a new top-level def/class after some code, the suffix's first line, or a line that dedents
    below the cursor's indentation); remove the rest of the cursor's line when the suggestion ends with it;
    strip trailing whitespace."""
    if chat:
        text = strip_code_fences(text)
        text = _drop_repeated_prefix_line(text, context)
    text = _cut_at_stop_strings(text, stop)
    text = _cut_lines(text, context, max_blank_lines)
    text = text.rstrip()
    rest = context.rest_of_line.strip()
    if rest and text.endswith(rest):
        text = text[: -len(rest)].rstrip(" \t")
    return text
