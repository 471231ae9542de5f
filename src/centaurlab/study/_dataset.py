"""The dataset card of a study released as a Hugging Face `datasets` folder (`centaur study export --format
hf`): what the tables are and how their personal data were scrubbed, said where the data travel, since
whoever loads them from the Hub never reads our docs. The tables and the folder come from _export.py and
hfdataset.py."""

from __future__ import annotations

from ..hfdataset import DatasetCard

ROWS_ARE = {
    "events": "event the browser logged (`payload` is JSON text)",
    "suggestions": "autocomplete suggestion served, with whether it was shown and what became of it",
    "chat": "chat message, with the answer and what the participant did with it",
    "tasks": "task a participant reached, with its outcome and time",
    "participants": "participant: condition, progress and survey answers (`pre_*`, `exit_*`)",
}


def study_card(study_id: str, license: str, kept_recruitment_ids: bool) -> DatasetCard:
    """The card of study `study_id`; says whether recruitment ids were kept or hashed."""
    ids = ("Prolific ids are kept as recorded (exported with `--keep-recruitment-ids`): remove them before "
           "publishing." if kept_recruitment_ids else
           "Prolific ids (participant and session) are replaced by salted hashes, the same id giving the same "
           "hash within this study.")
    scrubbing = (
        "Free text a participant wrote (chat messages and their history, survey answers, pastes) has e-mail "
        "addresses, phone numbers and names the text introduces (\"my name is ...\", \"I'm ...\", a sign-off "
        "such as \"Thanks, ...\") replaced by `[email]`, `[phone]` and `[name]`; code (the editor's code, "
        "suggestions' prefixes and suffixes, program output) has e-mail addresses replaced only, since other "
        "rules would change the program. Names written without such a cue cannot be told from other words "
        f"and stay: read the free text before publishing it. {ids}")
    return DatasetCard(
        title=f"{study_id}: a Centaur Lab user study of programmers with AI assistance",
        description=("Programmers solved coding tasks in a browser editor with inline autocomplete, a chat "
                     "assistant, or no AI, in the manner of RealHumanEval (Mozannar et al.). Every event was "
                     "logged; the other tables are built from the events."),
        scrubbing=scrubbing, command=f"centaur study export {study_id} --format hf", license=license,
        rows_are=ROWS_ARE)
