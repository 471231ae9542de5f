def max_profit(P: list[int], F: int) -> int:
    n = len(P)
    free = [0] * n  # best profit after day d, holding nothing
    for sell in range(1, n):
        best = free[sell - 1]
        for buy in range(sell):
            before = free[buy - 1] if buy > 0 else 0
            best = max(best, before + P[sell] - P[buy] - F)
        free[sell] = best
    return free[n - 1]
