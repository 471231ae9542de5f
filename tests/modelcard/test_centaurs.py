"""End to end with scripted participants (labelled as scripts) on two algo tasks: a study created from its
file, worked through the web API; `centaur study baselines` refused for scripts, then too few people, then
accepted when the test opts in; `centaur bench report` placing a fake model among those participants; and
`centaur compare` with its three rows per task. Every number is checked against one computed here by hand
from the known scores (see centaur_seed.py)."""

from __future__ import annotations

import json
import math
import statistics
from typing import Any

import pytest
from scipy import stats
from typer.testing import CliRunner

from centaurlab.bench import BenchSpec, run_bench
from centaurlab.cli import app
from centaurlab.modelcard import Figure, model_card
from centaurlab.modelcard._centaurs import NO_CLEAR_BEST, SCRIPT_TIME, Row, best_of
from centaurlab.models import ModelConfig, Registry
from centaurlab.stats import audit, describe, welch_difference
from tests.fakes.openai_server import FakeOpenAI
from tests.modelcard import centaur_seed as scenario

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("test_centaurs")]  # one worker builds the module's fixture once

runner = CliRunner()


def cli(*args: str) -> Any:
    return runner.invoke(app, list(args))


def phi(z: float) -> float:
    return 50.0 * (1.0 + math.erf(z / math.sqrt(2.0)))


def by_hand(scores: list[float]) -> dict[str, float]:
    """n, mean, median, SD (ddof=1) and the adjusted Fisher-Pearson skew, written out."""
    n = len(scores)
    mean = sum(scores) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in scores) / (n - 1))
    m2 = sum((x - mean) ** 2 for x in scores) / n
    m3 = sum((x - mean) ** 3 for x in scores) / n
    skew = math.sqrt(n * (n - 1)) / (n - 2) * m3 / m2 ** 1.5
    return {"n": n, "mean": mean, "median": statistics.median(scores), "sd": sd, "skew": skew}


def percentile_by_hand(model: float, people: dict[str, float]) -> tuple[float, float, float]:
    """COMPASS's percentile, and the delta method's interval (the model's samples all agree: no variance)."""
    z = (model - people["mean"]) / people["sd"]
    half = 1.959963984540054 * math.sqrt(1 / people["n"] + z * z / (2 * (people["n"] - 1)))
    return round(phi(z), 1), round(phi(z - half), 1), round(phi(z + half), 1)


def human_scores(task: str) -> list[float]:
    column = 0 if task == "min_gap" else 1
    return [scenario.COMBINED[plan[column]] for plan in scenario.NO_AI]


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("centaurs")
    url = f"sqlite:///{folder / 'centaurs.db'}"
    seen: dict[str, Any] = {}

    def with_four(worked: scenario.Worked) -> None:
        import os

        os.environ["CENTAUR_DATABASE_URL"] = url
        seen["refused"] = cli("study", "baselines", scenario.STUDY)
        seen["too_few"] = cli("study", "baselines", scenario.STUDY, "--allow-scripted", "--json")

    worked, run_id = scenario.seed(url, folder, between=with_four)
    return {"url": url, "worked": worked, "run": run_id, **seen}


