"""Benchmark runs in the COMPASS protocol: models x tasks x prompt framings x samples, graded and reported."""

from .dataset import export_dataset, run_tables
from .extract import extract_code
from .framings import (
    COMPASS_FRAMINGS,
    DEFAULT_FRAMING_PRESET,
    Framing,
    FramingError,
    framing_names,
    framing_presets,
    get_framing,
    load_framing_file,
)
from .inspect_export import InspectExport, WrittenLog, export_inspect
from .power import BenchPower, bench_power
from .protocol import MIN_PAIRED, QUALITY_NOTE, Evidence, Protocol, evidence, run_protocol
from .records import (
    GradedSample,
    RunInfo,
    SampleKey,
    graded_samples,
    mean_correctness,
    open_run,
    resolve_run_id,
    sample_models,
    save_sample,
    stored_runs,
)
from .report import DIMENSIONS, PCA, BenchReport, build_report
from .report_html import STYLE, render_html, report_fragment
from .results import TASK_FILES, human_baselines, human_placements, load_report, write_csv
from .runner import RunSummary, SampleOutcome, plan_samples, resolve_max_tokens, run_bench
from .spec import DEFAULT_MAX_TOKENS, BenchSpec
from .view import TableView, sections

__all__ = [
    "BenchPower",
    "bench_power",
    "BenchReport",
    "BenchSpec",
    "COMPASS_FRAMINGS",
    "DEFAULT_FRAMING_PRESET",
    "DEFAULT_MAX_TOKENS",
    "DIMENSIONS",
    "Evidence",
    "Framing",
    "FramingError",
    "GradedSample",
    "InspectExport",
    "MIN_PAIRED",
    "PCA",
    "Protocol",
    "QUALITY_NOTE",
    "RunInfo",
    "RunSummary",
    "STYLE",
    "TASK_FILES",
    "TableView",
    "WrittenLog",
    "SampleKey",
    "SampleOutcome",
    "build_report",
    "evidence",
    "export_inspect",
    "export_dataset",
    "extract_code",
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
    "plan_samples",
    "render_html",
    "report_fragment",
    "resolve_max_tokens",
    "resolve_run_id",
    "run_bench",
    "run_tables",
    "run_protocol",
    "sample_models",
    "save_sample",
    "sections",
    "stored_runs",
    "write_csv",
]
