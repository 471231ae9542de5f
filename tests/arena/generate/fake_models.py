"""Models that answer with known agents, round after round, served by the tests' one fake
OpenAI-compatible server.

Each model id has a script: the n-th request to that model gets the n-th answer (the last one
repeats). Requests are kept, so a test can read exactly what the pipeline asked. A model may have a
context window: a request whose messages are longer (in characters) than the model's first request
plus its margin is refused as llama.cpp refuses it (HTTP 400), and a margin below 0 refuses all.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from textwrap import dedent
from typing import Any

from tests.fakes.openai_server import FakeOpenAI, Reply, chat_body


def fenced(code: str, before: str = "Here is the agent.") -> str:
    return f"{before}\n\n```python\n{code}```\n\nGood luck!"


GOOD = dedent('''
    import math
    import random

    from centaur_arena import Fleet


    class GoodAgent:
        """Bids its marginal cost plus 10 %; plans with the helper library's insertion and local search."""

        def setup(self, world):
            self.world = world
            self.rng = random.Random(world.seed)
            self.fleet = Fleet(world.topology, world.vehicles)

        def bid(self, task):
            cost = self.fleet.marginal_cost(task)
            if cost == math.inf:
                return None
            return int(math.ceil(cost * 1.1)) + 1

        def auction_result(self, task, winner, bids):
            if winner == self.world.index:
                self.fleet.won(task)

        def plan(self, tasks):
            return self.fleet.final_plan(tasks, self.rng, 10 * len(tasks))
''').lstrip()
SLEEPY = GOOD.replace("cost = self.fleet.marginal_cost(task)",
                      "time.sleep(5)\n        cost = self.fleet.marginal_cost(task)",
                      ).replace("import math\n", "import math\nimport time\n")  # fmt: skip
HEAVY = dedent('''
    from centaur_arena import Fleet

    class Heavy:
        """Bids 1 for everything, then loads every task on its smallest vehicle before delivering any."""

        def setup(self, world):
            self.world = world

        def bid(self, task):
            return 1

        def auction_result(self, task, winner, bids):
            pass

        def plan(self, tasks):
            plan = [[] for _ in self.world.vehicles]
            small = min(range(len(self.world.vehicles)), key=lambda v: self.world.vehicles[v].capacity)
            plan[small] = [("pickup", t.id) for t in tasks] + [("deliver", t.id) for t in tasks]
            return plan
''').lstrip()
BROKEN = GOOD.replace("def bid(self, task):", "def bid(self, task)")
PROSE = "I would bid the marginal cost plus a margin and plan with cheapest insertion. Shall I write it?"
IMPROVEMENTS = "1. Bid 5 % above marginal cost instead of 10 %.\n2. Spend more local-search iterations on the plan."
REWRITTEN = "Write the best APDP agent you can (improved prompt). Use the template:\n\n```python\n{template}```\n"

SCRIPTS: dict[str, list[str]] = {
    "good": [fenced(GOOD)],
    "sleepy": [fenced(SLEEPY)],
    "heavy": [fenced(HEAVY)],
    "fixer": [PROSE, fenced(BROKEN, "Sorry, here it is."), fenced(GOOD, "Fixed the missing colon.")],
    "critic": [IMPROVEMENTS],
}


class FakeModels:
    def __init__(self, scripts: dict[str, list[str]] | None = None, margins: dict[str, int] | None = None) -> None:
        self.scripts = scripts or SCRIPTS
        self.margins = margins or {}
        self.requests: list[dict[str, Any]] = []
        self.refused: list[dict[str, Any]] = []
        self.server = FakeOpenAI(self.answer)

    def answer(self, body: dict[str, Any]) -> Reply | dict[str, Any]:
        """The next answer of the model the request names (called in arrival order, one at a time)."""
        model = body.get("model", "")
        if self.too_long(model, body):
            self.refused.append(body)
            return Reply(400, {"error": {"code": 400, "type": "exceed_context_size_error",
                                         "message": "request exceeds the available context size"}})
        n = sum(1 for r in self.requests if r["model"] == model)
        self.requests.append(body)
        script = self.scripts.get(model, ["no script for this model"])
        text = script[min(n, len(script) - 1)]
        if "{template}" in text:
            text = text.replace("{template}", GOOD)
        return chat_body(text, prompt_tokens=100, completion_tokens=50)

    def too_long(self, model: str, body: dict[str, Any]) -> bool:
        margin = self.margins.get(model)
        if margin is None:
            return False
        first = next((r for r in self.requests if r["model"] == model), body)
        return margin < 0 or _length(body) > _length(first) + margin

    @property
    def base_url(self) -> str:
        return self.server.base_url

    def asked(self, model: str) -> list[dict[str, Any]]:
        return [r for r in self.requests if r["model"] == model]

    def config(self) -> str:
        """centaur.toml registering every scripted model at this server (the critic priced highest)."""
        return "\n".join(self.server.config(model, max_retries=0,
                                             price_output_per_mtok=10.0 if model == "critic" else 1.0)
                         for model in self.scripts)


def _length(body: dict[str, Any]) -> int:
    return sum(len(str(m.get("content", ""))) for m in body.get("messages", []))


@contextmanager
def serve_models(scripts: dict[str, list[str]] | None = None,
                 margins: dict[str, int] | None = None) -> Iterator[FakeModels]:
    fake = FakeModels(scripts, margins)
    with fake.server:
        yield fake
