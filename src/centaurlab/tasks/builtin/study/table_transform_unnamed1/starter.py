from io import StringIO

import pandas as pd

# The example input
data = """
col1,col2,col3,col4,col5
6,1,5.3881673400335695,3,2
9,2,4.191945144032948,5,8
10,8,6.852195003967595,8,1
6,7,2.0445224973151745,8,7
1,10,8.781174363909454,10,10
"""

df = pd.read_csv(StringIO(data))


def transform_df(df):
    # Your code here
    pass


if __name__ == "__main__":
    print(transform_df(df))
