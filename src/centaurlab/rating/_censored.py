"""Time outcomes with unfinished tasks: a Tobit model on y = -log(time).

Faster is better, and time ratios matter more than differences, so the outcome is
y = -log(seconds) = assistant + participant (+ task) + N(0, s2). A session that ran out of
time at t_max tells us only that the true time exceeded it: y < c = -log(t_max). Its likelihood
is the probability Phi((c - mu)/s), not a density (Tobit). Dropping such sessions would favour
whoever gave up early; scoring them at t_max would flatter whoever was slowest.

The posterior is no longer Gaussian, so we compute:

* the mode (MAP) by Newton's method in its IRLS form: each step solves the exact Gaussian
  model (_solve.py) on working observations. A censored session with z = (c - mu)/s and inverse
  Mills ratio lam = phi(z)/Phi(z) becomes a pseudo-observation y~ = mu - s/(z + lam) with
  weight w = lam (z + lam) in (0, 1): the curvature of log Phi. Step halving keeps every step
  uphill (the log-posterior is concave, log Phi being log-concave). The fixed point is the same
  as that of EM, which would impute E[y | y < c] = mu - s lam instead, only reached faster;
* the covariance by the Laplace approximation: the exact Gaussian posterior of the working
  problem at the mode (its precision is the negative Hessian of the log-posterior);
* the noise variance by maximising the Laplace approximation of the marginal likelihood,
  log p(y, theta*) + (P/2) log 2 pi - (1/2) log|H|, over s2 with a bounded Brent search.

With nothing censored every step is exact and this reduces to fit_sessions. The fitted
posterior keeps the working problem, so the bootstrap and leave-one-out run on the linearised
data (a one-step bootstrap around the mode).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
from scipy.optimize import minimize_scalar
from scipy.special import erfcx, log_ndtr

from ._design import SessionDesign
from ._errors import RatingError
from ._fit import check_connected, posterior_for
from ._posterior import SkillPosterior
from ._priors import GaussianPrior, Priors
from ._problem import SessionProblem, SufficientStats, build_problem
from ._solve import solve
from ._types import BoolArray, FloatArray

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


@dataclass(frozen=True)
class TimeFit:
    posterior: SkillPosterior
    n_censored: int
    newton_steps: int


def time_priors(y: FloatArray) -> Priors:
    """Weakly informative priors on the -log(time) scale: agent and human each start at half
    the mean outcome, with the outcomes' spread as their sigma; tasks are offsets around 0."""
    centre = float(np.mean(y))
    sd = float(np.std(y)) or 1.0
    return Priors(
        agent=GaussianPrior(centre / 2.0, sd),
        human=GaussianPrior(centre / 2.0, sd),
        task=GaussianPrior(0.0, sd),
    )


def inverse_mills(z: FloatArray) -> FloatArray:
    """phi(z) / Phi(z), stable for very negative z (via the scaled erfc)."""
    return np.asarray(SQRT_2_OVER_PI / erfcx(-z / math.sqrt(2.0)))


def _fitted(prob: SessionProblem, theta: FloatArray) -> FloatArray:
    d = prob.design
    out = theta[d.n_dense + d.human].copy()
    for col in d.dense_columns():
        out += theta[col]
    return out


