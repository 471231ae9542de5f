"""Wrong solutions that try to forge their verdicts; every one must come out failing.

Each attempt is a wrong answer to study/even_odd_count (the correct answer counts even and odd
digits). They go through `centaur run`, `centaur grade`, bench's grading and the study's Submit.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab.cli import app
from centaurlab.sandbox.bwrap import bwrap_works

pytestmark = pytest.mark.skipif(not bwrap_works()[0], reason="bubblewrap unavailable")

runner = CliRunner()

# Rebind the hidden test module's `eq` from inside the solution: every comparison passes.
PATCH_THE_CHECKER = """
import sys
tests = sys.modules.get("tests")
if tests is not None:
    tests.eq = lambda *args, **kwargs: None

def even_odd_count(num):
    return (0, 0)
"""

FORGERIES = {"patch_the_checker": PATCH_THE_CHECKER}


@pytest.mark.xfail(strict=True, reason="the hidden tests run in the submission's process (issue 10)")
@pytest.mark.parametrize("name", sorted(FORGERIES))
def test_a_forged_solution_fails_centaur_run_and_grade(name: str, tmp_path: Path) -> None:
    path = tmp_path / "even_odd_count.py"
    path.write_text(FORGERIES[name])
    ran = runner.invoke(app, ["run", str(path), "--task", "study/even_odd_count", "--no-store", "--json"])
    report = json.loads(ran.stdout)
    assert ran.exit_code == 1 and report["passed"] == 0, report
    graded = runner.invoke(app, ["grade", str(path), "--task", "study/even_odd_count", "--no-store", "--json"])
    assert json.loads(graded.stdout)["correctness"]["score"] == 0.0
