"""`centaur stats`: the statistics behind the reports. `centaur stats calibrate` measures, by
simulation at a researcher's own sizes, the coverage of every 95% interval the reports print and
the rate of unsupported claims (docs/calibration.md); the work is `centaurlab.calibration`'s."""

from __future__ import annotations

import typer

from ..errors import InvalidInput
from ._output import print_json, print_table

app = typer.Typer(no_args_is_help=True, help="The statistics behind the reports: `centaur stats calibrate` "
                  "measures every printed interval's coverage by simulation. See docs/calibration.md.")

# each friendly option and the size numbers it sets (whichever an estimator has)
_OPTION_KEYS = {
    "participants": ("per_condition", "humans", "people", "participants", "per_group"),
    "sessions": ("sessions_per_human",),
    "tasks": ("tasks",),
    "agents": ("agents", "players", "models"),
    "conditions": ("conditions", "groups"),
    "samples": ("generations", "samples", "matches_per_pair"),
}


def _overrides(values: dict[str, int | None], extra: list[str]) -> dict[str, int]:
    from .. import calibration

    out: dict[str, int] = {}
    for option, value in values.items():
        if value is not None:
            if value < 1:
                raise InvalidInput(f"--{option} must be at least 1, not {value}")
            out |= dict.fromkeys(_OPTION_KEYS[option], value)
    for item in extra:
        key, _, number = item.partition("=")
        if key not in calibration.SIZE_KEYS or not number.strip().isdigit():
            raise InvalidInput(f"--set {item!r}: write KEY=N with KEY one of {', '.join(calibration.SIZE_KEYS)}")
        out[key] = int(number)
    return out


@app.command("calibrate")
def calibrate(
    estimator: list[str] = typer.Option([], "--estimator", "-e", help="An estimator (or a prefix: study, rate, "
                                        "collab, arena, ...); repeat for more; default all."),
    size: str = typer.Option("paper", "--size", help="The sizes your numbers change: paper (the papers') or small "
                             "(a pilot's)."),
    participants: int | None = typer.Option(None, "--participants", help="People per arm: per condition (study), "
                                            "people rated (rate, collab), people in a baseline (bench), participants "
                                            "per model (card)."),
    sessions: int | None = typer.Option(None, "--sessions", help="Sessions per person (rate, collab)."),
    tasks: int | None = typer.Option(None, "--tasks", help="Tasks the sessions spread over (collab)."),
    agents: int | None = typer.Option(None, "--agents", help="Agents, players or models compared."),
    conditions: int | None = typer.Option(None, "--conditions", help="Conditions, no AI included (study)."),
    samples: int | None = typer.Option(None, "--samples", help="Generations per model (bench, card) or matches "
                                       "per pair (paired, arena)."),
    extra: list[str] = typer.Option([], "--set", help="Any size number as KEY=N (see docs/calibration.md)."),
    simulations: int = typer.Option(200, "--simulations", "-n", help="Simulated data sets per estimator."),
    seed: int = typer.Option(0, "--seed", help="Seed of the simulations."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON for scripts."),
) -> None:
    """Coverage of each 95% interval and false-claim rate under the null, at your sizes, by simulation."""
    from .. import calibration
    from ..stats import audit

    if size not in ("paper", "small"):
        raise InvalidInput(f"--size must be 'paper' or 'small', not {size!r}")
    if simulations < 10:
        raise InvalidInput("--simulations must be at least 10: fewer says nothing about a 95% interval")
    overrides = _overrides({"participants": participants, "sessions": sessions, "tasks": tasks, "agents": agents,
                            "conditions": conditions, "samples": samples}, extra)
    checks = calibration.run(estimator, (size,), simulations=simulations, seed=seed, overrides=overrides)
    if json_out:
        out = calibration.as_json(checks, seed)
        assert not audit(out), audit(out)
        print_json(out)
        return
    rows = [(c.estimator, " ".join(f"{k} {v}" for k, v in c.sizes.items()),
             calibration.percent(c.coverage), calibration.percent(c.false_claims), c.simulations, c.verdict)
            for c in checks]
    print_table(f"95% intervals and claims, {simulations} simulations each (seed {seed})",
                ["estimator", "sizes", "coverage [MC 95%]", "false claims [MC 95%]", "sims", "verdict"], rows)
    typer.echo("goal: coverage 0.93-0.97, false claims <= 0.05. Intervals and claims: docs/calibration.md")
