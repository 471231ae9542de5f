import pandas as pd


def age_group(age: int) -> str:
    if age < 18:
        return "minor"
    if age < 30:
        return "young"
    return "adult"


def transform_df(df: pd.DataFrame) -> pd.DataFrame:
    src = df.reset_index(drop=True)
    out = pd.DataFrame(index=src.index)
    out["age"] = [age_group(a) for a in src["age"]]
    for colour in sorted(src["color"].unique()):
        out[colour] = (src["color"] == colour).astype(int)
    dates = pd.to_datetime(src["dates"], format="%Y-%m-%d")
    out["month"] = dates.dt.month.astype(int)
    out["day"] = dates.dt.day.astype(int)
    out["height"] = src["height"].round().astype(int)
    return out