class _Tobit:
    """Log-posterior and IRLS steps for fixed censoring bounds."""

    def __init__(self, prob: SessionProblem, censored: BoolArray) -> None:
        self.prob = prob
        self.cens = censored
        self.obs = ~censored

    def log_joint(self, theta: FloatArray, s2: float) -> float:
        """log p(y, theta | s2) with all constants (needed for the marginal likelihood)."""
        mu = _fitted(self.prob, theta)
        s = math.sqrt(s2)
        r = self.prob.y[self.obs] - mu[self.obs]
        ll = -0.5 * float(np.sum(r * r)) / s2 - 0.5 * r.size * math.log(2.0 * math.pi * s2)
        ll += float(np.sum(log_ndtr((self.prob.y[self.cens] - mu[self.cens]) / s)))
        p0, m0 = self.prob.prior_precision, self.prob.prior_mean
        lp = -0.5 * float(np.sum(p0 * (theta - m0) ** 2))
        lp += 0.5 * float(np.sum(np.log(p0 / (2.0 * math.pi))))
        return ll + lp

    def working(self, theta: FloatArray, s2: float) -> SessionProblem:
        mu = _fitted(self.prob, theta)
        s = math.sqrt(s2)
        y = self.prob.y.copy()
        w = np.ones_like(y)
        z = (y[self.cens] - mu[self.cens]) / s
        lam = inverse_mills(z)
        wc = np.clip(lam * (z + lam), 1e-12, 1.0)
        w[self.cens] = wc
        y[self.cens] = mu[self.cens] - s * lam / wc
        return self.prob.with_outcomes(y, w)

    def mode(self, theta: FloatArray, s2: float, tol: float, max_steps: int) -> tuple[FloatArray, int]:
        lp = self.log_joint(theta, s2)
        for step in range(1, max_steps + 1):
            new = solve(SufficientStats.of(self.working(theta, s2)), s2).mean
            lp_new = self.log_joint(new, s2)
            t = 1.0
            while lp_new < lp - 1e-12 * abs(lp) and t > 1e-8:
                t /= 2.0
                cand = theta + t * (new - theta)
                lp_new = self.log_joint(cand, s2)
                new = cand
            moved = float(np.max(np.abs(new - theta)))
            theta, lp = new, lp_new
            if moved < tol * (1.0 + float(np.max(np.abs(theta)))):
                return theta, step
        return theta, max_steps

    def laplace_evidence(self, theta: FloatArray, s2: float) -> float:
        sol = solve(SufficientStats.of(self.working(theta, s2)), s2)
        p = theta.size
        return self.log_joint(theta, s2) + 0.5 * p * math.log(2.0 * math.pi) - 0.5 * (sol.log_det_precision)


def fit_times(
    design: SessionDesign,
    seconds: FloatArray | list[float],
    finished: BoolArray | list[bool],
    *,
    priors: Priors | None = None,
    noise_sigma: float | None = None,
    allow_disconnected: bool = False,
    tol: float = 1e-10,
    max_steps: int = 100,
) -> TimeFit:
    """Skills from task times; `seconds` of an unfinished session is when it stopped."""
    t = np.asarray(seconds, dtype=np.float64)
    done = np.asarray(finished, dtype=bool)
    if t.shape != (design.n_sessions,) or done.shape != t.shape:
        raise RatingError("times and finished flags must have one entry per session")
    if not np.all(np.isfinite(t) & (t > 0)):
        bad = np.flatnonzero(~(np.isfinite(t) & (t > 0)))[:5].tolist()
        raise RatingError(f"times must be positive numbers of seconds; sessions {bad} are not")
    if not allow_disconnected:
        check_connected(design)
    y = -np.log(t)
    prob = build_problem(design, y, priors or time_priors(y))
    tobit = _Tobit(prob, ~done)
    warm = _Warm(solve(SufficientStats.of(prob), float(np.var(y)) or 1.0).mean)

    def mode(s2: float) -> FloatArray:
        theta, steps = tobit.mode(warm.theta, s2, tol, max_steps)
        warm.theta, warm.steps = theta, warm.steps + steps
        return theta

    if noise_sigma is None:
        scale = float(np.var(y)) or 1.0
        res = minimize_scalar(
            lambda ls2: -tobit.laplace_evidence(mode(math.exp(ls2)), math.exp(ls2)),
            bounds=(math.log(scale * 1e-8), math.log(scale * 10.0)),
            method="bounded",
            options={"xatol": 1e-6},
        )
        s2 = math.exp(float(res.x))
    else:
        s2 = noise_sigma * noise_sigma
    theta = mode(s2)
    post = posterior_for(tobit.working(theta, s2), s2)
    post = replace(
        post,
        noise_estimated=noise_sigma is None,
        log_marginal_likelihood=tobit.laplace_evidence(theta, s2),
    )
    return TimeFit(post, int((~done).sum()), warm.steps)


@dataclass
class _Warm:
    """Where the next Newton run starts: the last mode found (Brent's steps are small)."""

    theta: FloatArray
    steps: int = 0
