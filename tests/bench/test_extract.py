from __future__ import annotations

from centaurlab.bench._extract import extract_code


def test_the_block_that_defines_the_entry_point_wins() -> None:
    answer = ("Here is a helper:\n```python\nimport math\n```\nAnd the solution:\n"
              "```python\ndef solve(x):\n    return x + 1\n```\nHope it helps.")
    assert extract_code(answer, "solve") == "def solve(x):\n    return x + 1\n"


def test_an_unclosed_fence_cut_at_max_tokens_still_counts() -> None:
    assert extract_code("Sure!\n```py\ndef solve(x):\n    return", "solve") == "def solve(x):\n    return\n"


def test_without_fences_the_code_starts_at_the_first_def_or_import() -> None:
    answer = "The answer is below.\nimport sys\n\ndef solve(x):\n    return 2 * x"
    assert extract_code(answer, "solve") == "import sys\n\ndef solve(x):\n    return 2 * x\n"


def test_blocks_in_other_languages_are_ignored() -> None:
    answer = "```bash\npip install x\n```\n```\ndef solve():\n    pass\n```"
    assert extract_code(answer, "solve") == "def solve():\n    pass\n"
