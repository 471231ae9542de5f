"""`centaur rate`: skill ratings from a CSV of sessions or of head-to-head matches.

`centaur rate FILE.csv ...` is short for `centaur rate sessions FILE.csv ...` (the group routes
a first argument that is not a command name to `sessions`). Reading and checking the CSV
happens here, at the edge; the algorithms in `centaurlab.rating` only see arrays.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from typer.core import TyperGroup

from ..errors import InvalidInput
from ._choices import CONSERVATIVE_K, DEFAULT_ROUNDS
from ._errors import context
from ._output import print_json, print_table

if TYPE_CHECKING:
    import pandas as pd

    from .. import rating as r
    from ..stats import Figure


class _SessionsByDefault(TyperGroup):
    """Let `rate FILE` mean `rate sessions FILE`, while `rate pairs FILE` stays a command."""

    # typed loosely: the click types live in typer's vendored copy in some typer versions
    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            return "sessions", self.commands["sessions"], args
        return super().resolve_command(ctx, args)


app = typer.Typer(
    cls=_SessionsByDefault,
    no_args_is_help=True,
    help=(
        "Exact Bayesian skill ratings. `centaur rate FILE.csv [OPTIONS]` rates agents and "
        "humans from sessions (same as `centaur rate sessions FILE.csv`); `centaur rate pairs "
        "FILE.csv` rates players from head-to-head matches. Put FILE before the options. "
        "See docs/rating.md."
    ),
)

def _f(x: float | None, digits: int = 2) -> str:
    return "-" if x is None or not math.isfinite(x) else f"{x:.{digits}f}"


def _interval(low: float | None, high: float | None, digits: int = 1) -> str:
    return "-" if low is None or high is None else f"[{low:.{digits}f}, {high:.{digits}f}]"


INTERVAL = "posterior mu +- t(n-1) sigma (1.96 sigma with a fixed noise)"
INTERVAL_NOTE = (
    "95% interval: the posterior's, mu +- t sigma, t with n - 1 degrees of freedom for n sessions when the "
    "noise is estimated from them (1.96 when --noise-sigma fixes it). Simulation measured its coverage at "
    "94.8% at CollabSkill's size and 97.3% with "
    "three people of two sessions each; the bootstrap's percentile interval, which covered 79% and 58%, is "
    "not shown (docs/calibration.md; `centaur stats calibrate -e rate` at your sizes). Rank: a range where "
    "95% intervals overlap."
)


def _figures(rows: list[r.SkillRow]) -> list[Figure]:
    from ..stats import Figure

    return [Figure(x.mu, x.ci_low, x.ci_high, x.sessions, method=INTERVAL) for x in rows]


def _row_json(row: r.SkillRow, rank: str) -> dict[str, Any]:
    """One entity in the report policy's fields (estimate, ci_low, ci_high, n, interval, ...); the
    bootstrap gives rank stability (mean rank, P(1st)), not a second interval."""
    from ..stats import Figure

    out = row.as_dict()
    out.pop("low")
    out.pop("high")
    fig = Figure(row.mu, row.ci_low, row.ci_high, row.sessions, method=INTERVAL)
    return {"rank": rank, **out, **fig.as_json()}


def _print_skill_table(title: str, rows: list[r.SkillRow]) -> None:
    from ..stats import rank_ranges

    cols = ["rank", "name", "n", "mu", "sigma", "mu-k*sd", "95% interval", "mean rank", "P(1st)"]
    figures = _figures(rows)
    body = [
        (
            rank,
            x.name,
            x.sessions,
            fig.value_text(),  # rounded to what its interval supports, like the interval itself
            _f(x.sigma, 1),
            _f(x.conservative, 1),
            fig.interval_text() or "-",
            _f(x.mean_rank),
            _f(x.p_first, 3),
        )
        for rank, x, fig in zip(rank_ranges(figures), rows, figures, strict=True)
    ]
    print_table(title, cols, body)


PAIR_INTERVAL = "strength +- 1.96 se (Wald)"
PAIR_NOTE = (
    "95% interval: strength +- 1.96 se; simulation measures its coverage at 95% or above, where the "
    "bootstrap's percentile interval covers less with few matches (`centaur stats calibrate -e paired`, "
    "docs/calibration.md); the bootstrap gives mean rank and P(1st). Rank: a range where intervals overlap."
)


def _pair_figure(row: r.PairedRow) -> Figure:
    from ..stats import Figure

    return Figure(row.strength, row.ci_low, row.ci_high, row.matches, "logit", PAIR_INTERVAL)


def _pair_ranks(rows: list[r.PairedRow]) -> list[str]:
    from ..stats import rank_ranges

    return rank_ranges([_pair_figure(x) for x in rows])


def _pair_json(row: r.PairedRow, rank: str) -> dict[str, Any]:
    out = row.as_dict()
    out.pop("low")
    out.pop("high")
    return {"rank": rank, **out, **_pair_figure(row).as_json()}


def _stability_json(stab: r.RankStability) -> dict[str, Any]:
    """The bootstrap's summary with a tau that cannot be computed (one agent) as null and why."""
    out = stab.as_dict()
    if not math.isfinite(stab.tau_mean):
        out |= {"kendall_tau_mean": None, "kendall_tau_q05": None, "kendall_tau_not_computed": "needs two entities"}
    return out


