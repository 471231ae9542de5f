"""The root `centaur` command. Each part of the platform adds one sub-app here."""

from __future__ import annotations

import typer

from . import (
    arena_cmd,
    arena_generate_cmd,
    bench_cmd,
    collab_cmd,
    compare_cmd,
    config_cmd,
    db_cmd,
    doctor_cmd,
    grade_cmd,
    model_cmd,
    models_cmd,
    plugins_cmd,
    rate_cmd,
    run_cmd,
    sandbox_cmd,
    serve_cmd,
    stats_cmd,
    study_cmd,
    tasks_cmd,
)
from .errors import EPILOG, CentaurGroup

app = typer.Typer(
    name="centaur",
    help="Centaur Lab: evaluate AI coding assistants and agents the way they are really used.",
    epilog=EPILOG,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    cls=CentaurGroup,  # turns every platform error into its message and exit code (cli/errors.py)
)

app.add_typer(config_cmd.app, name="config")
app.add_typer(db_cmd.app, name="db")
app.add_typer(tasks_cmd.app, name="tasks")
app.add_typer(sandbox_cmd.app, name="sandbox")
app.command("run")(run_cmd.run)
app.command("serve")(serve_cmd.serve)
app.command("doctor")(doctor_cmd.doctor)
app.command("plugins")(plugins_cmd.plugins_command)
# sub-apps of the pillars are registered below, one line each
app.add_typer(rate_cmd.app, name="rate")
app.command("grade")(grade_cmd.grade)
app.add_typer(models_cmd.app, name="models")
app.add_typer(model_cmd.app, name="model", hidden=True)  # the old name of `models`, for scripts written for it
app.add_typer(arena_cmd.app, name="arena")
arena_generate_cmd.register(arena_cmd.app)  # centaur arena generate / prompts / generated
app.add_typer(bench_cmd.app, name="bench")
app.add_typer(study_cmd.app, name="study")
compare_cmd.register_study(study_cmd.app)  # centaur study grade / baselines
app.command("compare")(compare_cmd.compare)
app.add_typer(collab_cmd.app, name="collab")
app.add_typer(stats_cmd.app, name="stats")


def main() -> None:
    app()
