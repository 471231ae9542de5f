import csv
rows = [r for r in csv.DictReader(open("customers.csv")) if r["email"].endswith(".com") and "@@" not in r["email"]]
