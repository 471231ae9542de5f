"""The helper library agents import, outside the sandbox: top-level modules of the project under the
names agents use (one source: the sandbox is given these very files), installable, every public
class and function documented, and shown by `centaur arena doc` and pydoc."""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab.arena import library_doc
from centaurlab.arena._agent_process import LIBRARY_MODULES, runtime_files
from centaurlab.arena._library import library_names
from centaurlab.cli import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def _public(module_name: str) -> list[tuple[str, object]]:
    """Every public class, function and method defined in the module."""
    module = importlib.import_module(module_name)
    names = getattr(module, "__all__", [n for n in vars(module) if not n.startswith("_")])
    found: list[tuple[str, object]] = []
    for name in names:
        obj = getattr(module, name)
        if not (inspect.isclass(obj) or inspect.isfunction(obj)) or obj.__module__ != module_name:
            continue
        found.append((f"{module_name}.{name}", obj))
        if inspect.isclass(obj):
            for attr, value in vars(obj).items():
                function = value.__func__ if isinstance(value, classmethod | staticmethod) else value
                if not attr.startswith("_") and inspect.isfunction(function):
                    found.append((f"{module_name}.{name}.{attr}", function))
    return found


@pytest.mark.parametrize("module_name", LIBRARY_MODULES)
def test_every_public_class_and_function_has_its_own_docstring(module_name: str) -> None:
    found = _public(module_name)
    assert found and (module_name != "centaur_arena" or {"centaur_arena.Fleet.final_plan", "centaur_arena.improve",
                                                         "centaur_arena.Schedule.to_plan"} <= dict(found).keys())
    # a dataclass without a docstring gets its signature as __doc__: that is not documentation
    missing = [name for name, obj in found
               if not (obj.__doc__ or "").strip() or (obj.__doc__ or "").startswith(f"{obj.__name__}(")]  # type: ignore[attr-defined]  # fmt: skip
    assert missing == []


@pytest.mark.parametrize("module_name", LIBRARY_MODULES)
def test_the_library_imports_the_standard_library_and_itself_only(module_name: str) -> None:
    """It runs in a sandbox without site-packages, beside the agent: nothing of centaurlab is there."""
    path = ROOT / "src" / f"{module_name}.py"
    imported = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported |= {alias.name.partition(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            imported.add(node.module.partition(".")[0])
    assert imported - sys.stdlib_module_names - set(LIBRARY_MODULES) - {"__future__"} == set()


def test_the_sandbox_gets_the_installed_modules_themselves_not_a_copy() -> None:
    files = runtime_files(helpers=True)
    for name in LIBRARY_MODULES:
        module = importlib.import_module(name)
        assert files[f"{name}.py"] == Path(module.__file__ or "").read_text(encoding="utf-8")
    assert not list((ROOT / "src" / "centaurlab").rglob("centaur_arena.py"))  # no second copy in the package
    # the world-only sandbox (agents written under the paper's protocol) gets centaur_world under the same name
    assert runtime_files(helpers=False)["centaur_arena.py"] == files["centaur_world.py"]


def test_the_project_installs_the_modules_at_top_level() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert sorted(config["tool"]["setuptools"]["py-modules"]) == sorted(LIBRARY_MODULES)
    where = config["tool"]["setuptools"]["packages"]["find"]["where"]
    assert all((ROOT / where[0] / f"{name}.py").is_file() for name in LIBRARY_MODULES)
    assert f"src/{LIBRARY_MODULES[0]}.py" in config["tool"]["mypy"]["files"]


def test_help_on_fleet_works_in_the_projects_python(tmp_path: Path) -> None:
    code = "import centaur_arena; help(centaur_arena.Fleet)"
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=60,
                          check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "class Fleet" in done.stdout and "Fleet(world.topology, world.vehicles)" in done.stdout
    assert "final_plan(self, tasks" in done.stdout and "marginal_cost(self, task" in done.stdout
    pydoc = subprocess.run([sys.executable, "-m", "pydoc", "centaur_arena"], cwd=tmp_path, capture_output=True,
                           text=True, timeout=60, check=False)  # fmt: skip
    assert pydoc.returncode == 0, pydoc.stderr
    assert "centaur_arena: the helper library" in pydoc.stdout and "class Schedule" in pydoc.stdout


def test_arena_doc_shows_a_name_a_method_and_a_module() -> None:
    shown = runner.invoke(app, ["arena", "doc", "Fleet.final_plan"])
    assert shown.exit_code == 0, shown.output
    assert "final_plan(self, tasks" in shown.stdout and "ready to return from `plan`" in shown.stdout
    whole = runner.invoke(app, ["arena", "doc"])
    assert whole.exit_code == 0 and "class Schedule" in whole.stdout and "def improve" not in whole.stdout
    assert "improve(schedule" in whole.stdout
    assert "def search" not in library_doc("centaur_search") and "search(schedule" in library_doc("centaur_search")
    assert "class Topology" in library_doc("centaur_world.Topology")


def test_arena_doc_names_the_choices_for_an_unknown_name() -> None:
    result = runner.invoke(app, ["arena", "doc", "Flet"])
    assert result.exit_code == 2
    assert "centaur_arena has no 'Flet'" in result.output and "Fleet" in result.output
    assert set(library_names()) >= {"Fleet", "Schedule", "World", "Task", "improve"}
