"""Clean customers.csv: normalise, merge duplicates, keep bad emails marked; writes customers_clean.csv."""
import csv
import re
from pathlib import Path

SOURCE = Path("customers.csv") if Path("customers.csv").exists() else Path("reference/customers.csv")


def name_of(raw):
    return " ".join(raw.split()).title()


def phone_of(raw):
    digits = re.sub(r"\D", "", raw)
    return f"{digits[:3]}-{digits[3:]}"


def email_status(email):
    if not email:
        return "missing"
    return "valid" if re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", email) else "invalid"


def main():
    kept, merged = [], {}
    for row in csv.DictReader(SOURCE.open()):
        email = row["email"].strip().lower()
        name, phone = name_of(row["name"]), phone_of(row["phone"])
        twin = next((k for k in kept if (email and k["email"] == email) or (k["name"] == name and k["phone"] == phone)), None)
        if twin is not None:  # rows come in id order, so the kept twin has the lowest id
            merged.setdefault(twin["customer_id"], []).append(row["customer_id"])
            continue
        kept.append({"customer_id": row["customer_id"], "name": name, "email": email, "phone": phone,
                     "city": row["city"].strip().title(), "email_status": email_status(email)})
    with open("customers_clean.csv", "w", newline="") as out:
        writer = csv.DictWriter(out, [*kept[0], "merged_ids"])
        writer.writeheader()
        for k in kept:
            writer.writerow({**k, "merged_ids": " ".join(merged.get(k["customer_id"], []))})


if __name__ == "__main__":
    main()
