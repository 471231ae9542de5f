"""Prompt framings: the instruction put before every task. COMPASS's four are built in; more come from files."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..errors import InvalidInput
from ..tasks import Task


@dataclass(frozen=True)
class Framing:
    name: str
    instruction: str
    source: str = "built-in"


_FRAMINGS: dict[str, Framing] = {}


def register_framing(name: str, instruction: str, source: str = "built-in") -> Framing:
    framing = Framing(name, instruction.strip(), source)
    _FRAMINGS[name] = framing
    return framing


# COMPASS puts one of four short instructions before every problem: a common preamble (the problem
# follows, solve it in Python 3, install nothing) and one sentence saying what to favour. The wording
# here is ours; the meaning, the names and the order are the paper's. None of them says how the code
# is tested (no input sizes, no test counts): the paper's prompts did not either.
PREAMBLE = (
    "A programming problem follows. Write code that solves it, in Python 3 only; no extra libraries may be "
    "installed."
)
COMPASS_FRAMINGS = ("neutral", "correctness", "efficiency", "dual")
#: Names of earlier versions, still accepted so that old commands and stored runs read the same.
ALIASES = {"both": "dual"}

register_framing("neutral", f"{PREAMBLE}\nWrite a solution that solves the problem effectively.")
register_framing(
    "correctness",
    f"{PREAMBLE}\nGive priority to code that passes every test case, edge cases and unusual inputs included.",
)
register_framing(
    "efficiency", f"{PREAMBLE}\nGive priority to code that runs efficiently, above all on large or complex inputs."
)
register_framing(
    "dual",
    f"{PREAMBLE}\nGive priority to code that passes every test case and that also runs efficiently, above all on "
    "large or complex inputs.",
)


class FramingError(InvalidInput, ValueError):
    pass


def framing_names() -> list[str]:
    return list(_FRAMINGS)


def canonical_name(name: str) -> str:
    """The current name of a framing (`both` was the dual framing's earlier name)."""
    return ALIASES.get(name, name)


def get_framing(name: str) -> Framing:
    try:
        return _FRAMINGS[ALIASES.get(name, name)]
    except KeyError:
        raise FramingError(
            f"unknown framing {name!r}; known: {', '.join(_FRAMINGS)} (add one with --framing-file)"
        ) from None


def load_framing_file(path: Path) -> list[Framing]:
    """A `.toml` file with `[framings.NAME] instruction = "..."` tables, or a text file named after its framing."""
    if not path.is_file():
        raise FramingError(f"{path}: no such framing file")
    if path.suffix != ".toml":
        text = path.read_text().strip()
        if not text:
            raise FramingError(f"{path}: the file is empty; write the instruction that goes before each task")
        return [register_framing(path.stem, text, str(path))]
    try:
        tables = tomllib.loads(path.read_text()).get("framings")
    except tomllib.TOMLDecodeError as err:
        raise FramingError(f"{path}: not valid TOML ({err})") from None
    if not isinstance(tables, dict) or not tables:
        raise FramingError(f"{path}: no [framings.NAME] table; add one with an `instruction = \"...\"` line")
    framings = []
    for name, table in tables.items():
        instruction = table.get("instruction") if isinstance(table, dict) else None
        if not isinstance(instruction, str) or not instruction.strip():
            raise FramingError(f"{path}: framings.{name}.instruction is missing; give the instruction text")
        framings.append(register_framing(name, instruction, str(path)))
    return framings


def render_prompt(framing: Framing, task: Task) -> str:
    """What the model reads: the framing, the problem statement, the starter code and the answer format."""
    return (
        f"{framing.instruction}\n\n"
        f"# Problem: {task.meta.title}\n\n{task.description.strip()}\n\n"
        f"Start from this code and keep the name `{task.meta.entry_point}`:\n\n"
        f"```python\n{task.starter.rstrip()}\n```\n\n"
        "Answer with the complete solution in a single ```python code block."
    )
