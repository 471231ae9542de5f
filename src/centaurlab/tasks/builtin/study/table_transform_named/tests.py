import pandas as pd

from centaur_testlib import basic, corner, edge, eq, frame_eq
from solution import transform_df as _transform_df


def transform_df(df):
    """Call the solution; categorical columns (e.g. from pd.cut) are compared by their values."""
    out = _transform_df(df)
    if isinstance(out, pd.DataFrame):
        out = out.copy()
        for i, dtype in enumerate(out.dtypes):
            if isinstance(dtype, pd.CategoricalDtype):
                out.isetitem(i, out.iloc[:, i].astype(object))
    return out


def frame(age, color, dates, height, index=None):
    return pd.DataFrame({"age": age, "color": color, "dates": dates, "height": height}, index=index)


def example_input():
    return frame(
        [12, 35, 19, 64, 8],
        ["red", "blue", "red", "green", "blue"],
        ["2021-06-14", "2021-07-02", "2021-06-30", "2021-12-25", "2022-01-09"],
        [151.7, 180.6, 166.2, 174.9, 128.3],
    )


@basic
def test_example_from_description():
    expected = pd.DataFrame(
        {
            "age": ["minor", "adult", "young", "adult", "minor"],
            "blue": [0, 1, 0, 0, 1],
            "green": [0, 0, 0, 1, 0],
            "red": [1, 0, 1, 0, 0],
            "month": [6, 7, 6, 12, 1],
            "day": [14, 2, 30, 25, 9],
            "height": [152, 181, 166, 175, 128],
        }
    )
    frame_eq(transform_df(example_input()), expected)


@basic
def test_other_colours_and_dates():
    df = frame(
        [40, 16, 22],
        ["yellow", "black", "white"],
        ["2020-03-01", "2019-11-17", "2023-08-05"],
        [170.2, 158.8, 190.4],
    )
    expected = pd.DataFrame(
        {
            "age": ["adult", "minor", "young"],
            "black": [0, 1, 0],
            "white": [0, 0, 1],
            "yellow": [1, 0, 0],
            "month": [3, 11, 8],
            "day": [1, 17, 5],
            "height": [170, 159, 190],
        }
    )
    frame_eq(transform_df(df), expected)


@basic
def test_column_order():
    out = transform_df(example_input())
    eq(list(out.columns), ["age", "blue", "green", "red", "month", "day", "height"], "columns")


@edge
def test_age_boundaries():
    df = frame([17, 18, 29, 30, 0], ["red"] * 5, ["2021-01-01"] * 5, [100.0] * 5)
    out = transform_df(df)
    eq([str(v) for v in out["age"]], ["minor", "young", "young", "adult", "minor"], "age groups")


@edge
def test_single_colour_single_column():
    df = frame([20, 50], ["grey", "grey"], ["2022-05-10", "2022-05-11"], [160.4, 171.6])
    expected = pd.DataFrame(
        {"age": ["young", "adult"], "grey": [1, 1], "month": [5, 5], "day": [10, 11], "height": [160, 172]}
    )
    frame_eq(transform_df(df), expected)


@edge
def test_single_row():
    df = frame([99], ["blue"], ["1999-12-31"], [149.51])
    expected = pd.DataFrame({"age": ["adult"], "blue": [1], "month": [12], "day": [31], "height": [150]})
    frame_eq(transform_df(df), expected)


@edge
def test_height_rounding_near_half():
    df = frame([30] * 4, ["red"] * 4, ["2021-01-01"] * 4, [170.49, 170.51, 99.6, 0.4])
    out = transform_df(df)
    eq([int(v) for v in out["height"]], [170, 171, 100, 0], "heights")


@corner
def test_leap_day_and_first_of_month():
    df = frame([5, 70], ["red", "blue"], ["2024-02-29", "2000-01-01"], [110.3, 165.0])
    expected = pd.DataFrame(
        {"age": ["minor", "adult"], "blue": [0, 1], "red": [1, 0], "month": [2, 1], "day": [29, 1], "height": [110, 165]}
    )
    frame_eq(transform_df(df), expected)


@corner
def test_non_default_index():
    df = example_input()
    df.index = [10, 30, 20, 50, 40]
    expected = transform_df(example_input())
    out = transform_df(df)
    frame_eq(out, expected)
    eq(bool(out.isna().to_numpy().any()), False, "output contains missing values")


@corner
def test_input_not_modified():
    df = example_input()
    transform_df(df)
    frame_eq(df, example_input())


@corner
def test_empty_frame():
    df = pd.DataFrame(
        {
            "age": pd.Series([], dtype="int64"),
            "color": pd.Series([], dtype=object),
            "dates": pd.Series([], dtype=object),
            "height": pd.Series([], dtype="float64"),
        }
    )
    out = transform_df(df)
    eq(list(out.columns), ["age", "month", "day", "height"], "columns")
    eq(len(out), 0, "number of rows")
