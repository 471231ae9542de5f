import random

from centaur_testlib import Perf

N = 200_000


def _oracle(T):
    """Right to left, following 'next warmer' links to skip days that are not warmer."""
    n = len(T)
    nxt = [n] * n
    for i in range(n - 2, -1, -1):
        j = i + 1
        while j < n and T[j] <= T[i]:
            j = nxt[j]
        nxt[i] = j
    return [0 if nxt[i] == n else nxt[i] - i for i in range(n)]


def perf_long_cooling_then_heat():
    """N = 200,000: temperatures fall for 199,999 days, then the last day is the hottest"""
    T = list(range(N - 1, 0, -1)) + [10**9]
    return Perf(args=(T,), expected=[N - 1 - i for i in range(N - 1)] + [0])


def perf_random_walk():
    """N = 200,000 days of a random walk (daily changes in [-5, 5]): a warmer day is often far away"""
    rng = random.Random(121)
    T = [0]
    for _ in range(N - 1):
        T.append(T[-1] + rng.randint(-5, 5))
    return Perf(args=(T,), expected=_oracle(T))


def perf_flat():
    """N = 200,000 equal temperatures: nobody ever gets a warmer day"""
    return Perf(args=([7] * N,), expected=[0] * N)
