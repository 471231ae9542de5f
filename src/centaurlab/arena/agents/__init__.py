"""The agents shipped with the arena: the paper's five baselines and a strong reference agent.

Each is one Python file with one class, run in the sandbox like any other agent. They are arena
agents of the one registry (`plugins.ARENA_AGENT`), where a plugin distribution adds its own: a module
of one agent class (its file is what runs in the sandbox) or a function returning an agent's source.
"""

from __future__ import annotations

import re
from functools import partial
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any

from ... import plugins
from ...errors import InvalidInput, NotFound
from .._agent_process import AgentSource

BUILTIN: dict[str, str] = {
    "naive": "naive.py",
    "expcost": "expcost.py",
    "honest": "honest.py",
    "modelopponent": "modelopponent.py",
    "riskseeking": "riskseeking.py",
    "reference": "reference.py",
}
BASELINES: tuple[str, ...] = ("naive", "expcost", "honest", "modelopponent", "riskseeking")
GENERATED_PREFIX = "gen-"  # agents written by models (arena/generate), stored under gen-<model>-<strategy>-r<k>


class UnknownAgent(NotFound, LookupError):
    """No baseline, stored generated agent or agent file of that name."""


class UnplayableAgent(InvalidInput, LookupError):
    """A generated agent of that name is stored but cannot play: it failed its checks (or its
    generation has not finished). Named as such, not as an unknown agent."""


def builtin_source(name: str) -> str:
    return resources.files(__name__).joinpath(BUILTIN[name]).read_text()


def _check_agent(obj: Any) -> str | None:
    if isinstance(obj, ModuleType):
        return None if getattr(obj, "__file__", None) else "a module without a file"
    return None if callable(obj) else f"a {type(obj).__name__}"


for _name in BUILTIN:
    plugins.register(plugins.ARENA_AGENT, _name, partial(builtin_source, _name))
plugins.require(plugins.ARENA_AGENT, _check_agent)


def agent_names() -> list[str]:
    """The agents playable by name: the built-in ones, then those plugins add."""
    return plugins.names(plugins.ARENA_AGENT)


def _registered_source(agent: Any) -> str:
    if isinstance(agent, ModuleType):
        return Path(str(agent.__file__)).read_text()
    return str(agent())


def resolve_agent(name_or_path: str) -> AgentSource:
    """An agent by name (built-in or a plugin's), or an agent file by path (named by its file name)."""
    registered = plugins.find(plugins.ARENA_AGENT, name_or_path)
    if registered is not None:
        return AgentSource(name_or_path, _registered_source(registered))
    path = Path(name_or_path)
    if path.suffix == ".py" and path.is_file():
        return AgentSource(path.stem, path.read_text())
    generated = generated_agent(name_or_path)
    if generated is not None:
        return generated
    raise UnknownAgent(
        f"no agent {name_or_path!r}: give an agent's name ({', '.join(agent_names())}), the path of an agent .py file "
        f"or the name of an accepted generated agent (`centaur arena generated list`)"
    )


def generated_agent(name: str) -> AgentSource | None:
    """An agent written by a model and accepted by `centaur arena generate`, by its stored name
    (`gen-...`); None if there is none (or no database yet); UnplayableAgent if it failed."""
    if not name.startswith(GENERATED_PREFIX):
        return None
    from sqlalchemy.exc import SQLAlchemyError

    from ...config import settings

    # the stored reads alone, not the generate package: its checks resolve agents through this module
    from ..generate._views import accepted_source, agent_libraries, unplayable_reason

    url = settings().database_url
    try:
        source = accepted_source(url, name)
        reason = None if source is not None else unplayable_reason(url, name)
        helpers = agent_libraries(url).get(name) == "helpers"  # it plays in the sandbox it was checked in
    except SQLAlchemyError:  # no database or not migrated yet: nothing was generated there
        return None
    if reason is not None:
        raise UnplayableAgent(reason)
    return AgentSource(name, source, helpers) if source is not None else None


def new_agent_source(name: str, helpers: bool = True) -> str:
    """The documented starting agent, its class named after `name`: template.py, which plans with the
    helper library, or with `helpers=False` template_world.py, which uses the world only (the
    template the APDP protocol gives a model: a naive agent that plans with its own code)."""
    words = [w for w in re.split(r"[^0-9a-zA-Z]+", name) if w]
    if not words or not words[0][0].isalpha():
        raise ValueError(f"agent name {name!r} must start with a letter (e.g. my_agent)")
    class_name = "".join(w[:1].upper() + w[1:] for w in words)
    template = resources.files(__name__).joinpath("template.py" if helpers else "template_world.py").read_text()
    return template.replace("AGENT_NAME", name).replace("class AgentName", f"class {class_name}")
