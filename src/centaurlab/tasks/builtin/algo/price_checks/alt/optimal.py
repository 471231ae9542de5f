from math import inf


def affordable_counts(prices: list[int], budgets: list[int]) -> list[int]:
    """Answer the distinct budgets offline, from the smallest to the largest: a single pointer
    walks up the sorted prices and never moves back, because a bigger budget affords at least
    as much. Once every price is affordable, all larger budgets afford everything too. The
    answers are then looked up in the original order of the budgets."""
    ordered = sorted(prices)
    n = len(ordered)
    ordered.append(inf)  # sentinel: the walk stops at n
    affords = dict.fromkeys(sorted(budgets), n)  # distinct budgets, smallest first
    count = 0
    for budget in affords:
        while ordered[count] <= budget:
            count += 1
        if count == n:
            break
        affords[budget] = count
    return list(map(affords.__getitem__, budgets))
