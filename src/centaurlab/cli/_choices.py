"""The pillars' choice lists and defaults that the command's options show in their help.

Typer reads every option's default and help text when the app is built, so taking them from the
pillars would import every pillar (and pandas, scipy, SQLAlchemy behind them) for `centaur --help`.
They are copied here instead; `tests/cli/test_lazy_imports.py` checks that each copy equals the
pillar's own value, so a change there fails until it is made here too.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

#: arena: the maps (`arena.TOPOLOGY_NAMES`), the built-in agents (the keys of `arena.BUILTIN`), the
#: baselines a trial or a check plays (`arena.BASELINES`), the model-writing strategies
#: (`arena.BUILTIN_STRATEGIES`) and the debug loop's limits (`arena.LoopLimits`).
TOPOLOGY_NAMES: tuple[str, ...] = ("england", "france", "netherlands", "switzerland")
BUILTIN_AGENTS: tuple[str, ...] = ("naive", "expcost", "honest", "modelopponent", "riskseeking", "reference")
BASELINES: tuple[str, ...] = ("naive", "expcost", "honest", "modelopponent", "riskseeking")
BUILTIN_STRATEGIES: tuple[str, ...] = ("A1", "A2", "IR", "CR", "GEN")
LOOP_ROUNDS = 15
LOOP_SAME_FAILURE = 5
LOOP_RESTARTS = 3

#: bench: the COMPASS framings, the default answer cap, the fewest paired observations a correlation rests on.
COMPASS_FRAMINGS: tuple[str, ...] = ("neutral", "correctness", "efficiency", "dual")
DEFAULT_MAX_TOKENS = 16384
MIN_PAIRED = 30

#: grading: what efficiency measures (`grading.Measure`), its tolerance factor and repeats.
Measure = Literal["time", "instructions"]
DEFAULT_FACTOR = 5.0
DEFAULT_REPEAT = 3

#: rating: bootstrap rounds and the conservative score's k.
DEFAULT_ROUNDS = 10_000
CONSERVATIVE_K = 3.0


class Suite(StrEnum):
    """sandbox: which of a task's suites `centaur run` runs (`sandbox.Suite`, same members in the same order)."""

    examples = "examples"
    tests = "tests"
    efficiency = "efficiency"
