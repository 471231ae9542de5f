"""A folder that Hugging Face `datasets` loads as it is: one Parquet file per table and a dataset card.

The study, collaboration-study and bench exports each hand their tables here, so the layout and the
card are decided in one place and a released study is one `datasets.load_dataset(FOLDER, TABLE)` away,
as RealHumanEval released its data. Each table is one configuration with one split, `train` (the Hub's
name for "all the rows"); the card's YAML header lists every configuration's file, which is what
`load_dataset` reads to find them, offline or on the Hub.

Only pandas and pyarrow write the folder: `datasets` is needed to load it, never to write it, so it stays
an optional extra. The foundation layer, because three pillars at two layers call it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from .errors import InvalidInput

SPLIT = "train"
DEFAULT_LICENSE = "other"
_LICENSE = re.compile(r"[a-z0-9][a-z0-9.+-]*")
_TABLE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


@dataclass(frozen=True)
class DatasetCard:
    """What the card says beside the schema: the title, what the data are, how they were scrubbed, the
    licence (a Hub identifier such as `cc-by-4.0`; `other` until the researcher chooses one) and, per
    table, what one row is."""

    title: str
    description: str
    scrubbing: str
    command: str
    license: str = DEFAULT_LICENSE
    rows_are: Mapping[str, str] = field(default_factory=dict)


def check_license(license: str) -> str:
    """The licence as the card's YAML may hold it: a Hub licence identifier, lowercase, no spaces."""
    if not _LICENSE.fullmatch(license):
        raise InvalidInput(f"--license {license!r}: use a Hugging Face licence identifier such as cc-by-4.0, mit "
                           "or other")
    return license


def data_file(table: str) -> str:
    """Where a table's Parquet file sits inside the folder (the Hub's own naming of one shard)."""
    return f"{table}/{SPLIT}-00000-of-00001.parquet"


def write_dataset(out: Path, tables: Mapping[str, pd.DataFrame], card: DatasetCard) -> dict[str, Path]:
    """Write each table with columns as a configuration, and README.md; returns each written table's file.

    A table without a single column (nothing of its kind was recorded, so not even its columns are known)
    gets no file, which Parquet and `datasets` could not read, and the card says it is empty."""
    check_license(card.license)
    out.mkdir(parents=True, exist_ok=True)
    written: dict[str, Path] = {}
    schemas: dict[str, tuple[pa.Schema, int]] = {}
    for name, frame in tables.items():
        if not _TABLE.fullmatch(name):
            raise ValueError(f"table name {name!r} is not a configuration name")
        if len(frame.columns) == 0:
            continue
        table = pa.Table.from_pandas(frame, preserve_index=False)
        path = out / data_file(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        pq.write_table(table, path)
        written[name] = path
        schemas[name] = (table.schema.remove_metadata(), table.num_rows)
    empty = [name for name in tables if name not in written]
    (out / "README.md").write_text(card_text(card, schemas, empty), encoding="utf-8")
    return written


def _header(card: DatasetCard, tables: list[str]) -> list[str]:
    """The YAML header; every string is written JSON-quoted, which YAML reads as the same string."""
    lines = ["---", f"license: {card.license}", f"pretty_name: {json.dumps(card.title)}", "configs:"]
    for name in tables:
        lines += [f"- config_name: {name}", "  data_files:", f"  - split: {SPLIT}",
                  f"    path: {json.dumps(data_file(name))}"]
    return [*lines, "---", ""]


def card_text(card: DatasetCard, schemas: Mapping[str, tuple[pa.Schema, int]], empty: list[str]) -> str:
    """The dataset card: YAML header, then what the data are, how to load them, licence, scrubbing, schema."""
    first = next(iter(schemas), "TABLE")
    lines = [*_header(card, list(schemas)), f"# {card.title}", "", card.description, "",
             f"Written by `{card.command}` (Centaur Lab). Each table is one configuration with one split, "
             f"`{SPLIT}`:", "", "```python", "from datasets import load_dataset",
             f'rows = load_dataset("path/to/this/folder", "{first}", split="{SPLIT}")', "```", "",
             "## Licence", ""]
    if card.license == DEFAULT_LICENSE:
        lines += ["`other`: no licence was chosen at export. Set one before publishing: export again with "
                  "`--license ID` (a Hugging Face licence identifier such as `cc-by-4.0`), or edit `license:` "
                  "in the header above.", ""]
    else:
        lines += [f"`{card.license}`.", ""]
    lines += ["## How the data were scrubbed", "", card.scrubbing, "", "## Tables", ""]
    for name, (schema, rows) in schemas.items():
        what = card.rows_are.get(name)
        lines += [f"### `{name}`", "", f"{rows} rows" + (f"; one per {what}." if what else "."), "",
                  "| column | type |", "|---|---|"]
        lines += [f"| `{f.name}` | `{f.type}` |" for f in schema]
        lines.append("")
    for name in empty:
        lines += [f"### `{name}`", "", "Empty: nothing of this kind was recorded, so it has no file.", ""]
    return "\n".join(lines)
