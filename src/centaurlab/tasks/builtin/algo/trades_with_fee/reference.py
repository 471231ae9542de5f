def max_profit(P: list[int], F: int) -> int:
    """Two states per day: the best profit so far holding no share (`free`) or one share
    (`holding`, which already paid the buying price)."""
    free, holding = 0, -P[0]
    for price in P[1:]:
        free, holding = max(free, holding + price - F), max(holding, free - price)
    return free
