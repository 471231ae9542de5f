"""Prompt framings: the instruction put before every task, registered by name within a named wording.

COMPASS's four framings come in two wordings: `compass`, the paper's own sentences word for word (the
default, so that a run reproduces the published protocol), and `centaur`, our earlier paraphrase of the
same four. Framings from files are registered beside them and can be used with either wording.
"""

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
    preset: str | None = None  # the wording it belongs to; None for a framing from a file


#: Built-in framings by wording (preset) and name.
_PRESETS: dict[str, dict[str, Framing]] = {}
#: Framings from files: usable under every wording, and taking precedence over a built-in of the same name.
_FILES: dict[str, Framing] = {}


def register_framing(name: str, instruction: str, source: str = "built-in", preset: str | None = None) -> Framing:
    """Register a framing under `name`: in the wording `preset`, or (preset None) as one from a file."""
    framing = Framing(name, instruction.strip(), source, preset)
    if preset is None:
        _FILES[name] = framing
    else:
        _PRESETS.setdefault(preset, {})[name] = framing
    return framing


COMPASS_FRAMINGS = ("neutral", "correctness", "efficiency", "dual")
#: The wording a run uses unless told otherwise: the paper's, so the default protocol is COMPASS's.
DEFAULT_FRAMING_PRESET = "compass"
#: Names of earlier versions, still accepted so that old commands and stored runs read the same.
ALIASES = {"both": "dual"}

# "COMPASS: A Multi-Dimensional Benchmark for Evaluating Code Generation in Large Language Models", section
# IV-B ("Prompt Variation"), quoted exactly: one shared preamble and one sentence per framing. Reproducing a
# published prompt is the point of this preset, so the paper's words are kept as printed (American spelling
# and all). Like the paper's prompts, none says how the code is tested.
COMPASS_PREAMBLE = (
    "Below is a programming challenge. Your task is to write code that solves the problem. You will use only the "
    "Python programming language, version 3. You may not install additional libraries."
)
_COMPASS_ASKS = {
    "neutral": "Write a solution that effectively solves the problem as described.",
    "correctness": "Prioritize writing code that passes all test cases, including edge cases and uncommon input "
                   "patterns.",
    "efficiency": "Prioritize writing code that runs efficiently, especially on large or complex inputs.",
    "dual": "Prioritize writing code that passes all test cases while also running efficiently, especially on large "
            "or complex inputs.",
}
for _name, _ask in _COMPASS_ASKS.items():
    register_framing(_name, f"{COMPASS_PREAMBLE}\n{_ask}", "COMPASS §IV-B, verbatim", "compass")

# Our own wording of the same four (the built-in framings before the paper's text was used): same meaning,
# names and order, different sentences. Kept so that earlier runs can be repeated and the effect of the
# wording itself can be measured.
CENTAUR_PREAMBLE = (
    "A programming problem follows. Write code that solves it, in Python 3 only; no extra libraries may be "
    "installed."
)
_CENTAUR_ASKS = {
    "neutral": "Write a solution that solves the problem effectively.",
    "correctness": "Give priority to code that passes every test case, edge cases and unusual inputs included.",
    "efficiency": "Give priority to code that runs efficiently, above all on large or complex inputs.",
    "dual": "Give priority to code that passes every test case and that also runs efficiently, above all on large "
            "or complex inputs.",
}
for _name, _ask in _CENTAUR_ASKS.items():
    register_framing(_name, f"{CENTAUR_PREAMBLE}\n{_ask}", "Centaur Lab's paraphrase", "centaur")


class FramingError(InvalidInput, ValueError):
    pass


def framing_presets() -> list[str]:
    """The names of the built-in wordings, the default first."""
    return sorted(_PRESETS, key=lambda p: (p != DEFAULT_FRAMING_PRESET, p))


def check_preset(preset: str) -> str:
    if preset not in _PRESETS:
        raise FramingError(f"unknown framing preset {preset!r}; known: {', '.join(framing_presets())}")
    return preset


def framing_names(preset: str = DEFAULT_FRAMING_PRESET) -> list[str]:
    """The framings usable under a wording: its built-in ones, then those from files."""
    return list(dict.fromkeys([*_PRESETS[check_preset(preset)], *_FILES]))


def canonical_name(name: str) -> str:
    """The current name of a framing (`both` was the dual framing's earlier name)."""
    return ALIASES.get(name, name)


def get_framing(name: str, preset: str = DEFAULT_FRAMING_PRESET) -> Framing:
    """The framing `name` under the wording `preset`; a framing from a file wins over a built-in one."""
    name = canonical_name(name)
    found = _FILES.get(name) or _PRESETS[check_preset(preset)].get(name)
    if found is None:
        raise FramingError(
            f"unknown framing {name!r}; known: {', '.join(framing_names(preset))} (add one with --framing-file)"
        )
    return found


def preset_of(texts: dict[str, str]) -> str | None:
    """The built-in wording whose instructions are exactly `texts` (a stored run's framing texts), if any."""
    for preset, framings in _PRESETS.items():
        if texts and all(name in framings and framings[name].instruction == text for name, text in texts.items()):
            return preset
    return None


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


def problem_statement(task: Task) -> str:
    """The task's statement under its title, the title written once: a description that opens with its own
    level-1 heading (as the built-in ones do) keeps it; one without gets the task's title as its heading."""
    text = task.description.strip()
    if text.startswith("# "):
        return text
    return f"# {task.meta.title}\n\n{text}"


def render_prompt(framing: Framing, task: Task) -> str:
    """What the model reads: the framing (COMPASS puts it at the start of each challenge), the problem
    statement, the starter code and the answer format (ours: the code is taken from one fenced block)."""
    return (
        f"{framing.instruction}\n\n"
        f"{problem_statement(task)}\n\n"
        f"Start from this code and keep the name `{task.meta.entry_point}`:\n\n"
        f"```python\n{task.starter.rstrip()}\n```\n\n"
        "Answer with the complete solution in a single ```python code block."
    )