@dataclass(frozen=True)
class _Outcome:
    """Which outcome the sessions command rates, and how."""

    score_col: str
    time_col: str | None
    finished_col: str | None
    prior_mu: float | None
    prior_sigma: float | None
    noise_sigma: float | None
    allow_disconnected: bool


def _fit(path: Path, design: r.SessionDesign, df: pd.DataFrame, o: _Outcome) -> tuple[r.SkillPosterior, dict[str, Any]]:
    import numpy as np

    from .. import rating as r
    from ._rate_input import FALSE_WORDS, TRUE_WORDS, mapped_column, numeric_column, offending_lines

    if o.time_col is None:
        y = numeric_column(path, df, o.score_col, "numeric scores")
        mu = 25.0 if o.prior_mu is None else o.prior_mu
        priors = r.Priors.alike(mu, o.prior_sigma or 25.0 / 3.0)
        post = r.fit_sessions(
            design,
            y,
            priors=priors,
            noise_sigma=o.noise_sigma,
            allow_disconnected=o.allow_disconnected,
        )
        return post, {"outcome": f"score ({o.score_col})", "censored": 0, "priors": priors}
    secs = numeric_column(path, df, o.time_col, "times in seconds")
    done = np.ones(secs.size, dtype=bool)
    if o.finished_col is not None:
        flags = dict.fromkeys(TRUE_WORDS, True) | dict.fromkeys(FALSE_WORDS, False)
        done = mapped_column(path, df, o.finished_col, flags, "true/false").astype(bool)
    if np.any(secs <= 0):
        raise InvalidInput(
            f"{path}: column {o.time_col!r} must hold positive times in seconds, but it "
            f"has {offending_lines(secs <= 0, df[o.time_col])}"
        )
    tp = r.time_priors(-np.log(secs))
    if o.prior_mu is not None or o.prior_sigma is not None:
        mu = tp.agent.mu if o.prior_mu is None else o.prior_mu
        tp = r.Priors.alike(mu, o.prior_sigma or tp.agent.sigma)
    fit = r.fit_times(
        design,
        secs,
        done,
        priors=tp,
        noise_sigma=o.noise_sigma,
        allow_disconnected=o.allow_disconnected,
    )
    info = {"outcome": f"-log time ({o.time_col})", "censored": fit.n_censored, "priors": tp}
    return fit.posterior, info


def _session_json(
    design: r.SessionDesign,
    post: r.SkillPosterior,
    info: dict[str, Any],
    k: float,
    boot: r.SessionBootstrap | None,
    tables: dict[str, list[r.SkillRow]],
    loo_out: dict[str, Any] | None,
) -> dict[str, Any]:
    from .. import rating as r
    from ..stats import rank_ranges

    priors: r.Priors = info["priors"]
    return {
        "model": {
            "sessions": design.n_sessions,
            "agents": design.n_agents,
            "humans": design.n_humans,
            "tasks": design.n_tasks,
            "outcome": info["outcome"],
            "censored": info["censored"],
            "noise_sigma": post.noise_sigma,
            "noise_estimated": post.noise_estimated,
            "prior": {kind: asdict(priors.of(kind)) for kind in r.KINDS},
            "k": k,
        },
        "bootstrap": None
        if boot is None
        else {
            "rounds": boot.rounds,
            "resample": boot.resample,
            "seed": boot.seed,
            "agents": _stability_json(boot.agents),
            "humans": None if boot.humans is None else _stability_json(boot.humans),
        },
        **{f"{kind}s": [_row_json(row, rank) for row, rank in zip(rows, rank_ranges(_figures(rows)), strict=True)]
           for kind, rows in tables.items()},
        "leave_one_out": loo_out,
    }


