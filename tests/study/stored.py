"""The documented example study (examples/study.toml) in a store, with the seeded synthetic participants of
tests/study/metrics/synthetic.py logged into it, so that `centaur study report` runs end to end without a
browser. `no_task` names conditions whose participants complete no task (the exclusion rule removes them)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from centaurlab import store
from centaurlab.study import ParticipantRow, append_events, create_study, load_study

from .metrics.synthetic import study

EXAMPLE = Path(__file__).parents[2] / "examples" / "study.toml"
# the synthetic study's conditions as the example file names them (its paired condition has no counterpart)
RENAME = {"none": "no-ai", "autocomplete": "local-autocomplete", "chat": "local-chat", "both": "local-chat"}


def stored_example(url: str, no_task: tuple[str, ...] = (), n: int = 18) -> str:
    """Create the example study in the store at `url` and log `n` synthetic participants into it; its id."""
    store.upgrade(url)
    spec = load_study(EXAMPLE)
    create_study(url, spec, EXAMPLE.parent)
    events, people, _ = study(n, seed=11)
    events = events.assign(study_id=spec.id, condition=events["condition"].map(RENAME))
    people = people.assign(condition=people["condition"].map(RENAME))
    gone = set(people.loc[people["condition"].isin(no_task), "participant_id"])
    events = events[~(events["participant_id"].isin(gone) & (events["type"] == "task_completed"))]
    events = events.assign(event_id=[f"{spec.id}-{e}" for e in events["event_id"]])
    with store.session_scope(url) as session:
        for pid, condition, task_set in zip(people["participant_id"], people["condition"], people["task_set"],
                                            strict=True):
            session.add(ParticipantRow(id=pid, study_id=spec.id, token_sha256=hashlib.sha256(pid.encode()).hexdigest(),
                                       stage="done", condition=condition, task_set=0 if task_set == "A" else 1,
                                       sequence=[], code={}, recruitment={}))
        session.flush()
        append_events(session, [{k: (None if v != v else v) for k, v in row.items()}
                                for row in events.to_dict("records")])
    return spec.id
