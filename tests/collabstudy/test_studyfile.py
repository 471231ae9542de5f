"""The collaboration study file: the bundled example loads, bad inputs name file, field and fix; the
paper's survey items are there on its scales; plans follow occupation and balance agents."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab.cli import app as cli
from centaurlab.collab import load_collab_bank
from centaurlab.collabstudy import load_collab_study, parse_collab_study
from centaurlab.collabstudy._instruments import HAS_OPTIONS, default_post_survey, default_pre_survey, has_level, ordinal
from centaurlab.collabstudy._plan import plan_sessions
from centaurlab.collabstudy._studyfile import CollabStudyFileError

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "collab-study.toml"


def test_example_validates_through_the_cli() -> None:
    result = CliRunner().invoke(cli, ["collab", "study", "validate", str(EXAMPLE), "--json"])
    assert result.exit_code == 0, result.output
    info = json.loads(result.output)
    assert info["id"] == "collab-pilot" and info["agents"] == ["local-agent"]  # one that can act (see test_chat_view)
    assert "d1_llm_familiarity" in info["pre_survey"] and "a7_affect" in info["post_survey"]


@pytest.mark.parametrize(("study", "field", "fix"), [
    ({"id": "Bad Id", "title": "t"}, "id", "lower-case"),
    ({"id": "x", "title": "t", "agents": {"embedded": ["nobody"]}}, "agents.embedded[0]", "local-agent"),
    ({"id": "x", "title": "t", "tasks": {"include": ["no_such_task"]}}, "tasks.include[0]", "tasks list"),
    ({"id": "x", "title": "t", "tasks": {"sessions_per_participant": 0}}, "tasks.sessions_per_participant", "example"),
    ({"id": "x", "title": "t", "surveys": {"pre": [{"id": "q", "text": "?"}]}}, "surveys", "question"),
    ({"id": "x", "title": "t", "timing": {"minutes": 3}}, "timing.minutes", "example"),
])
def test_bad_inputs_name_field_and_fix(study: dict[str, object], field: str, fix: str) -> None:
    with pytest.raises(CollabStudyFileError) as info:
        parse_collab_study({"study": study}, "s.toml")
    assert info.value.path == "s.toml" and info.value.field == field and fix in info.value.fix


def test_missing_file_and_syntax(tmp_path: Path) -> None:
    with pytest.raises(CollabStudyFileError, match="no such file"):
        load_collab_study(tmp_path / "none.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[study\n")
    with pytest.raises(CollabStudyFileError, match=r"'\(syntax\)'"):
        load_collab_study(bad)


def test_instruments_follow_the_papers_scales() -> None:
    pre = {q.id: q for q in default_pre_survey()}
    post = {q.id: q for q in default_post_survey()}
    for qid in ("a1_agent_familiarity", "a2_trust_autonomy", "a3_delegation_comfort", "a6_role_concern"):
        assert (pre[qid].min, pre[qid].max, post[qid].kind) == (1, 7, "scale")
    assert pre["a2_trust_autonomy"].low_label == "No trust at all"
    assert pre["a4_has_perceived"].options == HAS_OPTIONS and len(HAS_OPTIONS) == 5
    assert pre["a7_affect"].options == ["Excited", "Curious", "Neutral", "Skeptical", "Anxious"]
    assert len(pre["d1_llm_familiarity"].options) == 4 and len(pre["d2_professional_use"].options) == 5
    assert "d1_llm_familiarity" not in post and post["a2_trust_autonomy"].text.startswith("After collaborating")
    assert has_level(HAS_OPTIONS[2]) == 3 and ordinal("d1_llm_familiarity", "I use them regularly.") == 4.0
    assert ordinal("d1_llm_familiarity", "I use them regularly") == 4.0  # our earlier wording reads alike
    assert ordinal("a7_affect", "Anxious") == 5.0 and ordinal("a4_has_perceived", None) is None


def test_plan_matches_occupation_and_balances_agents() -> None:
    tasks = list(load_collab_bank("collab").tasks.values())
    plan = plan_sessions("w1", "13-2011.00", tasks, ["a", "b"], 4, seed=3)
    families = [next(t for t in tasks if t.id == p.task_id).onet.job_family for p in plan]
    assert families[0] == "13" and len({p.task_id for p in plan}) == 4
    assert sorted(p.agent for p in plan) == ["a", "a", "b", "b"]
    assert plan == plan_sessions("w1", "13-2011.00", tasks, ["a", "b"], 4, seed=3)
    assert plan_sessions("w2", "13", tasks, [], 2, external_only=True)[0].mode == "external"