@app.command("sessions")
def sessions(
    file: Path = typer.Argument(..., help="CSV with one row per session."),
    agent_col: str = typer.Option("agent", "--agent-col", help="Column naming the agent."),
    human_col: str = typer.Option("human", "--human-col", help="Column naming the human."),
    score_col: str = typer.Option("score", "--score-col", help="Column with the outcome."),
    task_col: str | None = typer.Option(
        None, "--task-col", help="Column naming the task (adds a task-difficulty effect)."
    ),
    time_col: str | None = typer.Option(
        None, "--time-col", help="Rate by task time in seconds instead (y = -log time)."
    ),
    finished_col: str | None = typer.Option(
        None, "--finished-col", help="With --time-col: true/false; unfinished = censored."
    ),
    bootstrap: int = typer.Option(DEFAULT_ROUNDS, "--bootstrap", help="Rounds (0 = none)."),
    resample: str = typer.Option("sessions", "--resample", help="sessions or humans."),
    seed: int = typer.Option(0, "--seed", help="Seed of the bootstrap."),
    k: float = typer.Option(
        CONSERVATIVE_K, "--k", help="Rank by mu - k*sigma (default 3, the CollabSkill score; 0 ranks by mu)."
    ),
    prior_mu: float | None = typer.Option(
        None, "--prior-mu", help="Prior mean of agents and humans (default 25; 0 puts skills on the CollabSkill "
        "paper's scale, as `centaur collab rate` does; times: data-scaled)."
    ),
    prior_sigma: float | None = typer.Option(
        None, "--prior-sigma", help="Prior sigma (default 25/3; times: data-scaled)."
    ),
    noise_sigma: float | None = typer.Option(
        None, "--noise-sigma", help="Fix the noise sigma (default: estimated by marginal likelihood)."
    ),
    allow_disconnected: bool = typer.Option(False, "--allow-disconnected", help="Rank across graph components anyway."),
    loo: bool = typer.Option(False, "--loo", help="Add leave-one-human/task-out stability."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON for scripts."),
) -> None:
    """Rate agents and humans from sessions: outcome = agent + human (+ task) + noise."""
    from .. import rating as r
    from ._rate_input import read_table

    if resample not in ("sessions", "humans"):
        raise InvalidInput(f"--resample must be 'sessions' or 'humans', not {resample!r}")
    if bootstrap != 0 and bootstrap < 2:
        raise InvalidInput("--bootstrap must be 0 (none) or at least 2 rounds")
    cols = {"--agent-col": agent_col, "--human-col": human_col}
    cols |= {"--time-col": time_col} if time_col else {"--score-col": score_col}
    cols |= {o: c for o, c in (("--task-col", task_col), ("--finished-col", finished_col)) if c}
    df = read_table(file, cols)
    tasks = None if task_col is None else df[task_col].to_numpy()
    design = r.SessionDesign.from_labels(df[agent_col].to_numpy(), df[human_col].to_numpy(), tasks)
    outcome = _Outcome(score_col, time_col, finished_col, prior_mu, prior_sigma, noise_sigma, allow_disconnected)
    with context(f"{file}: ", errors=(r.RatingError,)):
        post, info = _fit(file, design, df, outcome)
        boot = r.bootstrap_sessions(post, bootstrap, resample, seed, k=k) if bootstrap else None  # type: ignore[arg-type]
        loo_out: dict[str, Any] | None = None
        if loo:
            loo_out = {"human": r.leave_one_human_out(post, k).as_dict()}
            if design.n_tasks > 1:
                loo_out["task"] = r.leave_one_task_out(post, k=k).as_dict()
    kinds: list[r.Kind] = ["agent", "human", "task"] if task_col else ["agent", "human"]
    tables: dict[str, list[r.SkillRow]] = {kind: r.skill_rows(post, kind, boot, k) for kind in kinds}
    if json_out:
        print_json(_session_json(design, post, info, k, boot, tables, loo_out))
        return
    noise = "estimated" if post.noise_estimated else "fixed"
    censored = f", {info['censored']} censored" if info["censored"] else ""
    typer.echo(
        f"{file}: {design.n_sessions} sessions, {info['outcome']}{censored}; "
        f"noise sigma {post.noise_sigma:.4g} ({noise})"
    )
    for kind, rows in tables.items():
        _print_skill_table(f"{kind}s (sorted by mu - {k:g} sigma)", rows)
    typer.echo(INTERVAL_NOTE)
    if boot is not None:
        tau = (
            f"mean {boot.agents.tau_mean:.3f}, 5% quantile {boot.agents.tau_low:.3f}"
            if math.isfinite(boot.agents.tau_mean)
            else "not computed: it needs two agents"
        )
        typer.echo(
            f"bootstrap: {boot.rounds} rounds over {boot.resample}, seed {boot.seed} (mean rank, P(1st)); "
            f"Kendall tau of the agents' order to the full-data order: {tau}"
        )
    for name, out in (loo_out or {}).items():
        worst = out["most_influential"]
        typer.echo(
            f"leave-one-{name}-out: {out['changed_order']} of {out['fits']} refits change the "
            f"agents' order" + (f"; most influential {name}: {worst}" if worst else "")
        )


@app.command("pairs")
def pairs(
    file: Path = typer.Argument(..., help="CSV with one row per match."),
    first_col: str = typer.Option("first", "--first-col", help="Column naming one player."),
    second_col: str = typer.Option("second", "--second-col", help="Column naming the other."),
    result_col: str = typer.Option("result", "--result-col", help="1/win/first, 0/loss/second or 0.5/tie/draw."),
    bootstrap: int = typer.Option(DEFAULT_ROUNDS, "--bootstrap", help="Rounds (0 = none)."),
    seed: int = typer.Option(0, "--seed", help="Seed of the bootstrap."),
    allow_disconnected: bool = typer.Option(False, "--allow-disconnected", help="Rank across graph components anyway."),
    json_out: bool = typer.Option(False, "--json", help="Print JSON for scripts."),
) -> None:
    """Rate players from head-to-head matches (Bradley-Terry with Davidson ties)."""
    import numpy as np

    from .. import rating as r
    from ._rate_input import RESULT_WORDS, mapped_column, read_table

    if bootstrap != 0 and bootstrap < 2:
        raise InvalidInput("--bootstrap must be 0 (none) or at least 2 rounds")
    cols = {"--first-col": first_col, "--second-col": second_col, "--result-col": result_col}
    df = read_table(file, cols)
    result = mapped_column(file, df, result_col, RESULT_WORDS, "1/0/0.5 (or win/loss/tie)")
    with context(f"{file}: ", errors=(r.RatingError,)):
        data = r.PairedData.from_labels(df[first_col].to_numpy(), df[second_col].to_numpy(), result.astype(np.float64))
        fit = r.fit_paired(data, allow_disconnected=allow_disconnected)
        boot = r.bootstrap_paired(data, fit, bootstrap, seed) if bootstrap else None
    rows = r.paired_rows(data, fit, boot)
    if json_out:
        print_json(
            {
                "model": {
                    "matches": data.n_matches,
                    "players": data.n_players,
                    "tie_nu": fit.nu,
                    "log_likelihood": fit.log_likelihood,
                },
                "bootstrap": None
                if boot is None
                else {
                    "rounds": boot.rounds,
                    "seed": boot.seed,
                    **boot.strengths.as_dict(),
                    "converged_fraction": boot.converged_fraction,
                },
                "players": [_pair_json(row, rank) for row, rank in zip(rows, _pair_ranks(rows), strict=True)],
            }
        )
        return
    typer.echo(
        f"{file}: {data.n_matches} matches, {data.n_players} players, tie nu "
        f"{fit.nu:.3g}" + (f"; bootstrap {boot.rounds} rounds, seed {boot.seed}" if boot else "")
    )
    cols_out = ["rank", "name", "W-T-L", "strength", "se", "elo", "95% interval", "mean rank", "P(1st)"]
    print_table(
        "players (Bradley-Terry, logit scale)",
        cols_out,
        [
            (
                rank,
                x.name,
                f"{x.wins}-{x.ties}-{x.losses}",
                _f(x.strength, 3),
                _f(x.se, 3),
                _f(x.elo, 0),
                _interval(x.ci_low, x.ci_high, 2),
                _f(x.mean_rank),
                _f(x.p_first, 3),
            )
            for rank, x in zip(_pair_ranks(rows), rows, strict=True)
        ],
    )
    typer.echo(PAIR_NOTE)
