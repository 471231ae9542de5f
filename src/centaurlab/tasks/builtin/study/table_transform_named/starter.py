import pandas as pd


def transform_df(df: pd.DataFrame) -> pd.DataFrame:
    # Write your code here.
    pass


if __name__ == "__main__":
    data = pd.DataFrame(
        {
            "age": [12, 35, 19, 64, 8],
            "color": ["red", "blue", "red", "green", "blue"],
            "dates": ["2021-06-14", "2021-07-02", "2021-06-30", "2021-12-25", "2022-01-09"],
            "height": [151.7, 180.6, 166.2, 174.9, 128.3],
        }
    )
    print(transform_df(data))
