import pandas as pd

from centaur_testlib import basic, corner, edge, eq, frame_eq
from solution import transform_df


def table(col1, col2, col3, col4, col5, index=None):
    return pd.DataFrame({"col1": col1, "col2": col2, "col3": col3, "col4": col4, "col5": col5}, index=index)


def output(col1, col2, col3):
    """The expected frame, with the two rows of zeros at the end."""
    return pd.DataFrame({"col1": col1 + [0, 0], "col2": col2 + [0, 0], "col3": col3 + [0, 0]})


def example_input():
    return table(
        [2, 5, 1, 4, 3, 6],
        [7, 1, 3, 8, 6, 2],
        [4, 6, 3, 2, 9, 5],
        [9, 2, 7, 5, 1, 8],
        [1, 8, 7, 3, 4, 6],
    )


@basic
def test_example_from_description():
    expected = output([2, 7, 8, 12, 15, 21], [11, 7, 6, 10, 15, 7], [-8, 6, 0, -2, 3, -2])
    frame_eq(transform_df(example_input()), expected)


@basic
def test_other_values():
    df = table([10, 20, 30, 40], [1, 2, 3, 4], [5, 5, 5, 5], [3, 1, 4, 1], [5, 9, 2, 6])
    expected = output([10, 30, 60, 100], [6, 7, 8, 9], [2, 8, -2, 5])
    frame_eq(transform_df(df), expected)


@basic
def test_shape_and_columns():
    out = transform_df(example_input())
    eq(list(out.columns), ["col1", "col2", "col3"], "columns")
    eq(len(out), 8, "number of rows")


@edge
def test_single_row():
    df = table([7], [3], [4], [10], [1])
    frame_eq(transform_df(df), output([7], [7], [-9]))


@edge
def test_negative_values_in_running_total():
    df = table([5, -8, 2, -1], [-3, 0, 4, -6], [-2, 0, -4, 6], [0, -5, 3, 2], [0, 5, -3, -2])
    expected = output([5, -3, -1, -2], [-5, 0, 0, 0], [0, 10, -6, -4])
    frame_eq(transform_df(df), expected)


@edge
def test_all_zero_input():
    df = table([0] * 3, [0] * 3, [0] * 3, [0] * 3, [0] * 3)
    frame_eq(transform_df(df), output([0] * 3, [0] * 3, [0] * 3))


@edge
def test_empty_input_gives_only_the_zero_rows():
    df = table([], [], [], [], []).astype("int64")
    frame_eq(transform_df(df), output([], [], []))


@corner
def test_non_default_index():
    df = example_input()
    df.index = [5, 3, 1, 4, 2, 0]
    out = transform_df(df)
    frame_eq(out, transform_df(example_input()))
    eq(bool(out.isna().to_numpy().any()), False, "output contains missing values")


@corner
def test_input_not_modified():
    df = example_input()
    transform_df(df)
    frame_eq(df, example_input())


@corner
def test_large_running_total():
    n = 3000
    df = table([10**9] * n, list(range(n)), list(range(n)), [1] * n, [2] * n)
    expected = output([10**9 * (i + 1) for i in range(n)], [2 * i for i in range(n)], [1] * n)
    frame_eq(transform_df(df), expected)


@corner
def test_last_real_row_is_kept():
    df = table([1, 1], [0, 0], [0, 0], [0, 0], [0, 0])
    out = transform_df(df)
    eq([int(v) for v in out["col1"]], [1, 2, 0, 0], "col1")
