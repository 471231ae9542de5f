"""The fluency total is the paper's: a count over the 11 indicators CollabSkill codes (§6: "11 directly
observable indicators"; Appendix H: "6.0 out of 11"). Our own `edited_deliverable` is counted only where
asked for, and the analysis reports it apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from centaurlab.collabstudy import IDS, TOTAL_INDICATORS, fluency_total

PAPER = Path(__file__).resolve().parents[2].parent / "shared" / "papers" / "collabskill.txt"
ELEVEN = ("clarify_goal", "specify_format", "provide_examples", "define_audience", "tone_style",
          "interaction_mode", "missing_context", "iterate", "question_reasoning", "consult_approach", "check_facts")


def test_the_default_total_counts_the_papers_eleven() -> None:
    assert TOTAL_INDICATORS == IDS == ELEVEN and len(TOTAL_INDICATORS) == 11
    assert "edited_deliverable" not in TOTAL_INDICATORS
    everything = dict.fromkeys((*ELEVEN, "edited_deliverable"), True)
    assert fluency_total(everything) == 11
    assert fluency_total(everything, (*TOTAL_INDICATORS, "edited_deliverable")) == 12  # ours, asked for
    assert fluency_total({"check_facts": True, "iterate": None, "edited_deliverable": True}) == 1


@pytest.mark.skipif(not PAPER.exists(), reason="the papers are not beside the repository")
def test_eleven_is_the_papers_count() -> None:
    paper = PAPER.read_text(encoding="utf-8")
    assert "identifies 11 directly observable indicators" in paper
    assert "using the 11 behavioral indicators from the Anthropic AI Fluency Index" in paper
    assert "(6.0 out of 11 on average)" in paper
