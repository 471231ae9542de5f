"""The helper library agents import (`centaur_arena`, and `centaur_search` and `centaur_world` behind
it), shown to authors outside the sandbox.

The library's modules are top-level modules of this project, so `import centaur_arena` works in its
environment as in an agent's sandbox (one source, given to the sandbox as it is installed). This
module renders their documentation, as `pydoc` does, for `centaur arena doc`.
"""

from __future__ import annotations

import importlib
import pydoc
from types import ModuleType
from typing import Any

from ..errors import NotFound
from ._agent_process import LIBRARY_MODULES


def library_module(name: str = "centaur_arena") -> ModuleType:
    """One module of the helper library, imported in this process (it is the platform's own code,
    standard library only: nothing of an agent runs here)."""
    if name not in LIBRARY_MODULES:
        raise NotFound(f"no helper library module {name!r}; the modules are {', '.join(LIBRARY_MODULES)}")
    return importlib.import_module(name)


def library_names() -> list[str]:
    """The public names of centaur_arena, what `centaur arena doc NAME` takes."""
    return list(library_module().__all__)


def library_doc(name: str | None = None) -> str:
    """The pydoc text of the library (no name), of one of its modules, or of one of its names: a
    class, function or method of centaur_arena (`Fleet`, `Fleet.final_plan`, `improve`), or a
    dotted name in another module (`centaur_search.search`)."""
    parts = (name or "centaur_arena").split(".")
    module = library_module(parts.pop(0)) if parts[0] in LIBRARY_MODULES else library_module()
    target: Any = module
    for i, part in enumerate(parts):
        if part.startswith("__") or not hasattr(target, part):
            where = ".".join([module.__name__, *parts[:i]])
            raise NotFound(f"{where} has no {part!r}; centaur_arena's names are {', '.join(library_names())} "
                           f"(or a module: {', '.join(LIBRARY_MODULES)})")  # fmt: skip
        target = getattr(target, part)
    return pydoc.render_doc(target, renderer=pydoc.plaintext)  # type: ignore[attr-defined]  # not in typeshed
