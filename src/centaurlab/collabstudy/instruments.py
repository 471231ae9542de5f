"""The CollabSkill survey (its Appendix F) in our own words, on the paper's scales.

D1-D3 are asked once, before the tasks. The attitude items A1-A7 are asked before and after; the
post items carry a lead-in that anchors them on the sessions just done. Scales are the paper's:
7-point Likert with its end anchors (A1-A3, A6), the five Human Agency Scale levels (A4, A5), and
five sentiments (A7). Each item is a `study.surveys.Question`, so a study file can reword, drop or
add items and answers are checked by the same code as in coding studies.
"""

from __future__ import annotations

from ..collab import FAMILIES
from ..study import Question

D1_OPTIONS = [
    "I use them regularly",
    "I have used them a little",
    "I know of them but not what they can do",
    "I have never heard of them",
]
D2_OPTIONS = [
    "Yes, daily at work",
    "Yes, weekly at work",
    "Yes, now and then for particular tasks",
    "No, never for work",
    "I have never heard of them",
]
# The Human Agency Scale (Shao et al., 2025) as CollabSkill's Table 6 defines its levels.
HAS_OPTIONS = [
    "H1 Autonomous: the agent does the whole task by itself",
    "H2 Minimal input: the agent needs a little human input to do its best",
    "H3 Partnership: agent and human as equals, better together than either alone",
    "H4 Human-led: the agent needs human input to get the task done",
    "H5 Full involvement: the agent cannot work without a human involved throughout",
]
SENTIMENTS = ["Excited", "Curious", "Neutral", "Skeptical", "Anxious"]
POST_LEAD = "Thinking of the tasks you have just done with the agents: "
OCCUPATION = "occupation_family"
EXPERIENCE = "d3_experience_years"
LIKERT_ITEMS = ("a1_agent_familiarity", "a2_trust_autonomy", "a3_delegation_comfort", "a6_role_concern")
HAS_ITEMS = ("a4_has_perceived", "a5_has_desired")
AFFECT = "a7_affect"


def family_options() -> list[str]:
    """O*NET job families as 'NN Name', the occupation question's answers."""
    return [f"{code} {name}" for code, name in FAMILIES.items()]


def _likert(qid: str, text: str, low: str, high: str) -> Question:
    return Question(id=qid, text=text, kind="scale", min=1, max=7, low_label=low, high_label=high)


def attitude_items(post: bool = False) -> list[Question]:
    lead = POST_LEAD if post else ""
    return [
        _likert("a1_agent_familiarity",
                f"{lead}How well do you know AI agents, systems that carry out tasks for you on their own?",
                "Never heard of them", "Use them regularly"),
        _likert("a2_trust_autonomy",
                f"{lead}How far do you trust AI agents to do tasks correctly with no human checking their work?",
                "No trust at all", "Complete trust"),
        _likert("a3_delegation_comfort",
                f"{lead}How comfortable would you be handing a high-stakes task of your job to an AI agent?",
                "Very uncomfortable", "Very comfortable"),
        Question(id="a4_has_perceived", kind="choice", options=HAS_OPTIONS,
                 text=f"{lead}For the tasks you usually do at work, at which level can AI agents work today?"),
        Question(id="a5_has_desired", kind="choice", options=HAS_OPTIONS,
                 text=f"{lead}At which level would you like AI agents to work in your own job?"),
        _likert("a6_role_concern",
                f"{lead}How worried are you that AI will shrink your role below what you find meaningful work?",
                "Not at all", "Extremely worried"),
        Question(id=AFFECT, kind="choice", options=SENTIMENTS,
                 text=f"{lead}Which word is closest to how you feel about AI agents now?"),
    ]


def default_pre_survey() -> list[Question]:
    return [
        Question(id=OCCUPATION, kind="choice", options=family_options(),
                 text="Which O*NET job family is your main occupation in?"),
        Question(id="occupation_code", required=False,
                 text="Your occupation's O*NET-SOC code, if you know it (e.g. 13-2011.00)"),
        Question(id=EXPERIENCE, kind="number", min=0, max=60, high_label="years",
                 text="How many years have you worked in this occupation?"),
        Question(id="d1_llm_familiarity", kind="choice", options=D1_OPTIONS,
                 text="How familiar are you with chat assistants built on large language models "
                      "(ChatGPT, Claude, Gemini, ...)?"),
        Question(id="d2_professional_use", kind="choice", options=D2_OPTIONS,
                 text="Have you used such models for your work?"),
        *attitude_items(post=False),
    ]


def default_post_survey() -> list[Question]:
    return [*attitude_items(post=True),
            Question(id="comments", required=False, text="Anything else you want to tell us about the study?")]


def has_level(answer: str | None) -> int | None:
    """1..5 from a HAS answer ('H3 ...' -> 3); None when unanswered."""
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
    for options in (D1_OPTIONS, D2_OPTIONS):
        if text in options:
            return float(len(options) - options.index(text))
    if text in SENTIMENTS:
        return float(SENTIMENTS.index(text) + 1)
    try:
        return float(text)
    except ValueError:
        return None
