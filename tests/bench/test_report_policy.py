"""The bench report under the reporting policy, for stored runs through the CLI: every estimate with its
interval, n and unit, no nan, no strict rank inside overlapping intervals (`stats.audit`), and samples that
of one prompt at temperature 0 counted as one draw, their consistency not computed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.bench import BenchSpec, load_report, run_bench
from centaurlab.cli import app, console
from centaurlab.models import ModelConfig, Registry
from centaurlab.stats import audit
from tests.fakes.openai_server import FakeOpenAI, Reply, chat_body, serve
from tests.helpers import MINI_BANK

from .test_runner import answer

FAKE_AT_0 = ("fake was sampled at temperature 0 (greedy decoding), so its samples of one prompt are repeats, not "
             "independent draws")
WRONG = Reply(body=chat_body("```python\ndef count_pairs(nums: list[int], target: int) -> int:\n    return -1\n```"))


def _registry(fake: FakeOpenAI, temperature: float) -> Registry:
    return Registry({"fake": ModelConfig(name="fake", base_url=fake.base_url, model="fake-1", max_retries=0,
                                         temperature=temperature)})


def _report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, url: str, *args: str) -> str:
    monkeypatch.setenv("CENTAUR_DATABASE_URL", url)
    monkeypatch.setattr(console, "_width", 400)
    result = CliRunner().invoke(app, ["bench", "report", "latest", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture
def database(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'bench.db'}"
    store.upgrade(url)
    return url


def test_a_run_at_temperature_0_counts_one_draw_per_prompt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           database: str) -> None:
    # 4 samples of each of 2 framings: the fake answers right to the neutral framing and wrong to the dual one,
    # always the same way, as a greedy decoder would
    spec = BenchSpec(models=("fake",), bank=str(MINI_BANK), framings=("neutral", "dual"), samples=4)
    for fake in serve():
        fake.responder = lambda body: (answer() if "effectively solves" in body["messages"][0]["content"]
                                       else WRONG)
        run_bench(spec, database, registry=_registry(fake, 0.0), workers=1)
    data = json.loads(_report(tmp_path, monkeypatch, database, "--json"))
    assert audit(data) == []
    assert data["draws"] == [{"model": "fake", "samples": 8, "draws": 2, "pairs": 12, "identical_pairs": 12,
                              "samples_are_repeats": FAKE_AT_0}]
    [model] = data["by_model"]
    # two draws: correctness 100 (neutral) and 0 (dual), mean 50, exact for these prompts, no interval
    assert (model["n"], model["correctness"]["estimate"], model["correctness"]["n"]) == (2, 50.0, 2)
    assert (model["correctness"]["ci_low"], model["correctness"]["unit"]) == (None, "points of 100")
    assert model["correctness_interval"].startswith("not computed: fake was sampled at temperature 0")
    [consistency] = data["consistency"]
    assert consistency["correctness"]["not_computed"] == (
        f"{FAKE_AT_0} (12 of 12 pairs of samples of one prompt identical)")
    assert data["consistency_by_task"] == []  # no SDs of repeated identical answers
    text = _report(tmp_path, monkeypatch, database)
    assert "its 8 samples count as 2 draws (12 of 12 pairs of samples of one prompt identical)" in text
    assert "nan" not in text.lower().replace("financ", "")
    assert "human percentile of fake: not computed: no human baseline stored for these tasks" in text
    html = tmp_path / "report.html"
    _report(tmp_path, monkeypatch, database, "--html", str(html))
    page = html.read_text()
    assert "n=2" in page and "n=8" not in page  # the violins are drawn from the draws
    assert "Consistency over repeated generations" in page and "nan" not in page


def test_a_sampled_run_reports_intervals_and_rank_ranges(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         database: str) -> None:
    # at temperature 0.8 the fake answers the neutral framing right 3 times in 4 and the dual one once in 4
    spec = BenchSpec(models=("fake",), bank=str(MINI_BANK), framings=("neutral", "dual"), samples=4)
    asked = {"neutral": 0, "dual": 0}

    def respond(body: dict[str, Any]) -> Reply:
        framing = "neutral" if "effectively solves" in body["messages"][0]["content"] else "dual"
        asked[framing] += 1
        right = asked[framing] <= 3 if framing == "neutral" else asked[framing] == 1
        return answer() if right else WRONG

    for fake in serve(respond):
        run_bench(spec, database, registry=_registry(fake, 0.8), workers=1)
    data = json.loads(_report(tmp_path, monkeypatch, database, "--json"))
    assert audit(data) == []
    assert data["draws"][0]["draws"] == 8 and data["draws"][0]["samples_are_repeats"] is None
    [model] = data["by_model"]
    correctness = model["correctness"]
    # 4 of 8 right: mean 50, SD sqrt(8 * 0.25 * 10000 / 7) = 53.452, t(7) 2.364624: 50 +- 44.69
    assert (correctness["estimate"], correctness["n"], correctness["unit"]) == (50.0, 8, "points of 100")
    assert (correctness["ci_low"], correctness["ci_high"]) == pytest.approx(
        (50 - 2.364624 * 53.452248 / 8 ** 0.5, 50 + 2.364624 * 53.452248 / 8 ** 0.5), abs=1e-4)
    framings = {c["measure"]: c for c in data["comparisons"]["by_framing"]}
    # neutral 75, dual 25, each from 4 draws with SD 50: t(3) 3.182446 * 25 = 79.56 either side, cut to 0-100;
    # the intervals overlap, so both rank 1-2 and no framing is named best
    rows = {r["framing"]: r for r in framings["correctness"]["rows"]}
    assert (rows["neutral"]["rank"], rows["dual"]["rank"]) == ("1-2", "1-2")
    assert (rows["neutral"]["estimate"], rows["neutral"]["ci_low"], rows["neutral"]["ci_high"]) == (
        75.0, 0.0, 100.0)
    assert framings["correctness"]["claim"] == ("no single highest correctness among these framings: the "
                                                "intervals of dual and neutral overlap, so the data do not "
                                                "separate them")
    assert framings["quality"]["not_ranked"] == ("quality is the same value (100) everywhere compared, so it "
                                                 "carries no information here")
    text = _report(tmp_path, monkeypatch, database)
    assert "fake: 8 samples, each a draw (" in text
    assert "fewest draws in a row: 4; an interval needs at least 2" in text
    assert "│ neutral │ 4 │ 1-2  │ 75 [0, 100]" in text
    assert "quality not compared: quality is the same value (100) everywhere compared" in text


def test_load_report_names_the_run_at_temperature_0(database: str) -> None:
    spec = BenchSpec(models=("fake",), bank=str(MINI_BANK), framings=("neutral",), samples=2, temperature=0.0)
    for fake in serve():
        fake.script += [answer(), answer()]
        run_bench(spec, database, registry=_registry(fake, 0.8), workers=1)  # the run's own 0 wins
    report = load_report(database, "latest")
    assert report.fixed == {"fake": FAKE_AT_0}
    assert [(d.samples, d.draws, d.identical_pairs) for d in report.draw_counts] == [(2, 1, 1)]
