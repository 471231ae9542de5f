"""Every task an example file names exists in its bank: the collaboration study's (its settings and
the `include` it shows in a comment, which a reader uncomments), the coding studies' task sets and
tutorials, and the bench tasks of the model card's script. A renamed or made-up task fails here, not
in the hands of someone trying the example."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from centaurlab.collab import load_collab_bank
from centaurlab.collabstudy import load_collab_study
from centaurlab.tasks import load_bank

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
COMMENTED_LIST = re.compile(r"^\s*#\s*(include|exclude)\s*=\s*(\[[^\]]*\])", re.M)
COMMENTED_TUTORIAL = re.compile(r'^\s*#\s*tutorial\s*=\s*"([^"]+)"', re.M)


def _commented(text: str) -> list[str]:
    """Task ids of `include`/`exclude` lists shown in comments."""
    return [t for _, names in COMMENTED_LIST.findall(text) for t in tomllib.loads(f"x = {names}")["x"]]


def _toml_examples() -> list[Path]:
    return sorted(EXAMPLES.rglob("*.toml"))


def test_the_examples_are_found() -> None:
    assert EXAMPLES / "collab-study.toml" in _toml_examples() and EXAMPLES / "study.toml" in _toml_examples()


@pytest.mark.parametrize("path", _toml_examples(), ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_every_task_an_example_names_exists(path: Path) -> None:
    text = path.read_text()
    data = tomllib.loads(text)
    if "tasks" in data.get("study", {}):  # a collaboration study
        study = load_collab_study(path)  # checks the tasks it sets
        named = [*study.tasks.include, *study.tasks.exclude, *_commented(text)]
        known = set(load_collab_bank(study.tasks.bank).tasks)
    elif "bank" in data.get("tasks", {}):  # a coding study
        sets = data["tasks"].get("sets", [])
        named = [t for s in sets if isinstance(s, list) for t in s]
        named += [data["tasks"]["tutorial"]] if "tutorial" in data["tasks"] else []
        named += COMMENTED_TUTORIAL.findall(text)
        known = set(load_bank(data["tasks"]["bank"]).tasks)
    else:
        pytest.skip("names no tasks")
    assert sorted(set(named) - known) == []


def test_the_collab_example_shows_real_tasks_in_its_comment() -> None:
    names = _commented((EXAMPLES / "collab-study.toml").read_text())
    assert names and set(names) <= set(load_collab_bank("collab").tasks)


def test_the_model_card_script_benches_tasks_of_its_bank() -> None:
    script = (EXAMPLES / "model-card" / "run.sh").read_text()
    runs = re.findall(r"bench run ([^\n]*(?:\\\n[^\n]*)*)", script)
    given = [arg for run in runs for arg in re.findall(r'--tasks "?(?:\$\{\w+:-)?([\w,]+)', run)]  # a default too
    named = [t for arg in given for t in arg.split(",")]
    banks = [b for run in runs for b in re.findall(r"--bank (\S+)", run)] or ["algo"]
    assert named
    assert sorted(set(named) - {t for b in banks for t in load_bank(b).tasks}) == []
