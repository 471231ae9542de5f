"""`centaur collab analyse` prints why a section of the analysis is empty (the analysis itself:
tests/collabstudy/test_analysis.py)."""

from __future__ import annotations

import pytest

from centaurlab.cli._collab_study_cmd import _print_analysis
from centaurlab.collabstudy import analyse
from tests.collabstudy.test_analysis import _early_study


def test_the_cli_prints_why_a_section_is_empty(capsys: pytest.CaptureFixture[str]) -> None:
    data = _early_study()
    _print_analysis("Early study", analyse(data, rounds=20), data)
    out = " ".join(capsys.readouterr().out.split())
    assert "survey before/after: none: no participant has answered the post-survey yet" in out
    assert ("behaviours vs score: none: no session's log is coded: run `centaur collab study code STUDY`") in out
    assert "win rate against the autonomous baseline: none: no graded autonomous session" in out
    assert "mean score 48 [37, 58] score, 0-100, n 8" in out and "nan" not in out
