"""The report's protocol and its warnings: stated from what a run stored, counted from the samples."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from centaurlab.bench import (
    COMPASS_FRAMINGS,
    MIN_PAIRED,
    evidence,
    get_framing,
    report_fragment,
)
from centaurlab.bench._protocol import run_protocol
from centaurlab.bench._report import build_report
from centaurlab.cli import app
from tests.bench.test_report import ROWS, row


def test_pairs_are_counted_per_dimension_pair_and_thin_evidence_is_named() -> None:
    report = build_report("run-x", ROWS)
    found = evidence(report.frame, report.pca.n if report.pca else None)
    # efficiency is missing on A's two t2 samples: 4 of the 6 samples have it
    assert found.overall == {"correctness-efficiency": 4, "correctness-quality": 6, "efficiency-quality": 4}
    assert found.by_model == {"A": {"correctness-efficiency": 2, "correctness-quality": 4, "efficiency-quality": 2},
                              "B": {"correctness-efficiency": 2, "correctness-quality": 2, "efficiency-quality": 2}}
    assert found.pca == 4
    assert found.warnings == [
        "Correlations rest on fewer than 30 paired observations (correctness-efficiency 4, correctness-quality 6, "
        "efficiency-quality 4): read them as illustrations, not estimates.",
        "The PCA rests on 4 samples with all three dimensions, fewer than 30.",
        "Per-model correlations rest on fewer than 30 paired observations for A (fewest: 2), B (fewest: 2).",
    ]
    data = report.to_dict()
    # the PCA needs 10 samples with all three dimensions: it is not computed, so no warning about it is printed
    assert data["pca"] == {"n": 4, "not_computed": "n 4 is below the stated minimum of 10 for pca"}
    assert data["paired_observations"] == {**evidence(report.frame, None).to_dict(), "threshold": 30}
    assert data["protocol"] is None  # built from rows alone: no stored run to state
    assert data["quality_note"].startswith("Quality is an open approximation of CodeScene's Code Health")


def test_thirty_pairs_are_enough_and_twenty_nine_are_not() -> None:
    def rows(n: int) -> list[dict[str, object]]:
        return [row("A", f"t{i % 5}", i, c=i % 7 * 10, e=i % 3 * 40, q=100 - i, comp=50) for i in range(n)]

    assert MIN_PAIRED == 30
    enough = build_report("r", rows(30))
    assert enough.pca is not None and enough.pca.n == 30
    assert evidence(enough.frame, enough.pca.n).warnings == []
    short = build_report("r", rows(29))
    assert [w.split(" (")[0] for w in evidence(short.frame, 29).warnings] == [
        "Correlations rest on fewer than 30 paired observations",
        "The PCA rests on 29 samples with all three dimensions, fewer than 30.",
        "Per-model correlations rest on fewer than 30 paired observations for A",
    ]


def test_the_protocol_of_a_run_stored_before_lengths_were_resolved_per_model() -> None:
    old = {"models": ["m1", "m2"], "bank": "algo", "framings": ["neutral", "both"], "samples": 3,
           "temperature": None, "max_tokens": 1024,
           "framing_texts": {n: get_framing(n, "centaur").instruction for n in ("neutral", "dual")}}
    protocol = run_protocol(old, ["t1", "t2", "t1", "t3"], temperatures={"m1": [0.2], "m2": [None]},
                            max_tokens_sent={"m1": [1024], "m2": [1024]})
    assert protocol.to_dict() == {
        "models": ["m1", "m2"], "samples_per_task_and_framing": 3, "samples_per_model_and_task": 6,
        "framings": ["neutral", "dual"], "framing_wording": "centaur", "temperature": None,
        "temperatures_sent": {"m1": [0.2], "m2": [None]},
        "max_tokens": {"m1": {"value": 1024, "source": "--max-tokens", "sent": [1024]},
                       "m2": {"value": 1024, "source": "--max-tokens", "sent": [1024]}},
        "bank": "algo", "tasks": 3,
    }
    assert protocol.lines() == [
        ("models", "m1, m2"),
        ("samples", "3 per task and framing (6 per model and task)"),
        ("framings", "neutral, dual (Centaur Lab's paraphrase)"),
        ("temperature", "each model's default (m1: 0.2; m2: not sent, the endpoint default)"),
        ("max tokens", "m1 1024 (--max-tokens); m2 1024 (--max-tokens)"),
        ("bank", "algo, 3 tasks"),
    ]


def test_a_length_changed_on_resume_shows_what_the_calls_sent() -> None:
    config = {"models": ["m"], "bank": "algo", "framings": ["neutral"], "samples": 16, "temperature": 0.5,
              "max_tokens": None, "framing_preset": "compass",
              "max_tokens_by_model": {"m": {"value": 8000, "source": "the model's setting, centaur.toml"}}}
    protocol = run_protocol(config, ["t"], temperatures={"m": [0.5]}, max_tokens_sent={"m": [4000, 8000]})
    lines = dict(protocol.lines())
    assert lines["max tokens"] == "m 8000 (the model's setting, centaur.toml), calls sent 4000, 8000"
    assert lines["temperature"] == "0.5 (m: 0.5)"
    assert lines["framings"] == "neutral (COMPASS's wording, verbatim)"


def test_the_html_report_opens_with_the_protocol_and_the_warnings() -> None:
    report = build_report("run-x", ROWS)
    report.protocol = run_protocol({"models": ["A", "B"], "samples": 2, "framings": ["neutral"], "bank": "algo",
                                    "framing_preset": "compass", "temperature": None,
                                    "max_tokens_by_model": {"A": {"value": 256, "source": "the model's setting"},
                                                            "B": {"value": 16384, "source": "default"}}},
                                   ["t1", "t2"], temperatures={}, max_tokens_sent={})
    page = report_fragment(report)
    assert page.index("<h2>Protocol</h2>") < page.index("<h2>Scores per model</h2>")
    assert "<tr><th>max tokens</th><td>A 256 (the model&#x27;s setting); B 16384 (default)</td></tr>" in page
    assert "The PCA rests on" not in page  # below its stated minimum the PCA is not computed, and says so
    assert "PCA: not computed: n 4 is below the stated minimum of 10 for pca" in page
    assert "docs/quality.md" in page


def test_bench_framings_lists_both_wordings() -> None:
    result = CliRunner().invoke(app, ["bench", "framings", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    built_in = [(d["preset"], d["name"]) for d in data if d["name"] in COMPASS_FRAMINGS]  # not other tests' files
    assert built_in == [
        ("compass", "neutral"), ("compass", "correctness"), ("compass", "efficiency"), ("compass", "dual"),
        ("centaur", "neutral"), ("centaur", "correctness"), ("centaur", "efficiency"), ("centaur", "dual"),
    ]
    assert data[0]["instruction"].endswith("\nWrite a solution that effectively solves the problem as described.")
    only = json.loads(CliRunner().invoke(app, ["bench", "framings", "--framing-preset", "centaur", "--json"]).stdout)
    assert {d["preset"] for d in only} == {"centaur"}
