"""What a coding study's participants are told unless the study file says otherwise: the consent, the
instructions of each kind of condition, and the speed sentence of timed tasks. Kept apart from the study
file's schema so the wording can be read, and changed, in one place.

Why the paper's words by default: a replication of RealHumanEval (Mozannar et al.) must tell its
participants what the paper's did, or differences in what people did may come from what they read. The
instructions below are those of appendix A.2, word for word, as Markdown (the paper's bullets as list
items); only its three durations are filled in from the study's timing, so that a study of 30 minutes does
not promise 35 (with the default timing the text is exactly the paper's). `OUR_INSTRUCTIONS` are the
earlier text in our words, kept for the studies created with it (`wording = "ours"`), so that one study's
participants all read one text.
"""

from __future__ import annotations

from typing import Literal

Wording = Literal["realhumaneval", "ours"]

# RealHumanEval's chat system prompt (Mozannar et al., appendix C.1), word for word.
REAL_HUMAN_EVAL_SYSTEM_PROMPT = (
    "You are an expert Python programmer, be helpful to the user and return code only in Python."
)

# `{minutes}` is the study's session length: a study of 30 minutes must not promise 35. The paper's own
# pre-study text (appendix A.2) describes its form (name and e-mail, a Start Experiment button, progress lost
# on refresh), none of which holds here, so the consent is ours.
DEFAULT_CONSENT = """You are invited to take part in a research study on how programmers write code with
and without AI assistance. You will solve short Python programming tasks in a browser editor for about
{minutes} minutes, then answer a few questions. We log what happens in the editor (your code, runs, and your use
of the assistant) and your answers. Taking part is voluntary and you may stop at any time. The data are
used for research only and are published without names or e-mail addresses."""

# --- RealHumanEval, appendix A.2, word for word. Placeholders: {minutes} the session ("35 minutes"),
# {delay} the typing pause ("2 seconds"), {skip} the time before Skip ("10 minutes"). The PDF breaks
# "StackOverflow" over two lines ("Stack-" / "Overflow"); the site's name is one word.
RHE_WELCOME = (
    "Welcome to the user study! You will first complete a tutorial task to make you familiar with the study.\n\n"
    "- You will be writing code in Python only and use only standard python libraries and only numpy and pandas.\n"
    "- After the tutorial task, you will have {minutes} total where you will try to solve as many coding tasks "
    "as possible one at a time.\n"
    "- It is NOT allowed to use any outside resources to solve the coding questions (e.g., Google, StackOverflow, "
    "ChatGPT), your compensation is tied to effort only."
)
RHE_AUTOCOMPLETE_LEAD = ("You will write code in the interface above: a code editor equipped with an AI assistant "
                         "that provides suggestions inline.")
RHE_CHAT_LEAD = ("You will write code in the interface above: a code editor equipped with an AI assistant chatbot "
                 "in the right panel.")
RHE_NONE_LEAD = "You will write code in the interface above: a code editor."
RHE_REQUEST = ("- You can also request a suggestion at any time by pressing [CTRL+ENTER] (Windows) or "
               "[CMD+ENTER] (Mac).")
RHE_AUTOCOMPLETE_KEYS = (
    "- The AI automatically provides a suggestion whenever you stop typing for more than {delay}.\n"
    "- You can accept a suggestion by pressing the key [TAB] or reject a suggestion by pressing [ESC].\n"
    + RHE_REQUEST
)
RHE_CHAT_FEATURES = (
    "- The AI chatbot will respond to messages you send and incorporate previous messages in its response. "
    "The AI does not know what the task is or the code in the editor.\n"
    "- When the AI generates code in its response, there is a COPY button that will show up above the code "
    "segment to allow you to copy."
)
# What the chat bullet says instead when the study sends the task and the code along (`chat.sees_code`):
# the paper's sentence would then be false.
RHE_CHAT_BLIND = "The AI does not know what the task is or the code in the editor."
CHAT_SEES_CODE = "The AI is sent the task and the code in the editor with each message."
RHE_RUN = ("- You can run your code by pressing the run button and the output will be in the output box at the "
           "bottom in grey.")
