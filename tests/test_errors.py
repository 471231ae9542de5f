"""One error tree: every exception class of the platform is a `CentaurError` of exactly one kind, found by
walking every module of the package; and what the base itself promises (`fix`, added context)."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import pkgutil
from pathlib import Path

import pytest

import centaurlab
from centaurlab.errors import (
    KINDS,
    CentaurError,
    Conflict,
    FileFieldError,
    InvalidInput,
    NotFound,
    kind_of,
)

SRC = Path(centaurlab.__file__).resolve().parents[1]
# Left outside the tree on purpose; each class's docstring says why.
OUTSIDE = {
    "centaurlab.sandbox._remote.BoxFailure": "a BaseException, so that the tests of judged code cannot catch it",
    "centaurlab.sandbox._remote.SolutionRaised": "the judged code's own exception, not the platform's",
    "centaurlab.web._app._TooLarge": "must pass the application's handler of the tree to reach the body limit",
}
# Code that runs inside the sandbox, where nothing of the platform can be imported: read, not imported.
IN_BOX = ("centaurlab.sandbox.runtime.", "centaurlab.arena.runtime.", "centaurlab.arena.agents.")


def _exception_classes() -> tuple[dict[str, type[BaseException]], list[str]]:
    """Every exception class defined in an importable module (by qualified name), and the exception
    classes found by reading the modules that run inside the sandbox."""
    found: dict[str, type[BaseException]] = {}
    in_box: list[str] = []
    for info in pkgutil.walk_packages(centaurlab.__path__, "centaurlab."):
        if info.name == "centaurlab.__main__":
            continue
        if info.name.startswith(IN_BOX):  # importing would run it (a launcher, an agent host)
            in_box += _read_exception_classes(info.name)
            continue
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, BaseException) and cls.__module__ == info.name:
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return found, in_box


def _read_exception_classes(module: str) -> list[str]:
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text())
    return [f"{module}.{node.name}" for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
            and any(ast.unparse(base).endswith(("Error", "Exception", "Failure")) for base in node.bases)]


def tree_violations() -> list[str]:
    """One readable line per exception class that is not of exactly one kind of the tree."""
    found, in_box = _exception_classes()
    problems = [f"{name}: defined in code that runs inside the sandbox, where the tree cannot reach; raise a "
                "builtin error there and turn it into a CentaurError outside the box" for name in in_box]
    for name, cls in sorted(found.items()):
        if name in OUTSIDE:
            continue
        kinds = [kind.__name__ for kind in KINDS if issubclass(cls, kind)]
        where = Path(inspect.getsourcefile(cls) or "?").relative_to(SRC)
        if len(kinds) != 1 and cls not in (CentaurError,):
            got = "no kind" if not kinds else f"{len(kinds)} kinds ({', '.join(kinds)})"
            problems.append(f"{name} ({where}): derives from {got} of centaurlab.errors; make it "
                            f"`class {cls.__name__}(<one of {', '.join(k.__name__ for k in KINDS)}>, <its builtin "
                            "base, if callers catch that>)`, or list it in OUTSIDE with the reason")
    return problems


def test_every_exception_class_of_the_package_is_of_exactly_one_kind() -> None:
    problems = tree_violations()
    assert not problems, "exception classes outside the error tree:\n" + "\n".join(problems)


def test_the_walk_sees_the_classes_and_the_exceptions_left_outside() -> None:
    found, _ = _exception_classes()
    assert {"centaurlab.study._studies.UnknownStudy", "centaurlab.models._types.ModelConfigError",
            "centaurlab.arena._match._Forfeit", "centaurlab.errors.FileFieldError"} <= set(found)
    assert set(OUTSIDE) <= set(found), "a class left outside no longer exists: drop it from OUTSIDE"
    for name in OUTSIDE:
        assert not issubclass(found[name], CentaurError)


def test_a_class_of_two_kinds_or_none_is_named_with_the_fix(monkeypatch: pytest.MonkeyPatch) -> None:
    import centaurlab.errors as errors_module

    class Both(NotFound, Conflict):
        pass

    class Plain(ValueError):
        pass

    for cls in (Both, Plain):
        cls.__module__ = "centaurlab.errors"
        monkeypatch.setattr(errors_module, cls.__name__, cls, raising=False)
    problems = "\n".join(tree_violations())
    assert "centaurlab.errors.test_a_class_of_two_kinds_or_none_is_named_with_the_fix.<locals>.Both" in problems
    assert "derives from 2 kinds (NotFound, Conflict)" in problems and "derives from no kind" in problems
    assert "class Plain(<one of InvalidInput, NotFound" in problems


def test_builtin_bases_stay_catchable() -> None:
    from centaurlab.study import NotAParticipant, UnknownStudy

    with pytest.raises(LookupError):
        raise UnknownStudy("no study 'x'")
    with pytest.raises(PermissionError, match="open the study link"):
        raise NotAParticipant("open the study link")
    assert kind_of(NotAParticipant("x")).__name__ == "Forbidden"


def test_fix_and_context_are_part_of_the_message() -> None:
    err = FileFieldError("bank/task.toml", "tests", "is empty", "add a test")
    assert str(err) == "bank/task.toml: field 'tests': is empty. Fix: add a test" and err.fix == "add a test"
    assert isinstance(err, InvalidInput) and isinstance(err, ValueError)
    plain = NotFound("no agent 'x'", fix="use one of a, b")
    assert str(plain) == "no agent 'x'. Fix: use one of a, b"
    assert plain.with_context("--agents: ", "; see `centaur arena agents`") is plain
    assert str(plain) == "--agents: no agent 'x'. Fix: use one of a, b; see `centaur arena agents`"
    assert str(plain.with_context("outer: ")) == "outer: --agents: no agent 'x'. Fix: use one of a, b; see `centaur " \
                                                 "arena agents`"
