"""The CollabSkill survey, word for word from its Appendix F (Table 6 for the Human Agency Scale).

D1-D3 are asked once, before the tasks. The attitude items A1-A7 are asked before and after; the post
items carry the paper's prefix, "After collaborating with agents on these tasks…". Scales and anchors
are the paper's: 7-point Likert with its end anchors (A1-A3, A6), the five HAS levels (A4, A5), five
sentiments (A7). The paper's characters are kept (its curly apostrophes and ellipsis), so a test can
compare the items with the paper's text. What we add or fill in is listed in docs/collab-study.md
("Deviations from CollabSkill"): the O*NET occupation question tasks are matched by, D3's
"[participant’s occupation]" read as "your occupation", HAS options that carry Table 6's definitions,
and an optional comment box at the end.

Each item is a `study.Question`, so a study file can reword, drop or add items and answers
are checked by the same code as in coding studies. Answers stored under our earlier wording still
read the same (`ordinal`).
"""

from __future__ import annotations

from ..collab import FAMILIES
from ..study import Question

D1_TEXT = ("How familiar are you with large language model products (e.g., ChatGPT, Claude, Google Gemini, "
           "etc.)?")
D1_OPTIONS = [
    "I use them regularly.",
    "I have some experience using them.",
    "I have heard of them but don’t know much about their functionalities.",
    "No, I’ve never heard of them.",
]
D2_TEXT = "Have you used large language models in your work-related activities?"
D2_OPTIONS = [
    "Yes, I use them every day in my work.",
    "Yes, I use them every week in my work.",
    "Yes, I have used them occasionally for specific tasks.",
    "No, I have not used them for any work-related activities.",
    "No, I’ve never heard of them.",
]
D3_TEXT = "How many years of experience do you have in your occupation?"
"""The paper's "How many years of experience do you have in [participant’s occupation]?": the occupation is
chosen in the same form, so the slot reads "your occupation"."""
# The Human Agency Scale (Shao et al., 2025): CollabSkill's Table 6, level, type and definition.
HAS_LEVELS = [
    ("H1", "Autonomous", "AI agent handles the task entirely on its own."),
    ("H2", "Minimal Input", "AI agent requires minimal human input for optimal performance."),
    ("H3", "Partnership", "AI agent and human form an equal partnership, outperforming either alone."),
    ("H4", "Human-Led", "AI agent requires human input to successfully complete the task."),
    ("H5", "Full Involvement", "AI agent cannot function without continuous human involvement."),
]
HAS_OPTIONS = [f"{level} {kind}: {definition}" for level, kind, definition in HAS_LEVELS]
SENTIMENTS = ["Excited", "Curious", "Neutral", "Skeptical", "Anxious"]
POST_PREFIX = "After collaborating with agents on these tasks…"
# (id, the paper's item, low anchor, high anchor): the 7-point Likert items
LIKERT = {
    "a1_agent_familiarity": ("How familiar are you with AI agents (systems designed to autonomously complete tasks "
                             "on your behalf)?", "Never heard of them", "Use them regularly"),
    "a2_trust_autonomy": ("How much do you trust AI agents to execute tasks accurately without human oversight?",
                          "No trust at all", "Complete trust"),
    "a3_delegation_comfort": ("How comfortable are you delegating high-stakes professional tasks to an AI agent?",
                              "Very uncomfortable", "Very comfortable"),
    "a6_role_concern": ("To what extent are you concerned that AI integration will reduce your role below what you "
                        "consider meaningful work?", "Not at all", "Extremely worried"),
}
A4_TEXT = ("Reflecting on your typical work tasks, where on the HAS scale do you believe AI agents can generally "
           "operate for your job?")
