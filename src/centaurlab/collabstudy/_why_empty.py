"""Why a section of the analysis is empty, in the words a researcher acts on: a table that says only
"(none)" leaves them guessing whether the study has too few people yet, lacks a baseline run, or was
never coded. Each reason names what is missing and, where a command supplies it, the command.

Pure: a function of the study's data and the analysis result (`_analysis.analyse` calls it)."""

from __future__ import annotations

from typing import Any

from ._data import MIN_CODED, MIN_PAIRS, MIN_RATED, StudyData
from ._fluency_check import INDICATORS
from ._fluency_rules import RULE_CODER

SECTIONS = ("agent_ranking", "quartile_wins", "pre_post", "survey_vs_skill", "fluency_coding", "left_out",
            "behaviours", "counts", "coding_agreement")


def _baseline(data: StudyData) -> str:
    pairs = sorted({(o.agent, o.task) for o in data.human_sessions})
    agents = sorted({a for a, _ in pairs if not a.startswith("external:")})
    tasks = sorted({t for _, t in pairs})
    run = (f": run `centaur collab run --agent AGENT --tasks {','.join(tasks)}` for each agent "
           f"({', '.join(agents)}), then `centaur collab grade --all`") if agents and tasks else ""
    return f"no graded autonomous session of the study's agents on its tasks (the baseline){run}"


def _surveys(data: StudyData) -> str:
    both = [h for h in data.pre if h in data.post]
    if not data.post:
        return "no participant has answered the post-survey yet"
    if len(both) < MIN_PAIRS:
        return f"{len(both)} participant(s) answered both surveys; a before/after test needs {MIN_PAIRS}"
    return "no attitude item was answered before and after by enough people"


def _skill(data: StudyData, rated: dict[str, Any]) -> str:
    people = {h["name"] for h in rated.get("humans", [])}
    answered = [h for h in data.pre if h in people]
    if len(answered) < MIN_RATED:
        return (f"{len(answered)} rated participant(s) answered the pre-survey; a correlation needs "
                f"{MIN_RATED} (people are rated once their sessions are graded)")
    return "no pre-survey measure differs between the rated participants"


def _coded(data: StudyData) -> int:
    return sum(o.codes is not None for o in data.human_sessions)


def _behaviours(data: StudyData, result: dict[str, Any]) -> str:
    coded = _coded(data)
    if coded == 0:
        return "no session's log is coded: run `centaur collab study code STUDY`"
    if coded < MIN_CODED:
        return f"{coded} coded session(s); the indicators need {MIN_CODED}"
    if len(result["behaviours"].get("left_out", [])) == len(INDICATORS):
        return "every indicator was left out (see the indicators left out and why)"
    return f"no analysed indicator is observed in {MIN_CODED} coded sessions"


def empty_sections(data: StudyData, result: dict[str, Any]) -> dict[str, str]:
    """Section -> why it holds nothing, for the sections of `result` that hold nothing (or nothing
    compared: the quartiles without a baseline list people but no session)."""
    rated = result["ratings"]
    beh = result["behaviours"]
    why: dict[str, str] = {}
    if not data.autonomous:
        why["agent_ranking"] = "the autonomous columns are empty: " + _baseline(data)
        why["quartile_wins"] = _baseline(data)
    elif result["quartile_wins"] and not any(q["sessions"] for q in result["quartile_wins"]):
        why["quartile_wins"] = "no participant's session shares its agent and task with a baseline session"
    if not result["pre_post"]:
        why["pre_post"] = _surveys(data)
    if not result["survey_vs_skill"]:
        why["survey_vs_skill"] = _skill(data, rated)
    coders = [c["coder"] for c in (result.get("fluency_coding") or {}).get("coders", [])]
    if not coders:
        why["fluency_coding"] = "the coders were not checked against the hand-coded transcripts"
    elif coders == [RULE_CODER]:
        why["fluency_coding"] = ("only the rules are checked: no model has coded the study's logs, so the indicators "
                                 "a model reads are left out; run `centaur collab study code STUDY`")
    if data.fluency is None:
        why["left_out"] = why["fluency_coding"]
    elif not beh.get("left_out"):
        why["left_out"] = "nothing left out: every indicator's coder passed its check against the hand codes"
    if not beh.get("indicators"):
        why["behaviours"] = _behaviours(data, result)
    if not any(k in beh for k in ("total_count", "user_turns")):
        few = _coded(data) < MIN_CODED
        why["counts"] = _behaviours(data, result) if few else "the counts are the same in every coded session"
    if not result.get("coding_agreement"):
        why["coding_agreement"] = "none of the study's sessions is hand-coded to compare the model's codes with"
    return why
