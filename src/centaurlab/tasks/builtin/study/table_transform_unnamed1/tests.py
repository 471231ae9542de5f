import pandas as pd

from centaur_testlib import basic, corner, edge, eq, frame_eq
from solution import transform_df

# RealHumanEval's transformation: col1 becomes its running total, col2 goes up by one, col3 becomes
# col3 + col4; col4 and col5 go; two rows of zeros follow the rows.
COL3 = [5.3881673400335695, 4.191945144032948, 6.852195003967595, 2.0445224973151745, 8.781174363909454]


def table(col1, col2, col3, col4, col5, index=None):
    return pd.DataFrame({"col1": col1, "col2": col2, "col3": col3, "col4": col4, "col5": col5}, index=index)


def output(col1, col2, col3):
    return pd.DataFrame({"col1": [*col1, 0, 0], "col2": [*col2, 0, 0], "col3": [*col3, 0.0, 0.0]})


def example_input():
    return table([6, 9, 10, 6, 1], [1, 2, 8, 7, 10], COL3, [3, 5, 8, 8, 10], [2, 8, 1, 7, 10])


@basic
def test_example_from_description():
    expected = output([6, 15, 25, 31, 32], [2, 3, 9, 8, 11], [c + d for c, d in zip(COL3, [3, 5, 8, 8, 10])])
    frame_eq(transform_df(example_input()), expected)


@basic
def test_other_values():
    df = table([1, 2, 3], [4, 5, 6], [0.5, 1.25, 2.0], [7, 8, 9], [10, 11, 12])
    frame_eq(transform_df(df), output([1, 3, 6], [5, 6, 7], [7.5, 9.25, 11.0]))


@basic
def test_output_columns_and_rows():
    out = transform_df(example_input())
    eq(list(out.columns), ["col1", "col2", "col3"], "columns")
    eq(len(out), 7, "number of rows: the five rows and two rows of zeros")


@edge
def test_single_row():
    df = table([42], [6], [0.75], [7], [99])
    frame_eq(transform_df(df), output([42], [7], [7.75]))


@edge
def test_negative_values():
    df = table([-3, 8], [-2, 4], [-1.5, 3.25], [5, -6], [-7, 1])
    frame_eq(transform_df(df), output([-3, 5], [-1, 5], [3.5, -2.75]))


@edge
def test_col5_does_not_matter():
    a = table([1, 2], [3, 4], [0.1, 0.2], [5, 6], [7, 8])
    b = table([1, 2], [3, 4], [0.1, 0.2], [5, 6], [-100, 1000])
    frame_eq(transform_df(b), transform_df(a))


@corner
def test_non_default_index():
    df = example_input()
    df.index = [50, 40, 30, 20, 10]
    out = transform_df(df)
    frame_eq(out, transform_df(example_input()))
    eq(bool(out.isna().to_numpy().any()), False, "output contains missing values")


@corner
def test_input_not_modified():
    df = example_input()
    transform_df(df)
    frame_eq(df, example_input())


@corner
def test_many_rows():
    n = 3000
    df = table(list(range(n)), [i % 7 for i in range(n)], [i / 4 for i in range(n)], [i % 5 - 2 for i in range(n)],
               [1] * n)
    expected = output([i * (i + 1) // 2 for i in range(n)], [i % 7 + 1 for i in range(n)],
                      [i / 4 + (i % 5 - 2) for i in range(n)])
    frame_eq(transform_df(df), expected)
