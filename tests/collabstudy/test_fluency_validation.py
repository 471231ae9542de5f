"""AI-fluency coding that is validated: the rules that read the log, the shipped hand-coded transcripts,
each coder's Cohen's kappa against them, and a coder that answers the same to everything flagged and
its indicators left out of the analysis with the reason."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from centaurlab import store
from centaurlab.cli import app as cli
from centaurlab.collab import CollabJudgement, add_rubric, load_collab_bank
from centaurlab.collabstudy import (
    IDS,
    CollabStudies,
    analyse,
    check_coder,
    code_study,
    code_validation_set,
    load_set,
    load_study_data,
    parse_collab_study,
)
from centaurlab.collabstudy._fluency_check import INDICATORS, MODEL_IDS, rule_check, validate_coders
from centaurlab.collabstudy._fluency_rules import RULE_IDS, rule_codes, user_turns
from centaurlab.collabstudy._transcript import from_entries, from_log_text, from_messages
from centaurlab.config import settings

from .fakes import ScriptedModel, writer
from .test_service import PRE

VSET = load_set()


def test_the_shipped_set_is_hand_coded_and_varied() -> None:
    items = VSET.transcripts
    assert len(items) == 27 and len({t.id for t in items}) == 27
    bank = load_collab_bank()
    assert {t.task for t in items} <= set(bank.tasks) and len({t.task for t in items}) >= 20
    external = [t for t in items if t.transcript.external]
    assert len(external) == 3 and all("edited_deliverable" not in t.labels for t in external)
    assert all(set(t.labels) == set(INDICATORS) for t in items if not t.transcript.external)
    positives = Counter(i for t in items for i, v in t.labels.items() if v)
    negatives = Counter(i for t in items for i, v in t.labels.items() if not v)
    assert min(positives[i] for i in INDICATORS) == 5 and min(negatives[i] for i in INDICATORS) == 16
    assert positives["iterate"] == 11 and positives["edited_deliverable"] == 5
    assert [sum(t.labels.values()) for t in items if t.id in ("t01-press-release-terse", "t24-quote-every-behaviour")] \
        == [0, 11]


def test_the_rules_on_logs_written_for_them() -> None:
    files = ("memo.md",)
    t = from_entries([{"person": "Check the totals first."}, {"agent": "write_file memo.md: ...", "wrote": ["memo.md"]},
                      {"person": "Now cut the second paragraph."}, {"edit": "notes.txt"}], files)
    assert rule_codes(t) == {"check_facts": True, "iterate": True, "edited_deliverable": False}
    assert user_turns(t) == 2
    # a change asked before the agent produced anything is an instruction, not an iteration
    first = from_entries([{"person": "Remove the old price, add the new one."}, {"agent": "I'm ready to help."}], files)
    assert rule_codes(first) == {"check_facts": False, "iterate": False, "edited_deliverable": False}
    own = from_entries([{"person": "go"}, {"edit": "memo.md"}], files)
    assert rule_codes(own)["edited_deliverable"] is True
    pasted = from_log_text("me: write it\ncodex: done, memo.md\nsee the file\nme: is that right? make it shorter",
                           files)
    assert [e.who for e in pasted.entries] == ["person", "agent", "person"]
    assert pasted.entries[1].text == "done, memo.md\nsee the file"
    # who wrote which file is not seen in a pasted log: not observed, rather than "no"
    assert rule_codes(pasted) == {"check_facts": True, "iterate": True, "edited_deliverable": None}


def test_the_harness_speaking_to_the_model_is_not_the_person() -> None:
    messages = [
        {"role": "system", "content": "You are a capable professional assistant."},
        {"role": "user", "content": "Write a memo.\n\nDeliverables (write them with exactly these names):\n- memo.md"
                                    "\n\nYou work on this task together with a person who directs you. Their message:"
                                    "\nFor the CFO, please."},
        {"role": "assistant", "content": "I'm ready to help."},
        {"role": "user", "content": "Your answer could not be used: no JSON object found. Try again."},
        {"role": "assistant", "content": '{"tool": "write_file", "args": {"path": "memo.md"}}'},
        {"role": "user", "content": "Result of write_file:\nwrote memo.md\n\nNext action?"},
        {"role": "user", "content": "Thanks, now check the figures."},
    ]
    t = from_messages(messages)
    assert t.person_turns() == ["For the CFO, please.", "Thanks, now check the figures."]
    assert "Your answer could not be used" not in t.render() and "Result of" not in t.render()
    alone = from_messages(messages[:2][:1] + [{"role": "user", "content": "Task.\n\nDeliverables (write them with "
                                                                          "exactly these names):\n- memo.md"}])
    assert alone.person_turns() == []  # the autonomous harness's task message is no one's words


def test_each_coders_kappa_against_the_hand_codes() -> None:
    rules = rule_check(VSET)
    assert rules.transcripts == 27 and not rules.constant
    assert rules.kappa == pytest.approx({"check_facts": 0.9142857, "iterate": 0.8465909, "edited_deliverable": 1.0})
    # t25: the person checked the totals herself and asked for a shorter memo without a change verb
    assert rule_codes(next(t for t in VSET.transcripts if t.id.startswith("t25")).transcript) == \
        {"check_facts": False, "iterate": False, "edited_deliverable": False}
    perfect = check_coder("oracle", {t.id: t.labels for t in VSET.transcripts}, VSET, IDS)
    assert set(perfect.kappa.values()) == {1.0} and set(perfect.kappa) == set(IDS)
    yes_man = check_coder("yes-man", {t.id: dict.fromkeys(IDS, True) for t in VSET.transcripts}, VSET, IDS)
    assert yes_man.constant and set(yes_man.constant_on) == set(IDS) and set(yes_man.kappa.values()) == {0.0}
    # one indicator answered backwards, the rest right
    backwards = {t.id: {**t.labels, "tone_style": not t.labels["tone_style"]} for t in VSET.transcripts}
    flipped = check_coder("flipped", backwards, VSET, IDS)
    # 6 of 27 positive: chance agreement 2 x 6/27 x 21/27 = 0.346, kappa = -0.346 / 0.654
    assert flipped.kappa["tone_style"] == pytest.approx(-0.5283019) and flipped.kappa["define_audience"] == 1.0


def test_an_indicator_enters_the_analysis_only_from_a_validated_coder() -> None:
    yes = validate_coders(VSET, "yes-man", {t.id: dict.fromkeys(IDS, True) for t in VSET.transcripts})
    assert yes.used == dict.fromkeys(RULE_IDS, "rules")
    assert [x["indicator"] for x in yes.left_out] == list(MODEL_IDS)
    assert yes.left_out[0] == {"indicator": "clarify_goal", "coder": "yes-man",
                               "reason": "yes-man gave the same answers on all 27 validation transcripts"}
    backwards = {t.id: {**t.labels, "tone_style": not t.labels["tone_style"]} for t in VSET.transcripts}
    one_off = validate_coders(VSET, "flipped", backwards)
    assert one_off.left_out == [{"indicator": "tone_style", "coder": "flipped",
                                 "reason": "flipped's Cohen's kappa against the hand codes is -0.53, below 0.4"}]
    never = validate_coders(VSET, "local", {})
    assert never.left_out[0]["reason"] == ("local has not coded the validation set: run "
                                           "`centaur collab study code STUDY --model local`")
    nobody = validate_coders(VSET, None, None)
    assert nobody.left_out[0]["reason"].startswith("no model has coded this study's logs")
    assert set(nobody.used) == set(RULE_IDS)


def _hand_coder(constant: bool) -> ScriptedModel:
    """A model coder: the hand codes of the validation transcript it is shown, or "true" to everything."""
    renders = {t.transcript.render(): t.labels for t in VSET.transcripts}

    def answer(messages: list[dict[str, Any]]) -> str:
        log = str(messages[-1]["content"]).split("LOG:\n", 1)[1]
        labels = renders.get(log)
        if constant or labels is None:
            return json.dumps(dict.fromkeys(IDS, True))
        return json.dumps({i: bool(labels[i]) for i in IDS})

    return ScriptedModel(answer)


def _stored_study(url: str, tmp_path: Path) -> None:
    """Six people, one session each, graded; the first three edit the deliverable themselves."""
    model = ScriptedModel(writer("out.md", "# Output\nDone."))
    p = CollabStudies(url, tmp_path / "ws", providers=lambda name: model)
    p.create(parse_collab_study({"study": {"id": "pilot", "title": "Pilot", "tasks": {
        "include": ["budget_variance"], "sessions_per_participant": 1}, "agents": {"embedded": ["local-agent"]}}}))
    sessions = []
    for i in range(6):
        _, token = p.join("pilot", {})
        p.consent(token)
        p.survey(token, "pre", PRE)
        p.setup(token, 0, "never")
        p.chat(token, 0, "For the CFO: the memo, please.", client_id=f"{i}-a")
        if i % 2:
            p.chat(token, 0, "Check the totals against the CSV.", client_id=f"{i}-b")
        if i < 3:
            p.write(token, 0, "variance_memo.md", b"# Memo\nMy own words.", source="edit")
        sessions.append(p.submit(token, 0))
    with store.session_scope(url) as s:
        rubric = add_rubric(s, "budget_variance", "researcher", {"categories": []}, None)
        for n, sid in enumerate(sessions):
            s.add(CollabJudgement(session_id=sid, rubric_id=rubric.id, judge="j", model="m", status="ok",
                                  total=40.0 + 8 * n, scores={}))


def test_a_constant_coder_is_flagged_and_left_out_of_the_stored_analysis(tmp_path: Path) -> None:
    url = settings().database_url
    store.upgrade(url)
    _stored_study(url, tmp_path)
    yes_man = _hand_coder(constant=True)
    assert code_study(url, "pilot", "yes-man", provider=yes_man)["coded"] == 6
    first = code_validation_set(url, "yes-man", provider=yes_man)
    assert (first["coded"], first["kept"], first["failed"]) == (27, 0, [])
    again = code_validation_set(url, "yes-man", provider=yes_man)
    assert (again["coded"], again["kept"]) == (0, 27) and len(yes_man.requests) == 6 + 27

    data = load_study_data(url, "pilot")
    # the rules read the events: turns, the request to check, the person's own edit of a deliverable
    by_turns = sorted((o.user_turns, o.codes["check_facts"], o.codes["edited_deliverable"])  # type: ignore[index]
                      for o in data.human_sessions)
    assert by_turns == [(1, False, False), (1, False, True), (1, False, True),
                        (2, True, False), (2, True, False), (2, True, True)]
    result = analyse(data, rounds=50)
    beh = result["behaviours"]
    # the rules' indicators are analysed; the yes-man's are left out, with the reason
    rows = {r["indicator"]: r for r in beh["indicators"]}
    assert set(rows) == {"check_facts", "iterate"} and [x["indicator"] for x in beh["left_out"]] == list(MODEL_IDS)
    assert rows["check_facts"]["rate"] == 0.5 and rows["check_facts"]["mean_with"] == pytest.approx(64.0)
    # ours is reported apart: not a row among the paper's indicators, not in the paper's total
    assert beh["total_of"] == ["iterate", "check_facts"] and beh["ours"]["total_of"] == [*beh["total_of"],
                                                                                           "edited_deliverable"]
    [edited] = beh["ours"]["indicators"]
    assert edited["indicator"] == "edited_deliverable" and edited["mean_with"] == pytest.approx(48.0)
    reasons = {x["indicator"]: x["reason"] for x in beh["left_out"]}
    assert reasons["define_audience"] == "yes-man gave the same answers on all 27 validation transcripts"
    coders = {c["coder"]: c for c in result["fluency_coding"]["coders"]}
    assert coders["yes-man"]["constant"] and coders["yes-man"]["kappa"]["define_audience"] == 0.0

    out = CliRunner().invoke(cli, ["collab", "analyse", "pilot", "--rounds", "50"], env={"COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    text = re.sub(r"\s+", " ", out.output)
    assert "Cohen's kappa against the hand-coded transcripts" in text and "flagged yes-man" in text
    assert "left out define_audience (yes-man): yes-man gave the same answers on all 27 validation transcripts" in text


def test_a_coder_that_agrees_with_the_hand_codes_is_analysed(tmp_path: Path) -> None:
    url = settings().database_url
    store.upgrade(url)
    _stored_study(url, tmp_path)
    reader = _hand_coder(constant=False)
    code_study(url, "pilot", "reader", provider=reader)
    code_validation_set(url, "reader", provider=reader)
    data = load_study_data(url, "pilot")
    assert data.fluency is not None and data.fluency.coders[1].kappa == dict.fromkeys(IDS, 1.0)
    assert data.fluency.used == {**dict.fromkeys(MODEL_IDS, "reader"), **dict.fromkeys(RULE_IDS, "rules")}
    # on the six sessions the reader answers "true" (their logs are not in the set): constant there, so
    # no correlation, but the indicators are not left out for it
    assert [x["indicator"] for x in data.fluency.left_out] == []


def test_the_code_command_codes_the_sessions_and_the_validation_set(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.collab.fake_llm import chat, fake_llm

    url = settings().database_url
    store.upgrade(url)
    _stored_study(url, tmp_path)
    with fake_llm(lambda body: chat(json.dumps(dict.fromkeys(IDS, True)))) as (base, seen):
        cfg = tmp_path / "centaur.toml"
        cfg.write_text(f'[models.coder]\nbase_url = "{base}"\nmodel = "coder"\nmax_retries = 0\n')
        monkeypatch.setenv("CENTAUR_CONFIG", str(cfg))
        runner = CliRunner()
        first = runner.invoke(cli, ["collab", "study", "code", "pilot", "--model", "coder", "--json"])
        assert first.exit_code == 0, first.output
        out = json.loads(first.stdout)
        # two pairs of the six sessions have the same log: the store's cache answers the second of each
        assert (out["coded"], out["validation"]["coded"], len(seen)) == (6, 27, 31)
        assert out["validation"]["check"]["constant"] is True
        again = runner.invoke(cli, ["collab", "study", "code", "pilot", "--model", "coder"], env={"COLUMNS": "200"})
        assert again.exit_code == 0 and len(seen) == 31  # everything was stored: nothing asked again
        text = re.sub(r"\s+", " ", again.output)
        assert "validation: 27 of 27 hand-coded transcripts answered (0 now, 27 kept, 0 failed)" in text
        assert "flagged coder: the same answers on all 27 transcripts" in text
