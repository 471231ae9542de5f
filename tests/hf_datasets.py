"""Loading an exported dataset folder the way a reader of the release would, with `datasets.load_dataset`,
offline and with a cache of the test's own (the default cache is shared, and keyed so that a folder
written again at a reused path could be read from it stale). Shared by the pillars' test_hf_export.py."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest


def load_table(folder: Path, table: str, cache: Path, monkeypatch: pytest.MonkeyPatch) -> pd.DataFrame:
    """The `train` split of configuration `table` of `folder`, as `datasets` loads it, as a DataFrame."""
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    datasets = pytest.importorskip("datasets")
    for flag in ("HF_HUB_OFFLINE", "HF_DATASETS_OFFLINE"):  # read when `datasets` was first imported
        monkeypatch.setattr(datasets.config, flag, True, raising=False)
    loaded = datasets.load_dataset(str(folder), table, split="train", cache_dir=str(cache))
    frame: pd.DataFrame = loaded.to_pandas()
    return frame


def rows(frame: pd.DataFrame) -> list[dict[str, object]]:
    """A table's rows as plain values (times as ISO text, missing values as None), to compare exports by."""
    parsed: list[dict[str, object]] = json.loads(frame.to_json(orient="records", date_format="iso"))
    return parsed
