"""The rules of docs/architecture.md that look inside a package, and beyond `src/`: no import cycle
between the modules of one package, no private name (`_name`) imported from another module, and
`benchmarks/` and `scripts/` use a package only through its `__init__`, as `src/` does
(tests/test_layers.py checks the folders). A cycle means two modules cannot be read, tested or moved
apart; a private name imported elsewhere is an API nobody declared. Lazy imports count like any other.
"""

from __future__ import annotations

import ast
from collections import deque
from pathlib import Path

import pytest

from tests.test_layers import PACKAGE, Source, _imported, _modules, _write, api_violations

REPO = PACKAGE.parents[1]
OUTSIDE = ("benchmarks", "scripts")  # folders beside src/ that use the package as a user would

# Private names still imported across modules, each (importing file, name). Any new one fails the test.
KNOWN_PRIVATE_IMPORTS: frozenset[tuple[str, str]] = frozenset()
# Files outside src/ still reaching behind a package's `__init__`: (file, or folder ending in "/"; the package
# reached, "" for any). Any other reach fails the test.
KNOWN_OUTSIDE_REACHES: tuple[tuple[str, str], ...] = (
    # stores fixture sessions straight into collab's tables and times collab's internals: it moves to
    # the public API once collab exports a way to store a session (issue 43)
    ("benchmarks/collab.py", ""),
    # instruments the grading and sandbox modules themselves: it replaces methods of classes no user calls
    # (the zygote's ForkedSession, the judge's RemoteBox) and functions inside grading's modules to time each
    # step, which only works on the modules that hold them; exporting those internals would widen both APIs
    ("benchmarks/grading.py", "grading"), ("benchmarks/grading.py", "sandbox"),
)


def _known(problem: str, where: str, package: str) -> bool:
    return (problem.startswith(where if where.endswith("/") else f"{where}:")
            and (not package or f" imports {package}." in problem))


Graph = dict[str, dict[str, tuple[str, int]]]  # module -> module it imports -> (file, line) of the first import


def module_graph(root: Path) -> Graph:
    """Which module of the package `root` imports which other module of the same top-level package
    (`arena.agents` -> `arena.generate`), with where. `from . import x` names the module x; `from .x
    import Y` names x (a package's `__init__` is the package's dotted name)."""
    sources = _modules(root)
    known = {dotted for _, dotted, _ in sources}
    graph: Graph = {dotted: {} for dotted in known}
    for path, dotted, package in sources:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            targets = []
            for name in _imported(node, package):
                inner = name.removeprefix(f"{root.name}.")
                if isinstance(node, ast.ImportFrom) and node.module:
                    subs = [f"{inner}.{a.name}" for a in node.names if f"{inner}.{a.name}" in known]
                    targets += subs if len(subs) == len(node.names) else [inner, *subs]
                else:
                    targets.append(inner)
            for target in targets:
                if target in known and target != dotted and target.split(".")[0] == dotted.split(".")[0]:
                    graph[dotted].setdefault(target, (path.relative_to(root).as_posix(), node.lineno))
    return graph


def _shortest_cycle(graph: Graph, start: str, members: set[str]) -> list[str]:
    """The shortest path from `start` back to itself within `members` (a strongly connected set)."""
    came: dict[str, str] = {}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in sorted(graph[node]):
            if nxt == start:
                path = [node]
                while path[-1] != start:
                    path.append(came[path[-1]])
                return [*reversed(path), start]
            if nxt in members and nxt not in came:
                came[nxt] = node
                queue.append(nxt)
    raise AssertionError(f"{start} is in no cycle")


