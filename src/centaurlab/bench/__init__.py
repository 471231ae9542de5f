"""Benchmark runs in the COMPASS protocol: models x tasks x prompt framings x samples, graded and reported."""

from ._dataset import export_dataset
from ._framings import (
    COMPASS_FRAMINGS,
    DEFAULT_FRAMING_PRESET,
    FramingError,
    framing_names,
    framing_presets,
    get_framing,
    load_framing_file,
)
from ._inspect_export import export_inspect
from ._power import bench_power
from ._protocol import MIN_PAIRED, QUALITY_NOTE, evidence
from ._records import SampleKey, graded_samples, mean_correctness, open_run, sample_models, save_sample, stored_runs
from ._report import BenchReport
from ._report_html import STYLE, render_html, report_fragment
from ._results import human_baselines, human_placements, load_report, write_csv
from ._runner import RunSummary, SampleOutcome, resolve_max_tokens, run_bench
from ._spec import DEFAULT_MAX_TOKENS, BenchSpec
from ._tables import ScoredSample, samples_of
from ._view import sections

__all__ = [
    "bench_power",
    "BenchReport",
    "BenchSpec",
    "COMPASS_FRAMINGS",
    "DEFAULT_FRAMING_PRESET",
    "DEFAULT_MAX_TOKENS",
    "FramingError",
    "MIN_PAIRED",
    "QUALITY_NOTE",
    "RunSummary",
    "STYLE",
    "SampleKey",
    "SampleOutcome",
    "ScoredSample",
    "evidence",
    "export_inspect",
    "export_dataset",
    "framing_names",
    "framing_presets",
    "get_framing",
    "graded_samples",
    "human_baselines",
    "human_placements",
    "load_framing_file",
    "load_report",
    "mean_correctness",
    "open_run",
    "render_html",
    "report_fragment",
    "resolve_max_tokens",
    "run_bench",
    "sample_models",
    "samples_of",
    "save_sample",
    "sections",
    "stored_runs",
    "write_csv",
]
