from bisect import bisect_right


def affordable_counts(prices: list[int], budgets: list[int]) -> list[int]:
    """Sort the prices once; the count for a budget is where it would be inserted after any
    equal prices."""
    ordered = sorted(prices)
    return [bisect_right(ordered, budget) for budget in budgets]