def _cyclic_sets(graph: Graph) -> list[set[str]]:
    """The strongly connected sets of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, edges = work[-1]
            nxt = next(edges, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                elif nxt in stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = set()
                while True:
                    member = stack.pop()
                    members.add(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(members)
    return found


def cycle_violations(graph: Graph) -> list[str]:
    """One readable line per import cycle inside a package: each step with its file and line."""
    problems = []
    for members in _cyclic_sets(graph):
        cycle = _shortest_cycle(graph, min(members), members)
        steps = [f"{graph[a][b][0]}:{graph[a][b][1]} imports {b}" for a, b in zip(cycle, cycle[1:], strict=False)]
        problems.append(f"import cycle inside {cycle[0].split('.')[0]}: {', '.join(steps)}; move what both "
                        f"need into a module that imports neither")
    return sorted(problems)


def private_imports(root: Path) -> list[tuple[str, int, str, str]]:
    """Each private name (`_x`, not a module and not a dunder) imported from another module of the
    package: (file, line, name, module it comes from)."""
    sources = _modules(root)
    known = {dotted for _, dotted, _ in sources}
    found = []
    for path, dotted, package in sources:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if not isinstance(node, ast.ImportFrom) or not node.module:
                continue
            module = _imported(node, package)[0].removeprefix(f"{root.name}.")
            for alias in node.names:
                name = alias.name
                if (name.startswith("_") and not name.endswith("__") and f"{module}.{name}" not in known
                        and module != dotted and (module in known or module.split(".")[0] in known)):
                    found.append((path.relative_to(root).as_posix(), node.lineno, name, module))
    return found


def private_violations(root: Path, known: frozenset[tuple[str, str]] = KNOWN_PRIVATE_IMPORTS) -> list[str]:
    return [f"{file}:{line}: imports {name}, private to {module}: make it public there (or move it to where "
            f"both belong)" for file, line, name, module in private_imports(root) if (file, name) not in known]


def outside_sources(repo: Path, folders: tuple[str, ...] = OUTSIDE) -> list[Source]:
    """The Python files of `folders` as sources for `api_violations`: none of them is part of a package."""
    return [(path, "", [path.parent.name]) for folder in folders for path in sorted((repo / folder).rglob("*.py"))]


def outside_violations(repo: Path, package: Path,
                       known: tuple[tuple[str, str], ...] = KNOWN_OUTSIDE_REACHES) -> list[str]:
    problems = api_violations(package, outside_sources(repo), shown_from=repo)
    return [p for p in problems if not any(_known(p, where, pkg) for where, pkg in known)]


def test_no_import_cycle_between_the_modules_of_a_package() -> None:
    assert cycle_violations(module_graph(PACKAGE)) == []


def test_no_private_name_is_imported_from_another_module() -> None:
    assert private_violations(PACKAGE) == []


def test_every_known_private_import_still_exists() -> None:
    """A fixed exception leaves the allow-list, so that it cannot come back unseen."""
    present = {(file, name) for file, _, name, _ in private_imports(PACKAGE)}
    assert sorted(KNOWN_PRIVATE_IMPORTS - present) == []


def test_benchmarks_and_scripts_use_a_package_only_through_its_init() -> None:
    assert outside_violations(REPO, PACKAGE) == []


def test_every_known_outside_reach_still_exists() -> None:
    problems = api_violations(PACKAGE, outside_sources(REPO), shown_from=REPO)
    stale = [k for k in KNOWN_OUTSIDE_REACHES if not any(_known(p, *k) for p in problems)]
    assert stale == []


@pytest.fixture
def pkg(tmp_path: Path) -> Path:
    return _write(tmp_path / "centaurlab", {
        "__init__.py": "",
        "arena/__init__.py": "from .agents import resolve\n",
        "arena/agents/__init__.py": "def resolve(): ...\n",
        "arena/generate/__init__.py": "from .check import check\n",
        "arena/generate/check.py": "from ..agents import resolve\n\ndef check(): ...\n",
        "arena/generate/views.py": "def _row(): ...\ndef row(): ...\n",
        "cli/__init__.py": "",
        "cli/a.py": "from . import b\n",
        "cli/b.py": "from .c import helper\n",
        "cli/c.py": "def helper(): ...\n",
    })


def test_a_package_without_cycles_passes(pkg: Path) -> None:
    assert cycle_violations(module_graph(pkg)) == []


VIA_INIT = "arena.generate, arena/generate/__init__.py:1 imports arena.generate.check"


@pytest.mark.parametrize(("statement", "reached"), [
    ("from ..generate import check\n", "arena.generate.check"),
    ("from ..generate.check import check\n", "arena.generate.check"),
    ("import centaurlab.arena.generate\n", VIA_INIT),
    ("from ..generate import views, check\n", "arena.generate.check"),
    ("def f():\n    from ..generate import check\n", "arena.generate.check"),
])
def test_a_cycle_between_modules_fails_in_any_form(pkg: Path, statement: str, reached: str) -> None:
    _write(pkg, {"arena/agents/__init__.py": statement})
    assert cycle_violations(module_graph(pkg)) == [
        f"import cycle inside arena: arena/agents/__init__.py:{statement.count(chr(10))} imports {reached}, "
        "arena/generate/check.py:1 imports arena.agents; move what both need into a module that imports neither"
    ]


def test_a_longer_cycle_is_named_step_by_step(pkg: Path) -> None:
    _write(pkg, {"cli/c.py": "def helper():\n    from .a import x\n"})
    assert cycle_violations(module_graph(pkg)) == [
        "import cycle inside cli: cli/a.py:1 imports cli.b, cli/b.py:1 imports cli.c, cli/c.py:2 imports cli.a; "
        "move what both need into a module that imports neither"
    ]


def test_a_private_name_from_another_module_fails(pkg: Path) -> None:
    _write(pkg, {"cli/d.py": "from ..arena.generate.views import _row, row\n",
                 "arena/other.py": "def f():\n    from .generate.views import _row\n"})
    assert private_violations(pkg, frozenset()) == [
        "arena/other.py:2: imports _row, private to arena.generate.views: make it public there (or move it to "
        "where both belong)",
        "cli/d.py:1: imports _row, private to arena.generate.views: make it public there (or move it to where "
        "both belong)",
    ]
    assert private_violations(pkg, frozenset({("cli/d.py", "_row"), ("arena/other.py", "_row")})) == []


def test_a_private_module_a_dunder_or_a_public_name_passes(pkg: Path) -> None:
    _write(pkg, {"cli/_impl.py": "__all__ = ['x']\n", "cli/e.py": "from . import _impl\nfrom ._impl import __all__\n",
                 "cli/f.py": "from ..arena.generate.views import row\nimport os\nfrom os import _exit\n"})
    assert private_violations(pkg, frozenset()) == []


@pytest.mark.parametrize("statement", [
    "from centaurlab.arena.generate.views import row\n",
    "import centaurlab.arena.agents\n",
    "from centaurlab.arena import generate\n",
    "def f():\n    from centaurlab.arena.agents import resolve\n",
])
def test_a_benchmark_reaching_behind_an_init_fails(pkg: Path, statement: str) -> None:
    repo = pkg.parent
    _write(repo, {"benchmarks/bench.py": statement, "scripts/fine.py": "from centaurlab.arena import resolve\n"})
    problems = outside_violations(repo, pkg, ())
    where = f"benchmarks/bench.py:{statement.count(chr(10))}: imports arena."
    assert len(problems) == 1 and problems[0].startswith(where)
    assert "a module behind arena's API" in problems[0]
    assert outside_violations(repo, pkg, (("benchmarks/", ""),)) == []
    assert outside_violations(repo, pkg, (("benchmarks/bench.py", "arena"),)) == []
    assert outside_violations(repo, pkg, (("benchmarks/bench.py", "cli"),)) == problems
    assert outside_violations(repo, pkg, (("benchmarks/bench", ""),)) == problems  # a file is named whole
