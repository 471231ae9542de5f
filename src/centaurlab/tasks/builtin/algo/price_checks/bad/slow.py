def affordable_counts(prices: list[int], budgets: list[int]) -> list[int]:
    answer = []
    for budget in budgets:
        count = 0
        for price in prices:
            if price <= budget:
                count += 1
        answer.append(count)
    return answer