@pytest.fixture(autouse=True)
def database(world: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    from centaurlab.cli import console

    monkeypatch.setenv("CENTAUR_DATABASE_URL", world["url"])
    monkeypatch.setattr(console, "_width", 200)  # the tables whole, whatever terminal runs the suite


def test_scripted_participants_make_no_baseline_unless_the_caller_opts_in(world: dict[str, Any]) -> None:
    refused = world["refused"]
    assert refused.exit_code == 2, refused.output
    assert "scripted participants" in refused.output and "--allow-scripted" in refused.output


def test_with_four_people_each_task_says_too_few_instead_of_a_number(world: dict[str, Any]) -> None:
    result = world["too_few"]
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["label"] == "study algo-centaurs, condition no-ai: scripted participants, not people"
    assert [(t["task"], t["n"], "mean" in t) for t in data["tasks"]] == [("anagram_pairs", 4, False),
                                                                          ("min_gap", 4, False)]
    assert all(t["reason"] == "too few people: 4, a baseline needs at least 5" for t in data["tasks"])


def test_with_five_people_the_baseline_is_compass_s_statistics_of_their_combined_scores(
        world: dict[str, Any]) -> None:
    result = cli("study", "baselines", scenario.STUDY, "--allow-scripted", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["source"] == "study:algo-centaurs" and data["people"] is False
    for row in data["tasks"]:
        expected = by_hand(human_scores(row["task"]))
        assert row["n"] == expected["n"] == 5 and row["reason"] == ""
        for key in ("mean", "median", "sd", "skew"):
            assert row[key] == pytest.approx(expected[key], abs=1e-4), (row["task"], key)
    # min_gap: 100, 50, 20, 100, 50 -> mean 64, median 50, SD sqrt(4920 / 4) = 35.07
    assert data["tasks"][1]["mean"] == 64.0 and data["tasks"][1]["median"] == 50.0
    # the table for a person says whose people they are
    table = cli("study", "baselines", scenario.STUDY, "--allow-scripted")
    assert "scripts, not people" in table.output and "2 of 2 tasks have a baseline" in table.output


def test_bench_report_places_the_model_among_the_study_s_participants(world: dict[str, Any]) -> None:
    assert cli("study", "baselines", scenario.STUDY, "--allow-scripted", "--json").exit_code == 0
    result = cli("bench", "report", world["run"], "--json")
    assert result.exit_code == 0, result.output
    rows = {r["task"]: r for r in json.loads(result.output)["human_percentiles_by_task"]}
    for task in scenario.TASKS:
        people = by_hand(human_scores(task))
        percentile, low, high = percentile_by_hand(scenario.MODEL_SCORE[task], people)
        row = rows[task]
        assert (row["n"], row["score"], row["human_n"]) == (2, scenario.MODEL_SCORE[task], 5)
        assert (row["percentile"], row["low"], row["high"]) == (percentile, low, high), task
        assert row["baseline"] == "study algo-centaurs, condition no-ai: scripted participants, not people"
    # min_gap by hand: z = (50 - 64) / 35.07 = -0.399, the 34.5th percentile
    assert rows["min_gap"]["percentile"] == 34.5
    text = cli("bench", "report", world["run"]).output
    # the text rounds to what the interval supports: 34.5 with an interval some 60 points wide prints as 34
    assert "Human-equivalent percentile per task" in text and "34 [9, 70]" in text
    # the task files' own baselines (none in algo) leave every task unplaced
    cited = json.loads(cli("bench", "report", world["run"], "--json", "--baselines", "task").output)
    assert all(r["percentile"] is None for r in cited["human_percentiles_by_task"])


def test_the_model_card_places_the_model_with_its_interval_n_and_whose_people(world: dict[str, Any]) -> None:
    cli("study", "baselines", scenario.STUDY, "--allow-scripted")
    lens = model_card(world["url"], "fake").as_dict()["lenses"]["bench"]
    placed = {p["task"]: p for p in lens["tables"]["human_placement"]}
    people = by_hand(human_scores("min_gap"))
    assert (placed["min_gap"]["estimate"], placed["min_gap"]["people"], placed["min_gap"]["n"]) == (
        percentile_by_hand(50.0, people)[0], 5, 2)
    figure = lens["figures"]["human_percentile"]
    expected = statistics.mean(percentile_by_hand(scenario.MODEL_SCORE[t], by_hand(human_scores(t)))[0]
                               for t in scenario.TASKS)
    assert figure["n"] == 2 and figure["estimate"] == pytest.approx(expected)
    assert "scripted participants, not people" in figure["settings"]["human_baselines"][0]


def test_compare_shows_the_model_alone_people_alone_and_people_with_the_assistant(world: dict[str, Any]) -> None:
    cli("study", "baselines", scenario.STUDY, "--allow-scripted")
    result = cli("compare", "--bank", "algo", "--study", scenario.STUDY, "-m", "fake", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["participants"] == "scripted participants, not people"
    helped = world["worked"].by_condition["autocomplete"]
    correctness = {"reference": 100.0, "slow": 100.0, "starter": 40.0}
    for task in data["tasks"]:
        column = 0 if task["task"] == "min_gap" else 1
        rows = {r["arm"]: r["figures"] for r in task["rows"]}
        assert list(rows) == ["model alone", "people alone", "people with autocomplete"]
        alone = [correctness[p[column]] for p in scenario.NO_AI]
        mean, sd = statistics.mean(alone), statistics.stdev(alone)
        half = stats.t.ppf(0.975, 4) * sd / math.sqrt(5)
        figure = rows["people alone"]["correctness"]
        assert figure["n"] == 5 and figure["estimate"] == pytest.approx(mean) and figure["unit"] == "points of 100"
        assert figure["ci_low"] == pytest.approx(max(0.0, mean - half)) and figure["ci_high"] == pytest.approx(
            min(100.0, mean + half))
        model = rows["model alone"]
        assert model["correctness"]["n"] == 2 and model["correctness"]["estimate"] == 100.0
        assert model["efficiency"]["estimate"] == (0.0 if task["task"] == "min_gap" else 100.0)
        assert rows["people with autocomplete"]["correctness"]["n"] == len(helped)
        helped_correctness = correctness[scenario.WITH_AUTOCOMPLETE[column]]
        assert rows["people with autocomplete"]["correctness"]["estimate"] == helped_correctness
        # the participants are scripts: their time is not a person's, so it is not reported as one
        for arm in ("people alone", "people with autocomplete"):
            seconds = rows[arm]["seconds"]
            assert (seconds["estimate"], seconds["n"]) == (None, 5)
            assert seconds["not_computed"] == SCRIPT_TIME
        assert rows["model alone"]["seconds"]["n"] == 2 and rows["model alone"]["seconds"]["unit"] == "s"
        assert task["claims"]["seconds"] == "no comparison of time to solution: fewer than two figures have an interval"
        # people alone's correctness interval reaches 100 on both tasks, and the model's two answers and the
        # helped people's code do not vary (no interval): nobody is clearly best
        assert task["best"]["correctness"] == NO_CLEAR_BEST
        assert task["claims"]["correctness"].startswith(("no single highest correctness", "no comparison of"))
        # every arm hands in code graded quality 100, the wrong code too: quality is not ranked or tested
        assert task["claims"]["quality"] == ("quality: the same value (100) everywhere compared, so it carries no "
                                             "information here; not ranked")
        assert all(d["difference"]["not_computed"] == "quality does not vary on this task"
                   for d in task["differences"] if d["measure"] == "quality")
        assert task["model_percentile"]["people"] == 5
        # each pair of arms has a difference with its own interval: people alone minus the model alone by hand
        diff = next(d for d in task["differences"] if (d["arm"], d["against"], d["measure"]) == (
            "people alone", "model alone", "correctness"))
        welch = welch_difference(alone, [100.0, 100.0])
        assert diff["difference"]["estimate"] == pytest.approx(mean - 100.0)
        assert diff["difference"]["ci_low"] == pytest.approx(welch.ci_low)
        assert diff["difference"]["interval"] == "Welch t" and diff["difference"]["n"] == 7
    assert data["correction"].startswith("Benjamini-Hochberg over ")
    pooled = next(d for d in data["pooled_differences"] if (d["arm"], d["against"], d["measure"]) == (
        "people alone", "model alone", "correctness"))
    assert pooled["tasks"] == 2 and pooled["difference"]["estimate"] == pytest.approx(
        statistics.mean(statistics.mean(correctness[p[c]] for p in scenario.NO_AI) - 100.0 for c in (0, 1)))
    assert audit(data) == []
    text = cli("compare", "--bank", "algo", "--study", scenario.STUDY, "-m", "fake").output
    assert "model alone" in text and "people with autocomplete" in text and "scripted" in text
    # the pair's name may fold in its cell now that the cells beside it say why a difference is not computed
    assert "not a person's time" in text and "people alone - model" in text and "pooled over tasks" in text
    assert "people alone: not computed: the participants are scripts" in text
    assert "│ not computed: quality " in text  # the reason in the cell, not "-"


def test_samples_at_temperature_0_are_one_draw_without_an_interval(world: dict[str, Any]) -> None:
    """Three samples of one prompt at temperature 0 are one answer asked three times: n is 1, there is no interval,
    the percentile rests on that one draw, and differences against the model test the people against its value."""
    spec = BenchSpec(models=("greedy",), bank="algo", tasks=scenario.TASKS, framings=("neutral",), samples=3)
    with FakeOpenAI() as fake:
        fake.script += [scenario.model_answer() for _ in range(6)]
        registry = Registry({"greedy": ModelConfig(name="greedy", base_url=fake.base_url, model="greedy-1",
                                                   max_retries=0, temperature=0.0)})
        assert run_bench(spec, world["url"], registry=registry, workers=1).graded == 6
    cli("study", "baselines", scenario.STUDY, "--allow-scripted")
    result = cli("compare", "--bank", "algo", "--study", scenario.STUDY, "-m", "greedy", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert audit(data) == []
    task = next(t for t in data["tasks"] if t["task"] == "min_gap")
    model = task["rows"][0]
    assert model["note"].startswith("3 samples at temperature 0 are 1 distinct draw")
    composite = model["figures"]["composite"]
    # min_gap: the quadratic solution, correctness 100, efficiency 0, quality 100
    assert composite["estimate"] == pytest.approx(200 / 3, abs=0.01)
    assert (composite["n"], composite["ci_low"]) == (1, None)
    assert composite["no_interval"] == "one draw: samples at temperature 0 cannot differ"
    assert task["model_percentile"]["n"] == 1
    diff = next(d for d in task["differences"] if (d["arm"], d["against"], d["measure"]) == (
        "people alone", "model alone", "composite"))
    # the people's composites (reference 100, slow 200/3, starter 140/3) against the model's one fixed value
    people = [{"reference": 100.0, "slow": 200 / 3, "starter": 140 / 3}[p[0]] for p in scenario.NO_AI]
    summary = describe(people)
    assert diff["difference"]["interval"] == "one-sample t against the fixed arm (one draw at temperature 0)"
    assert diff["difference"]["estimate"] == pytest.approx(summary.mean - 200 / 3, abs=0.02)
    assert diff["difference"]["ci_low"] == pytest.approx(summary.ci_low - 200 / 3, abs=0.05)
    assert diff["difference"]["n"] == 6
    # the card counts the same draws: two tasks, one framing, so n 2 rather than 6 samples, and no spread to measure
    bench = model_card(world["url"], "greedy").as_dict()["lenses"]["bench"]["figures"]
    assert bench["composite"]["n"] == 2 and bench["composite"]["settings"]["draws"].startswith(
        "6 samples, 2 distinct draws")
    assert bench["consistency_sd"]["not_computed"].startswith("samples at temperature 0 cannot differ")


def test_compare_refuses_another_bank_s_name(world: dict[str, Any]) -> None:
    result = cli("compare", "--bank", "study", "--study", scenario.STUDY, "-m", "fake")
    assert result.exit_code == 2 and "runs on bank 'algo'" in result.output


def test_best_is_named_only_where_the_intervals_separate() -> None:
    def row(arm: str, **figures: Figure) -> Row:
        return Row(arm, "model", arm, dict(figures))

    high, low, wide = Figure(90, 5, 1, 88, 92), Figure(50, 5, 1, 48, 52), Figure(70, 5, 30, 40, 95)
    assert best_of([row("a", x=high), row("b", x=low)], "x") == "a"
    assert best_of([row("a", x=high), row("b", x=low), row("c", x=wide)], "x") == NO_CLEAR_BEST
    assert best_of([row("a", seconds=high), row("b", seconds=low)], "seconds") == "b"  # less time is better
