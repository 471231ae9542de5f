import pandas as pd


def transform_df(df: pd.DataFrame) -> pd.DataFrame:
    # Work out the transformation from the example in the description.
    # Write your code here.
    pass


if __name__ == "__main__":
    data = pd.DataFrame(
        {
            "col1": [2, 5, 1, 4, 3, 6],
            "col2": [7, 1, 3, 8, 6, 2],
            "col3": [4, 6, 3, 2, 9, 5],
            "col4": [9, 2, 7, 5, 1, 8],
            "col5": [1, 8, 7, 3, 4, 6],
        }
    )
    print(transform_df(data))
