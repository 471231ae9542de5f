"""`centaur compare`'s differences table says why a difference is not computed, in the cell itself,
at 120 columns and at the 80 a pipe gets."""

from __future__ import annotations

from typing import Any

import pytest

from centaurlab.cli import _compare_cmd, _output
from centaurlab.stats import Figure, not_computed

QUALITY = "quality does not vary on this task"
TIME = "the participants are scripts: their time is not a person's time"


def _diff(measure: str, figure: Figure) -> dict[str, Any]:
    return {"arm": "people alone", "against": "model alone", "measure": measure, "difference": figure.as_json(),
            "supported": False, "p": None, "claim": ""}


DIFFS = [_diff("correctness", Figure(-20.0, -45.5, 5.5, 7, "points of 100", "Welch t")),
         _diff("efficiency", Figure(10.0, -12.0, 32.0, 7, "points of 100", "Welch t")),
         _diff("quality", not_computed(QUALITY, 7, "points of 100")),
         _diff("composite", Figure(-5.0, -20.0, 10.0, 7, "points of 100", "Welch t")),
         _diff("seconds", not_computed(TIME, 5, "s"))]


@pytest.mark.parametrize("width", [120, 80])
def test_a_difference_that_cannot_be_computed_says_why_in_its_cell(width: int, monkeypatch: pytest.MonkeyPatch,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(_output.console, "width", width)
    _compare_cmd._differences_table("algo/min_gap: differences between arms", DIFFS)
    text = capsys.readouterr().out
    assert "not shown at" not in text  # every column kept
    # the cells fold across lines: read them column by column
    rows = [line for line in text.splitlines() if line.startswith("│")]
    columns = [" ".join(cell.strip() for cell in col if cell.strip())
               for col in zip(*[line.strip("│").split("│") for line in rows], strict=False)]
    assert f"not computed: {QUALITY}" in columns[3]
    assert f"not computed: {TIME}" in columns[5]
    assert "-" not in columns[3] and "nan" not in text
    assert "no difference is supported after the correction (0 tested here)" in " ".join(text.split())
