"""The command line's one answer to the platform's errors: a real command hitting each kind prints
`error: <message>` on stderr, as text (Rich markup in a message is shown, not applied), and exits with
the kind's code."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from centaurlab.cli import app
from centaurlab.cli._errors import EXIT_CODES, exit_code
from centaurlab.errors import KINDS, ServiceError
from centaurlab.models import ModelConfigError, ModelError
from centaurlab.sandbox import TRUSTED_ENV
from tests.helpers import MINI_BANK, pair_sum

runner = CliRunner()


def _error(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), catch_exceptions=False)
    assert result.stderr.startswith("error: "), result.stderr
    return result.exit_code, " ".join(result.stderr.split())


def test_invalid_input_exits_2() -> None:
    assert _error("arena", "warmup", "reactive", "--discount", "1.5") == (
        2, "error: --discount must be between 0 and 1 (exclusive)")


def test_not_found_exits_2_and_markup_in_the_message_is_shown_as_written(tmp_path: Path) -> None:
    code, message = _error("tasks", "show", "no_such_task")
    assert code == 2 and message.startswith("error: no task 'no_such_task'; known tasks include: ")
    missing = tmp_path / "sessions[bold].csv"
    assert _error("rate", str(missing)) == (2, f"error: {missing}: no such file")


def test_forbidden_exits_2_naming_the_option(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(TRUSTED_ENV, raising=False)
    solution = tmp_path / "pair_sum.py"
    solution.write_text(pair_sum().starter)
    code, message = _error("grade", str(solution), "--task", f"{MINI_BANK}/pair_sum", "--measure", "instructions",
                           "--no-store")  # fmt: skip
    assert code == 2 and message.startswith("error: --measure instructions: ") and TRUSTED_ENV in message


def test_conflict_exits_2(tmp_path: Path) -> None:
    assert runner.invoke(app, ["arena", "new-agent", "bot", "--dir", str(tmp_path)]).exit_code == 0
    assert _error("arena", "new-agent", "bot", "--dir", str(tmp_path)) == (
        2, f"error: {tmp_path / 'bot.py'} exists; pass --force to overwrite it")


def test_unavailable_exits_3(tmp_path: Path) -> None:
    program = tmp_path / "hello.py"
    program.write_text("print('hi')")
    assert _error("sandbox", "run", str(program), "--backend", "nope") == (
        3, "error: unknown sandbox backend 'nope'; choose auto, bwrap, rlimit")


def test_an_outside_service_failing_exits_4_but_its_configuration_2(tmp_path: Path) -> None:
    (tmp_path / "centaur.toml").write_text('[models.gone]\nbase_url = "http://127.0.0.1:9/v1"\nmax_retries = 0\n')
    code, message = _error("models", "check", "gone")
    assert code == 4 and "model 'gone'" in message and "cannot connect" in message
    code, message = _error("models", "check", "nope")
    assert code == 2 and "unknown model 'nope'; known models: gone, local" in message


def test_every_kind_has_its_code_and_the_help_lists_them() -> None:
    assert set(KINDS) <= set(EXIT_CODES)
    assert exit_code(ModelError("down")) == EXIT_CODES[ServiceError] == 4
    assert exit_code(ModelConfigError("no key")) == 2
    shown = " ".join(runner.invoke(app, ["--help"]).stdout.split())
    assert "Exit codes: 0 done; 1 the result is a failure" in shown and "3 unavailable here" in shown
