"""A collaboration study exported as a Hugging Face `datasets` folder loads with `datasets.load_dataset`,
offline, into exactly the rows of the Parquet export; a table nothing was recorded in has no
configuration, and the card says the free text is not scrubbed."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from centaurlab import store
from centaurlab.collabstudy import CollabStudies, export_study, override_grade, parse_collab_study
from tests.hf_datasets import load_table, rows

from .fakes import ScriptedModel, writer
from .test_service import PRE


def test_a_collab_study_export_loads_with_datasets_into_the_parquet_exports_rows(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite'}"
    store.upgrade(url)
    p = CollabStudies(url, tmp_path / "ws", providers=lambda name: ScriptedModel(writer("summary.md", "# Done")))
    p.create(parse_collab_study({"study": {"id": "pilot", "title": "Pilot", "tasks": {
        "sessions_per_participant": 2}, "agents": {"embedded": ["local-agent"]}}}))
    _, token = p.join("pilot", {})
    p.consent(token)
    p.survey(token, "pre", PRE)
    p.setup(token, 0, "regularly")
    p.chat(token, 0, "Write it, then mail me at ana@example.com", client_id="k")
    override_grade(url, p.submit(token, 0), "ana", 70.0, "fine")
    p.skip(token, 1, "no time", {})

    files = export_study(url, "pilot", tmp_path / "parquet", "parquet")
    folder = tmp_path / "hf"
    written = export_study(url, "pilot", folder, "hf", license="cc-by-4.0")
    assert {f.parent.name for f in written} == {"sessions", "events", "deliverables", "versions", "surveys",
                                                "overrides"}
    for path in files:
        table = path.stem.removeprefix("pilot-")
        expected = pd.read_parquet(path)
        if table == "judgements":  # no judge ran: not even its columns are known
            assert expected.empty and "Empty: nothing of this kind was recorded" in (folder / "README.md").read_text()
            continue
        loaded = load_table(folder, table, tmp_path / "cache", monkeypatch)
        assert len(loaded) == len(expected) > 0
        assert rows(loaded) == rows(expected), table
    events = load_table(folder, "events", tmp_path / "cache", monkeypatch)
    assert any("ana@example.com" in payload for payload in events["payload"])  # as exported: not scrubbed
    kept = load_table(folder, "versions", tmp_path / "cache", monkeypatch)  # every version, with its content
    assert list(zip(kept["name"], kept["author"], kept["content"], strict=True)) == [("summary.md", "agent", "# Done")]
    card = (folder / "README.md").read_text()
    assert card.startswith("---\nlicense: cc-by-4.0\n") and "- config_name: overrides" in card
    assert "not scrubbed" in card and "- config_name: judgements" not in card
