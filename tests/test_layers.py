"""The layer rules of docs/architecture.md, checked on the source: a module imports only its own top-level
folder or a lower layer, and no two top-level folders import each other. And each package owns its
tables: a pillar's tables module is imported only inside that pillar's package. And each package shows
a public API: another package imports it only through its `__init__` (`from ..study import Study`),
never a module behind it (`from ..study._studies import Study`), so a package can move its modules
without touching anyone else's code (docs/architecture.md).

Every import counts, including those inside functions (a lazy import is still a dependency).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "centaurlab"

# Highest first; a name may import only names of its own layer (see CYCLES) or of layers below.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("__main__", "schema"),  # schema: every package's tables on one metadata, for Alembic
    ("cli", "web"),
    ("calibration",),  # intervals measured by simulation: drives every pillar's and the model card's code
    ("modelcard",),  # one model through every pillar: composes them for cli and web alike
    ("collabstudy",),  # people with agents: builds on collab (tasks, judges) and study (survey questions)
    ("study", "bench", "arena", "collab"),
    ("grading", "models", "rating", "stats", "executors"),
    ("sandbox", "tasks", "store", "config", "errors", "hfdataset", "plugins", "templating"),
)
# Pairs of folders allowed to import each other for now, each naming the issue that removes it.
KNOWN_CYCLES: frozenset[frozenset[str]] = frozenset()
# Each tables module and the package that owns it; only modules of that package import it.
TABLES: dict[str, str] = {
    "study._tables": "study", "collab._tables": "collab", "collabstudy._tables": "collabstudy",
    "arena._tables": "arena", "arena.generate._tables": "arena.generate", "bench._tables": "bench",
    "models._calls": "models",
}
TABLES_EXEMPT = ("schema",)  # gathers every table for Alembic
SKIP = ("tasks/builtin",)  # task banks' own files (solutions, tests), not the platform's modules

Edge = tuple[str, str, str, int]  # (importing folder, imported folder, file, line)


def _imported(node: ast.Import | ast.ImportFrom, package: list[str]) -> list[str]:
    """The dotted names an import statement refers to, relative imports resolved against `package`."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = package[: len(package) - node.level + 1]
        module = ".".join([*base, *([node.module] if node.module else [])])
    else:
        module = node.module or ""
    if node.module:
        return [module]
    return [f"{module}.{alias.name}" for alias in node.names]  # `from .. import store`


def import_edges(root: Path) -> list[Edge]:
    """Every import of one top-level name of the package `root` by a module of another."""
    name = root.name
    edges: list[Edge] = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if any(rel.as_posix().startswith(skip) for skip in SKIP):
            continue
        top = rel.parts[0].removesuffix(".py")
        package = [name, *rel.parts[:-1]]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for target in _imported(node, package):
                parts = target.split(".")
                if parts[0] == name and len(parts) > 1 and parts[1] not in (top, "__init__"):
                    edges.append((top, parts[1], rel.as_posix(), node.lineno))
    return edges


def _modules(root: Path) -> list[tuple[Path, str, list[str]]]:
    """Each module of the package `root`: its file, its dotted name within the package, its package."""
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if not any(rel.as_posix().startswith(skip) for skip in SKIP):
            dotted = ".".join([*rel.parts[:-1], *([] if rel.stem == "__init__" else [rel.stem])])
            found.append((path, dotted, [root.name, *rel.parts[:-1]]))
    return found


def table_violations(root: Path, tables: dict[str, str] = TABLES) -> list[str]:
    """Imports of a tables module from outside the package that owns it, one readable line each.
    `from pkg import tables` counts as well as `import pkg.tables` and `from pkg.tables import X`."""
    problems = []
    for path, dotted, package in _modules(root):
        if dotted in TABLES_EXEMPT:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            names = _imported(node, package)
            if isinstance(node, ast.ImportFrom) and node.module:
                names += [f"{names[0]}.{alias.name}" for alias in node.names]
            for name in names:
                target = name.removeprefix(f"{root.name}.")
                owner = tables.get(target)
                if owner is not None and dotted != owner and not dotted.startswith(owner + "."):
                    problems.append(f"{path.relative_to(root).as_posix()}:{node.lineno}: imports {target}, the "
                                    f"tables of {owner}; only {owner} may: use a function {owner} exports")
    return problems


def _exported(init: Path) -> set[str]:
    """The names a package's `__init__` binds: what it imports, defines or assigns."""
    names: set[str] = set()
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(a.asname or a.name).split(".")[0] for a in node.names}
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {target.id for target in targets if isinstance(target, ast.Name)}
    return names


