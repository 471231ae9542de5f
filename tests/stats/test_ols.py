"""OLS with classical, HC1, HC3 and cluster-robust standard errors (statsmodels underneath): by hand, and the
layer passes the covariance choice and the degrees of freedom through as statsmodels defines them."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import statsmodels.api as sm

from centaurlab.stats import StatsError, ols, regress
from centaurlab.stats._regress import design_matrix


def test_two_groups_by_hand():
    y = [1, 3, 2, 5]
    x = np.array([[1, 0], [1, 1], [1, 0], [1, 1]], dtype=float)
    # intercept = mean of the x=0 rows = 1.5; slope = 4 - 1.5 = 2.5; residuals -0.5, -1, 0.5, 1
    # (X'X)^-1 = [[0.5, -0.5], [-0.5, 1]]; s2 = 2.5 / 2 = 1.25
    classical = ols(y, x, ["intercept", "x"], "classical")
    assert classical.coef == pytest.approx([1.5, 2.5])
    assert classical.se == pytest.approx([np.sqrt(0.625), np.sqrt(1.25)])
    # HC1: meat = sum e_i^2 x_i x_i' = [[2.5, 2], [2, 2]]; bread.meat.bread = [[0.125, -0.125], [-0.125, 0.625]]
    # times n / (n - k) = 2 -> variances 0.25 and 1.25
    hc1 = ols(y, x, ["intercept", "x"], "HC1")
    assert hc1.se == pytest.approx([0.5, np.sqrt(1.25)])
    assert hc1.df == 2 and hc1.n == 4
    # HC3: each e_i^2 divided by (1 - h_i)^2 with leverage h_i = 1/2 (two rows a group): 4 x HC0
    hc3 = ols(y, x, ["intercept", "x"], "HC3")
    assert hc3.se == pytest.approx([np.sqrt(0.5), np.sqrt(2.5)])
    assert hc3.df == 2
    # R^2 = 1 - 2.5 / 8.75
    assert hc1.r_squared == pytest.approx(1 - 2.5 / 8.75)


def random_problem(seed: int):
    rng = np.random.default_rng(seed)
    n = 60
    groups = rng.integers(0, 12, n)
    x = np.column_stack([np.ones(n), rng.normal(size=n), rng.integers(0, 2, n)])
    y = x @ [1.0, 0.5, -2.0] + rng.normal(size=n) * (1 + x[:, 2]) + rng.normal(size=12)[groups]
    return y, x, groups


@pytest.mark.parametrize("seed", [0, 1])
def test_matches_statsmodels(seed):
    y, x, groups = random_problem(seed)
    names = ["intercept", "a", "b"]
    for ours, ref in [
        (ols(y, x, names, "classical"), sm.OLS(y, x).fit()),
        (ols(y, x, names, "HC1"), sm.OLS(y, x).fit(cov_type="HC1", use_t=True)),
        (ols(y, x, names, "HC3"), sm.OLS(y, x).fit(cov_type="HC3", use_t=True)),
        (ols(y, x, names, "cluster", groups),
         sm.OLS(y, x).fit(cov_type="cluster", cov_kwds={"groups": groups}, use_t=True)),
    ]:
        assert ours.coef == pytest.approx(ref.params)
        assert ours.se == pytest.approx(ref.bse), ours.cov_type
        assert ours.p_values == pytest.approx(ref.pvalues), ours.cov_type
        assert ours.conf_int() == pytest.approx(np.asarray(ref.conf_int())), ours.cov_type
    assert ols(y, x, names, "cluster", groups).n_clusters == 12


def test_hc3_leaves_out_a_row_fitted_exactly():
    # the last row is alone in its level of b (leverage 1): its residual is 0 and adds nothing, so
    # the slope's HC3 variance comes from the other rows, the same as without b and that row
    x = np.array([[1, 0, 0], [1, 1, 0], [1, 0, 0], [1, 1, 0], [1, 0, 1]], dtype=float)
    y = [1, 3, 2, 5, 9]
    fit = ols(y, x, ["intercept", "a", "b"], "HC3")
    assert np.all(np.isfinite(fit.se))
    assert fit.se[1] == pytest.approx(np.sqrt(2.5))  # as in the four-row fit by hand above
    assert fit.df == 2


def test_bad_designs_are_explained():
    x = np.array([[1, 1], [1, 1], [1, 1], [1, 1]], dtype=float)
    with pytest.raises(StatsError, match="singular"):
        ols([1, 2, 3, 4], x, ["intercept", "a"])
    with pytest.raises(StatsError, match="cannot identify"):
        ols([1, 2], np.eye(2), ["a", "b"])
    with pytest.raises(StatsError, match="clusters"):
        ols([1, 2, 3], np.ones((3, 1)), ["intercept"], "cluster")
    with pytest.raises(StatsError, match="finite"):
        ols([1, np.nan, 3], np.ones((3, 1)), ["intercept"])


def test_regress_on_a_frame():
    frame = pd.DataFrame({
        "cond": ["none", "none", "chat", "chat", "auto", "auto", "none", "chat", "auto"],
        "set": ["s1", "s2", "s1", "s2", "s1", "s2", "s2", "s1", "s1"],
        "y": [1.0, 2.0, 3.0, 5.0, 0.0, 1.5, 2.5, np.nan, 0.5],
        "pid": ["p1", "p1", "p2", "p2", "p3", "p3", "p4", "p5", "p6"],
    })
    fit = regress(frame, "y", {"cond": "none", "set": None})
    # the reference of cond is 'none'; of set the first level 's1'; the NaN row is dropped
    assert fit.names == ("intercept", "cond=auto", "cond=chat", "set=s2")
    assert fit.n == 8
    data = frame.dropna()
    x = np.column_stack([np.ones(8), data["cond"] == "auto", data["cond"] == "chat", data["set"] == "s2"])
    ref = sm.OLS(data["y"].to_numpy(), x.astype(float)).fit(cov_type="HC1")
    assert fit.coef == pytest.approx(ref.params) and fit.se == pytest.approx(ref.bse)
    clustered = regress(frame, "y", {"cond": "none"}, cluster="pid")
    assert clustered.cov_type == "cluster" and clustered.n_clusters == 5
    table = fit.table()
    assert list(table.columns) == ["term", "coef", "se", "t", "p_value", "ci_low", "ci_high"]
    with pytest.raises(StatsError, match="reference level 'both'"):
        regress(frame, "y", {"cond": "both"})


def test_numeric_covariates_and_the_design_matrix():
    frame = pd.DataFrame({"g": ["a", "b", "c", "a", "b", "c"], "x": [1.0, 2.0, 3.0, 4.0, 5.0, 6.0],
                          "y": [1.0, 3.0, 2.0, 5.0, 4.0, 8.0]})
    x, names = design_matrix(frame, {"g": "b"}, numeric=["x"])
    assert names == ["intercept", "x", "g=a", "g=c"]
    assert x[:, 2].tolist() == [1, 0, 0, 1, 0, 0] and x[:, 3].tolist() == [0, 0, 1, 0, 0, 1]
    fit = regress(frame, "y", {"g": "b"}, numeric=["x"], cov_type="classical")
    ref = sm.OLS(frame["y"].to_numpy(), x).fit()
    assert fit.coef == pytest.approx(ref.params) and fit.se == pytest.approx(ref.bse)
    assert fit.r_squared == pytest.approx(ref.rsquared)


def test_a_single_cluster_gives_no_standard_errors():
    y, x, _ = random_problem(2)
    fit = ols(y, x, ["intercept", "a", "b"], "cluster", ["p1"] * len(y))
    assert fit.n_clusters == 1 and fit.df == 0
    assert np.isnan(fit.se).all() and np.isnan(fit.p_values).all()
    assert fit.coef == pytest.approx(sm.OLS(y, x).fit().params)
