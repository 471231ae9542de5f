"""Survey questions: the pre-survey (experience, AI tool use) and the exit survey (NASA-TLX, AI
helpfulness, free text), configurable per study; and checking a participant's answers against them.

Why the exit survey is the paper's words: answers to differently worded questions are not comparable with
RealHumanEval's. The paper prints no pre-survey, so that one is ours."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

# The six NASA-TLX items as RealHumanEval asks them (Mozannar et al., appendix A.2.4), word for word: about
# the study as a whole, each from 1 to 20, 1 labelled "low" and 20 "high". Performance is asked as success,
# so there a high answer is good; the paper reports the items one by one (appendix D.6, table 3), and the
# metrics' overall workload score (ours) turns that one round.
TLX_ITEMS: tuple[tuple[str, str], ...] = (
    ("tlx_mental", "How mentally demanding was the study?"),
    ("tlx_physical", "How physically demanding was the study?"),
    ("tlx_temporal", "How hurried or rushed was the pace of the study?"),
    ("tlx_performance", "How successful were you in accomplishing what you were asked to do?"),
    ("tlx_effort", "How hard did you have to work to accomplish your level of performance?"),
    ("tlx_frustration", "How insecure, discouraged, irritated, stressed, and annoyed were you?"),
)
# The paper's anchors (appendix A.2.4): "we labeled 1 with "low" and either 10 or 20 with "high"".
LOW, HIGH = "low", "high"
# The earlier items, in our words (`wording = "ours"`: kept for the studies created with them).
OUR_TLX_ITEMS: tuple[tuple[str, str], ...] = (
    ("tlx_mental", "Mental demand: how much thinking did the study ask of you?"),
    ("tlx_physical", "Physical demand: how much physical effort did the study ask of you?"),
    ("tlx_temporal", "Temporal demand: how rushed did the pace of the study feel?"),
    ("tlx_performance", "Performance: how well did you manage to do what the study asked?"),
    ("tlx_effort", "Effort: how hard did you have to work to reach that level?"),
    ("tlx_frustration", "Frustration: how insecure, discouraged, irritated or stressed did you feel?"),
)
TYPICAL_USAGE = "typical_usage"
# ASCII digits only, and few: str.isdigit() also takes "²" and "٣", which int() refuses, and int() refuses
# strings over 4,300 digits
WHOLE_NUMBER = re.compile(r"-?[0-9]{1,9}")


class Question(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    text: str
    kind: Literal["choice", "scale", "number", "text"] = "text"
    """A scale is a row of points to pick; a number (a whole number from min to max, e.g. years) one field."""
    options: list[str] = Field(default_factory=list, description="The answers of a choice question.")
    min: int = 1
    max: int = 20
    low_label: str = ""
    high_label: str = ""
    required: bool = True
    ai_only: bool = Field(False, description="Asked only in conditions with an AI assistant.")

    @model_validator(mode="after")
    def _shape(self) -> Question:
        if self.kind == "choice" and len(self.options) < 2:
            raise ValueError(f"choice question '{self.id}' needs at least two options")
        if self.kind in ("scale", "number") and self.min >= self.max:
            raise ValueError(f"{self.kind} question '{self.id}' needs min < max")
        return self


def default_pre_survey() -> list[Question]:
    years = ["less than 1 year", "1-2 years", "3-5 years", "6-10 years", "more than 10 years"]
    return [
        Question(id="programming_experience", kind="choice", options=years,
                 text="How many years of programming experience do you have?"),
        Question(id="python_experience", kind="choice", options=["beginner", "intermediate", "advanced"],
                 text="How would you rate your Python proficiency?"),
        Question(id="ai_tool_use", kind="choice", options=["never", "sometimes", "often", "every day"],
                 text="How often do you use AI tools (Copilot, ChatGPT, ...) when you program?"),
    ]


def default_exit_survey() -> list[Question]:
    """RealHumanEval's post-study questionnaire (appendix A.2.4), word for word and in its order. The paper
    prints no answers for its first question; ours are yes / partly / no. Questions about the AI are asked
    only with AI (a participant without an assistant cannot rate one)."""
    tlx = [Question(id=qid, text=text, kind="scale", min=1, max=20, low_label=LOW, high_label=HIGH)
           for qid, text in TLX_ITEMS]
    return [
        Question(id=TYPICAL_USAGE, kind="choice", options=["yes", "partly", "no"], ai_only=True,
                 text="Thinking of your experience using AI tools outside of today’s session, do you think that "
                      "your session today reflects your typical usage of AI tools?"),
        *tlx,
        Question(id="ai_helpfulness", kind="scale", min=1, max=10, ai_only=True, low_label=LOW, high_label=HIGH,
                 text="Overall, how useful/helpful was the AI assistant?"),
        Question(id="ai_usage", kind="text", ai_only=True, required=False,
                 text="In which ways was the AI assistant helpful? What did it allow you to accomplish?"),
        Question(id="ai_improvements", kind="text", ai_only=True, required=False,
                 text="How could the AI suggestions be improved?"),
        Question(id="comments", kind="text", required=False,
                 text="Additional comments (Optional): anything went wrong? any feedback?"),
    ]


def our_exit_survey() -> list[Question]:
    """The earlier exit survey, the same questions in our words (`wording = "ours"`)."""
    tlx = [Question(id=qid, text=text, kind="scale", min=1, max=20, low_label="Low", high_label="High")
           for qid, text in OUR_TLX_ITEMS]
    return [
        Question(id=TYPICAL_USAGE, kind="choice", options=["yes", "partly", "no"], ai_only=True,
                 text="Compared with how you use AI tools outside this study, was today's session typical of "
                      "your usual use?"),
        *tlx,
        Question(id="ai_helpfulness", kind="scale", min=1, max=10, ai_only=True, low_label="Low",
                 high_label="High", text="Overall, how useful was the AI assistant?"),
        Question(id="ai_usage", kind="text", ai_only=True, required=False,
                 text="How did you use the AI assistant? When was it helpful, and when not?"),
        Question(id="ai_improvements", kind="text", ai_only=True, required=False,
                 text="What would make the AI assistant more helpful to you?"),
        Question(id="comments", kind="text", required=False, text="Any other comments about the study?"),
    ]


MAX_TEXT_ANSWER = 5000


def check_answers(questions: Sequence[Question], form: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The answers typed for `questions` (scales as ints), and the problems, one per unanswered or invalid one."""
    answers: dict[str, Any] = {}
    problems: list[str] = []
    for q in questions:
        raw = str(form.get(q.id, "")).strip()
        if not raw:
            if q.required:
                problems.append(f"Please answer: {q.text}")
            continue
        if q.kind == "choice":
            if raw not in q.options:
                problems.append(f"Pick one of the answers for: {q.text}")
                continue
            answers[q.id] = raw
        elif q.kind in ("scale", "number"):
            if not WHOLE_NUMBER.fullmatch(raw) or not q.min <= int(raw) <= q.max:
                problems.append(f"Give a number from {q.min} to {q.max} for: {q.text}")
                continue
            answers[q.id] = int(raw)
        else:
            answers[q.id] = raw[:MAX_TEXT_ANSWER]
    return answers, problems
