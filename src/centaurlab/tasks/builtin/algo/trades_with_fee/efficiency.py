import random

from centaur_testlib import Perf

N = 200_000


def _oracle(P, F):
    """Greedy: keep the effective buying price; a sale is banked as soon as it pays, and the
    position is 'reopened' at price - F so that a later higher price can extend it."""
    profit = 0
    buy = P[0]
    for price in P[1:]:
        if price < buy:
            buy = price
        elif price > buy + F:
            profit += price - buy - F
            buy = price - F
    return profit


def perf_random_walk():
    """N = 200,000 prices of a random walk, fee 500"""
    rng = random.Random(181)
    price, P = 10**8, []
    for _ in range(N):
        price = max(1, price + rng.randint(-1000, 1000))
        P.append(price)
    return Perf(args=(P, 500), expected=_oracle(P, 500))


def perf_random_prices():
    """N = 200,000 random prices in [1, 10^9], fee 10^8"""
    rng = random.Random(182)
    P = [rng.randint(1, 10**9) for _ in range(N)]
    return Perf(args=(P, 10**8), expected=_oracle(P, 10**8))


def perf_steady_rise():
    """N = 200,000 prices rising by 1 a day, fee 3: one long trade is best"""
    P = list(range(1, N + 1))
    return Perf(args=(P, 3), expected=N - 1 - 3)
