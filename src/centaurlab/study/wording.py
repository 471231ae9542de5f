"""What a coding study's participants are told unless the study file says otherwise: the consent, the
rules every participant gets, and the instructions of each kind of condition (RealHumanEval's, in our
words). Kept apart from the study file's schema so the wording can be read, and changed, in one place."""

from __future__ import annotations

# RealHumanEval's chat system prompt (Mozannar et al., appendix): an expert Python programmer, code in Python only.
REAL_HUMAN_EVAL_SYSTEM_PROMPT = (
    "You are an expert Python programmer, be helpful to the user and return code only in Python."
)

# `{minutes}` is the study's session length: a study of 30 minutes must not promise 35.
DEFAULT_CONSENT = """You are invited to take part in a research study on how programmers write code with
and without AI assistance. You will solve short Python programming tasks in a browser editor for about
{minutes} minutes, then answer a few questions. We log what happens in the editor (your code, runs, and your use
of the assistant) and your answers. Taking part is voluntary and you may stop at any time. The data are
used for research only and are published without names or e-mail addresses."""

# What RealHumanEval told every participant (appendix A), in our words: Python only, with the standard
# library, numpy and pandas; no outside help; then how the condition's assistant works, and that it can be
# wrong.
COMMON_RULES = (
    "Write Python only, using the standard library, numpy and pandas. Do not use any outside help while you "
    "work: no search engine, no Q&A site, no other AI tool; pasting from outside this page is turned off."
)
AI_MAY_BE_WRONG = "The AI assistant is not always right: its suggestions may be wrong, so check what you use."
RUN_AND_SUBMIT = (
    "Run shows your program's output; Submit checks your code against hidden tests, as often as you like. If a "
    "task takes too long, a Skip button appears after a while."
)
# Tasks with efficiency tests (the `algo` bank's) grade the final code's speed too, as COMPASS does: people
# must know that before they submit, since a pass loads the next task and a slow solution then stays.
TIMED_TASKS = (
    "Speed counts too: after the session your submitted code is also run on inputs as large as the task's "
    "constraints allow, and a correct but slow solution scores lower. A pass loads the next task at once, so "
    "make your solution fast enough before you submit it."
)
DEFAULT_INSTRUCTIONS: dict[str, str] = {
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
