"""`centaur --help` and each command group's help load no pillar and no heavy library (issue 42: every
`centaur` process used to pay some 3 s of imports before doing anything). The commands import what they
use inside their functions; the choices and defaults their options show are copied in `cli/_choices.py`,
and each copy must equal the pillar's own value."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import typing

import pytest

from centaurlab import arena, bench, grading, rating, sandbox
from centaurlab.cli import _choices

HEAVY = ("pandas", "scipy", "numpy", "sqlalchemy", "aiohttp", "httpx", "uvicorn", "statsmodels", "matplotlib")
PILLARS = tuple(f"centaurlab.{p}" for p in ("arena", "bench", "study", "collab", "collabstudy", "grading", "rating",
                                             "stats", "modelcard", "models", "store", "calibration", "web", "sandbox",
                                             "tasks"))

# Builds the app and renders the help the way the `centaur` command does, then lists what got imported.
SCRIPT = """
import json, sys
from centaurlab.cli import main
sys.argv = ["centaur", *json.loads(sys.argv[1]), "--help"]
try:
    main()
except SystemExit as exc:
    code = exc.code
print("\\0" + json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def _help_imports(args: list[str]) -> tuple[int, str, set[str]]:
    done = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(args)], capture_output=True, text=True,
                          check=True, env={**os.environ, "COLUMNS": "100"})  # fmt: skip
    text, _, tail = done.stdout.rpartition("\0")
    found = json.loads(tail)
    return found["code"], text, set(found["modules"])


@pytest.mark.parametrize("args", [[], ["db"], ["arena"], ["arena", "generate"], ["bench"], ["bench", "run"],
                                  ["collab"], ["study"], ["models"], ["rate"], ["rate", "pairs"], ["grade"],
                                  ["compare"], ["stats"], ["serve"], ["plugins"], ["run"], ["tasks"],
                                  ["sandbox"], ["config"], ["doctor"]])
def test_help_loads_no_pillar_and_no_heavy_library(args: list[str]) -> None:
    code, text, modules = _help_imports(args)
    assert code == 0 and "Usage: centaur" in text
    assert {"centaurlab.cli._root", "centaurlab.cli._arena_cmd", "centaurlab.cli._bench_cmd", "typer"} <= modules
    loaded = sorted(m for m in modules if m.split(".")[0] in HEAVY or m.startswith(tuple(p + "." for p in PILLARS))
                    or m in PILLARS)  # fmt: skip
    assert loaded == []


def test_the_copied_choices_equal_the_pillars() -> None:
    assert _choices.TOPOLOGY_NAMES == arena.TOPOLOGY_NAMES
    assert tuple(arena.BUILTIN) == _choices.BUILTIN_AGENTS
    assert _choices.BASELINES == arena.BASELINES
    assert _choices.BUILTIN_STRATEGIES == arena.BUILTIN_STRATEGIES
    limits = arena.LoopLimits()
    copied = (_choices.LOOP_ROUNDS, _choices.LOOP_SAME_FAILURE, _choices.LOOP_RESTARTS)
    assert copied == (limits.rounds, limits.same_failure, limits.restarts)
    assert _choices.COMPASS_FRAMINGS == bench.COMPASS_FRAMINGS
    assert _choices.DEFAULT_MAX_TOKENS == bench.DEFAULT_MAX_TOKENS
    assert _choices.MIN_PAIRED == bench.MIN_PAIRED
    assert typing.get_args(_choices.Measure) == typing.get_args(grading.Measure)
    assert (_choices.DEFAULT_FACTOR, _choices.DEFAULT_REPEAT) == (grading.DEFAULT_FACTOR, grading.DEFAULT_REPEAT)
    assert (_choices.DEFAULT_ROUNDS, _choices.CONSERVATIVE_K) == (rating.DEFAULT_ROUNDS, rating.CONSERVATIVE_K)
    assert [(m.name, m.value) for m in _choices.Suite] == [(m.name, m.value) for m in sandbox.Suite]