A5_TEXT = "Where on the HAS scale do you prefer AI agents to operate within your professional workflow?"
A7_TEXT = "Which of the following best captures your current sentiment toward AI agents?"
OCCUPATION = "occupation_family"
EXPERIENCE = "d3_experience_years"
LIKERT_ITEMS = ("a1_agent_familiarity", "a2_trust_autonomy", "a3_delegation_comfort", "a6_role_concern")
HAS_ITEMS = ("a4_has_perceived", "a5_has_desired")
AFFECT = "a7_affect"
# Answers stored by studies run with our earlier wording, most use first, so that `ordinal` reads them alike.
EARLIER_D1 = ["I use them regularly", "I have used them a little", "I know of them but not what they can do",
              "I have never heard of them"]
EARLIER_D2 = ["Yes, daily at work", "Yes, weekly at work", "Yes, now and then for particular tasks",
              "No, never for work", "I have never heard of them"]


def family_options() -> list[str]:
    """O*NET job families as 'NN Name', the occupation question's answers."""
    return [f"{code} {name}" for code, name in FAMILIES.items()]


def _likert(qid: str, lead: str) -> Question:
    text, low, high = LIKERT[qid]
    return Question(id=qid, text=lead + text, kind="scale", min=1, max=7, low_label=low, high_label=high)


def attitude_items(post: bool = False) -> list[Question]:
    """A1-A7 in the paper's order and words; after the tasks each starts with the paper's prefix."""
    lead = f"{POST_PREFIX} " if post else ""
    return [
        _likert("a1_agent_familiarity", lead),
        _likert("a2_trust_autonomy", lead),
        _likert("a3_delegation_comfort", lead),
        Question(id="a4_has_perceived", kind="choice", options=HAS_OPTIONS, text=lead + A4_TEXT),
        Question(id="a5_has_desired", kind="choice", options=HAS_OPTIONS, text=lead + A5_TEXT),
        _likert("a6_role_concern", lead),
        Question(id=AFFECT, kind="choice", options=SENTIMENTS, text=lead + A7_TEXT),
    ]


def default_pre_survey() -> list[Question]:
    """The occupation (ours: tasks are matched by it, §3.1), then D1-D3 and A1-A7 as the paper asks them."""
    return [
        Question(id=OCCUPATION, kind="choice", options=family_options(),
                 text="Which O*NET job family is your main occupation in?"),
        Question(id="occupation_code", required=False,
                 text="Your occupation's O*NET-SOC code, if you know it (e.g. 13-2011.00)"),
        Question(id="d1_llm_familiarity", kind="choice", options=D1_OPTIONS, text=D1_TEXT),
        Question(id="d2_professional_use", kind="choice", options=D2_OPTIONS, text=D2_TEXT),
        Question(id=EXPERIENCE, kind="number", min=0, max=60, high_label="years", text=D3_TEXT),
        *attitude_items(post=False),
    ]


def default_post_survey() -> list[Question]:
    """A1-A7 with the paper's prefix, then an optional comment box (ours; the paper's participants offered
    comments of their own accord)."""
    return [*attitude_items(post=True),
            Question(id="comments", required=False, text="Anything else you want to tell us about the study?")]


def has_level(answer: str | None) -> int | None:
    """1..5 from a HAS answer ('H3 Partnership: ...' -> 3, our earlier 'H3 Partnership ...' alike); None when
    unanswered."""
    if not answer or not answer.startswith("H") or not answer[1:2].isdigit():
        return None
    return int(answer[1])


def ordinal(qid: str, answer: object) -> float | None:
    """A numeric reading of an answer for correlations: Likert as is, HAS as its level, D1/D2 reversed
    so that more use is a higher number, the sentiment as its position (1 Excited .. 5 Anxious)."""
    if answer is None or answer == "":
        return None
    if isinstance(answer, int | float):
        return float(answer)
    text = str(answer)
    if qid in HAS_ITEMS:
        level = has_level(text)
        return None if level is None else float(level)
    for options in (D1_OPTIONS, D2_OPTIONS, EARLIER_D1, EARLIER_D2):
        if text in options:
            return float(len(options) - options.index(text))
    if text in SENTIMENTS:
        return float(SENTIMENTS.index(text) + 1)
    try:
        return float(text)
    except ValueError:
        return None
