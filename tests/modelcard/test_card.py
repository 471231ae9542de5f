"""Model cards on a real store: the figures, their intervals and runs, the comparison and the CLI."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab.cli import app, console
from centaurlab.modelcard import compare_models, known_models, mean_figure, model_card
from centaurlab.modelcard._figures import rate_figure
from centaurlab.stats import audit

from .seed import Seeded, seed

pytestmark = pytest.mark.xdist_group("test_card")  # one worker builds the module's fixture once


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Seeded]:
    path: Path = tmp_path_factory.mktemp("cards") / "cards.db"
    yield seed(f"sqlite:///{path}")


def test_figures_carry_their_intervals() -> None:
    f = mean_figure([1.0, 2.0, 3.0, None])
    assert (f.value, f.n, f.sd) == (2.0, 3, 1.0)
    assert f.low == pytest.approx(2 - 4.302652729911275 / 3 ** 0.5)  # t(0.975, 2) * 1 / sqrt(3)
    r = rate_figure(3, 4)
    assert r.value == 0.75
    assert r.low == pytest.approx(0.3006418, abs=1e-6) and r.high == pytest.approx(0.9544127, abs=1e-6)


def test_the_card_reads_every_lens(seeded: Seeded) -> None:
    good = model_card(seeded.url, "good")
    bench = good.lenses["bench"].figures
    assert bench["correctness"].value == 100.0 and bench["correctness"].n == 4
    assert bench["correctness"].runs == [f"bench:{seeded.bench_run}"]
    weak_bench = model_card(seeded.url, "weak").lenses["bench"].figures
    assert (weak_bench["correctness"].value, weak_bench["composite"].value) == (25.0, 41.67)  # 1 of 4 tests, no speed
    assert weak_bench["consistency_sd"].value == 0.0
    assert good.lenses["bench"].tables["framings"][0]["effect"]["estimate"] == 0.0
    arena = good.lenses["arena"]
    assert arena.figures["win_rate"].value == 0.25 and arena.figures["win_rate"].n == 4
    assert arena.figures["win_rate"].runs == ["arena:t-cards"]
    weak_arena = model_card(seeded.url, "weak").lenses["arena"]
    assert weak_arena.figures["accepted"].value == 0.5 and weak_arena.figures["debug_rounds"].value == 1.0
    assert weak_arena.tables["strategies"][0]["failures"] == {"timeout": 1}
    collab = good.lenses["collab"].figures
    assert collab["autonomous"].value == 45.0 and collab["autonomous"].n == 2
    assert collab["skill"].value is not None and collab["gap"].value is not None
    calls = good.lenses["calls"].figures
    assert calls["latency_s"].n == 4 and calls["errors"].value == 0.0
    study = good.lenses["study"]
    assert study.empty and "centaur study create" in (study.empty_hint or "")


def test_the_comparison_finds_where_lenses_disagree(seeded: Seeded) -> None:
    assert known_models(seeded.url) == ["good", "weak"]
    result = compare_models(seeded.url, ["good", "weak"], rounds=50)
    pairs = {tuple(a["lenses"]): a for a in result["agreement"]}
    assert pairs[("bench", "arena")]["tau"]["estimate"] == -1.0
    assert pairs[("bench", "collab")]["tau"]["estimate"] == -1.0
    assert pairs[("arena", "collab")]["tau"]["estimate"] == 1.0
    # no model has a study score: tau is not computed, and says why instead of printing nan
    study = pairs[("bench", "study")]
    assert study["tau"]["estimate"] is None and study["tau"]["n"] == 0
    assert study["note"] == study["tau"]["not_computed"] == ("0 models with a score on both lenses: an order needs "
                                                             "at least two")
    assert study["text"].startswith("not computed: 0 models")
    low, high = pairs[("bench", "arena")]["tau"]["ci_low"], pairs[("bench", "arena")]["tau"]["ci_high"]
    assert low is not None and high is not None and -1.0 <= low <= high <= 1.0
    # four matches and two sessions per model: the arena's and collab's intervals overlap, so no place is named
    # and the sentence says the lenses cannot tell the two apart, with the intervals
    assert not any(" ranks " in line for line in result["disagreements"])
    # each lens names its unit, and each interval is rounded to what it supports (0.25 [0.0456, 0.699] -> 0.25 [0.05,
    # 0.70]: a half-width of 0.33 supports two decimals)
    assert ("bench and the arena order good and weak differently, but their intervals overlap, so they cannot tell "
            "the two apart: bench (points of 100): good 100 (no interval), weak 41.7 (no interval); the arena "
            "(share of decisive matches won (draws apart), 0-1): good 0.25 [0.05, 0.70], weak 0.75 [0.30, 0.95]"
            ) in result["disagreements"]
    assert any(line.startswith("bench and collaboration order good and weak differently") and "outcome scale): good "
               in line for line in result["disagreements"])
    # every score on /models and `models compare` carries its interval, n and unit, and the JSON passes the audit
    good = result["scores"][0]
    assert good["collab"]["unit"] == "rating points on the judges' 0-100 outcome scale" and good["collab"]["n"] == 2
    assert good["arena"]["text"] == "0.25 [0.05, 0.70] share of decisive matches won (draws apart), 0-1, n 4"
    assert audit(result) == []


def test_one_model_has_no_kendall_tau_and_says_why(seeded: Seeded) -> None:
    result = compare_models(seeded.url, ["good"], rounds=20)
    assert audit(result) == []
    bench_collab = next(a for a in result["agreement"] if a["lenses"] == ["bench", "collab"])
    assert bench_collab["tau"]["estimate"] is None and bench_collab["tau"]["n"] == 1
    assert bench_collab["text"] == "not computed: 1 model with a score on both lenses: an order needs at least two"


def test_the_cli_prints_cards_and_comparisons(seeded: Seeded, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CENTAUR_DATABASE_URL", seeded.url)
    runner = CliRunner()
    out = runner.invoke(app, ["models", "card", "good", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert audit(data) == []
    assert data["lenses"]["bench"]["figures"]["correctness"]["estimate"] == 100.0
    assert data["lenses"]["study"]["fill_with"].startswith("centaur study create")
    # the console reads $COLUMNS once, when it is made (a test worker may have set it): widen it directly
    monkeypatch.setattr(console, "_width", 160)
    out = runner.invoke(app, ["models", "compare", "good", "weak", "--rounds", "20"])
    assert out.exit_code == 0, out.output
    text = " ".join(out.output.split())  # the sentences wrap at the console's width
    assert "bench and the arena order good and weak differently" in text and "bench vs arena" in text
    assert runner.invoke(app, ["models", "--help"]).exit_code == 0


def test_the_old_name_model_still_works_hidden_with_a_note(seeded: Seeded, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CENTAUR_DATABASE_URL", seeded.url)
    runner = CliRunner()
    old = runner.invoke(app, ["model", "card", "good", "--json"])
    assert old.exit_code == 0, old.output
    assert old.stderr.strip() == "note: `centaur model` is now `centaur models`; the old name will go"
    assert json.loads(old.stdout) == json.loads(runner.invoke(app, ["models", "card", "good", "--json"]).stdout)
    listed = runner.invoke(app, ["--help"], env={"COLUMNS": "160"}).stdout
    assert re.search(r"│ models\s", listed) and not re.search(r"│ model\s", listed)


def test_disagreements_name_the_places_among_three_models() -> None:
    from centaurlab.modelcard import Figure, Lens, ModelCard, disagreements, rank_agreement

    def card(name: str, bench: float, collab: float, units: list[float]) -> ModelCard:
        return ModelCard(name, {
            "bench": Lens("bench", {"composite": Figure(bench, 3, low=bench - 1, high=bench + 1)}, score="composite",
                          units=units),
            "collab": Lens("collab", {"skill": Figure(collab, 3, low=collab - 1, high=collab + 1)}, score="skill"),
        })

    cards = [card("a", 90.0, 10.0, [89.0, 90.0, 91.0]), card("b", 50.0, 50.0, [49.0, 50.0, 51.0]),
             card("c", 10.0, 90.0, [9.0, 10.0, 11.0])]
    assert disagreements(cards) == ["a ranks first on bench, last in collaboration",
                                    "c ranks last on bench, first in collaboration"]
    pair = next(r for r in rank_agreement(cards, rounds=30) if r["lenses"] == ["bench", "collab"])
    tau = pair["tau"]
    # units far apart: no draw flips an order
    assert (tau["estimate"], tau["ci_low"], tau["ci_high"], tau["n"]) == (-1.0, None, None, 3)
    assert tau["interval"] == "none: the data did not vary"  # every draw gave -1: no 95% interval


def test_a_tie_is_no_disagreement() -> None:
    from centaurlab.modelcard import Figure, Lens, ModelCard, disagreements

    def card(name: str, study: float, collab: float) -> ModelCard:
        return ModelCard(name, {
            "study": Lens("study", {"acceptance_rate": Figure(study, 2, low=study - 0.01, high=study + 0.01)},
                          score="acceptance_rate"),
            "collab": Lens("collab", {"skill": Figure(collab, 2, low=collab - 1, high=collab + 1)}, score="skill"),
        })

    assert disagreements([card("a", 0.0, 21.3), card("b", 0.0, 28.7)]) == []
    assert disagreements([card("a", 0.1, 21.3), card("b", 0.0, 28.7)]) == [
        "a ranks first on the user study, last in collaboration",
        "b ranks last on the user study, first in collaboration",
    ]


def test_a_mean_of_rates_keeps_its_interval_within_0_and_1() -> None:
    from centaurlab.modelcard import mean_figure

    free = mean_figure([0.0, 0.56])
    assert free.low is not None and free.low < 0  # the t interval of two values is wide
    rates = mean_figure([0.0, 0.56], bounds=(0.0, 1.0))
    assert (rates.value, rates.low, rates.high) == (0.28, 0.0, 1.0)


def test_an_arena_lens_whose_agents_all_failed_says_why_and_what_fills_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The worked example's usual arena: a small model's agents both fail their checks, so no
    tournament is played; the card shows the failed agents, and its win rate says why there is none
    and which commands would give one, in JSON that a strict parser reads."""
    from centaurlab import store
    from centaurlab.arena.generate import ensure_generated_agent, finish_generated_agent

    url = f"sqlite:///{tmp_path / 'failed.db'}"
    store.upgrade(url)
    with store.session_scope(url) as s:
        for strategy in ("A1", "A2"):
            name = f"gen-lone-{strategy}-r1"
            ensure_generated_agent(s, name, {"run": "main", "model": "lone", "strategy": strategy,
                                             "replicate": 1}, {"debug_rounds": 1})
            finish_generated_agent(s, name, status="failed", debug_rounds=1, failure_kind="no_code")
    monkeypatch.setenv("CENTAUR_DATABASE_URL", url)
    out = CliRunner().invoke(app, ["models", "card", "lone", "--json"])
    assert out.exit_code == 0, out.output

    def refuse(name: str) -> None:
        raise ValueError(f"{name} is not JSON")

    arena = json.loads(out.output, parse_constant=refuse)["lenses"]["arena"]
    assert arena["figures"]["accepted"]["estimate"] == 0.0 and arena["figures"]["accepted"]["n"] == 2
    why = arena["figures"]["win_rate"]["not_computed"]
    assert arena["figures"]["win_rate"]["estimate"] is None
    assert why.startswith("no generated agent passed its checks (0 of 2; failures: no_code 2)")
    assert "centaur arena generate -m lone --run retry" in why and "centaur arena tournament --generated" in why
    monkeypatch.setattr(console, "_width", 400)
    text = CliRunner().invoke(app, ["models", "card", "lone"]).output
    assert "no generated agent passed its checks" in " ".join(text.split())
