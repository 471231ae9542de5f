"""Two rules of docs/architecture.md about what is private: a package's implementation modules are
private (`_name.py`) behind the `__init__` that is its API, as httpx keeps `_client.py` behind `httpx`;
and a test may import a private module only of the package it tests (the test folder names it:
`tests/study/...` tests `centaurlab.study`). A test of one package that needs another's internals is
either testing the wrong package or shows that the other one lacks a public way to do something.
Monkeypatch targets count: a string naming `centaurlab.pkg._module` is a reach like an import.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.test_layers import PACKAGE, _write

TESTS = Path(__file__).resolve().parent

# Folders of a package whose files are not the platform's modules: programs run inside the sandbox or
# an agent's process, data and templates read as text, the task banks' own files, Alembic's scripts.
NOT_MODULES = ("runtime", "builtin", "data", "templates", "prompts", "validation", "migrations", "static")
# Files that sit in a package but are read as text by their package, never imported by name: the
# arena's built-in agents and the template a generated agent starts from, given to the sandbox.
READ_AS_TEXT: frozenset[str] = frozenset(
    f"arena/agents/{name}.py" for name in ("expcost", "honest", "modelopponent", "naive", "reference",
                                           "riskseeking", "template", "template_world"))

# Test files that may reach private modules of packages they do not test, each (file, package) with why.
# Any other reach fails; a fixed one must leave the list (test_every_known_reach_still_exists).
KNOWN_TEST_REACHES: dict[tuple[str, str], str] = {
    # the exception tree of the whole platform: names the few classes kept outside it, wherever they live
    ("tests/test_errors.py", "sandbox"): "BoxFailure and SolutionRaised are the judged code's, not ours",
    ("tests/test_errors.py", "web"): "the body limit's own exception must pass the application's handler",
    ("tests/test_errors.py", "study"): "an error's qualified name, as the tree prints it",
    ("tests/test_errors.py", "models"): "an error's qualified name, as the tree prints it",
    ("tests/test_errors.py", "arena"): "a forfeit is a match's outcome, not an error",
    # an old database's rows written into every package's tables, as `schema` gathers them for Alembic
    ("tests/store/make_old_database.py", "bench"): "rows of a bench run as an old version stored them",
    ("tests/store/make_old_database.py", "collabstudy"): "rows of a collaboration study as an old version stored them",
    # a process killed between a file's version and its working copy, in the one function that writes both
    ("tests/collabstudy/test_versions.py", "collab"): "the crash must happen inside collab's own write",
    # the grader replaced where grading's jobs call it, to prove that a stored grade is not graded again
    ("tests/web/test_grade_api.py", "grading"): "no public seam between a job and the grader",
    ("tests/cli/test_grade_cli.py", "grading"): "no public seam between a job and the grader",
}
RULE_TESTS = ("test_layers.py", "test_layers_modules.py", "test_layers_private.py")  # name violations on purpose

PRIVATE = re.compile(r"\bcentaurlab(?:\.\w+)*\._(?!_)\w*")


def public_modules(root: Path, read_as_text: frozenset[str] = READ_AS_TEXT) -> list[str]:
    """Each module of a package (below the top level) whose name is public, relative to `root`."""
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if len(rel.parts) == 1 or any(part in NOT_MODULES for part in rel.parts[:-1]):
            continue  # the top-level modules are the root package's names; NOT_MODULES hold no modules
        if path.stem in ("__init__", "__main__") or path.stem.startswith("_") or rel.as_posix() in read_as_text:
            continue
        found.append(rel.as_posix())
    return found


def module_violations(root: Path, read_as_text: frozenset[str] = READ_AS_TEXT) -> list[str]:
    return [f"{rel}: a public module inside a package; rename it _{Path(rel).name} and export what others "
            f"use from its package's __init__" for rel in public_modules(root, read_as_text)]


def _reaches(path: Path) -> list[tuple[int, str]]:
    """(line, dotted name) of every private module of centaurlab a file names: imports, and strings."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names = PRIVATE.findall(node.value)
        for name in names:
            match = PRIVATE.match(name)
            if match and (match.group(), node.lineno) not in [(n, line) for line, n in found]:
                found.append((node.lineno, match.group()))
    return found


