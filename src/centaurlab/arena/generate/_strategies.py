"""Prompt strategies: files a researcher can read and change, registered by name.

A strategy is one Markdown file: a TOML header between `+++` lines (kind, base strategy,
description), then one or more prompts, each introduced by a line `@@ ROLE @@`. The built-in ones
(A1, A2, IR, CR, GEN) ship in `prompts/`; any other `.md` file in that format is a custom strategy,
given by its path. Prompts may use `{{name}}` placeholders, filled when the pipeline sends them;
keeping the wording in files (not in code) is what lets the experiment be rerun with other prompts.

kinds and the prompts each needs:
  direct   author                  the prompt goes to the author model; the answer is the agent
  refine   feedback                the base agent's conversation, then its scores and this question
  critic   critic, author          the critic lists improvements to the base agent; the author implements them
  rewrite  rewrite                 the critic rewrites the base prompt; the new prompt makes the agent
"""

from __future__ import annotations

import ast
import re
import tomllib
from dataclasses import dataclass
from functools import partial
from importlib import resources
from pathlib import Path

from ... import plugins
from ...errors import InvalidInput
from ..agents import new_agent_source

KINDS: dict[str, tuple[str, ...]] = {
    "direct": ("author",),
    "refine": ("feedback",),
    "critic": ("critic", "author"),
    "rewrite": ("rewrite",),
}
BUILTIN_STRATEGIES: tuple[str, ...] = ("A1", "A2", "IR", "CR", "GEN")
PLACEHOLDERS: dict[str, str] = {
    "template": "the agent template (what `centaur arena new-agent` writes)",
    "problem": "a short description of the problem (prompts/problem.md)",
    "library": "what the agent may import: the world only, or the helper library's planner too (--helpers)",
    "agent_code": "the base agent's code (critic prompts)",
    "scores": "the base agent's results in its check matches (refine prompts)",
    "improvements": "the critic's answer (the author prompt of a critic strategy)",
    "prompt": "the base strategy's author prompt (rewrite prompts)",
    "kind": "the failure kind (debug prompt)",
    "explanation": "what that kind of failure means (debug prompt)",
    "where": "the match and phase the failure happened in (debug prompt)",
    "error": "the error the platform recorded (debug prompt)",
}
_SECTION = re.compile(r"^@@\s*([a-z_]+)\s*@@\s*$", re.M)
_PLACEHOLDER = re.compile(r"\{\{\s*([a-z_]+)\s*\}\}")


class StrategyError(InvalidInput, ValueError):
    """A strategy file is malformed or unknown; the message names the file, the field and the fix."""


@dataclass(frozen=True)
class Strategy:
    name: str
    kind: str
    description: str
    prompts: dict[str, str]
    base: str | None = None
    path: str = ""
    text: str = ""  # the file as written: its digest is part of what identifies a generated agent

    def render(self, role: str, helpers: bool = False, **values: str) -> str:
        return render(self.prompts[role], self.path, helpers, **values)

    def render_for(self, role: str, compact: bool, helpers: bool = False, **values: str) -> str:
        """The prompt for a model: with the condensed template when its context is small (`compact`)."""
        return self.render(role, helpers, **({"template": condensed_template(helpers)} if compact else {}), **values)


def _prompts_dir() -> resources.abc.Traversable:
    return resources.files(__package__).joinpath("prompts")


def fragment(name: str) -> str:
    """A shared prompt file of the package (problem.md, debug.md)."""
    return _prompts_dir().joinpath(name).read_text()


def template_text(helpers: bool = False) -> str:
    """The template a prompt shows: the world-only one under the APDP protocol, else the helper library's."""
    return new_agent_source("my_agent", helpers)


def library_text(helpers: bool) -> str:
    """What the prompts say the agent may import ({{library}}), one file per protocol."""
    return fragment("library-helpers.md" if helpers else "library-world.md").strip()


SMALL_CONTEXT = 16_384  # tokens: a model with this context or less gets the condensed template


def condensed_template(helpers: bool = False) -> str:
    """The agent template without its docstrings and comments: the same code in about a fifth of the
    text (some 1,000 tokens less), for a model whose context window cannot spare them (the embedded
    one's 8,192 tokens hold the A1 prompt, a 4,096-token answer and little else)."""
    tree = ast.parse(template_text(helpers))
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and \
                isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):  # fmt: skip
            node.body = body[1:] or [ast.Pass()]  # type: ignore[attr-defined]
    return ast.unparse(tree) + "\n"


