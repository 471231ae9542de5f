import pandas as pd


def transform_df(df: pd.DataFrame) -> pd.DataFrame:
    """col1 is kept, col2 becomes col2 * col4, col3 becomes col3 + col4; col4 and col5 are
    dropped."""
    return pd.DataFrame(
        {
            "col1": df["col1"].to_numpy(),
            "col2": (df["col2"] * df["col4"]).to_numpy(),
            "col3": (df["col3"] + df["col4"]).to_numpy(),
        }
    )
