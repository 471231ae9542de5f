"""A tiny bench against the embedded model through its real HTTP endpoint: stored, graded, reported."""

from __future__ import annotations

from pathlib import Path

import pytest

from centaurlab import store
from centaurlab.bench import BenchSpec, load_report, render_html, run_bench, samples_of
from centaurlab.models import calls_for_run
from centaurlab.stats import audit


@pytest.mark.slow
def test_tiny_bench_on_the_local_model(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bench.db'}"
    store.upgrade(url)
    spec = BenchSpec(models=("local",), bank="study", tasks=("even_odd_count", "count_nums"),
                     framings=("neutral", "dual"), samples=2, max_tokens=96)
    summary = run_bench(spec, url, workers=2)
    assert (summary.total, summary.graded, summary.model_errors) == (8, 8, 0), summary.errors
    with store.session_scope(url) as session:
        samples = samples_of(session, summary.run_id)
        calls = calls_for_run(session, summary.run_id)
        assert len(samples) == 8 and all(s.answer for s in samples) and all(s.code for s in samples)
        assert all(s.grade and s.grade["correctness_detail"]["total"] > 0 for s in samples)
        assert len(calls) == 8 and all(c.completion_tokens for c in calls)
    report = load_report(url, "latest")
    data = report.to_dict()
    # the embedded model decodes greedily (temperature 0): 2 samples of each of 4 prompts are 4 draws
    [draws] = data["draws"]
    assert (draws["samples"], draws["draws"], draws["pairs"]) == (8, 4, 4)
    assert draws["samples_are_repeats"] == (
        "local was sampled at temperature 0 (greedy decoding), so its samples of one prompt are repeats, "
        "not independent draws")
    assert [r["n"] for r in data["by_model"]] == [4]
    assert audit(data) == []
    assert {r["framing"] for r in report.to_dict()["by_framing"]} == {"neutral", "dual"}
    assert "<svg" in render_html(report)

    again = run_bench(spec, url, workers=2)  # the same spec resumes the finished run and asks nothing
    assert (again.run_id, again.kept, again.generated) == (summary.run_id, 8, 0)
