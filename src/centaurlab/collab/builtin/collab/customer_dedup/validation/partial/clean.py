import pandas as pd

df = pd.read_csv("reference/customers.csv")
df["email"] = df.email.str.lower().str.strip()
df["name"] = df.name.str.split().str.join(" ").str.title()
df["phone"] = df.phone.str.replace(r"\D", "", regex=True).str.replace(r"^(\d{3})", r"\1-", regex=True)
first = df.drop_duplicates("email", keep="first")
