import pandas as pd

from centaur_testlib import basic, corner, edge, eq, frame_eq
from solution import transform_df


def table(col1, col2, col3, col4, col5, index=None):
    return pd.DataFrame({"col1": col1, "col2": col2, "col3": col3, "col4": col4, "col5": col5}, index=index)


def output(col1, col2, col3):
    return pd.DataFrame({"col1": col1, "col2": col2, "col3": col3})


def example_input():
    return table(
        [6, 9, 10, 4, 7, 3],
        [1, 2, 8, 7, 3, 5],
        [5.39, 4.19, 6.85, 3.23, 8.70, 1.96],
        [3, 5, 8, 3, 9, 10],
        [2, 8, 1, 5, 6, 4],
    )


@basic
def test_example_from_description():
    expected = output([6, 9, 10, 4, 7, 3], [3, 10, 64, 21, 27, 50], [8.39, 9.19, 14.85, 6.23, 17.70, 11.96])
    frame_eq(transform_df(example_input()), expected)


@basic
def test_other_values():
    df = table([1, 2, 3], [4, 5, 6], [0.5, 1.25, 2.0], [7, 8, 9], [10, 11, 12])
    expected = output([1, 2, 3], [28, 40, 54], [7.5, 9.25, 11.0])
    frame_eq(transform_df(df), expected)


@basic
def test_output_columns():
    out = transform_df(example_input())
    eq(list(out.columns), ["col1", "col2", "col3"], "columns")
    eq(len(out), 6, "number of rows")


@edge
def test_single_row():
    df = table([42], [6], [0.75], [7], [99])
    frame_eq(transform_df(df), output([42], [42], [7.75]))


@edge
def test_zeros():
    df = table([0, 0], [0, 5], [0.0, 2.5], [4, 0], [0, 0])
    frame_eq(transform_df(df), output([0, 0], [0, 0], [4.0, 2.5]))


@edge
def test_negative_values():
    df = table([-3, 8], [-2, 4], [-1.5, 3.25], [5, -6], [-7, 1])
    frame_eq(transform_df(df), output([-3, 8], [-10, -24], [3.5, -2.75]))


@edge
def test_col5_does_not_matter():
    a = table([1, 2], [3, 4], [0.1, 0.2], [5, 6], [7, 8])
    b = table([1, 2], [3, 4], [0.1, 0.2], [5, 6], [-100, 1000])
    frame_eq(transform_df(b), transform_df(a))


@corner
def test_non_default_index():
    df = example_input()
    df.index = [50, 40, 30, 20, 10, 0]
    out = transform_df(df)
    frame_eq(out, transform_df(example_input()))
    eq(bool(out.isna().to_numpy().any()), False, "output contains missing values")


@corner
def test_input_not_modified():
    df = example_input()
    transform_df(df)
    frame_eq(df, example_input())


@corner
def test_large_values():
    df = table([10**9, 7], [10**6, -(10**6)], [1e-3, 123456.789], [10**6, 10**6], [0, 0])
    expected = output([10**9, 7], [10**12, -(10**12)], [1000000.001, 1123456.789])
    frame_eq(transform_df(df), expected)


@corner
def test_many_rows():
    n = 5000
    df = table(list(range(n)), [i % 7 for i in range(n)], [i / 4 for i in range(n)], [i % 5 - 2 for i in range(n)], [1] * n)
    expected = output(
        list(range(n)),
        [(i % 7) * (i % 5 - 2) for i in range(n)],
        [i / 4 + (i % 5 - 2) for i in range(n)],
    )
    frame_eq(transform_df(df), expected)
