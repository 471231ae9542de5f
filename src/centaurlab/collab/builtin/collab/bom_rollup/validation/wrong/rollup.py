# costs from the bill of materials
costs = {"PUMP-ASSY": 142.5 + 6.2 + 58 + 37.25 + 0.45 + 21.8 + 0.32, "MOTOR-KIT": 148.7, "SEAL-KIT": 22.25}
with open("cost_rollup.csv", "w") as f:
    f.write("part,cost\n")
    for k, v in costs.items():
        f.write(f"{k},{v}\n")
