"""A study on two `algo` tasks worked by scripted participants through the web API, and a bench run of a fake
model on the same tasks: the data the centaur comparison and the study baselines are computed from.

The participants are scripts (the study file says `scripted = true`), each handing in one of three
solutions per task, whose grades are fixed: the task's reference (correctness 100, efficiency 100), its
known-bad quadratic solution (100, 0: it times out on every efficiency case) and the starter (40, 0: it
passes 4 of the 10 tests). So every combined score (the mean of correctness and efficiency) is known:
100, 50 and 20. The no-AI participants follow NO_AI in order; every participant with autocomplete hands in
the reference for min_gap and the starter for anagram_pairs. The fake model answers with one file holding
the quadratic min_gap and the reference anagram_pairs: combined 50 and 100 on every sample.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from centaurlab import store
from centaurlab.bench import BenchSpec, run_bench
from centaurlab.models import ModelConfig, Registry
from centaurlab.study import create_study, load_study
from centaurlab.tasks import load_bank
from centaurlab.web import create_app
from tests.fakes.openai_server import FakeOpenAI, Reply, chat_body
from tests.study.studyfiles import to_coding

ALGO = load_bank("algo")
TASKS = ("anagram_pairs", "min_gap")
TUTORIAL = "range_sums"
STUDY = "algo-centaurs"
COMBINED = {"reference": 100.0, "slow": 50.0, "starter": 20.0}
# the no-AI participants' solutions, in the order they join: (min_gap, anagram_pairs)
NO_AI = [("reference", "reference"), ("slow", "reference"), ("starter", "slow"), ("reference", "starter"),
         ("slow", "reference")]
WITH_AUTOCOMPLETE = ("reference", "starter")
MODEL_SCORE = {"min_gap": 50.0, "anagram_pairs": 100.0}

STUDY_FILE = f"""id = "{STUDY}"
title = "People, models and people with models on two algo tasks"
seed = 3
scripted = true

[conditions.no-ai]
kind = "none"

[conditions.autocomplete]
kind = "autocomplete"
model = "local"

[tasks]
bank = "algo"
sets = [["min_gap", "anagram_pairs"]]
tutorial = "{TUTORIAL}"

[timing]
session_minutes = 30
skip_after_minutes = 0

[paste]
block_external = false
"""


def solution(task_id: str, kind: str) -> str:
    task = ALGO.tasks[task_id]
    return {"reference": task.reference_source, "slow": (task.path / "bad" / "slow.py").read_text(),
            "starter": task.starter}[kind]


def model_answer() -> Reply:
    code = solution("min_gap", "slow") + "\n\n" + solution("anagram_pairs", "reference")
    return Reply(body=chat_body(f"```python\n{code}\n```"))


@dataclass
class Worked:
    """Who worked the study so far: each condition's participants' solutions, (min_gap, anagram_pairs)."""

    by_condition: dict[str, list[tuple[str, str]]] = field(default_factory=lambda: {"no-ai": [], "autocomplete": []})


def _post(client: TestClient, path: str, **body: Any) -> dict[str, Any]:
    r = client.post(f"/api/study/{STUDY}/{path}", json={"event_id": str(uuid.uuid4()),
                                                         "client_ms": int(time.time() * 1000), **body})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def participant(app: Any, worked: Worked) -> str:
    """One scripted participant from the link to the exit survey; returns their condition."""
    with TestClient(app) as client:
        to_coding(client, STUDY)
        state = client.get(f"/api/study/{STUDY}/state").json()
        condition = state["condition"]
        plan = NO_AI[len(worked.by_condition["no-ai"])] if condition == "no-ai" else WITH_AUTOCOMPLETE
        kinds = {"min_gap": plan[0], "anagram_pairs": plan[1], TUTORIAL: "reference"}
        while state["stage"] == "coding":
            task_id, index = state["task"]["id"].rpartition("/")[2], state["task"]["index"]
            answer = _post(client, "submit", task_index=index, code=solution(task_id, kinds[task_id]))
            state = answer["state"]
            if not answer["completed"]:  # the starter fails the hidden tests: the participant moves on
                state = _post(client, "skip", task_index=index)
        assert state["stage"] == "exit"
        worked.by_condition[condition].append(plan)
        return str(condition)


def open_study(url: str, folder: Path) -> Any:
    path = folder / "algo-centaurs.toml"
    path.write_text(STUDY_FILE)
    create_study(url, load_study(path), path.parent, source=str(path))
    return create_app(database_url=url, banks=["algo"])


def work_until(app: Any, worked: Worked, no_ai: int) -> None:
    """Participants join until `no_ai` of them were without AI (assignment balances the two conditions)."""
    while len(worked.by_condition["no-ai"]) < no_ai:
        participant(app, worked)


def bench(url: str) -> str:
    spec = BenchSpec(models=("fake",), bank="algo", tasks=TASKS, framings=("neutral",), samples=2)
    with FakeOpenAI() as fake:
        fake.script += [model_answer() for _ in range(4)]
        registry = Registry({"fake": ModelConfig(name="fake", base_url=fake.base_url, model="fake-1",
                                                 max_retries=0)})
        summary = run_bench(spec, url, registry=registry, workers=1)
    assert summary.graded == 4, summary
    return summary.run_id


def seed(url: str, folder: Path, between: Callable[[Worked], None] | None = None) -> tuple[Worked, str]:
    """The whole scenario: four no-AI participants (and whoever the assignment puts beside them), then
    `between(worked)`, then a fifth no-AI participant, then the bench run."""
    store.upgrade(url)
    app = open_study(url, folder)
    worked = Worked()
    work_until(app, worked, 4)
    if between is not None:
        between(worked)
    work_until(app, worked, 5)
    return worked, bench(url)
