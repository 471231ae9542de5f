"""Paired suggestions: the choices read from the log, and the models ranked from them."""

from __future__ import annotations

import math
import random

import pytest

from centaurlab.study.metrics import paired_choices, rank_paired

from .log import Log


def serve(p, t: float, pair: str, top: tuple[str, int], bottom: tuple[str, int], choice: str | None,
          shown: bool = True) -> None:  # type: ignore[no-untyped-def]
    for position, (model, latency) in enumerate((top, bottom)):
        p.at(t, "suggestion_served", task=1, request_id=pair, suggestion_id=f"{pair}-{position}", pair_id=pair,
             position=position, suggestion=f"x = {position}", model=model, latency_ms=latency)
        if shown:
            p.at(t + 0.1, "suggestion_shown", task=1, suggestion_id=f"{pair}-{position}", pair_id=pair)
    for position in (0, 1):
        if choice == ("top", "bottom")[position]:
            p.at(t + 1, "suggestion_accepted", task=1, suggestion_id=f"{pair}-{position}", pair_id=pair)


def test_choices_by_hand() -> None:
    log = Log()
    p = log.participant("p1", "arena")
    p.at(0, "task_loaded", task=1)
    serve(p, 10, "a", ("m1", 300), ("m2", 900), "bottom")
    serve(p, 20, "b", ("m2", 400), ("m1", 500), None)
    serve(p, 30, "c", ("m1", 100), ("m2", 100), "top", shown=False)  # accepted needs a display: counts
    serve(p, 40, "d", ("m1", 100), ("m2", 100), None, shown=False)   # never displayed: not a comparison
    rows = paired_choices(log.frame()).set_index("pair_id")
    assert list(rows.index) == ["a", "b", "c"]
    assert list(rows["choice"]) == ["bottom", "neither", "top"]
    assert (rows.loc["a", "model_top"], rows.loc["a", "latency_bottom_ms"]) == ("m1", 900)


def test_the_ranking_recovers_strengths_position_and_latency() -> None:
    truth = {"strong": 1.0, "middle": 0.0, "weak": -1.0}
    position_bonus, per_second = 0.6, -0.8
    rng = random.Random(5)
    log = Log()
    p = log.participant("p1", "arena")
    p.at(0, "task_loaded", task=1)
    for i in range(900):
        top, bottom = rng.sample(sorted(truth), 2)
        lat_top, lat_bottom = rng.randint(200, 2200), rng.randint(200, 2200)
        eta = truth[top] - truth[bottom] + position_bonus + per_second * (lat_top - lat_bottom) / 1000
        u = rng.random()
        choice = None if u < 0.2 else "top" if rng.random() < 1 / (1 + math.exp(-eta)) else "bottom"
        serve(p, 10 + i * 5, f"q{i}", (top, lat_top), (bottom, lat_bottom), choice)
    ranking = rank_paired(paired_choices(log.frame()), rounds=60, seed=1)
    assert ranking is not None
    assert list(ranking.table["model"]) == ["strong", "middle", "weak"]
    row = ranking.table.set_index("model").loc["strong"]
    assert row["strength_low"] < row["strength"] < row["strength_high"]
    assert row["strength"] == pytest.approx(1.0, abs=0.35)
    assert ranking.position_logit == pytest.approx(position_bonus, abs=0.3)
    assert ranking.position_ci[0] > 0  # the top place is favoured, and the interval says so
    assert ranking.latency_logit_per_s == pytest.approx(per_second, abs=0.3)
    # the plain Bradley-Terry ranking (no controls) agrees on the order here
    assert list(ranking.table.sort_values("bt_strength", ascending=False)["model"]) == ["strong", "middle", "weak"]
    assert ranking.neither == int((paired_choices(log.frame())["choice"] == "neither").sum()) > 0


def test_no_decided_pair_no_ranking() -> None:
    log = Log()
    p = log.participant("p1", "arena")
    p.at(0, "task_loaded", task=1)
    serve(p, 10, "a", ("m1", 300), ("m2", 900), None)
    assert rank_paired(paired_choices(log.frame())) is None


def test_the_report_ranks_paired_models_by_ranges_where_intervals_overlap() -> None:
    from centaurlab.stats import audit
    from centaurlab.study.metrics import build_report, report_tables

    rng = random.Random(3)
    log = Log()
    p = log.participant("p1", "arena")
    p.at(0, "task_loaded", task=1)
    for i in range(30):  # three equal models, few pairs: the intervals overlap
        top, bottom = rng.sample(["a", "b", "c"], 2)
        serve(p, 10 + i * 5, f"q{i}", (top, 300), (bottom, 300), rng.choice(["top", "bottom"]))
    p.at(400, "task_completed", task=1, attempts=1)
    report = build_report(log.frame()).as_json()
    assert audit(report) == []
    models = report["paired"]["models"]
    assert all(m["rank"] == "1-3" for m in models)
    assert {"estimate", "ci_low", "ci_high", "n", "unit"} <= models[0]["strength"].keys()
    table = next(t for t in report_tables(report) if t.title.startswith("paired"))
    assert [row[0] for row in table.rows] == ["1-3"] * 3 and "Rank: a range" in table.notes[0]
