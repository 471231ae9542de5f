"""Migration 0009: a study stored before the paper's defaults keeps the behaviour it was created with."""

from __future__ import annotations

import json
from pathlib import Path

import sqlalchemy as sa

from centaurlab import store
from centaurlab.study import StudyCache

OLD_SPEC = {"id": "old", "title": "Old", "conditions": {"none": {}, "autocomplete": {"autocomplete_model": "local"}},
            "autocomplete": {"temperature": 0.0}, "paste": {"block_external_without_ai": True}}


def test_an_old_study_keeps_its_settings_and_reads_its_conditions(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    store.upgrade(url, revision="0008")
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO studies (id, title, spec, bank_folder, tutorial, task_sets, source, "
                             "created_at) VALUES ('old', 'Old', :spec, 'study', 'sum_product', :sets, '', "
                             "'2026-01-01 00:00:00')"),
                     {"spec": json.dumps(OLD_SPEC), "sets": '[["even_odd_count"]]'})
    engine.dispose()
    store.upgrade(url)
    spec = StudyCache(url).get("old").spec
    assert spec.paste.block_external is False and spec.paste.blocks("none") and not spec.paste.blocks("autocomplete")
    assert (spec.autocomplete.header, spec.autocomplete.send_suffix, spec.autocomplete.trim) == ("", False, "smart")
    assert spec.autocomplete.temperature == 0.0 and spec.editor.run == "examples"
    assert spec.kind("autocomplete") == "autocomplete" and spec.kind("none") == "none"


def test_a_study_stored_before_the_papers_words_keeps_ours(tmp_path: Path) -> None:
    """A study created before `wording` existed goes on showing its newcomers what its first participants
    read (our words); one created now reads the paper's."""
    from centaurlab.study import StudySpec, create_study

    url = f"sqlite:///{tmp_path / 'words.db'}"
    store.upgrade(url)
    earlier = {**OLD_SPEC, "surveys": {"exit": [{"id": "tlx_mental", "text": "Mental demand: how much thinking did "
                                                 "the study ask of you?", "kind": "scale", "min": 1, "max": 20}]}}
    engine = sa.create_engine(url)
    with engine.begin() as conn:
        conn.execute(sa.text("INSERT INTO studies (id, title, spec, bank_folder, tutorial, task_sets, source, "
                             "created_at) VALUES ('old', 'Old', :spec, 'study', 'sum_product', :sets, '', "
                             "'2026-01-01 00:00:00')"),
                     {"spec": json.dumps(earlier), "sets": '[["even_odd_count"]]'})
    engine.dispose()
    create_study(url, StudySpec.model_validate({**OLD_SPEC, "id": "new"}), tmp_path)
    old, new = StudyCache(url).get("old"), StudyCache(url).get("new")
    assert old.spec.wording == "ours" and old.instructions("none").startswith("Solve as many tasks as you can.")
    assert [q.text for q in old.spec.exit_questions("none")] == [earlier["surveys"]["exit"][0]["text"]]
    assert new.spec.wording == "realhumaneval" and new.instructions("none").startswith("Welcome to the user study!")
    assert new.spec.exit_questions("none")[0].text == "How mentally demanding was the study?"
