import pandas as pd


def transform_df(df: pd.DataFrame) -> pd.DataFrame:
    """col1 becomes its running total, col2 goes up by one, col3 becomes col3 + col4; then two rows of
    zeros."""
    rows = pd.DataFrame(
        {
            "col1": df["col1"].cumsum().to_numpy(),
            "col2": (df["col2"] + 1).to_numpy(),
            "col3": (df["col3"] + df["col4"]).to_numpy(),
        }
    )
    zeros = pd.DataFrame({"col1": [0, 0], "col2": [0, 0], "col3": [0.0, 0.0]})
    return pd.concat([rows, zeros], ignore_index=True)
