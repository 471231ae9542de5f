"""A stored bench run as a folder Hugging Face `datasets` loads (`centaur bench export RUN --dataset DIR`):
every sample with the model's answer, the code graded and its scores, and the run's configuration, so
that others can re-analyse the answers, not only our report's means. The folder and card are hfdataset.py's.

Samples are the models' output on the bank's tasks: nothing a participant wrote is in them, so nothing
is scrubbed; the card says so, and that an error message is kept as the provider sent it."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from .. import store
from ..hfdataset import DEFAULT_LICENSE, DatasetCard, write_dataset
from ._records import resolve_run_id
from ._results import sample_row
from ._tables import BenchRun, samples_of

ROWS_ARE = {
    "samples": "sample (model x task x framing x draw), graded or not: answer, code, scores, quality issues",
    "run": "run: its configuration as JSON text, status and times",
}
SCRUBBING = (
    "Nothing is scrubbed, because no person wrote any of it: the answers are the models' output on the bank's "
    "tasks, and `error` is a provider's error message as it arrived. `code_sha256` is what two samples are "
    "compared by; `issues` counts the quality findings by category (JSON text).")


def run_tables(database_url: str, run: str) -> dict[str, pd.DataFrame]:
    """The run's two tables: its samples in the order they were made, and the run itself."""
    run_id = resolve_run_id(database_url, run)
    with store.session_scope(database_url) as session:
        samples = [{**sample_row(s), "issues": json.dumps(sample_row(s)["issues"], sort_keys=True),
                    "status": s.status, "answer": s.answer, "code": s.code, "error": s.error,
                    "latency_s": s.latency_s, "completion_tokens": s.completion_tokens}
                   for s in samples_of(session, run_id)]
        row = session.get(BenchRun, run_id)
        if row is None:
            raise LookupError(f"bench run {run_id!r} is gone")
        runs = [{"run_id": row.id, "status": row.status, "config": json.dumps(row.config, sort_keys=True),
                 "created_at": row.created_at, "finished_at": row.finished_at}]
    return {"samples": pd.DataFrame(samples), "run": pd.DataFrame(runs)}


def export_dataset(database_url: str, run: str, out: Path, license: str = DEFAULT_LICENSE) -> dict[str, Path]:
    """Write run `run` (an id, a unique prefix, or `latest`) to `out` as a dataset folder; its files by table."""
    tables = run_tables(database_url, run)
    run_id = str(tables["run"]["run_id"].iloc[0])
    card = DatasetCard(
        title=f"Centaur Lab bench run {run_id}",
        description=("Models answered coding tasks under prompt framings, several samples each, and every "
                     "answer was graded on correctness, efficiency and code quality, in the manner of COMPASS "
                     "(Codility); scores run from 0 to 100."),
        scrubbing=SCRUBBING, command=f"centaur bench export {run_id} --dataset DIR", license=license,
        rows_are=ROWS_ARE)
    return write_dataset(out, tables, card)
