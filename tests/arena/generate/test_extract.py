"""Finding the agent in a model's answer."""

from __future__ import annotations

from centaurlab.arena.generate import extract_agent
from centaurlab.arena.generate._extract import strip_fence

AGENT = ("import math\n\nclass Bot:\n    def setup(self, world):\n        pass\n\n"
         "    def bid(self, task):\n        return 1\n")
HELPER = "def helper(x):\n    return x + 1\n"


def test_the_fenced_block_with_the_agent_class_is_taken() -> None:
    answer = f"Some words.\n\n```python\n{HELPER}```\n\nNow the agent:\n\n```python\n{AGENT}```\nBye."
    assert extract_agent(answer) == AGENT


def test_the_last_agent_block_wins_and_other_languages_are_ignored() -> None:
    first = AGENT.replace("return 1", "return 2")
    answer = f"```python\n{first}```\n```bash\ncentaur arena match bot.py honest\n```\n```py\n{AGENT}```"
    assert extract_agent(answer) == AGENT


def test_a_block_cut_by_the_token_limit_is_still_read() -> None:
    assert extract_agent(f"Here:\n```python\n{AGENT}") == AGENT


def test_bare_code_is_read_from_its_first_line_of_code() -> None:
    assert extract_agent(f"Sure! Here it is:\n{AGENT}") == AGENT


def test_an_answer_without_an_agent_class_gives_none() -> None:
    assert extract_agent("I would bid the marginal cost.") is None
    assert extract_agent(f"```python\n{HELPER}```") is None
    assert extract_agent("```python\nclass Bot:\n    def plan(self, tasks):\n        return []\n```") is None


def test_a_single_fenced_answer_loses_its_fence() -> None:
    assert strip_fence("```markdown\nNew prompt.\n```") == "New prompt.\n"
    inside = "New prompt with ```python\nx = 1\n``` inside."
    assert strip_fence(inside) == inside + "\n"
