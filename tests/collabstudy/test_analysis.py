"""The analyses on the seeded synthetic study of the paper's size recover what was put in; the
statistics match hand-computed values on small inputs; the CLI prints and writes the report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scipy import stats
from typer.testing import CliRunner

from centaurlab.cli import app as cli
from centaurlab.collabstudy import IDS, analyse, render_html, synthetic_study
from centaurlab.collabstudy._analysis import _paired
from centaurlab.collabstudy._data import Obs, StudyData
from centaurlab.collabstudy._fluency import accept, agreement, cohen_kappa, render_log
from centaurlab.stats import audit


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
    tau = ranking["kendall_tau"]  # type: ignore[index]
    assert tau["estimate"] < 0.5 and tau["n"] == 5  # alone, the order differs (as built)
    agents = ranking["agents"]  # type: ignore[index]
    assert all(a["ci_low"] < a["mu"] < a["ci_high"] for a in result["ratings"]["agents"])  # type: ignore[index]
    assert {a["agent"] for a in agents} == {"cowork", "code", "codex", "manus", "gemini"}


def test_top_quartile_wins_more_often_than_the_bottom(result: dict[str, object]) -> None:
    wins = {q["quartile"]: q["win_rate"] for q in result["quartile_wins"]}  # type: ignore[attr-defined]
    assert wins["Q4"]["estimate"] > 0.6 > 0.3 > wins["Q1"]["estimate"]
    assert wins["Q4"]["ci_low"] > wins["Q1"]["ci_high"] and wins["Q4"]["interval"] == "Wilson 95%"
    assert sum(q["sessions"] for q in result["quartile_wins"]) == 386  # type: ignore[attr-defined]


def test_survey_effects(result: dict[str, object]) -> None:
    rows = {r["item"]: r for r in result["pre_post"]}  # type: ignore[attr-defined]
    trust = rows["a2_trust_autonomy"]
    assert trust["p"] < 0.001 and trust["mean_change"]["ci_low"] > 0 and trust["rank_biserial"] > 0.5
    assert trust["mean_change"]["n"] == trust["n"] and trust["mean_change"]["interval"] == "paired t 95%"
    assert trust["change_lower_half"]["estimate"] > trust["change_upper_half"]["estimate"] and trust["mw_p"] < 0.01
    desired = rows["a5_has_desired"]
    assert desired["mean_change"]["estimate"] == 0 and desired["mean_change"]["ci_low"] is None
    assert desired["mean_change"]["interval"] == "none: the data did not vary" and desired["p"] is None
    assert rows["a4_has_perceived"]["mean_change"]["estimate"] < 0  # toward more autonomy (H1 is most autonomous)
    rho = {r["item"]: r for r in result["survey_vs_skill"]}  # type: ignore[attr-defined]
    assert rho["d1_llm_familiarity"]["spearman_rho"]["estimate"] > 0.5 and rho["d1_llm_familiarity"]["p"] < 0.001
    assert rho["d1_llm_familiarity"]["claim"].startswith("supported (adjusted p <0.001, Benjamini-Hochberg over")
    assert abs(rho["a6_role_concern"]["spearman_rho"]["estimate"]) < 0.3


def test_behaviours_against_scores(result: dict[str, object]) -> None:
    beh = result["behaviours"]
    rows = {r["indicator"]: r for r in beh["indicators"]}  # type: ignore[index]
    assert rows["define_audience"]["r_pb"]["estimate"] > 0.2 and rows["define_audience"]["mean_with"] > \
        rows["define_audience"]["mean_without"]
    assert abs(rows["check_facts"]["r_pb"]["estimate"]) < 0.15
    effect = rows["define_audience"]["effect_given_skill"]
    assert abs(effect["estimate"]) < 3 * rows["define_audience"]["effect_se"] + 1
    assert effect["ci_low"] < effect["estimate"] < effect["ci_high"]
    assert beh["total_count"]["pearson_r"]["estimate"] > 0.3  # type: ignore[index]
    assert set(beh["rates_per_agent"]["codex"]) == set(IDS)  # type: ignore[index]
    kappa = {r["indicator"]: r["kappa"] for r in result["coding_agreement"]}  # type: ignore[attr-defined]
    assert all(0.5 < k <= 1 for k in kappa.values())


def test_statistics_by_hand() -> None:
    # differences 1, 2, -1, 3 -> ranks of |d| 1.5, 3, 1.5, 4: W+ = 8.5, W- = 1.5
    out = _paired([1, 1, 3, 1], [2, 3, 2, 4])
    change = out["mean_change"]
    half = stats.t.ppf(0.975, 3) * stats.tstd([1, 2, -1, 3]) / 2  # the paired t interval of the changes, n 4
    assert (change["estimate"], change["n"]) == (1.25, 4) and change["ci_low"] == pytest.approx(1.25 - half)
    assert change["ci_high"] == pytest.approx(1.25 + half) and out["rank_biserial"] == pytest.approx((8.5 - 1.5) / 10)
    assert _paired([1], [2])["mean_change"]["not_computed"] == ("n 1 is below the stated minimum of 2 for an "
                                                               "interval of the per-person changes")
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


def test_cli_analyse_of_a_study_that_is_not_there_says_so() -> None:
    # not "has no participants yet; grade the sessions first": grading cannot make a study that is not stored
    out = CliRunner().invoke(cli, ["collab", "analyse", "nosuch", "--rounds", "10"])
    assert out.exit_code == 2
    text = " ".join(out.output.split())
    assert "there is no collaboration study 'nosuch'; store one with `centaur collab study create FILE`" in text
    assert "grade" not in text


def _early_study() -> StudyData:
    """Four people, two agents, two tasks: graded, the pre-survey answered; no baseline, no post-survey and no
    fluency codes yet (a study in its first days)."""
    obs = [Obs(f"s{i}", f"p{i % 4}", ["local-agent", "codex"][(i // 4 + i) % 2],
               ["budget_variance", "press_release"][i // 4 % 2], "medium", float(30 + 5 * i)) for i in range(8)]
    return StudyData(obs, pre={f"p{i}": {"d3_experience_years": i} for i in range(4)})


def test_every_empty_section_says_why() -> None:
    result = analyse(_early_study(), rounds=20)
    why = result["empty"]
    baseline = ("no graded autonomous session of the study's agents on its tasks (the baseline): run `centaur "
                "collab run --agent AGENT --tasks budget_variance,press_release` for each agent (codex, local-agent), "
                "then `centaur collab grade --all`")
    assert why["quartile_wins"].startswith(baseline) and why["agent_ranking"].endswith(baseline)
    assert why["quartile_wins"].endswith("4 rated people give 1 per quartile, below the stated minimum of 3 per "
                                         "quartile (12 people) for a quartile split")
    assert result["quartile_wins"] == []
    assert result["pre_post"] == [] and why["pre_post"] == "no participant has answered the post-survey yet"
    assert result["behaviours"]["indicators"] == []
    assert why["behaviours"] == "no session's log is coded: run `centaur collab study code STUDY`"
    assert why["counts"] == why["behaviours"]
    assert "coding_agreement" in why and "survey_vs_skill" not in why  # four rated people with varied years
    html = render_html(result, "Early study")
    assert "(none)" not in html and "no participant has answered the post-survey yet" in html


def test_too_few_people_for_the_surveys_say_how_many() -> None:
    data = _early_study()
    data.post = {"p0": {"a2_trust_autonomy": 3}}
    data.pre = {"p0": {"d3_experience_years": 1, "a2_trust_autonomy": 2}, "p1": {"d3_experience_years": 4}}
    why = analyse(data, rounds=20)["empty"]
    assert why["pre_post"] == "1 participant(s) answered both surveys; a before/after test needs 2"
    assert why["survey_vs_skill"] == ("2 rated participant(s) answered the pre-survey; a correlation needs 3 "
                                      "(people are rated once their sessions are graded)")


def test_the_full_synthetic_study_has_no_empty_section(result: dict[str, object]) -> None:
    assert result["empty"] == {
        "left_out": "nothing left out: every indicator's coder passed its check against the hand codes"}


def test_the_synthetic_analysis_json_passes_the_audit(result: dict[str, object]) -> None:
    assert audit(json.loads(json.dumps(result))) == []
    assert result["quartile_excluded"] == []


def _small_study(people: int, empty: set[str] = frozenset()) -> StudyData:  # type: ignore[assignment]
    """`people` people, two sessions each with one agent on two tasks, and the agent alone at 0 on both."""
    obs = [Obs(f"s{h}{t}", f"p{h}", "solo", f"t{t}", "medium", 0.0 if f"s{h}{t}" in empty else float(20 + 7 * h + t),
               codes=dict.fromkeys(IDS, h % 2 == 0), user_turns=1 + h, empty=f"s{h}{t}" in empty)
           for h in range(people) for t in range(2)]
    obs += [Obs(f"a{t}", "none", "solo", f"t{t}", "medium", 0.0, "autonomous") for t in range(2)]
    return StudyData(obs, pre={f"p{h}": {"d3_experience_years": h} for h in range(people)})


def test_three_people_are_not_split_into_quartiles_and_six_sessions_give_no_correlation() -> None:
    result = analyse(_small_study(3), rounds=20)
    assert audit(json.loads(json.dumps(result))) == []
    assert result["quartile_wins"] == []
    assert result["empty"]["quartile_wins"] == ("3 rated people give 0 per quartile, below the stated minimum of 3 "
                                                "per quartile (12 people) for a quartile split")
    assert [h["rank"] for h in result["ratings"]["humans"]] == ["1-3"] * 3
    counts = result["behaviours"]["user_turns"]
    assert counts["pearson_r"]["not_computed"] == "n 6 is below the stated minimum of 10 for correlation"
    assert counts["p"] is None
    rho = result["survey_vs_skill"][0]
    assert rho["spearman_rho"]["estimate"] is None and rho["claim"] == "no test: the figure is not computed"
    tau = result["agent_ranking"]["kendall_tau"]
    assert tau["not_computed"] == "1 agent(s) have both orders; an order needs two"


def test_an_empty_session_is_left_out_of_the_win_rates_and_listed() -> None:
    result = analyse(_small_study(12, empty={"s30", "s31"}), rounds=20)
    assert audit(json.loads(json.dumps(result))) == []
    gone = result["quartile_excluded"]
    assert [g["session"] for g in gone] == ["s30", "s31"] and gone[0]["reason"].startswith("handed in no deliverable")
    rows = {q["quartile"]: q for q in result["quartile_wins"]}
    assert sum(q["sessions"] for q in rows.values()) == 22 and sum(q["excluded"] for q in rows.values()) == 2
    # everyone else scored above the agent alone (0): no empty session counted as half a win
    assert all(q["win_rate"]["estimate"] == 1.0 for q in rows.values())
    html = render_html(result, "Small study")
    assert "Sessions left out of the win rates" in html and "s30" in html and "Wilson 95%" not in html


def test_cli_text_prints_tiny_p_values_as_below_a_thousandth_and_changes_with_intervals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from centaurlab.cli import console

    monkeypatch.setattr(console, "width", 200)  # made at import, under whatever terminal runs the suite
    out = CliRunner().invoke(cli, ["collab", "analyse", "--synthetic", "--rounds", "20"])
    assert out.exit_code == 0, out.output
    trust = next(line for line in out.output.splitlines() if "a2_trust_autonomy" in line)
    cells = [c.strip() for c in trust.split("│")]
    # item, n, the mean change [paired t interval], p (Wilcoxon, far below 0.001): never a p of '0'
    assert cells[3].startswith("0.70 [0.54, 0.86]") and cells[4] == "<0.001"