def reaches(tests: Path) -> list[tuple[str, int, str, str]]:
    """Each reach of a test file into a private module of a package it does not test: (file, line, name,
    package)."""
    found = []
    for path in sorted(tests.rglob("*.py")):
        rel = path.relative_to(tests)
        if len(rel.parts) == 1 and rel.name in RULE_TESTS:
            continue
        tested = f"centaurlab.{rel.parts[0]}." if len(rel.parts) > 1 else None
        for line, name in _reaches(path):
            if tested is None or not name.startswith(tested):
                found.append((f"tests/{rel.as_posix()}", line, name, name.split(".")[1]))
    return found


def reach_violations(tests: Path, known: dict[tuple[str, str], str] = KNOWN_TEST_REACHES) -> list[str]:
    problems = []
    for file, line, name, package in reaches(tests):
        if (file, package) not in known:
            owner = f"centaurlab.{package}"
            problems.append(f"{file}:{line}: reaches {name}, private to {owner}: use {owner}'s API, or test "
                            f"this in tests/{package}/")
    return problems




def test_every_module_inside_a_package_is_private() -> None:
    assert module_violations(PACKAGE) == []


def test_a_test_imports_private_modules_of_its_own_package_only() -> None:
    assert reach_violations(TESTS) == []


def test_every_known_reach_still_exists() -> None:
    present = {(file, package) for file, _, _, package in reaches(TESTS)}
    assert sorted(set(KNOWN_TEST_REACHES) - present) == []


def test_every_file_read_as_text_is_there() -> None:
    assert sorted(rel for rel in READ_AS_TEXT if not (PACKAGE / rel).exists()) == []


def test_a_public_module_inside_a_package_fails(tmp_path: Path) -> None:
    root = _write(tmp_path / "centaurlab", {
        "__init__.py": "", "config.py": "", "study/__init__.py": "", "study/_platform.py": "",
        "study/__main__.py": "", "study/metrics/__init__.py": "", "study/metrics/_shares.py": "",
        "sandbox/runtime/box.py": "", "arena/agents/naive.py": "",
    })
    assert module_violations(root, frozenset({"arena/agents/naive.py"})) == []
    _write(root, {"study/platform.py": "", "study/metrics/shares.py": ""})
    assert module_violations(root, frozenset({"arena/agents/naive.py"})) == [
        "study/metrics/shares.py: a public module inside a package; rename it _shares.py and export what others "
        "use from its package's __init__",
        "study/platform.py: a public module inside a package; rename it _platform.py and export what others use "
        "from its package's __init__",
    ]
    assert module_violations(root, frozenset()) == [
        "arena/agents/naive.py: a public module inside a package; rename it _naive.py and export what others use "
        "from its package's __init__", *module_violations(root, frozenset({"arena/agents/naive.py"}))]


@pytest.mark.parametrize("statement", [
    "from centaurlab.study._platform import StudyPlatform\n",
    "import centaurlab.study._platform as platform\n",
    "from centaurlab.study import _platform\n",
    "def f(monkeypatch):\n    monkeypatch.setattr('centaurlab.study._platform.now', None)\n",
])
def test_a_test_reaching_another_packages_private_module_fails(tmp_path: Path, statement: str) -> None:
    tests = _write(tmp_path / "tests", {"study/test_own.py": statement, "web/test_fine.py": "from centaurlab.study "
                                        "import StudyPlatform\nfrom centaurlab.web._app import create_app\n"})
    assert reach_violations(tests, {}) == []
    _write(tests, {"web/test_other.py": statement, "helpers.py": "import centaurlab.rating._fit\n"})
    line = statement.count("\n")
    assert reach_violations(tests, {}) == [
        "tests/helpers.py:1: reaches centaurlab.rating._fit, private to centaurlab.rating: use centaurlab.rating's "
        "API, or test this in tests/rating/",
        f"tests/web/test_other.py:{line}: reaches centaurlab.study._platform, private to centaurlab.study: use "
        "centaurlab.study's API, or test this in tests/study/",
    ]
