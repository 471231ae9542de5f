import pandas as pd

bom = pd.read_excel("reference/bom.xlsx")
costs = {}
for parent, group in bom[bom.part.notna()].groupby("parent"):
    costs[parent] = (group.qty_per_parent * group.unit_cost_usd).sum()
pd.Series(costs, name="cost").rename_axis("part").round(2).to_csv("cost_rollup.csv")
