"""A small store with two models seen through every lens, each written through its pillar's own API:
a real bench run (real grading in the sandbox) of two models behind fake endpoints, agents written by
the two models and their matches, collab sessions (each agent alone, and with two people) with judges'
totals; the bench run's
model calls are stored by the models layer as for any run.

`good` answers the task correctly and `weak` does not, so bench orders good first; in the arena it is
the other way round (weak's agent wins 3 of 4 matches, good's 1 of 4), and in collaboration weak's
agent scores higher with people and on its own too - the disagreement the comparison must find. The card
rates the sessions with a person (the paper's choice) and sets the autonomous runs beside them."""

from __future__ import annotations

from dataclasses import dataclass

from centaurlab import store
from centaurlab.arena import ensure_tournament, record_match, save_agent
from centaurlab.arena.generate import ensure_generated_agent, finish_generated_agent
from centaurlab.bench import BenchSpec, run_bench
from centaurlab.collab import NO_HUMAN, CollabJudgement, CollabSession, add_rubric
from centaurlab.models import ModelConfig, Registry
from tests.bench.test_runner import answer
from tests.fakes.openai_server import FakeOpenAI, Reply, chat_body
from tests.helpers import MINI_BANK

WRONG = "```python\ndef count_pairs(nums: list[int], target: int) -> int:\n    return 0\n```"


@dataclass
class Seeded:
    url: str
    bench_run: str


def _bench(url: str) -> str:
    spec = BenchSpec(models=("good", "weak"), bank=str(MINI_BANK), framings=("neutral", "dual"), samples=2)
    with FakeOpenAI() as good, FakeOpenAI() as weak:
        good.script += [answer() for _ in range(4)]
        weak.script += [Reply(body=chat_body(WRONG)) for _ in range(4)]
        registry = Registry({
            "good": ModelConfig(name="good", base_url=good.base_url, model="good-1", max_retries=0),
            "weak": ModelConfig(name="weak", base_url=weak.base_url, model="weak-1", max_retries=0),
        })
        run_bench(spec, url, registry=registry, workers=1)
    return spec.run_id()


def _arena(url: str) -> None:
    with store.session_scope(url) as s:
        for model, status, rounds, kind in (("good", "passed", 1, None), ("weak", "passed", 0, None),
                                            ("weak", "failed", 2, "timeout")):
            replicate = 2 if status == "failed" else 1
            name = f"gen-{model}-A1-r{replicate}"
            ensure_generated_agent(s, name, {"run": "main", "model": model, "strategy": "A1",
                                             "replicate": replicate}, {"debug_rounds": 2})
            finish_generated_agent(s, name, status=status, debug_rounds=rounds, failure_kind=kind)
        sha = {n: save_agent(s, n, f"# {n}\n") for n in ("gen-good-A1-r1", "gen-weak-A1-r1", "naive")}
        ensure_tournament(s, "t-cards", {"maps": ["france"]})
        results = {"gen-good-A1-r1": [0, 1, 1, 1], "gen-weak-A1-r1": [0, 0, 0, 1]}  # winner index per match
        for agent, winners in results.items():
            for seed, winner in enumerate(winners):
                record = {"agents": [agent, "naive"], "sources_sha256": [sha[agent], sha["naive"]],
                          "winner": winner, "failures": []}
                record_match(s, record, topology="france", seed=seed, tournament_id="t-cards")


def _collab(url: str) -> None:
    with store.session_scope(url) as s:
        rubric = add_rubric(s, "ab_test_readout", "researcher", {"categories": []}, None)
        totals = {("good", "ab_test_readout"): 40.0, ("good", "beam_sizing"): 50.0,
                  ("weak", "ab_test_readout"): 70.0, ("weak", "beam_sizing"): 80.0}
        together = {("good", "ab_test_readout", "p1"): 45.0, ("good", "beam_sizing", "p2"): 55.0,
                    ("weak", "ab_test_readout", "p2"): 75.0, ("weak", "beam_sizing", "p1"): 85.0}
        alone = NO_HUMAN
        sessions = [("autonomous", model, task, alone, total) for (model, task), total in totals.items()]
        sessions += [("human", model, task, person, total) for (model, task, person), total in together.items()]
        for kind, model, task, person, total in sessions:
            sess = CollabSession(kind=kind, agent=f"agent-{model}", model=model, task_id=task,
                                 human=person, bank="collab", status="done")
            s.add(sess)
            s.flush()
            s.add(CollabJudgement(session_id=sess.id, rubric_id=rubric.id, judge="j1", model="judge",
                                  status="ok", total=total))


def seed(url: str) -> Seeded:
    store.upgrade(url)
    run = _bench(url)
    _arena(url)
    _collab(url)
    return Seeded(url, run)
