"""The one rule of a submit (issue 39, 4), through the service against the real store and workspaces:
a 0-byte or whitespace-only file is no deliverable (listed empty, never handed in, not even when the
time runs out), a submit with nothing else is refused however it is asked, and one with deliverables
missing is asked again only when the page's first Submit asks so."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from centaurlab import store
from centaurlab.collab import CollabSession, files_of
from centaurlab.collabstudy import CollabStudies, DeliverablesMissing, WrongStep

from .fakes import ScriptedModel
from .test_time_limit import MINUTE, Clock, started

__all__ = ["started"]  # the fixture: a participant at work on task 1 of 2, on a clock the test moves


def _handed(p: CollabStudies) -> dict[str, bytes]:
    with store.session_scope(p.url) as s:
        sessions = list(s.scalars(select(CollabSession)))
        assert len(sessions) == 1
        return files_of(s, sessions[0].id)


def test_blank_files_are_listed_empty_and_a_submit_with_nothing_else_is_refused(
        started: tuple[CollabStudies, Clock, ScriptedModel, str]) -> None:
    p, _, _, token = started
    first = p.hand_in_check(token, 0).deliverables[0]
    p.write(token, 0, first, b"", source="edit")
    p.write(token, 0, "notes.md", b" \n\t\n", source="upload")
    check = p.hand_in_check(token, 0)
    assert check.state(first) == "empty" and not check.ready and check.missing == list(check.deliverables)
    for ask in (True, False):
        with pytest.raises(WrongStep, match="nothing to hand in yet"):
            p.submit(token, 0, ask_if_missing=ask)
    assert p.view(token).current == 0


def test_missing_deliverables_are_asked_about_once_and_blank_ones_not_handed_in(
        started: tuple[CollabStudies, Clock, ScriptedModel, str]) -> None:
    p, _, _, token = started
    first = p.hand_in_check(token, 0).deliverables[0]
    p.write_all(token, 0, [(first, b"  "), ("own.md", b"# Mine")], source="edit")
    with pytest.raises(DeliverablesMissing) as asked:
        p.submit(token, 0, ask_if_missing=True)
    assert asked.value.check.missing == list(asked.value.check.deliverables)
    assert asked.value.check.state(first) == "empty"
    p.submit(token, 0)  # "Submit anyway"
    assert p.view(token).current == 1 and _handed(p) == {"own.md": b"# Mine"}


def test_a_timed_out_task_hands_in_no_blank_file(started: tuple[CollabStudies, Clock, ScriptedModel, str]) -> None:
    p, clock, _, token = started
    p.write_all(token, 0, [("empty.md", b""), ("blank.md", b"\n \n"), ("kept.md", b"# Kept")], source="upload")
    clock.ms += 10 * MINUTE
    assert p.view(token).sessions[0]["status"] == "timed_out"
    assert _handed(p) == {"kept.md": b"# Kept"}