RHE_TEST_RUN = ("- You can test your code by pressing the run button and the output will be in the output box at "
                "the bottom in grey.")
RHE_SUBMIT_SKIP = (
    "- Press the submit button to evaluate your code for correctness. You can submit your code as many times as "
    "you wish until the code is correct.\n"
    "- If you cannot solve one of the tasks in {skip}, a button “Skip Task”, only press this button if you "
    "absolutely cannot solve the task."
)
RHE_NOTE = (
    "Note: please be aware that the AI assistant is not perfect and may provide incorrect suggestions. Moreover, "
    "the AI may generate potentially offensive suggestions especially if prompted with language that is offensive."
)
# The paper ran no condition with both assistants and none with two suggestions at once: `both` joins its
# autocomplete and chat texts (one lead sentence for the two), `paired` says in our words how to choose.
BOTH_LEAD = ("You will write code in the interface above: a code editor equipped with an AI assistant that "
             "provides suggestions inline and an AI assistant chatbot in the right panel.")
PAIRED_LEAD = ("You will write code in the interface above: a code editor equipped with an AI assistant that "
               "provides two suggestions inline, one above the other.")
PAIRED_KEYS = (
    "- The AI automatically provides two suggestions whenever you stop typing for more than {delay}.\n"
    "- Pick one with the Up and Down arrows and accept it by pressing the key [TAB]; reject both by pressing "
    "[ESC] or by typing on.\n" + RHE_REQUEST
)


def _page(lead: str, *bullets: str, note: bool = True) -> str:
    return "\n\n".join([RHE_WELCOME, lead, "\n".join(bullets), *([RHE_NOTE] if note else [])])


REAL_HUMAN_EVAL_INSTRUCTIONS: dict[str, str] = {
    "none": _page(RHE_NONE_LEAD, RHE_RUN, RHE_SUBMIT_SKIP, note=False),
    "autocomplete": _page(RHE_AUTOCOMPLETE_LEAD, RHE_AUTOCOMPLETE_KEYS, RHE_RUN, RHE_SUBMIT_SKIP),
    "chat": _page(RHE_CHAT_LEAD, RHE_CHAT_FEATURES, RHE_TEST_RUN, RHE_SUBMIT_SKIP),
    "both": _page(BOTH_LEAD, RHE_AUTOCOMPLETE_KEYS, RHE_CHAT_FEATURES, RHE_RUN, RHE_SUBMIT_SKIP),
    "paired": _page(PAIRED_LEAD, PAIRED_KEYS, RHE_RUN, RHE_SUBMIT_SKIP),
}


def _duration(value: float, unit: str) -> str:
    return f"{value:g} {unit}" if value == 1 else f"{value:g} {unit}s"


def paper_instructions(kind: str, minutes: float, delay_ms: int, skip_minutes: float, sees_code: bool) -> str:
    """RealHumanEval's instructions for a condition of `kind`, with the study's durations filled in (the
    defaults 35, 2000 and 10 give the paper's text exactly) and the chat bullet true to `sees_code`."""
    text = REAL_HUMAN_EVAL_INSTRUCTIONS[kind].format(
        minutes=_duration(minutes, "minute"), delay=_duration(delay_ms / 1000, "second"),
        skip=_duration(skip_minutes, "minute"))
    return text.replace(RHE_CHAT_BLIND, CHAT_SEES_CODE) if sees_code else text


