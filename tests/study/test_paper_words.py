"""What participants read and what the autocomplete model is sent are RealHumanEval's words by default.

Each default is read through the public API and compared twice: with the exact text written out below (so
the check runs where the papers folder is absent, as in CI) and, when `../shared/papers/realhumaneval.txt`
is present beside the repository, with the paper's own text."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest

from centaurlab.study import StudySpec
from centaurlab.study.metrics import survey_metrics

PAPER = Path(__file__).resolve().parents[2].parent / "shared" / "papers" / "realhumaneval.txt"

HEADER = "# file is main.py, ONLY CODE IN PYTHON IN THIS FILE"

WELCOME = (
    "Welcome to the user study! You will first complete a tutorial task to make you familiar with the study.\n\n"
    "- You will be writing code in Python only and use only standard python libraries and only numpy and pandas.\n"
    "- After the tutorial task, you will have 35 minutes total where you will try to solve as many coding tasks "
    "as possible one at a time.\n"
    "- It is NOT allowed to use any outside resources to solve the coding questions (e.g., Google, StackOverflow, "
    "ChatGPT), your compensation is tied to effort only.\n\n"
)
RUN = ("- You can run your code by pressing the run button and the output will be in the output box at the bottom "
       "in grey.\n")
SUBMIT_SKIP = (
    "- Press the submit button to evaluate your code for correctness. You can submit your code as many times as "
    "you wish until the code is correct.\n"
    "- If you cannot solve one of the tasks in 10 minutes, a button “Skip Task”, only press this button if you "
    "absolutely cannot solve the task."
)
NOTE = (
    "\n\nNote: please be aware that the AI assistant is not perfect and may provide incorrect suggestions. "
    "Moreover, the AI may generate potentially offensive suggestions especially if prompted with language that is "
    "offensive."
)
INSTRUCTIONS = {  # appendix A.2 (every condition) followed by A.2.1, A.2.2 and A.2.3
    "autocomplete": WELCOME + (
        "You will write code in the interface above: a code editor equipped with an AI assistant that provides "
        "suggestions inline.\n\n"
        "- The AI automatically provides a suggestion whenever you stop typing for more than 2 seconds.\n"
        "- You can accept a suggestion by pressing the key [TAB] or reject a suggestion by pressing [ESC].\n"
        "- You can also request a suggestion at any time by pressing [CTRL+ENTER] (Windows) or [CMD+ENTER] (Mac).\n"
    ) + RUN + SUBMIT_SKIP + NOTE,
    "chat": WELCOME + (
        "You will write code in the interface above: a code editor equipped with an AI assistant chatbot in the "
        "right panel.\n\n"
        "- The AI chatbot will respond to messages you send and incorporate previous messages in its response. "
        "The AI does not know what the task is or the code in the editor.\n"
        "- When the AI generates code in its response, there is a COPY button that will show up above the code "
        "segment to allow you to copy.\n"
        "- You can test your code by pressing the run button and the output will be in the output box at the "
        "bottom in grey.\n"
    ) + SUBMIT_SKIP + NOTE,
    "none": WELCOME + "You will write code in the interface above: a code editor.\n\n" + RUN + SUBMIT_SKIP,
}
SECTIONS = {"autocomplete": ("A.2.1 Autocomplete Condition", "A.2.2 Chat Condition"),
            "chat": ("A.2.2 Chat Condition", "A.2.3 No LLM Condition"),
            "none": ("A.2.3 No LLM Condition", "A.2.4 Post-Study Questionnaire")}

TLX = {  # appendix A.2.4, each (1-20), 1 labelled "low" and 20 "high"
    "tlx_mental": "How mentally demanding was the study?",
    "tlx_physical": "How physically demanding was the study?",
    "tlx_temporal": "How hurried or rushed was the pace of the study?",
    "tlx_performance": "How successful were you in accomplishing what you were asked to do?",
    "tlx_effort": "How hard did you have to work to accomplish your level of performance?",
    "tlx_frustration": "How insecure, discouraged, irritated, stressed, and annoyed were you?",
}
QUESTIONNAIRE = [  # appendix A.2.4, in its order: (id, text, scale or None)
    ("typical_usage", "Thinking of your experience using AI tools outside of today’s session, do you think that "
                      "your session today reflects your typical usage of AI tools?", None),
    *((qid, text, (1, 20)) for qid, text in TLX.items()),
    ("ai_helpfulness", "Overall, how useful/helpful was the AI assistant?", (1, 10)),
    ("ai_usage", "In which ways was the AI assistant helpful? What did it allow you to accomplish?", None),
    ("ai_improvements", "How could the AI suggestions be improved?", None),
    ("comments", "Additional comments (Optional): anything went wrong? any feedback?", None),
]


def spec(**fields: object) -> StudySpec:
    conditions = {"none": {}, "autocomplete": {"autocomplete_model": "local"}, "chat": {"chat_model": "local"}}
    return StudySpec.model_validate({"id": "x", "title": "t", "conditions": conditions, **fields})


def squash(text: str) -> str:
    """Text without the PDF's layout: page footers, bullets, list markers, line-break hyphens, all spaces."""
    text = re.sub(r"^\d+Under review as submission to TMLR$", "", text, flags=re.M)
    text = re.sub(r"^- ", "", text, flags=re.M).replace("•", "")
    return re.sub(r"\s+", "", re.sub(r"-\n", "", text))


