def affordable_counts(prices: list[int], budgets: list[int]) -> list[int]:
    # For each budget, the number of prices that are <= the budget.
    return [0] * len(budgets)
