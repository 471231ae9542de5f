import random

from centaur_testlib import Perf

N = 200_000


def _oracle(prices, budgets):
    """Sort the budgets too and sweep both lists together."""
    ordered = sorted(prices)
    answer = [0] * len(budgets)
    k = 0
    for index in sorted(range(len(budgets)), key=budgets.__getitem__):
        while k < len(ordered) and ordered[k] <= budgets[index]:
            k += 1
        answer[index] = k
    return answer


def perf_random():
    """N = Q = 200,000 random prices and budgets in [-10^9, 10^9]"""
    rng = random.Random(231)
    prices = [rng.randint(-10**9, 10**9) for _ in range(N)]
    budgets = [rng.randint(-10**9, 10**9) for _ in range(N)]
    return Perf(args=(prices, budgets), expected=_oracle(prices, budgets))


def perf_few_distinct_prices():
    """N = Q = 200,000; prices from only 100 values, budgets hitting them exactly"""
    rng = random.Random(232)
    prices = [rng.randrange(100) * 1_000 for _ in range(N)]
    budgets = [rng.randrange(100) * 1_000 for _ in range(N)]
    return Perf(args=(prices, budgets), expected=_oracle(prices, budgets))


def perf_rich_customers():
    """N = Q = 200,000; every budget affords everything"""
    rng = random.Random(233)
    prices = [rng.randint(-10**9, 0) for _ in range(N)]
    budgets = [rng.randint(0, 10**9) for _ in range(N)]
    return Perf(args=(prices, budgets), expected=[N] * N)
