"""Agents are configurations: a model of the registry x a system prompt x tools x limits, by name.

The same backbone in two harnesses is then two names: `local-agent` and `local-agent-free` share
the embedded model and differ in how they are held to the action format. More agents come from
`[collab.agents.NAME]` tables of centaur.toml (validated here, at the edge) or `register_agent`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .. import plugins
from ..errors import InvalidInput
from ._tools import TOOLS

Protocol = Literal["tools", "text"]

SYSTEM_PROMPT = """You are a capable professional assistant working alone on a work task.
Your workspace holds the task's reference files under reference/. Produce every deliverable the
task asks for, with exactly the file names given, in the workspace. Be accurate: check figures
against the reference files, follow every instruction and constraint, and write in a clear,
professional form. Use the tools; when every deliverable is written, call finish."""

TEXT_PROTOCOL = """Answer with exactly one JSON object per turn and nothing else:
{"tool": "<tool name>", "args": {...}}
Tools:
{tools}
You will get the tool's result, then choose the next action."""


class AgentConfigError(InvalidInput, ValueError):
    pass


@dataclass(frozen=True)
class AgentConfig:
    name: str
    model: str
    system_prompt: str = SYSTEM_PROMPT
    tools: tuple[str, ...] = tuple(TOOLS)
    step_limit: int = 12
    token_budget: int = 60_000
    protocol: Protocol = "tools"
    constrained: bool = False
    """Text protocol only: ask the server for schema-constrained JSON (llama.cpp grammars)."""
    temperature: float = 0.0
    max_tokens: int = 1024
    seed: int = 0
    inline_references: int = 0
    """Characters of the reference files put into the first message (0: the agent reads them itself)."""
    plan: bool = False
    """Alone on a task, held to a plan (collab/_plan.py): each step writes the next missing deliverable,
    and `finish` is refused while one is missing. What the files say stays the model's own."""
    description: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "model": self.model,
            "tools": list(self.tools),
            "step_limit": self.step_limit,
            "token_budget": self.token_budget,
            "protocol": self.protocol,
            "constrained": self.constrained,
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            "seed": self.seed,
            "inline_references": self.inline_references,
            "plan": self.plan,
            "description": self.description,
            **({"extra": dict(self.extra)} if self.extra else {}),
        }


LOCAL_SAMPLING = {"repeat_penalty": 1.3, "repeat_last_n": 64}
"""llama.cpp sampling of the held embedded agent: greedy, the 135M model fills a file with its own name
again and again ("calc_note.md.csv.csv.csv"); a repetition penalty over the last 64 tokens makes it
write sentences (still its own, and still those of a 135M model)."""

BUILTIN: dict[str, AgentConfig] = {
    "local-agent": AgentConfig(
        name="local-agent",
        model="local",
        protocol="text",
        constrained=True,
        plan=True,
        step_limit=6,
        token_budget=24_000,
        max_tokens=300,
        tools=("write_file", "finish"),
        inline_references=2500,
        extra=dict(LOCAL_SAMPLING),
        description="the embedded model; references in the prompt; actions held to the schema by the server's "
                    "grammar and to one write per deliverable before finish",
    ),
    "local-agent-free": AgentConfig(
        name="local-agent-free",
        model="local",
        protocol="text",
        constrained=False,
        step_limit=4,
        token_budget=16_000,
        max_tokens=300,
        tools=("write_file", "finish"),
        inline_references=2500,
        description="the same backbone and prompt, text protocol without constrained decoding",
    ),
}
for _agent in BUILTIN.values():
    plugins.register(plugins.COLLAB_AGENT, _agent.name, _agent)
plugins.require(plugins.COLLAB_AGENT, lambda obj: None if isinstance(obj, AgentConfig) else f"a {type(obj).__name__}")


class AgentFile(BaseModel):
    """One `[collab.agents.NAME]` table."""

    model_config = ConfigDict(extra="forbid", protected_namespaces=())

    model: str
    system_prompt: str | None = None
    tools: list[str] = Field(default_factory=lambda: list(TOOLS))
    step_limit: int = Field(default=12, gt=0, le=200)
    token_budget: int = Field(default=60_000, gt=0)
    protocol: Protocol = "tools"
    constrained: bool = False
    temperature: float = Field(default=0.0, ge=0, le=2)
    max_tokens: int = Field(default=1024, gt=0)
    seed: int = 0
    inline_references: int = Field(default=0, ge=0)
    plan: bool = False
    description: str = ""


def register_agent(config: AgentConfig) -> None:
    unknown = [t for t in config.tools if t not in TOOLS]
    if unknown:
        raise AgentConfigError(f"agent '{config.name}': unknown tools {unknown}; tools are {', '.join(TOOLS)}")
    plugins.register(plugins.COLLAB_AGENT, config.name, config, replace=True)


def agents_from_file(path: Path) -> dict[str, AgentConfig]:
    data = tomllib.loads(path.read_text())
    out: dict[str, AgentConfig] = {}
    for name, raw in data.get("collab", {}).get("agents", {}).items():
        try:
            spec = AgentFile.model_validate(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise AgentConfigError(
                f"{path}: [collab.agents.{name}] field '{where}': {err['msg']}. Fix: see docs/collab.md"
            ) from None
        cfg = AgentConfig(
            name=name,
            model=spec.model,
            system_prompt=spec.system_prompt or SYSTEM_PROMPT,
            tools=tuple(spec.tools),
            step_limit=spec.step_limit,
            token_budget=spec.token_budget,
            protocol=spec.protocol,
            constrained=spec.constrained,
            temperature=spec.temperature,
            max_tokens=spec.max_tokens,
            seed=spec.seed,
            inline_references=spec.inline_references,
            plan=spec.plan,
            description=spec.description,
        )
        unknown = [t for t in cfg.tools if t not in TOOLS]
        if unknown:
            raise AgentConfigError(
                f"{path}: [collab.agents.{name}] field 'tools': unknown {unknown}. Fix: use {', '.join(TOOLS)}"
            )
        out[name] = cfg
    return out


def all_agents(config_file: Path | None = None) -> dict[str, AgentConfig]:
    if config_file is None:
        import os

        from ..config import find_config_file

        config_file = find_config_file(dict(os.environ))
    parts = plugins.components(plugins.COLLAB_AGENT)  # built-in < centaur.toml < registered in code or plugins
    found = {part.name: BUILTIN[part.name] for part in parts if BUILTIN.get(part.name) is part.obj}
    if config_file is not None and Path(config_file).is_file():
        found.update(agents_from_file(Path(config_file)))
    found.update({part.name: part.obj for part in parts if BUILTIN.get(part.name) is not part.obj})
    return found


def get_agent(name: str, **overrides: Any) -> AgentConfig:
    agents = all_agents()
    if name not in agents:
        raise AgentConfigError(
            f"unknown agent '{name}'; agents: {', '.join(sorted(agents))}. "
            f"Define one in a [collab.agents.{name}] table of centaur.toml"
        )
    cfg = agents[name]
    return replace(cfg, **{k: v for k, v in overrides.items() if v is not None}) if overrides else cfg
