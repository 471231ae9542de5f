"""What the CLI prints from data and from help texts reaches the terminal as written.

Rich reads `[word]` as markup and drops it: a starter's `list[int]` became `list`, a help's
`[models.*]` vanished. These tests render every command's --help and every built-in task, and look
for each bracketed span of the source text in what was printed; a last test keeps markup in the code
inside `styled(...)`, the one way the CLI asks for colour.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
import pytest
import typer
from typer.testing import CliRunner

from centaurlab.cli import _output, app
from centaurlab.cli._output import styled
from centaurlab.collab import load_collab_bank
from centaurlab.tasks import builtin_banks

WIDE = 1000  # no line is wrapped, so no bracketed span is split
BRACKETED = re.compile(r"\[[^\[\]]*\]")
runner = CliRunner()


def _flat(text: str) -> str:
    return " ".join(text.split())


def _spans(*texts: str | None) -> set[str]:
    """The bracketed spans of the texts (innermost when nested), whitespace made single."""
    return {_flat(span) for text in texts if text for span in BRACKETED.findall(text.partition("\f")[0])}


def _missing(spans: set[str], shown: str) -> list[str]:
    flat = _flat(shown)
    return sorted(span for span in spans if span not in flat)


def _commands(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from _commands(sub, (*path, name))


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI's consoles are made at import, under whatever terminal ran the suite: widen them."""
    monkeypatch.setattr(_output.console, "_width", WIDE)
    monkeypatch.setattr(_output.err_console, "_width", WIDE)


COMMANDS = list(_commands(typer.main.get_command(app)))


def test_the_command_tree_is_walked_whole() -> None:
    paths = {" ".join(path) for path, _ in COMMANDS}
    assert {"", "grade", "collab", "collab agents", "collab tasks show", "models list", "arena generate"} <= paths


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=[" ".join(p) or "centaur" for p, _ in COMMANDS])
def test_every_help_shows_its_bracketed_words(path: tuple[str, ...], command: Any) -> None:
    result = runner.invoke(app, [*path, "--help"], env={"COLUMNS": str(WIDE)})
    assert result.exit_code == 0, result.output
    texts = [command.help, command.short_help, command.epilog]
    texts += [getattr(param, "help", None) for param in command.params if not getattr(param, "hidden", False)]
    for sub in getattr(command, "commands", {}).values():  # the group's table of its commands
        if not sub.hidden:
            texts += [sub.short_help or (sub.help or "").split("\n\n")[0]]
    assert not _missing(_spans(*texts), result.stdout), result.stdout
    assert "\\[" not in result.stdout  # escaped once, where Rich reads it; never shown with its backslash


def test_the_help_that_lost_its_brackets_keeps_them() -> None:
    agents = runner.invoke(app, ["collab", "--help"], env={"COLUMNS": str(WIDE)}).stdout
    assert "built-in ones and [collab.agents.NAME] tables of centaur.toml" in _flat(agents)
    models = runner.invoke(app, ["models", "--help"], env={"COLUMNS": str(WIDE)}).stdout
    assert "centaur.toml [models.*] plus" in _flat(models)


TASKS = [task for bank in builtin_banks().values() for task in bank.tasks.values()]


@pytest.mark.parametrize("task", TASKS, ids=[f"{t.bank}/{t.id}" for t in TASKS])
def test_tasks_show_prints_every_bracketed_word(task: Any, wide: None) -> None:
    result = runner.invoke(app, ["tasks", "show", f"{task.bank}/{task.id}"])
    assert result.exit_code == 0, result.output
    described = task.description.replace("`", "")  # Markdown: a code span shows without its backticks
    assert not _missing(_spans(task.meta.title, described, task.starter), result.stdout), result.stdout
    assert task.starter.strip().splitlines()[0] in result.stdout  # the code itself, whole, on one line


def test_the_starter_that_lost_its_brackets_keeps_them(wide: None) -> None:
    shown = runner.invoke(app, ["tasks", "show", "algo/count_close_pairs"]).stdout
    assert "def count_close_pairs(A: list[int], D: int) -> int:" in shown
    assert "|A[i] - A[j]| <= D" in shown


COLLAB = list(load_collab_bank("collab").tasks.values())


@pytest.mark.parametrize("task", COLLAB, ids=[t.id for t in COLLAB])
def test_collab_tasks_show_prints_every_bracketed_word(task: Any, wide: None) -> None:
    result = runner.invoke(app, ["collab", "tasks", "show", task.id])
    assert result.exit_code == 0, result.output
    texts = [task.title, task.prompt, *(r.description for r in task.references)]
    texts += [d.description for d in task.deliverables]
    assert not _missing(_spans(*texts), result.stdout), result.stdout


def test_styled_fills_in_values_as_written() -> None:
    text = styled("[bold]{}[/] failed: {}", "list[int]", "see [collab.agents.x] \\")
    assert text.plain == "list[int] failed: see [collab.agents.x] \\"
    assert [(s.start, s.end, str(s.style)) for s in text.spans] == [(0, 9, "bold")]
    closing = styled("[red]{}[/] {}", "C:\\", "x")  # a backslash before a tag of ours leaves the tag a tag
    assert closing.plain == "C:\\ x" and [(s.start, s.end) for s in closing.spans] == [(0, 3)]


CLI = Path(_output.__file__).parent
MARKUP = re.compile(r"\[/[a-z ]*\]")  # a closing tag: the string is Rich markup


def _markup_outside_styled(source: str) -> list[str]:
    """Strings with Rich markup that are not the template of a `styled(...)` call."""
    tree = ast.parse(source)
    templates = {id(node.args[0]) for node in ast.walk(tree)
                 if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "styled"
                 and node.args}  # fmt: skip
    templates |= {id(arm) for node in ast.walk(tree) if isinstance(node, ast.IfExp) and id(node) in templates
                  for arm in (node.body, node.orelse)}  # fmt: skip
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and MARKUP.search(node.value)
            and id(node) not in templates | docstrings]  # fmt: skip


@pytest.mark.parametrize("module", sorted(CLI.glob("*.py")), ids=lambda p: p.name)
def test_markup_is_asked_for_only_through_styled(module: Path) -> None:
    # the consoles read no markup (_output.py): markup anywhere else would be printed as brackets, and a value
    # put into markup by hand would be read as markup again
    found = _markup_outside_styled(module.read_text())
    assert not found, f"{module.name}: markup outside styled(...): {found}"


def test_help_paragraphs_are_reflowed_not_cut_at_the_source_lines() -> None:
    # the docstring breaks after "Spearman with"; Typer kept that break and Rich wrapped around it
    shown = runner.invoke(app, ["collab", "validate", "--help"], env={"COLUMNS": "200"}).stdout
    assert "whether \"none\" scores 0, Spearman with the labels. Overall: each judge's" in shown
    assert "\n\n" in _output.reflowed("One.\n\nTwo\nlines.") and _output.reflowed("a\nb\n\nc\nd") == "a b\n\nc d"
    assert _output.reflowed("\b\nkept\nlines") == "\b\nkept\nlines"  # click's marker keeps a paragraph's lines


def test_every_shown_option_says_what_it_does() -> None:
    # a bare `--json  <bool>` line in a help leaves a new user guessing
    bare = [f"{' '.join(path)} {param.opts[0]}" for path, command in COMMANDS for param in command.params
            if not param.help and not getattr(param, "hidden", False) and param.name != "help"
            and isinstance(param, click.Option)]  # fmt: skip
    assert not bare, bare
