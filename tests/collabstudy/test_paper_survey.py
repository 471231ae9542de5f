"""What a collaboration study's participants read by default is CollabSkill's Appendix F word for word:
its items, scales, anchors and options, and the prefix of the post items. The expected strings are
written out here; where the paper's text is at hand (../shared/papers from the repository's root), each
is also found in it."""

from __future__ import annotations

from pathlib import Path

import pytest

from centaurlab.collabstudy import CollabStudy

PAPER = Path(__file__).resolve().parents[2].parent / "shared" / "papers" / "collabskill.txt"
PREFIX = "After collaborating with agents on these tasks…"
D1 = ("How familiar are you with large language model products (e.g., ChatGPT, Claude, Google Gemini, etc.)?",
      ["I use them regularly.", "I have some experience using them.",
       "I have heard of them but don’t know much about their functionalities.", "No, I’ve never heard of them."])
D2 = ("Have you used large language models in your work-related activities?",
      ["Yes, I use them every day in my work.", "Yes, I use them every week in my work.",
       "Yes, I have used them occasionally for specific tasks.",
       "No, I have not used them for any work-related activities.", "No, I’ve never heard of them."])
LIKERT = {
    "a1_agent_familiarity": ("How familiar are you with AI agents (systems designed to autonomously complete tasks on "
                             "your behalf)?", "Never heard of them", "Use them regularly"),
    "a2_trust_autonomy": ("How much do you trust AI agents to execute tasks accurately without human oversight?",
                          "No trust at all", "Complete trust"),
    "a3_delegation_comfort": ("How comfortable are you delegating high-stakes professional tasks to an AI agent?",
                              "Very uncomfortable", "Very comfortable"),
    "a6_role_concern": ("To what extent are you concerned that AI integration will reduce your role below what you "
                        "consider meaningful work?", "Not at all", "Extremely worried"),
}
CHOICES = {
    "a4_has_perceived": "Reflecting on your typical work tasks, where on the HAS scale do you believe AI agents can "
                        "generally operate for your job?",
    "a5_has_desired": "Where on the HAS scale do you prefer AI agents to operate within your professional workflow?",
    "a7_affect": "Which of the following best captures your current sentiment toward AI agents?",
}
HAS = [("H1", "Autonomous", "AI agent handles the task entirely on its own."),
       ("H2", "Minimal Input", "AI agent requires minimal human input for optimal performance."),
       ("H3", "Partnership", "AI agent and human form an equal partnership, outperforming either alone."),
       ("H4", "Human-Led", "AI agent requires human input to successfully complete the task."),
       ("H5", "Full Involvement", "AI agent cannot function without continuous human involvement.")]
SENTIMENTS = ["Excited", "Curious", "Neutral", "Skeptical", "Anxious"]
ATTITUDES = ["a1_agent_familiarity", "a2_trust_autonomy", "a3_delegation_comfort", "a4_has_perceived",
             "a5_has_desired", "a6_role_concern", "a7_affect"]


def _defaults() -> tuple[dict, dict]:  # type: ignore[type-arg]
    surveys = CollabStudy(id="x", title="t").surveys
    return {q.id: q for q in surveys.pre}, {q.id: q for q in surveys.post}


def test_the_default_survey_is_appendix_f_word_for_word() -> None:
    pre, post = _defaults()
    assert (pre["d1_llm_familiarity"].text, pre["d1_llm_familiarity"].options) == (D1[0], D1[1])
    assert (pre["d2_professional_use"].text, pre["d2_professional_use"].options) == (D2[0], D2[1])
    d3 = pre["d3_experience_years"]
    assert (d3.kind, d3.text) == ("number", "How many years of experience do you have in your occupation?")
    has = [f"{level} {kind}: {definition}" for level, kind, definition in HAS]
    for lead, survey in (("", pre), (f"{PREFIX} ", post)):
        assert [qid for qid in survey if qid.startswith("a")] == ATTITUDES  # the paper's order, before and after
        for qid, (text, low, high) in LIKERT.items():
            q = survey[qid]
            assert (q.text, q.kind, q.min, q.max, q.low_label, q.high_label) == (lead + text, "scale", 1, 7, low, high)
        for qid, text in CHOICES.items():
            assert survey[qid].text == lead + text and survey[qid].kind == "choice"
        assert survey["a4_has_perceived"].options == survey["a5_has_desired"].options == has
        assert survey["a7_affect"].options == SENTIMENTS
    # demographics are asked once (the paper: all items except demographics are asked before and after)
    assert not {"d1_llm_familiarity", "d2_professional_use", "d3_experience_years"} & set(post)


@pytest.mark.skipif(not PAPER.exists(), reason="the papers are not beside the repository")
def test_the_expected_strings_are_the_papers() -> None:
    paper = PAPER.read_text(encoding="utf-8")
    lines = {line.strip() for line in paper.splitlines()}
    assert f"“{PREFIX}”" in paper
    assert f"LLM Familiarity: {D1[0]}" in paper and f"Professional Use: {D2[0]}" in paper
    assert all(option in lines for option in D1[1] + D2[1])
    assert "How many years of experience do you have in [participant’s occupation]? (Numeric input)" in paper
    for text, low, high in LIKERT.values():
        assert f"{text} (7-point Likert: 1 = {low}, 7 = {high})" in paper
    assert f"{CHOICES['a4_has_perceived']} (Choice: H1–H5" in paper and f"{CHOICES['a5_has_desired']} (Choice" in paper
    assert f"{CHOICES['a7_affect']} (Options: {', '.join(SENTIMENTS)})" in paper
    for level, kind, definition in HAS:
        assert f"| {level} | {kind} | {definition} |" in paper
