"""`centaur rate`: real CSV files in, real numbers out (checked against the library)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from typer.testing import CliRunner

from centaurlab.cli import app as _app
from centaurlab.rating import (
    PairedData,
    Priors,
    SessionDesign,
    fit_paired,
    fit_sessions,
    fit_times,
)

PREFIX = ["rate"]

runner = CliRunner()


def rate(*args: str):
    return runner.invoke(_app, [*PREFIX, *args])


def flat(text: str) -> str:
    """Rich wraps long messages; compare with whitespace collapsed."""
    return re.sub(r"\s+", " ", text)


@pytest.fixture
def sessions_csv(tmp_path: Path) -> Path:
    rng = np.random.default_rng(0)
    agents = np.array(["alpha", "beta", "gamma"])
    skill = {"alpha": 32.0, "beta": 25.0, "gamma": 18.0}
    rows = []
    for s in range(120):
        human = f"h{s % 30:02d}"
        agent = agents[rng.integers(3)]
        score = skill[agent] + 25 + rng.normal(0, 8) + (s % 30) / 3
        rows.append({"agent": agent, "human": human, "task": f"t{s % 4}", "score": round(score, 2)})
    path = tmp_path / "sessions.csv"
    pd.DataFrame(rows).to_csv(path, index=False)
    return path


def test_sessions_shorthand_and_explicit_form_agree(sessions_csv: Path) -> None:
    short = rate(str(sessions_csv), "--bootstrap", "200", "--json")
    explicit = rate("sessions", str(sessions_csv), "--bootstrap", "200", "--json")
    assert short.exit_code == 0, short.output
    assert json.loads(short.stdout) == json.loads(explicit.stdout)


def test_sessions_json_matches_the_library(sessions_csv: Path) -> None:
    res = rate(str(sessions_csv), "--bootstrap", "300", "--seed", "3", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    df = pd.read_csv(sessions_csv)
    post = fit_sessions(SessionDesign.from_labels(df.agent, df.human), df.score.to_numpy())
    agents = {row["name"]: row for row in out["agents"]}
    for i, name in enumerate(post.names("agent")):
        assert agents[name]["mu"] == pytest.approx(post.mu("agent")[i], abs=1e-9)
        assert agents[name]["sigma"] == pytest.approx(post.sigma("agent")[i], abs=1e-9)
    assert [r["name"] for r in out["agents"]] == ["alpha", "beta", "gamma"]
    assert out["model"]["noise_sigma"] == pytest.approx(post.noise_sigma)
    assert out["model"]["sessions"] == 120 and out["model"]["humans"] == 30
    assert out["bootstrap"]["rounds"] == 300 and out["bootstrap"]["seed"] == 3
    assert sum(r["p_first"] for r in out["agents"]) == pytest.approx(1.0)
    assert len(out["humans"]) == 30 and out["humans"][0]["mean_rank"] is not None


def test_sessions_table_for_people(sessions_csv: Path) -> None:
    res = rate(str(sessions_csv), "--bootstrap", "100", "--task-col", "task", "--loo")
    assert res.exit_code == 0, res.output
    text = res.stdout
    for word in ("agents", "humans", "tasks", "alpha", "gamma", "h00", "P(1st)", "leave-one-"):
        assert word in text
    assert "noise sigma" in text and "(estimated)" in text


def test_custom_columns_options_and_no_bootstrap(tmp_path: Path) -> None:
    path = tmp_path / "runs.csv"
    path.write_text("model,person,points\nA,p1,50\nB,p1,40\nA,p2,70\nB,p2,55\nA,p3,60\n")
    res = rate(
        str(path),
        "--agent-col",
        "model",
        "--human-col",
        "person",
        "--score-col",
        "points",
        "--bootstrap",
        "0",
        "--noise-sigma",
        "5",
        "--prior-mu",
        "30",
        "--k",
        "3",
        "--json",
    )
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["bootstrap"] is None and out["model"]["noise_sigma"] == 5.0
    df = pd.read_csv(path)
    post = fit_sessions(
        SessionDesign.from_labels(df.model, df.person),
        df.points.to_numpy(),
        priors=Priors.alike(30.0, 25 / 3),
        noise_sigma=5.0,
    )
    row = next(r for r in out["agents"] if r["name"] == "A")
    assert row["mu"] == pytest.approx(post.mu("agent")[0])
    assert row["conservative"] == pytest.approx(post.mu("agent")[0] - 3 * post.sigma("agent")[0])


def test_missing_column_names_file_column_and_fix(sessions_csv: Path) -> None:
    res = rate(str(sessions_csv), "--score-col", "points")
    assert res.exit_code == 2
    msg = flat(res.output)
    assert str(sessions_csv.name) in msg and "'points' (--score-col)" in msg
    assert "the file has ['agent', 'human', 'task', 'score']" in msg and "fix:" in msg


def test_non_numeric_score_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("agent,human,score\nA,p1,50\nB,p1,abc\nA,p2,\n")
    res = rate(str(path))
    assert res.exit_code == 2
    msg = flat(res.output)
    assert "column 'score' (--score-col) is empty at line 4 ('')" in msg
    path.write_text("agent,human,score\nA,p1,50\nB,p1,abc\nA,p2,7\n")
    msg = flat(rate(str(path)).output)
    assert "column 'score' must hold numeric scores" in msg and "line 3 ('abc')" in msg


def test_disconnected_graph_reports_components(tmp_path: Path) -> None:
    path = tmp_path / "split.csv"
    path.write_text("agent,human,score\nA,p1,50\nB,p1,40\nC,p2,70\nD,p2,55\nD,p3,60\n")
    res = rate(str(path), "--bootstrap", "0")
    assert res.exit_code == 2
    msg = flat(res.output)
    assert "2 separate components" in msg
    assert "component 1: 2 agent(s): C, D; 2 human(s): p2, p3" in msg
    assert "component 2: 2 agent(s): A, B; 1 human(s): p1" in msg
    ok = rate(str(path), "--bootstrap", "0", "--allow-disconnected", "--json")
    assert ok.exit_code == 0 and len(json.loads(ok.stdout)["agents"]) == 4


def test_missing_file(tmp_path: Path) -> None:
    res = rate(str(tmp_path / "nope.csv"))
    assert res.exit_code == 2 and "no such file" in res.output


def test_time_outcomes_with_censoring(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    n = 90
    agent = rng.choice(["fast", "slow"], n)
    human = np.array([f"u{i % 15}" for i in range(n)])
    secs = np.exp(5 + np.where(agent == "fast", -0.4, 0.2) + rng.normal(0, 0.4, n))
    done = secs < 250
    secs = np.minimum(secs, 250)
    path = tmp_path / "times.csv"
    pd.DataFrame(
        {"agent": agent, "human": human, "seconds": secs.round(3), "finished": np.where(done, "yes", "no")}
    ).to_csv(path, index=False)
    res = rate(str(path), "--time-col", "seconds", "--finished-col", "finished", "--bootstrap", "100", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["model"]["censored"] == int((~done).sum()) > 0
    df = pd.read_csv(path)
    fit = fit_times(
        SessionDesign.from_labels(df.agent, df.human), df.seconds.to_numpy(), (df.finished == "yes").to_numpy()
    )
    fast = next(r for r in out["agents"] if r["name"] == "fast")
    assert fast["mu"] == pytest.approx(fit.posterior.mu("agent")[0], abs=1e-8)
    assert out["agents"][0]["name"] == "fast"


def test_pairs_json_matches_the_library(tmp_path: Path) -> None:
    path = tmp_path / "matches.csv"
    rows = [
        ("a", "b", "win"),
        ("b", "c", "1"),
        ("c", "a", "draw"),
        ("a", "c", "0.5"),
        ("b", "a", "loss"),
        ("c", "b", "second"),
        ("a", "b", "0"),
        ("b", "c", "tie"),
    ] * 5
    pd.DataFrame(rows, columns=["first", "second", "result"]).to_csv(path, index=False)
    res = rate("pairs", str(path), "--bootstrap", "500", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    mapping = {"win": 1, "1": 1, "draw": 0.5, "0.5": 0.5, "loss": 0, "second": 0, "0": 0, "tie": 0.5}
    fit = fit_paired(PairedData.from_labels([r[0] for r in rows], [r[1] for r in rows], [mapping[r[2]] for r in rows]))
    players = {p["name"]: p for p in out["players"]}
    for i, name in enumerate(fit.names):
        assert players[name]["strength"] == pytest.approx(fit.strength[i], abs=1e-9)
    assert out["model"]["tie_nu"] == pytest.approx(fit.nu)
    assert (players["a"]["wins"], players["a"]["ties"], players["a"]["losses"]) == (10, 10, 5)
    assert out["players"][0]["name"] == "a" and out["bootstrap"]["rounds"] == 500


def test_pairs_table_and_errors(tmp_path: Path) -> None:
    path = tmp_path / "m.csv"
    path.write_text("first,second,result\nx,y,1\ny,x,1\nx,y,maybe\n")
    res = rate("pairs", str(path))
    assert res.exit_code == 2 and "line 4 ('maybe')" in flat(res.output)
    path.write_text("first,second,result\nx,y,1\ny,x,1\nx,y,0.5\n")
    res = rate("pairs", str(path), "--bootstrap", "50")
    assert res.exit_code == 0, res.output
    assert "Bradley-Terry" in res.stdout and "W-T-L" in res.stdout


def test_help_explains_the_shorthand() -> None:
    res = rate("--help")
    assert res.exit_code == 0
    assert "rate sessions FILE.csv" in flat(res.output) and "pairs" in res.output


def test_one_interval_per_skill_with_rank_ranges_and_a_clean_audit(tmp_path: Path) -> None:
    """Three people with two sessions each: the posterior interval is the one shown (text and JSON),
    ranks are ranges where intervals overlap, and the JSON passes the report audit."""
    from centaurlab.stats import audit

    path = tmp_path / "three.csv"
    path.write_text("agent,human,score\nA,ann,70\nB,ann,55\nA,bob,60\nB,bob,40\nA,cy,35\nB,cy,30\n")
    res = rate(str(path), "--bootstrap", "300", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert audit(out) == []
    post = fit_sessions(SessionDesign.from_labels(list("ABABAB"), ["ann", "ann", "bob", "bob", "cy", "cy"]),
                        [70, 55, 60, 40, 35, 30])
    for row in out["humans"]:
        i = post.names("human").index(row["name"])
        mu, sigma = post.mu("human")[i], post.sigma("human")[i]
        # the noise is estimated from 6 sessions: t with 5 degrees of freedom, 2.5706, not 1.96
        assert row["ci_low"] == pytest.approx(mu - 2.570582 * sigma, abs=1e-4)
        assert row["ci_high"] == pytest.approx(mu + 2.570582 * sigma, abs=1e-4)
        assert "low" not in row and "high" not in row and row["interval"].startswith("posterior mu +- t(n-1) sigma")
    assert [r["rank"] for r in out["agents"]] == ["1-2", "1-2"]
    text = flat(rate(str(path), "--bootstrap", "300").output)
    assert "95% interval" in text and "boot 95%" not in text
    assert "the bootstrap's percentile interval, which covered 79% and 58%, is not shown" in text


def test_pairs_show_the_wald_interval_only(tmp_path: Path) -> None:
    path = tmp_path / "m.csv"
    path.write_text("first,second,result\n" + "a,b,1\nb,a,0\na,b,0\nb,c,1\nc,b,0\nc,a,1\na,c,1\n" * 3)
    res = rate("pairs", str(path), "--bootstrap", "200", "--json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    for row in out["players"]:
        assert row["ci_low"] == pytest.approx(row["strength"] - 1.959964 * row["se"], abs=1e-4)
        assert "low" not in row and row["interval"] == "strength +- 1.96 se (Wald)"
    assert "95% interval: strength +- 1.96 se" in flat(rate("pairs", str(path), "--bootstrap", "50").output)