def _submodule_of(root: Path, other: str, name: str) -> bool:
    """Whether `name`, imported from the package `other`, is one of its modules that its `__init__` does not
    export (`leaderboard` is arena's function as well as a module: the function is the API)."""
    base = root / other.replace(".", "/")
    is_module = (base / f"{name}.py").exists() or (base / name / "__init__.py").exists()
    return is_module and name not in _exported(base / "__init__.py")


Source = tuple[Path, str, list[str]]  # a module's file, its dotted name within the package, its package


def api_violations(root: Path, sources: list[Source] | None = None, shown_from: Path | None = None) -> list[str]:
    """Imports that reach behind another package's `__init__`, one readable line each: `from ..study.x
    import Y`, `import centaurlab.study.x`, or a module imported by name (`from ..study import x`). Each
    package's own modules import each other freely; `schema` gathers every tables module (TABLES_EXEMPT).
    `sources` are files outside the package (benchmarks, scripts: dotted name "", so every package is
    another's), named relative to `shown_from`."""
    problems = []
    for path, dotted, package in _modules(root) if sources is None else sources:
        if dotted in TABLES_EXEMPT:
            continue
        top = dotted.split(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            if isinstance(node, ast.Import):
                reached = [alias.name for alias in node.names]
            else:
                base = ".".join(package[: len(package) - node.level + 1])
                module = _imported(node, package)[0] if node.module else base
                owner = module.split(".")[1] if module.count(".") == 1 else ""
                reached = [module] + [f"{module}.{a.name}" for a in node.names
                                      if owner and _submodule_of(root, owner, a.name)]
            for target in reached:
                parts = target.split(".")
                if parts[0] == root.name and len(parts) > 2 and parts[1] != top:
                    problems.append(f"{path.relative_to(shown_from or root).as_posix()}:{node.lineno}: imports "
                                    f"{'.'.join(parts[1:])},"
                                    f" a module behind {parts[1]}'s API: import the name from {parts[1]} and let "
                                    f"{parts[1]}/__init__.py export it")
    return problems


def top_level_names(root: Path) -> set[str]:
    names = {p.name for p in root.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    return names | {p.stem for p in root.glob("*.py") if p.stem != "__init__"}


def violations(root: Path, layers: tuple[tuple[str, ...], ...] = LAYERS,
               known_cycles: frozenset[frozenset[str]] = KNOWN_CYCLES, edges: list[Edge] | None = None) -> list[str]:
    """What breaks the rule, one readable line each (empty when the package follows it)."""
    rank = {name: i for i, names in enumerate(layers) for name in names}
    problems = [
        f"{name}: not in any layer; add it to LAYERS in tests/test_layers.py (and to docs/architecture.md)"
        for name in sorted(top_level_names(root) - set(rank))
    ]
    edges = import_edges(root) if edges is None else edges
    imports: dict[str, set[str]] = defaultdict(set)
    for top, other, file, line in edges:
        imports[top].add(other)
        if top in rank and other in rank and rank[other] < rank[top]:
            problems.append(f"{file}:{line}: {top} imports {other}, a higher layer")
    for top, other, file, line in edges:
        if top in imports.get(other, set()) and frozenset({top, other}) not in known_cycles:
            problems.append(f"{file}:{line}: {top} imports {other}, and {other} imports {top}")
    return problems


@pytest.fixture(scope="module")
def package_edges() -> list[Edge]:
    return import_edges(PACKAGE)


def test_the_package_follows_the_layer_rule(package_edges: list[Edge]) -> None:
    assert violations(PACKAGE, edges=package_edges) == []


def test_only_its_own_package_imports_a_pillars_tables() -> None:
    assert table_violations(PACKAGE) == []


def test_other_packages_import_a_package_only_through_its_init() -> None:
    assert api_violations(PACKAGE) == []


def test_every_tables_module_exists() -> None:
    """A tables module that moved must move here too, or the rule above guards nothing."""
    missing = [m for m in TABLES if not (PACKAGE / (m.replace(".", "/") + ".py")).exists()]
    assert missing == []


def test_every_known_cycle_still_exists(package_edges: list[Edge]) -> None:
    """A known exception that is gone must leave KNOWN_CYCLES, so that it cannot come back unseen."""
    imports: dict[str, set[str]] = defaultdict(set)
    for top, other, _, _ in package_edges:
        imports[top].add(other)
    for pair in KNOWN_CYCLES:
        a, b = sorted(pair)
        assert b in imports[a] and a in imports[b], f"the {a}<->{b} cycle is gone: drop it from KNOWN_CYCLES"


def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


@pytest.fixture
def pkg(tmp_path: Path) -> Path:
    return _write(tmp_path / "centaurlab", {
        "__init__.py": "",
        "config.py": "",
        "cli/__init__.py": "from ..study import run\n",
        "study/__init__.py": "from .core import run\n",
        "study/core.py": "from ..stats import mean\nfrom centaurlab.config import settings\n\ndef run(): ...\n",
        "stats/__init__.py": "def mean(): ...\n",
        "arena/__init__.py": "",
    })


def test_a_package_that_imports_downward_passes(pkg: Path) -> None:
    assert violations(pkg) == []


@pytest.mark.parametrize("statement", [
    "from ..cli import app\n",
    "from centaurlab.cli import app\n",
    "import centaurlab.cli._root\n",
    "from .. import cli\n",
    "def f():\n    from ..web._app import create_app\n",
])
def test_an_upward_import_fails_in_any_form(pkg: Path, statement: str) -> None:
    _write(pkg, {"stats/upward.py": statement})
    problems = violations(pkg)
    assert len(problems) == 1 and problems[0].startswith("stats/upward.py:")
    assert "stats imports " in problems[0] and "a higher layer" in problems[0]


def test_two_folders_of_one_layer_that_import_each_other_fail(pkg: Path) -> None:
    _write(pkg, {"arena/uses_study.py": "from ..study import run\n",
                 "study/uses_arena.py": "import centaurlab.arena\n"})
    problems = violations(pkg)
    assert problems == [
        "arena/uses_study.py:1: arena imports study, and study imports arena",
        "study/uses_arena.py:1: study imports arena, and arena imports study",
    ]
    assert violations(pkg, known_cycles=frozenset({frozenset({"arena", "study"})})) == []


def test_a_folder_outside_every_layer_is_named(pkg: Path) -> None:
    _write(pkg, {"newthing/__init__.py": ""})
    assert violations(pkg) == [
        "newthing: not in any layer; add it to LAYERS in tests/test_layers.py (and to docs/architecture.md)"
    ]


@pytest.mark.parametrize("statement", [
    "from ..study._tables import StudyRow\n",
    "from ..study import _tables\n",
    "from centaurlab.study import _tables as t\n",
    "import centaurlab.study._tables\n",
    "def f():\n    from ..study._tables import StudyRow\n",
])
def test_a_tables_import_from_another_package_fails_in_any_form(pkg: Path, statement: str) -> None:
    _write(pkg, {"study/_tables.py": "", "cli/reads.py": statement})
    assert table_violations(pkg) == [
        f"cli/reads.py:{statement.count(chr(10))}: imports study._tables, the tables of study; only study may: "
        "use a function study exports"
    ]


def test_a_package_imports_its_own_tables_and_schema_imports_all(pkg: Path) -> None:
    _write(pkg, {"study/_tables.py": "", "study/core2.py": "from ._tables import StudyRow\n",
                 "study/sub/deep.py": "from .._tables import StudyRow\n",
                 "schema.py": "from .study import _tables\n"})
    assert table_violations(pkg) == []


def test_a_sub_package_owns_its_tables_apart_from_its_parent(pkg: Path) -> None:
    _write(pkg, {"arena/generate/_tables.py": "", "arena/generate/_views.py": "from . import _tables\n",
                 "arena/agents.py": "from .generate._tables import accepted_source\n"})
    assert table_violations(pkg) == [
        "arena/agents.py:1: imports arena.generate._tables, the tables of arena.generate; only arena.generate "
        "may: use a function arena.generate exports"
    ]


@pytest.mark.parametrize("statement", [
    "from ..study.core import run\n",
    "from centaurlab.study.core import run\n",
    "import centaurlab.study.core\n",
    "from ..study import core\n",
    "def f():\n    from ..study.core import run\n",
])
def test_an_import_behind_another_packages_api_fails_in_any_form(pkg: Path, statement: str) -> None:
    _write(pkg, {"cli/uses.py": statement})
    assert api_violations(pkg) == [
        f"cli/uses.py:{statement.count(chr(10))}: imports study.core, a module behind study's API: import the name "
        "from study and let study/__init__.py export it"
    ]


def test_imports_through_an_init_and_within_a_package_pass(pkg: Path) -> None:
    _write(pkg, {"study/__init__.py": "from .core import run\nfrom . import shown\n", "study/shown.py": "",
                 "cli/uses.py": "from ..study import run, shown\nfrom centaurlab import study\n"
                                "import centaurlab.stats\n",
                 "study/more.py": "from .core import run\nfrom centaurlab.study.core import run as again\n"})
    assert api_violations(pkg) == []
