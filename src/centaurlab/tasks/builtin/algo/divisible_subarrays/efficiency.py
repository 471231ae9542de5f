import random
from collections import Counter

from centaur_testlib import Perf

N = 200_000


def _oracle(A, K):
    prefix = 0
    buckets = Counter({0: 1})
    for x in A:
        prefix += x
        buckets[prefix % K] += 1
    return sum(c * (c - 1) // 2 for c in buckets.values())


def perf_small_k():
    """N = 200,000 random values in [-10^9, 10^9], K = 7"""
    rng = random.Random(21)
    A = [rng.randint(-10**9, 10**9) for _ in range(N)]
    return Perf(args=(A, 7), expected=_oracle(A, 7))


def perf_large_k():
    """N = 200,000 random values in [-10^9, 10^9], K = 999,999,937"""
    rng = random.Random(22)
    A = [rng.randint(-10**9, 10**9) for _ in range(N)]
    return Perf(args=(A, 999_999_937), expected=_oracle(A, 999_999_937))


def perf_all_multiples():
    """N = 200,000 multiples of K: every segment counts"""
    rng = random.Random(23)
    A = [12_345 * rng.randint(-80_000, 80_000) for _ in range(N)]
    return Perf(args=(A, 12_345), expected=N * (N + 1) // 2)
