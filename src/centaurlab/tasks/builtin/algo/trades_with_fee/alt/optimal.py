def max_profit(P: list[int], F: int) -> int:
    """Greedy with a provisional sale. `basis` is what holding a share effectively cost: a new
    low price resets it. When a price beats basis + F the sale is booked at once; if prices keep
    rising, selling later instead is the same as having sold now and bought back at price - F
    without paying a second fee, so the basis becomes price - F."""
    profit = 0
    basis = P[0]
    for price in P:
        if price < basis:
            basis = price
        elif price - F > basis:
            profit += price - F - basis
            basis = price - F
    return profit
