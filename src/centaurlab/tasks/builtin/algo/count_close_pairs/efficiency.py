import random
from bisect import bisect_right

from centaur_testlib import Perf

N = 200_000


def _oracle(A, D):
    values = sorted(A)
    return sum(bisect_right(values, v + D, i + 1) - (i + 1) for i, v in enumerate(values))


def perf_random_wide():
    """N = 200,000 random values in [-10^9, 10^9], D = 10^5"""
    rng = random.Random(41)
    A = [rng.randint(-10**9, 10**9) for _ in range(N)]
    return Perf(args=(A, 10**5), expected=_oracle(A, 10**5))


def perf_random_dense():
    """N = 200,000 values in [0, 10^6], D = 50 (many pairs)"""
    rng = random.Random(42)
    A = [rng.randint(0, 10**6) for _ in range(N)]
    return Perf(args=(A, 50), expected=_oracle(A, 50))


def perf_all_equal():
    """N = 200,000 equal values, D = 0: every pair counts"""
    return Perf(args=([7] * N, 0), expected=N * (N - 1) // 2)