def render(text: str, origin: str, helpers: bool = False, **values: str) -> str:
    """Fill the {{placeholders}}; template, problem and library are always available, for the protocol
    `helpers` names (`values` may replace them)."""
    problem = fragment("problem.md").strip().replace("{{library}}", library_text(helpers).split("\n\n")[0])
    available = {"template": template_text(helpers), "problem": problem, "library": library_text(helpers), **values}

    def fill(match: re.Match[str]) -> str:
        key = match.group(1)
        if key not in available:
            raise StrategyError(f"{origin}: placeholder {{{{{key}}}}} is not available here; "
                                f"use one of {', '.join(sorted(available))}")  # fmt: skip
        return available[key]

    return _PLACEHOLDER.sub(fill, text)


def parse_strategy(text: str, name: str, path: str) -> Strategy:
    parts = text.lstrip().split("+++", 2)
    if not text.lstrip().startswith("+++") or len(parts) < 3:
        raise StrategyError(f"{path}: a strategy file starts with a TOML header between two `+++` lines "
                            f"(kind = \"direct\", description = \"...\")")  # fmt: skip
    try:
        header = tomllib.loads(parts[1])
    except tomllib.TOMLDecodeError as exc:
        raise StrategyError(f"{path}: the header is not valid TOML: {exc}") from None
    body = parts[2]
    kind = header.get("kind")
    if kind not in KINDS:
        raise StrategyError(f"{path}: kind = {kind!r}; use one of {', '.join(KINDS)}")
    unknown = sorted(set(header) - {"kind", "base", "description"})
    if unknown:
        raise StrategyError(f"{path}: unknown header field {', '.join(unknown)}; fields are kind, base, description")
    base = header.get("base")
    if kind != "direct" and not base:
        raise StrategyError(f"{path}: a {kind} strategy needs base = \"A1\" (the strategy whose agent it starts from)")
    chunks = _SECTION.split(body)
    prompts = {chunks[i]: chunks[i + 1].strip() + "\n" for i in range(1, len(chunks) - 1, 2)}
    missing = [role for role in KINDS[kind] if not prompts.get(role, "").strip()]
    if missing:
        raise StrategyError(f"{path}: a {kind} strategy needs the prompt(s) {', '.join(missing)}, each after a line "
                            f"`@@ {missing[0]} @@`")  # fmt: skip
    extra = sorted(set(prompts) - set(KINDS[kind]))
    if extra:
        raise StrategyError(f"{path}: prompt {', '.join(extra)} is not used by a {kind} strategy "
                            f"(it uses {', '.join(KINDS[kind])})")  # fmt: skip
    for role, prompt in prompts.items():
        for key in _PLACEHOLDER.findall(prompt):
            if key not in PLACEHOLDERS:
                raise StrategyError(f"{path}: prompt {role} uses an unknown placeholder {{{{{key}}}}}; known: "
                                    f"{', '.join(PLACEHOLDERS)}")  # fmt: skip
    return Strategy(name, kind, str(header.get("description", "")), prompts, base, path, text)


def _builtin_strategy(name: str) -> Strategy:
    file = _prompts_dir().joinpath(f"{name}.md")
    return parse_strategy(file.read_text(), name, str(file))  # the installed file: edit it there


for _name in BUILTIN_STRATEGIES:
    plugins.register(plugins.ARENA_STRATEGY, _name, partial(_builtin_strategy, _name))


def load_strategy(name_or_path: str) -> Strategy:
    """A strategy by name (A1, A2, IR, CR, GEN or a plugin's) or a strategy file by path (named by its stem)."""
    registered = plugins.find(plugins.ARENA_STRATEGY, name_or_path)
    if registered is not None:
        strategy = registered()
        if not isinstance(strategy, Strategy):
            raise StrategyError(f"strategy {name_or_path!r} gave a {type(strategy).__name__}, not a Strategy")
        return strategy
    path = Path(name_or_path)
    if path.suffix == ".md" and path.is_file():
        return parse_strategy(path.read_text(), path.stem, str(path))
    known = ", ".join(plugins.names(plugins.ARENA_STRATEGY))
    raise StrategyError(f"no strategy {name_or_path!r}: use one of {known} or the path "
                        f"of a strategy .md file (see `centaur arena prompts`)")  # fmt: skip


def builtin_strategies() -> list[Strategy]:
    return [load_strategy(name) for name in BUILTIN_STRATEGIES]
