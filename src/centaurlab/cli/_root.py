"""The root `centaur` command. Each part of the platform adds one sub-app here."""

from __future__ import annotations

import typer

from . import (
    _arena_cmd,
    _arena_generate_cmd,
    _bench_cmd,
    _collab_cmd,
    _compare_cmd,
    _config_cmd,
    _db_cmd,
    _doctor_cmd,
    _grade_cmd,
    _model_cmd,
    _models_cmd,
    _plugins_cmd,
    _rate_cmd,
    _run_cmd,
    _sandbox_cmd,
    _serve_cmd,
    _stats_cmd,
    _study_cmd,
    _tasks_cmd,
)
from ._errors import EPILOG, CentaurGroup

app = typer.Typer(
    name="centaur",
    help="Centaur Lab: evaluate AI coding assistants and agents the way they are really used.",
    epilog=EPILOG,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    cls=CentaurGroup,  # turns every platform error into its message and exit code (cli/_errors.py)
)

app.add_typer(_config_cmd.app, name="config")
app.add_typer(_db_cmd.app, name="db")
app.add_typer(_tasks_cmd.app, name="tasks")
app.add_typer(_sandbox_cmd.app, name="sandbox")
app.command("run")(_run_cmd.run)
app.command("serve")(_serve_cmd.serve)
app.command("doctor")(_doctor_cmd.doctor)
app.command("plugins")(_plugins_cmd.plugins_command)
# sub-apps of the pillars are registered below, one line each
app.add_typer(_rate_cmd.app, name="rate")
app.command("grade")(_grade_cmd.grade)
app.add_typer(_models_cmd.app, name="models")
app.add_typer(_model_cmd.app, name="model", hidden=True)  # the old name of `models`, for scripts written for it
app.add_typer(_arena_cmd.app, name="arena")
_arena_generate_cmd.register(_arena_cmd.app)  # centaur arena generate / prompts / generated
app.add_typer(_bench_cmd.app, name="bench")
app.add_typer(_study_cmd.app, name="study")
_compare_cmd.register_study(_study_cmd.app)  # centaur study grade / baselines
app.command("compare")(_compare_cmd.compare)
app.add_typer(_collab_cmd.app, name="collab")
app.add_typer(_stats_cmd.app, name="stats")


def main() -> None:
    app()
