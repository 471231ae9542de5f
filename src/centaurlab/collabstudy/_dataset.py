"""The dataset card of a collaboration study released as a Hugging Face `datasets` folder (`centaur collab
study export --format hf`). The tables are _export.py's, unchanged; the card says what each row is and,
plainly, what the export leaves as recorded, since whoever loads the folder never reads our docs."""

from __future__ import annotations

from ..hfdataset import DatasetCard

ROWS_ARE = {
    "sessions": ("task a participant was given: agent, mode, the agent's overwrite permission, its steps and "
                 "tokens, status, time on task"),
    "events": "event of a participant's session (`payload` is JSON text: prompts, agent steps, file versions)",
    "deliverables": "file handed in: name, SHA-256 and size (the contents are not exported)",
    "versions": ("version of a workspace file, every write kept (the person's edit or upload, the agent's, a "
                 "restore): author, time, SHA-256 and the content (`content` as text, or `content_base64`)"),
    "surveys": "survey answer (`phase` pre or post)",
    "judgements": "judge's grading of a session (`scores` is JSON text with each item's justification)",
    "overrides": "researcher's grade kept beside the judges'",
}

SCRUBBING = (
    "Participants are named by the platform's random ids; deliverables appear by name, hash and size, and the "
    "workspace files' contents in `versions`. "
    "Free text is exported as recorded, not scrubbed: the prompts participants typed and the agent's answers "
    "(in `events`), the files they and the agent wrote (in `versions`), survey answers, skip reasons and "
    "researchers' override notes may hold names, e-mail "
    "addresses or phone numbers, and each `join` event keeps the recruitment platform's URL parameters "
    "(such as a Prolific id). Read and clean these before publishing.")


def collab_card(study_id: str, license: str) -> DatasetCard:
    """The card of collaboration study `study_id`."""
    return DatasetCard(
        title=f"{study_id}: a Centaur Lab study of people working occupational tasks with AI agents",
        description=("People worked occupational tasks (O*NET) with an AI agent in the browser, or with an agent "
                     "of their own, in the manner of CollabSkill; judges graded the deliverables against the "
                     "tasks' rubrics, and surveys were taken before and after."),
        scrubbing=SCRUBBING, command=f"centaur collab study export {study_id} --format hf", license=license,
        rows_are=ROWS_ARE)