# --- Ours (the earlier default, `wording = "ours"`): the same rules in our words, one paragraph.
COMMON_RULES = (
    "Write Python only, using the standard library, numpy and pandas. Do not use any outside help while you "
    "work: no search engine, no Q&A site, no other AI tool; pasting from outside this page is turned off."
)
AI_MAY_BE_WRONG = "The AI assistant is not always right: its suggestions may be wrong, so check what you use."
RUN_AND_SUBMIT = (
    "Run shows your program's output; Submit checks your code against hidden tests, as often as you like. If a "
    "task takes too long, a Skip button appears after a while."
)
PASTE_OFF = "; pasting from outside this page is turned off"
OUR_INSTRUCTIONS: dict[str, str] = {
    "none": f"Solve as many tasks as you can. {COMMON_RULES} No AI assistant is available in this session. "
            f"{RUN_AND_SUBMIT}",
    "autocomplete": (
        f"Solve as many tasks as you can. {COMMON_RULES} An AI autocomplete suggests code in grey as you type: "
        "after a short pause, or when you press Ctrl+Enter (Cmd+Enter on a Mac). Press Tab to accept a suggestion "
        f"and Esc (or keep typing) to dismiss it. {RUN_AND_SUBMIT} {AI_MAY_BE_WRONG}"
    ),
    "chat": (
        f"Solve as many tasks as you can. {COMMON_RULES} An AI chat assistant is in the panel on the right: ask "
        "it anything; it remembers the conversation. It does not see your code or the task unless you paste them "
        f"into your message. Code blocks in its answers have a Copy button. {RUN_AND_SUBMIT} {AI_MAY_BE_WRONG}"
    ),
    "both": (
        f"Solve as many tasks as you can. {COMMON_RULES} An AI autocomplete suggests code in grey as you type (Tab "
        "accepts, Esc dismisses, Ctrl+Enter asks), and an AI chat assistant is in the panel on the right. "
        f"{RUN_AND_SUBMIT} {AI_MAY_BE_WRONG}"
    ),
    "paired": (
        f"Solve as many tasks as you can. {COMMON_RULES} After a short pause, or when you press Ctrl+Enter "
        "(Cmd+Enter on a Mac), two AI autocomplete suggestions appear one above the other. Use the Up and Down "
        "arrows to pick one and Tab to accept it; Esc (or typing on) dismisses both. "
        f"{RUN_AND_SUBMIT} {AI_MAY_BE_WRONG}"
    ),
}


def condition_instructions(wording: Wording, kind: str, *, minutes: float, delay_ms: int, skip_minutes: float,
                           sees_code: bool, paste_off: bool) -> str:
    """What a condition of `kind` reads by default under `wording` (ours names the paste rule only where it
    holds)."""
    if wording == "realhumaneval":
        return paper_instructions(kind, minutes, delay_ms, skip_minutes, sees_code)
    text = OUR_INSTRUCTIONS[kind]
    return text if paste_off else text.replace(PASTE_OFF, "")


# What the tutorial task's page says above the task, by the condition's kind. The paper's pop-up says only
# "You will first complete a tutorial task to make you familiar with the study"; the rest names what the
# participant actually has, so a no-AI participant is never told of an assistant (the tutorial's own
# description is the same for every condition and names none). Ours under either wording.
TUTORIAL_LEAD = "This is the tutorial task, to make you familiar with the study. It is not timed: try "
TUTORIAL_TAIL = "Run and Submit. Solving it starts the timed session."
TUTORIAL_NOTES: dict[str, str] = {
    "none": f"{TUTORIAL_LEAD}the code editor, {TUTORIAL_TAIL}",
    "autocomplete": f"{TUTORIAL_LEAD}the code editor, the AI assistant's inline suggestions (Tab accepts, Esc "
                    f"rejects, Ctrl+Enter asks), {TUTORIAL_TAIL}",
    "chat": f"{TUTORIAL_LEAD}the code editor, the AI assistant chatbot in the right panel, {TUTORIAL_TAIL}",
    "both": f"{TUTORIAL_LEAD}the code editor, the AI assistant's inline suggestions (Tab accepts, Esc rejects, "
            f"Ctrl+Enter asks), the AI assistant chatbot in the right panel, {TUTORIAL_TAIL}",
    "paired": f"{TUTORIAL_LEAD}the code editor, the AI assistant's two inline suggestions (Up and Down pick, Tab "
              f"accepts, Esc rejects both), {TUTORIAL_TAIL}",
}

# Tasks with efficiency tests (the `algo` bank's) grade the final code's speed too, as COMPASS does: people
# must know that before they submit, since a pass loads the next task and a slow solution then stays. The
# paper's tasks had no such grading, so this paragraph is ours under either wording.
TIMED_TASKS = (
    "Speed counts too: after the session your submitted code is also run on inputs as large as the task's "
    "constraints allow, and a correct but slow solution scores lower. A pass loads the next task at once, so "
    "make your solution fast enough before you submit it."
)
