import pandas as pd


def transform_df(df: pd.DataFrame) -> pd.DataFrame:
    # Work out the transformation from the example in the description.
    # Write your code here.
    pass


if __name__ == "__main__":
    data = pd.DataFrame(
        {
            "col1": [6, 9, 10, 4, 7, 3],
            "col2": [1, 2, 8, 7, 3, 5],
            "col3": [5.39, 4.19, 6.85, 3.23, 8.70, 1.96],
            "col4": [3, 5, 8, 3, 9, 10],
            "col5": [2, 8, 1, 5, 6, 4],
        }
    )
    print(transform_df(data))
