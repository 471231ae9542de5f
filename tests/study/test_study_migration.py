"""Migration 0009: a study stored before the paper's defaults keeps the behaviour it was created with."""

from __future__ import annotations

import json
from pathlib import Path

import sqlalchemy as sa

from centaurlab import store
from centaurlab.study.studies import StudyCache

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