def paper() -> str:
    if not PAPER.is_file():
        pytest.skip("the RealHumanEval paper is not beside the repository (../shared/papers)")
    return PAPER.read_text(encoding="utf-8")


def between(text: str, start: str, end: str) -> str:
    return text[text.index(start):text.index(end, text.index(start))]


# --- item 1: the autocomplete prompt's first line (appendix C.1)

def test_the_autocomplete_header_is_the_papers_line() -> None:
    assert spec().autocomplete.header == HEADER
    assert spec(preset="realhumaneval").autocomplete.header == HEADER


def test_the_header_is_the_line_the_paper_prints() -> None:
    lines = paper().splitlines()
    at = lines.index("For autocomplete-based LLMs, the first line of the prompt is always the following:")
    assert lines[at + 1] == spec().autocomplete.header == HEADER


# --- item 2: the instructions (appendix A.2) and the post-study questionnaire (A.2.4)

@pytest.mark.parametrize("kind", ["autocomplete", "chat", "none"])
def test_each_condition_reads_the_papers_instructions(kind: str) -> None:
    assert spec().instructions(kind) == INSTRUCTIONS[kind]


@pytest.mark.parametrize("kind", ["autocomplete", "chat", "none"])
def test_the_instructions_are_the_papers_text(kind: str) -> None:
    text = paper()
    start, end = SECTIONS[kind]
    welcome = between(text, "Welcome to the user study!", "A.2.1 Autocomplete Condition")
    section = between(text, start, end)[len(start):]
    assert squash(spec().instructions(kind)) == squash(welcome + section)


def test_the_instructions_follow_the_studys_timing_and_chat() -> None:
    """The three durations are the study's (the paper's at the defaults); a chat sent the code is not said
    to be blind to it."""
    own = spec(timing={"session_minutes": 30, "suggestion_delay_ms": 1500, "skip_after_minutes": 1},
               chat={"sees_code": True})
    assert "you will have 30 minutes total" in own.instructions("none")
    assert "stop typing for more than 1.5 seconds" in own.instructions("autocomplete")
    assert "solve one of the tasks in 1 minute, a button" in own.instructions("none")
    assert "does not know what the task is" not in own.instructions("chat")
    assert "The AI is sent the task and the code in the editor with each message." in own.instructions("chat")


def test_the_exit_survey_is_the_papers_questionnaire() -> None:
    questions = spec().exit_questions("chat")
    assert [(q.id, q.text) for q in questions] == [(qid, text) for qid, text, _ in QUESTIONNAIRE]
    for q, (_, _, scale) in zip(questions, QUESTIONNAIRE, strict=True):
        if scale is not None:
            assert (q.kind, q.min, q.max, q.low_label, q.high_label) == ("scale", *scale, "low", "high")
    assert [q.id for q in spec().exit_questions("none")] == [*TLX, "comments"]  # no AI to ask about


def test_the_exit_survey_is_the_papers_text() -> None:
    section = between(paper(), "A.2.4 Post-Study Questionnaire", "A.3 Data release considerations")
    printed = [squash(item) for item in section.split("•")[1:]]
    ours = [q.text + (f" ({q.min}-{q.max})" if q.kind == "scale" else " (free-text)" if q.kind == "text" else "")
            for q in spec().exit_questions("chat")]
    assert [squash(text) for text in ours] == [p[:len(squash(text))] for text, p in zip(ours, printed, strict=True)]
    assert 'we labeled 1 with “low” and either 10 or 20 with “high”' in section.replace("\n", " ")


def test_our_words_stay_an_option() -> None:
    ours = spec(wording="ours")
    assert ours.instructions("chat").startswith("Solve as many tasks as you can.")
    assert ours.exit_questions("none")[0].text.startswith("Mental demand:")
    assert spec(wording="ours", surveys={"exit": []}).surveys.exit == []  # a file's own survey wins


def test_tlx_items_are_kept_as_answered_and_the_workload_score_turns_performance_round() -> None:
    """The paper reports each item's mean as answered (appendix D.6, table 3); our overall score is the raw
    TLX mean with the success item turned round (21 - answer)."""
    answers = {"tlx_mental": 12, "tlx_physical": 4, "tlx_temporal": 13, "tlx_performance": 18, "tlx_effort": 11,
               "tlx_frustration": 9}
    events = pd.DataFrame([{"event_id": "e1", "study_id": "x", "participant_id": "p1", "condition": "none",
                            "task_id": None, "task_index": None, "type": "survey", "client_ms": 1, "server_ms": 1,
                            "payload": {"survey": "exit", "answers": answers}}])
    row = survey_metrics(events).iloc[0]
    assert {item: row[item] for item in answers} == answers
    assert row["tlx_mean"] == pytest.approx((12 + 4 + 13 + (21 - 18) + 11 + 9) / 6)
