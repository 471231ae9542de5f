"""The analyses on the seeded synthetic study of the paper's size recover what was put in; the
statistics match hand-computed values on small inputs; the CLI prints and writes the report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab.cli.root import app as cli
from centaurlab.collabstudy.analysis import _paired, analyse
from centaurlab.collabstudy.fluency import IDS, accept, agreement, cohen_kappa, render_log
from centaurlab.collabstudy.synthetic import synthetic_study


@pytest.fixture(scope="module")
def result() -> dict[str, object]:
    return analyse(synthetic_study(seed=0), rounds=100, seed=0)


def test_the_synthetic_study_has_the_papers_size(result: dict[str, object]) -> None:
    assert (result["sessions"], result["people"], result["agents"]) == (386, 93, 5)


def test_known_skills_are_recovered(result: dict[str, object]) -> None:
    rec = result["recovery"]
    assert rec["humans_spearman"] > 0.9  # type: ignore[index]
    assert rec["agents_estimated_order"] == rec["agents_true_order"]  # type: ignore[index]
    ranking = result["agent_ranking"]
    assert ranking["kendall_tau"] < 0.5  # type: ignore[index]  # alone, the order differs (as built)
    agents = ranking["agents"]  # type: ignore[index]
    assert all(a["ci_low"] < a["mu"] < a["ci_high"] for a in result["ratings"]["agents"])  # type: ignore[index]
    assert {a["agent"] for a in agents} == {"cowork", "code", "codex", "manus", "gemini"}


def test_top_quartile_wins_more_often_than_the_bottom(result: dict[str, object]) -> None:
    wins = {q["quartile"]: q["win_rate"] for q in result["quartile_wins"]}  # type: ignore[attr-defined]
    assert wins["Q4"] > 0.6 > 0.3 > wins["Q1"]
    assert sum(q["sessions"] for q in result["quartile_wins"]) == 386  # type: ignore[attr-defined]


def test_survey_effects(result: dict[str, object]) -> None:
    rows = {r["item"]: r for r in result["pre_post"]}  # type: ignore[attr-defined]
    trust = rows["a2_trust_autonomy"]
    assert trust["p"] < 0.001 and trust["mean_change"] > 0 and trust["rank_biserial"] > 0.5
    assert trust["change_lower_half"] > trust["change_upper_half"] and trust["mw_p"] < 0.01
    assert rows["a5_has_desired"]["mean_change"] == 0 and rows["a5_has_desired"]["p"] is None
    assert rows["a4_has_perceived"]["mean_change"] < 0  # toward more autonomy (H1 is most autonomous)
    rho = {r["item"]: r for r in result["survey_vs_skill"]}  # type: ignore[attr-defined]
    assert rho["d1_llm_familiarity"]["spearman_rho"] > 0.5 and rho["d1_llm_familiarity"]["p"] < 0.001
    assert abs(rho["a6_role_concern"]["spearman_rho"]) < 0.3


def test_behaviours_against_scores(result: dict[str, object]) -> None:
    beh = result["behaviours"]
    rows = {r["indicator"]: r for r in beh["indicators"]}  # type: ignore[index]
    assert rows["define_audience"]["r_pb"] > 0.2 and rows["define_audience"]["mean_with"] > \
        rows["define_audience"]["mean_without"]
    assert abs(rows["check_facts"]["r_pb"]) < 0.15
    assert abs(rows["define_audience"]["effect_given_skill"]) < 3 * rows["define_audience"]["effect_se"] + 1
    assert beh["total_count"]["pearson_r"] > 0.3  # type: ignore[index]
    assert set(beh["rates_per_agent"]["codex"]) == set(IDS)  # type: ignore[index]
    kappa = {r["indicator"]: r["kappa"] for r in result["coding_agreement"]}  # type: ignore[attr-defined]
    assert all(0.5 < k <= 1 for k in kappa.values())


def test_statistics_by_hand() -> None:
    # differences 1, 2, -1, 3 -> ranks of |d| 1.5, 3, 1.5, 4: W+ = 8.5, W- = 1.5
    out = _paired([1, 1, 3, 1], [2, 3, 2, 4])
    assert out["mean_change"] == 1.25 and out["rank_biserial"] == pytest.approx((8.5 - 1.5) / 10)
    assert out["wilcoxon_w"] == 1.5
    # 3 agreements of 5; both coders 3/5 true -> pe = .36 + .16 = .52, kappa = (.6 - .52) / .48
    assert cohen_kappa([True, True, True, False, False], [True, True, False, True, False]) == \
        pytest.approx((0.6 - 0.52) / 0.48)
    rows = agreement({"s": dict.fromkeys(IDS, True)}, {"s": dict.fromkeys(IDS, True)})
    assert rows[0]["agreement"] == 1.0


def test_coding_answers_are_checked() -> None:
    assert accept(dict.fromkeys(IDS, False))["iterate"] is False
    with pytest.raises(ValueError, match="missing"):
        accept({"iterate": True})
    with pytest.raises(ValueError, match="true/false"):
        accept({**dict.fromkeys(IDS, True), "iterate": "yes"})
    text = render_log([{"role": "user", "content": "For the board: one page"}, {"role": "tool", "content": "x" * 999}])
    assert text.startswith("PERSON: For the board") and len(text) < 400


def test_cli_analyse_synthetic(tmp_path: Path) -> None:
    html = tmp_path / "r.html"
    out = CliRunner().invoke(cli, ["collab", "analyse", "--synthetic", "--rounds", "50", "--json", "--html", str(html)])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["people"] == 93 and "Win rate against the autonomous baseline" in html.read_text()
    missing = CliRunner().invoke(cli, ["collab", "analyse"])
    assert missing.exit_code == 2 and "--synthetic" in missing.output
