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

from centaurlab.cli.root import app
from centaurlab.modelcard import NO_CLEAR_BEST, model_card
from centaurlab.modelcard.centaurs import Row, best_of
from centaurlab.modelcard.figures import Figure
from tests.modelcard import centaur_seed as scenario

pytestmark = pytest.mark.slow

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
    from centaurlab.cli import output

    monkeypatch.setenv("CENTAUR_DATABASE_URL", world["url"])
    monkeypatch.setattr(output.console, "width", 200)  # the tables whole, whatever terminal runs the suite


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
    assert (placed["min_gap"]["percentile"], placed["min_gap"]["people"], placed["min_gap"]["n"]) == (
        percentile_by_hand(50.0, people)[0], 5, 2)
    figure = lens["figures"]["human_percentile"]
    expected = statistics.mean(percentile_by_hand(scenario.MODEL_SCORE[t], by_hand(human_scores(t)))[0]
                               for t in scenario.TASKS)
    assert figure["n"] == 2 and figure["value"] == pytest.approx(expected)
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
        assert figure["n"] == 5 and figure["value"] == pytest.approx(mean)
        assert figure["low"] == pytest.approx(max(0.0, mean - half)) and figure["high"] == pytest.approx(
            min(100.0, mean + half))
        model = rows["model alone"]
        assert model["correctness"]["n"] == 2 and model["correctness"]["value"] == 100.0
        assert model["efficiency"]["value"] == (0.0 if task["task"] == "min_gap" else 100.0)
        assert rows["people with autocomplete"]["correctness"]["n"] == len(helped)
        helped_correctness = correctness[scenario.WITH_AUTOCOMPLETE[column]]
        assert rows["people with autocomplete"]["correctness"]["value"] == helped_correctness
        assert rows["people alone"]["seconds"]["n"] == 5 and rows["model alone"]["seconds"]["n"] == 2
        # people alone's correctness interval reaches 100 on both tasks: nobody is clearly best
        assert task["best"]["correctness"] == NO_CLEAR_BEST
        assert task["model_percentile"]["people"] == 5
    text = cli("compare", "--bank", "algo", "--study", scenario.STUDY, "-m", "fake").output
    assert "model alone" in text and "people with autocomplete" in text and "scripted" in text


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
